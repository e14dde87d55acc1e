"""Entity resolution: decide whether a newly seen name is an entity we already know.

The waterfall, cheapest and surest first:
1. exact: the normalised name key (``names.name_key``: case, punctuation, "the", legal suffixes such as Inc / Corp /
   Holdings / GmbH / Ltd removed) equals a key of a known entity of a compatible type -> same.
2. fuzzy: candidates come from rapidfuzz (``token_set_ratio`` over the keys); each is compared token by token:
   every token aligned exactly, as a plural or as a known abbreviation -> same; tokens left over on both sides
   ("Acme Logistics" vs "Acme Analytics") or no close token at all ("Northwind" vs "Northwood") -> different;
   one-sided leftovers ("Acme" vs "Acme Logistics"), one-letter edits, initials or acronyms -> ambiguous.
3. context: an ambiguous candidate is accepted only when it is the *only* one and the two share context: co-mentioned
   entities (Jaccard over neighbours) or, with an embedder, cosine of "name + neighbours" profile texts.
4. LLM adjudication: only for what is still ambiguous and only with a real generator; the prompt tells the model to
   answer "no" when unsure, and anything but an explicit "yes" is a no.
Precision first: when in doubt, two names stay two entities (a wrong merge hides facts; a missed one only splits them).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

import numpy as np
from rapidfuzz import fuzz, process
from rapidfuzz.distance import Levenshtein

from core.ingest.byod.names import name_tokens
from core.llm.jsonparse import JSONParseError, parse_json
from core.records import Usage

Verdict = Literal["same", "different", "ambiguous"]

# Generic types the extractor may assign, and the ontology types each is compatible with.
GENERIC_TYPES = ("Person", "Company", "Product", "Location", "Event")
UNKNOWN_TYPE = "Entity"  # the extractor could not tell; compatible with every type
FAMILY = {
    "Company": "org", "Customer": "org", "Vendor": "org",
    "Person": "person", "Employee": "person",
    "Location": "place", "Region": "place",
    "Event": "event", "Outage": "event",
    "Product": "product",
}
# Abbreviations that mean the same word (compared after folding, without the dot).
ABBREVIATIONS = {
    "intl": "international", "tech": "technologies", "technology": "technologies", "sys": "systems",
    "mfg": "manufacturing", "svcs": "services", "svc": "services", "natl": "national", "bros": "brothers",
    "assoc": "associates", "univ": "university", "ind": "industries", "dept": "department", "labs": "laboratories",
    "lab": "laboratories", "pharma": "pharmaceuticals", "mgmt": "management", "grp": "group", "hldgs": "holdings",
}
MIN_FUZZY_CANDIDATE = 60  # token_set_ratio floor for a name to be compared at all


@dataclass(frozen=True)
class Thresholds:
    typo_min_len: int = 4  # a one-letter edit only counts as a possible typo in tokens at least this long
    context_share: float = 0.5  # weighted share of the candidate's co-mentioned entities the known entity also has
    context_specific: float = 0.3  # ... and their summed weight (w = 1/log2(2 + degree): a hub city counts little)
    profile_cosine: float = 0.85  # embedding cosine of profile texts that accepts an ambiguous candidate
    rare_mentions: int = 2  # a spelling seen at most this often ...
    frequent_ratio: float = 3.0  # ... one letter away from a name seen this many times more often is a typo of it
    max_llm_calls: int = 3  # per name


@dataclass(frozen=True)
class Decision:
    verdict: Verdict
    score: float  # 0..1, how alike the names are
    method: str  # exact | fuzzy | context | embedding | llm | type | blocked
    reason: str
    subset: bool = False  # ambiguous because one name only adds words to the other ("Acme" / "Acme Logistics")


def compatible(type_a: str, type_b: str, lenient: bool = False) -> bool:
    """Same type, either unknown, or a generic type and an ontology type of the same family (Company ~ Vendor).
    ``lenient`` (identical normalised names): generic types guessed from weak cues may also differ, except that a
    person never matches a non-person."""
    if type_a == type_b or UNKNOWN_TYPE in (type_a, type_b):
        return True
    if lenient and type_a in GENERIC_TYPES and type_b in GENERIC_TYPES and "Person" not in (type_a, type_b):
        return True
    fa, fb = FAMILY.get(type_a), FAMILY.get(type_b)
    if fa is None or fb is None or fa != fb:
        return False
    return type_a in GENERIC_TYPES or type_b in GENERIC_TYPES  # Customer vs Vendor stay apart


def _singular(token: str) -> str:
    if len(token) > 4 and token.endswith("ies"):
        return token[:-3] + "y"
    if len(token) > 4 and token.endswith("s") and not token.endswith("ss"):
        return token[:-1]
    return token


def _token_match(a: str, b: str, th: Thresholds) -> str | None:
    """'strong' | 'weak' | None: how token ``a`` matches token ``b``."""
    if a == b or _singular(a) == _singular(b):
        return "strong"
    if any(ch.isdigit() for ch in a + b):
        return None  # "Plant 7" is not "Plant 8"
    if ABBREVIATIONS.get(a) == _expand(b) or ABBREVIATIONS.get(b) == _expand(a):
        return "strong"
    if len(a) == 1 or len(b) == 1:  # an initial
        return "weak" if a[0] == b[0] else None
    if min(len(a), len(b)) >= th.typo_min_len and Levenshtein.distance(a, b) <= 1:
        return "weak"
    return None


def _expand(token: str) -> str:
    return ABBREVIATIONS.get(token, token)


def _acronym(short: list[str], long: list[str]) -> bool:
    return len(short) == 1 and len(long) >= 2 and len(short[0]) == len(long) and short[0] == "".join(t[0] for t in long)


def compare_names(a: str, b: str, type_a: str = UNKNOWN_TYPE, type_b: str = UNKNOWN_TYPE,
                  th: Thresholds | None = None) -> Decision:
    """Compare two names on their own (no context). See the module docstring for the rules."""
    th = th or Thresholds()
    if not compatible(type_a, type_b):
        return Decision("different", 0.0, "type", f"types {type_a} and {type_b} are not compatible")
    ta, tb = name_tokens(a), name_tokens(b)
    if not ta or not tb:
        return Decision("different", 0.0, "exact", "an empty name")
    if ta == tb:
        return Decision("same", 1.0, "exact", f"same normalised name {' '.join(ta)!r}")
    if "".join(ta) == "".join(tb):
        return Decision("same", 0.98, "fuzzy", "same letters, different spacing")
    ratio = fuzz.ratio(" ".join(ta), " ".join(tb)) / 100
    if _acronym(ta, tb) or _acronym(tb, ta):
        return Decision("ambiguous", ratio, "fuzzy", "one name is the other's acronym")
    short, long_ = (ta, tb) if len(ta) <= len(tb) else (tb, ta)
    used: set[int] = set()
    levels: list[str] = []
    for tok in short:
        best: tuple[int, int] | None = None  # (rank, index) with rank 0 strong, 1 weak
        for j, other in enumerate(long_):
            if j in used:
                continue
            level = _token_match(tok, other, th)
            if level and (best is None or (0 if level == "strong" else 1) < best[0]):
                best = (0 if level == "strong" else 1, j)
        if best is None:
            levels.append("none")
        else:
            used.add(best[1])
            levels.append("strong" if best[0] == 0 else "weak")
    left_short = levels.count("none")
    left_long = len(long_) - len(used)
    if left_short and left_long:
        return Decision("different", ratio, "fuzzy", "each name has words the other lacks")
    if left_short:
        return Decision("different", ratio, "fuzzy", "no close match for some words")
    if left_long:
        extra = " ".join(t for j, t in enumerate(long_) if j not in used)
        return Decision("ambiguous", ratio, "fuzzy", f"one name adds {extra!r}", subset=True)
    if "weak" in levels:
        return Decision("ambiguous", ratio, "fuzzy", "names differ by a typo-sized edit or an initial")
    return Decision("same", max(ratio, 0.9), "fuzzy", "every word matches (plural or abbreviation)")


# ---- the resolver -------------------------------------------------------------------------------------------------


@dataclass
class Known:
    """An entity the resolver can match against."""

    id: str
    type: str
    names: set[str] = field(default_factory=set)  # display names and aliases
    neighbours: set[str] = field(default_factory=set)  # co-mentioned entity ids
    locked: bool = False  # has an explicit id or came from the store: may win a merge, never lose one
    mentions: int = 0


@dataclass
class Candidate:
    """A name seen in new documents that has no entity yet."""

    id: str  # its provisional entity id (kept if no match)
    name: str
    type: str
    neighbours: set[str] = field(default_factory=set)
    snippet: str = ""  # a sentence it appears in, for the LLM
    mentions: int = 1


@dataclass
class Match:
    entity_id: str
    decision: Decision


class Adjudicator:
    """Asks a real generator whether two names are one entity. Only ever called for ambiguous pairs."""

    SYSTEM = (
        "You decide whether two names from business documents refer to the same real-world entity. "
        "Companies with similar names are often different companies (e.g. a logistics arm and an analytics firm). "
        'Reply with JSON only: {"same": "yes" | "no", "reason": "<short>"}. If you are not sure, answer "no".'
    )

    def __init__(self, generator):
        self.generator = generator
        self.usage = Usage()
        self.failures = 0

    def same(self, a: Candidate, b: Known, context_b: str = "") -> tuple[bool, str]:
        user = (
            f"Name A: {a.name} (type {a.type})\nContext A: {a.snippet[:400]}\n"
            f"Name B: {sorted(b.names)[0] if b.names else b.id} (type {b.type}; also written {', '.join(sorted(b.names)[:5])})\n"
            f"Context B: {context_b[:400]}\nSame entity?"
        )
        gen = self.generator.complete_json(self.SYSTEM, user)
        self.usage = self.usage.add(gen.usage)
        try:
            value = parse_json(gen.text, dict).value
        except JSONParseError:
            self.failures += 1
            return False, "unreadable reply (treated as no)"
        answer = str(value.get("same", "")).strip().lower()
        return answer in ("yes", "true"), str(value.get("reason", ""))[:200]


class Resolver:
    """Holds the known entities and matches candidates against them (see the module docstring)."""

    def __init__(self, embedder=None, adjudicator: Adjudicator | None = None, thresholds: Thresholds | None = None,
                 cannot_link: Iterable[tuple[str, str]] = ()):
        self.embedder = embedder
        self.adjudicator = adjudicator
        self.th = thresholds or Thresholds()
        self.known: dict[str, Known] = {}
        self.by_key: dict[str, set[str]] = {}  # normalised key -> entity ids
        self.absorbed: dict[str, set[str]] = {}  # entity id -> ids merged into it (cannot-link checks)
        self.cannot: set[frozenset[str]] = {frozenset(p) for p in cannot_link}
        self.snippets: dict[str, str] = {}
        self.redirect: dict[str, str] = {}  # merged candidate id -> the entity it joined

    # ---- index
    def add(self, known: Known) -> None:
        self.known[known.id] = known
        self.absorbed.setdefault(known.id, {known.id})
        for name in known.names:
            self._index(known.id, name)

    def _index(self, entity_id: str, name: str) -> None:
        key = " ".join(name_tokens(name))
        if key:
            self.by_key.setdefault(key, set()).add(entity_id)

    def absorb(self, winner: str, cand: Candidate) -> None:
        """Record that ``cand`` was merged into ``winner``."""
        k = self.known[winner]
        k.names.add(cand.name)
        k.neighbours |= cand.neighbours - {winner}
        k.mentions += cand.mentions
        self.absorbed.setdefault(winner, {winner}).add(cand.id)
        self.redirect[cand.id] = winner
        self._index(winner, cand.name)

    def retire(self, loser: str, winner: str) -> None:
        """``loser`` (an entity made earlier in this run) joins ``winner``: its names and neighbours move over."""
        k = self.known.pop(loser)
        for ids in self.by_key.values():
            ids.discard(loser)
        w = self.known[winner]
        w.neighbours |= k.neighbours - {winner}
        w.mentions += k.mentions
        for name in k.names:
            w.names.add(name)
            self._index(winner, name)
        self.absorbed.setdefault(winner, {winner}).update(self.absorbed.pop(loser, {loser}))
        self.redirect[loser] = winner

    def blocked(self, a: str, b: str) -> bool:
        ga, gb = self.absorbed.get(a, {a}), self.absorbed.get(b, {b})
        return any(frozenset((x, y)) in self.cannot for x in ga for y in gb)

    # ---- matching
    def match(self, cand: Candidate) -> Match | None:
        key = " ".join(name_tokens(cand.name))
        if not key:
            return None
        exact = [i for i in sorted(self.by_key.get(key, ())) if self._eligible(cand, i, lenient=True)]
        if len(exact) == 1:
            return Match(exact[0], Decision("same", 1.0, "exact", f"same normalised name {key!r}"))
        if len(exact) > 1:
            best = self._by_context(cand, exact)
            if best:
                return Match(best, Decision("same", 1.0, "context", "same normalised name; shares the most context"))
            return None  # the key names several entities and nothing tells them apart

        same: list[tuple[float, str, Decision]] = []
        ambiguous: list[tuple[float, str, Decision]] = []
        for other_key, _, _ in process.extract(key, list(self.by_key), scorer=fuzz.token_set_ratio, limit=12,
                                               score_cutoff=MIN_FUZZY_CANDIDATE):
            for eid in sorted(self.by_key[other_key]):
                if not self._eligible(cand, eid):
                    continue
                d = compare_names(cand.name, other_key, cand.type, self.known[eid].type, self.th)
                if d.verdict == "same":
                    same.append((d.score, eid, d))
                elif d.verdict == "ambiguous":
                    ambiguous.append((d.score, eid, d))
        if same:
            ids = {e for _, e, _ in same}
            if len(ids) == 1:
                score, eid, d = max(same, key=lambda r: r[0])
                return Match(eid, d)
            best = self._by_context(cand, sorted(ids))
            if best:
                return Match(best, Decision("same", max(s for s, e, _ in same if e == best), "context",
                                            "several close names; this one shares the most context"))
            return None
        ids = sorted({e for _, e, _ in ambiguous})
        if not ids:
            return None
        if len(ids) == 1:
            eid = ids[0]
            d = max((a for a in ambiguous if a[1] == eid), key=lambda a: a[0])[2]
            ok, why = self._context_supports(cand, self.known[eid], d)
            if ok:
                return Match(eid, Decision("same", d.score, why[0], f"{d.reason}; {why[1]}"))
        if self.adjudicator is not None:
            for _, eid, d in sorted(ambiguous, key=lambda r: (-r[0], r[1]))[: self.th.max_llm_calls]:
                yes, reason = self.adjudicator.same(cand, self.known[eid], self.snippets.get(eid, ""))
                if yes:
                    return Match(eid, Decision("same", d.score, "llm", f"{d.reason}; LLM: {reason}"))
        return None

    def _eligible(self, cand: Candidate, eid: str, lenient: bool = False) -> bool:
        k = self.known.get(eid)
        return (k is not None and eid != cand.id and compatible(cand.type, k.type, lenient)
                and not self.blocked(cand.id, eid))

    def _canon(self, ids: set[str]) -> set[str]:
        out = set()
        for i in ids:
            seen = 0
            while i in self.redirect and seen < 64:  # a chain of merges ends at the surviving entity
                i, seen = self.redirect[i], seen + 1
            out.add(i)
        return out

    def _weight(self, entity_id: str) -> float:
        k = self.known.get(entity_id)
        return 1.0 / math.log2(2 + (len(k.neighbours) if k else 1))

    def _shared(self, cand: Candidate, k: Known) -> tuple[float, float]:
        """(weighted share of the candidate's co-mentioned entities that ``k`` also has, their summed weight)."""
        a = self._canon(cand.neighbours) - {k.id, cand.id}
        b = self._canon(k.neighbours) - {cand.id, k.id}
        total = sum(self._weight(n) for n in a)
        shared = sum(self._weight(n) for n in a & b)
        return (shared / total if total else 0.0), shared

    def _by_context(self, cand: Candidate, ids: list[str]) -> str | None:
        scored = sorted(((self._shared(cand, self.known[i])[0], i) for i in ids), reverse=True)
        if scored and scored[0][0] > 0 and (len(scored) == 1 or scored[0][0] > scored[1][0]):
            return scored[0][1]
        return None

    def _context_supports(self, cand: Candidate, k: Known, d: Decision) -> tuple[bool, tuple[str, str]]:
        if (not d.subset and cand.mentions <= self.th.rare_mentions
                and k.mentions >= self.th.frequent_ratio * cand.mentions):
            # noisy-channel prior: a one-off spelling one letter from a much more frequent name is a typo of it
            return True, ("fuzzy", f"rare spelling ({cand.mentions}x) of a frequent name ({k.mentions}x)")
        together = k.id in self._canon(cand.neighbours) or cand.id in k.neighbours
        if together:
            if d.subset and not self._other_extension(cand, k):
                # "Acme Logistics ... Acme": a short form next to the one longer name it abbreviates
                return True, ("context", "short form used in the same passage as the full name")
            return False, ("", "")  # named side by side: two entities, or a question only the LLM may answer
        share, weight = self._shared(cand, k)
        if share >= self.th.context_share and weight >= self.th.context_specific:
            return True, ("context", f"shares {share:.0%} of its co-mentioned entities (weight {weight:.2f})")
        if self.embedder is not None and weight >= self.th.context_specific:
            cos = self._profile_cosine(cand, k)
            if cos >= self.th.profile_cosine:
                return True, ("embedding", f"profile cosine {cos:.2f}")
        return False, ("", "")

    def _other_extension(self, cand: Candidate, k: Known) -> bool:
        """Another co-mentioned entity whose name also extends the candidate's ("Acme" next to two Acme firms)."""
        for n in self._canon(cand.neighbours) - {k.id, cand.id}:
            other = self.known.get(n)
            if other and any(compare_names(cand.name, name).subset for name in other.names):
                return True
        return False

    def _profile_cosine(self, cand: Candidate, k: Known) -> float:
        def profile(name: str, neighbours: set[str]) -> str:
            names = [sorted(self.known[n].names)[0] for n in sorted(neighbours) if n in self.known and self.known[n].names]
            return name + ". " + "; ".join(names[:12])

        vecs = self.embedder.embed([profile(cand.name, cand.neighbours), profile(sorted(k.names)[0], k.neighbours)])
        return float(np.dot(vecs[0], vecs[1]))
