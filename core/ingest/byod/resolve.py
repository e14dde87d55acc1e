"""Entity resolution: decide whether a newly seen name is an entity we already know, and say no when unsure.

The waterfall, cheapest and surest first (docs/byod.md has the full rules and the measured numbers):
1. exact: the normalised name key (``names.name_key``: case, punctuation, "the", legal suffixes such as Inc / Corp /
   Holdings / GmbH / Ltd removed) equals a key of a known entity of a compatible type -> same.
2. fuzzy: candidates come from rapidfuzz (``token_set_ratio`` over the keys); each is compared token by token:
   every token aligned exactly, as a plural or as a known abbreviation -> same; tokens left over on both sides, no
   close token, a one-word name and its plural, short one-word names a letter apart -> different; one-sided
   leftovers (short forms), one-letter edits, initials or acronyms -> ambiguous.
3. rule evidence for an ambiguous pair (``Resolver._rule_evidence``): a short form must fit its type's shape
   (``short_form_shape``), stand for this one full name in the whole corpus (``short_form_expansions``: two or more
   -> never merged) and be backed by the documents (most of its documents name the full form), shared context, or
   its own length; a typo-sized edit only for a rare spelling of a much more frequent name.
4. LLM adjudication: only for what is still ambiguous and only with a real generator; the prompt tells the model to
   answer "no" when unsure, anything but an explicit "yes" is a no, and the model's no beats the rules' yes.
Precision first: when in doubt, two names stay two entities (a wrong merge hides facts; a missed one only splits them).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from core.llm.jsonparse import JSONParseError, parse_json
from core.names import (  # noqa: F401 - re-exported: resolution's public names live in core.names now
    ABBREVIATIONS,
    DEMONYM_KEY,
    FAMILY,
    GENERIC_TYPES,
    HEAD_NOUNS,
    ORG_DESCRIPTORS,
    UNKNOWN_TYPE,
    Decision,
    Thresholds,
    Verdict,
    compare_names,
    compatible,
    is_acronym,
    name_tokens,
)
from core.records import Usage


def short_form_shape(short: list[str], long_: list[str], long_type: str = UNKNOWN_TYPE,
                     short_type: str = UNKNOWN_TYPE, places: frozenset[str] | set[str] = frozenset()) -> str | None:
    """How ``short`` (name tokens) can stand for ``long_``: "surname" (a person's last name, or the name without
    middle names or initials), "prefix" (an organisation without its descriptor words), "place-qualified" (an
    organisation without a leading place the corpus names: "Rural Fire Service" for "New South Wales Rural Fire
    Service"), "acronym"; None when it cannot. A demonym ("palestinian") is never a short form; places, events and
    products have none."""
    if not short or len(short) >= len(long_):
        return None
    if len(short) == 1 and DEMONYM_KEY.match(short[0]) and "Person" not in (short_type, long_type):
        return None  # "palestinian" is an adjective (a person typed "Giuliani" is not)
    families = {FAMILY.get(t) for t in (long_type, short_type) if t != UNKNOWN_TYPE}
    if len(families) > 1 or families & {"place", "event", "product"}:
        return None
    family = next(iter(families), None)
    if is_acronym(short, long_) or (len(short) == 1 and len(short[0]) >= 3 and
                                  short[0] == "".join(t[0] for t in long_ if t not in ("and", "of", "the", "for"))):
        return "acronym" if family in ("org", None) else None
    if family in ("person", None) and short[-1] == long_[-1]:
        it = iter(long_)
        if all(tok in it for tok in short):  # in order: "george bush" for "george w bush"
            return "surname"
    extra = long_[len(short):]
    if family in ("org", None) and long_[: len(short)] == short and not any(t in HEAD_NOUNS for t in extra) and (
            len(extra) == 1 or all(t in ORG_DESCRIPTORS for t in extra)):
        return "prefix"  # "Amnesty" for "Amnesty International"; not "Commonwealth" for "Commonwealth Ministerial ..."
    lead = long_[: len(long_) - len(short)]
    if family in ("org", None) and long_[len(lead):] == short and " ".join(lead) in places and not (
            len(short) == 1 and short[0] in HEAD_NOUNS):
        return "place-qualified"
    return None


def place_keys(names: dict[str, str]) -> set[str]:
    """Name keys typed Location (for "place-qualified" short forms)."""
    return {k for k, t in names.items() if FAMILY.get(t) == "place"}


def short_form_expansions(names: dict[str, str]) -> dict[str, set[str]]:
    """For every name key (``names``: key -> type) that is a short form of longer keys of the same family, the
    *maximal* longer keys it could stand for ("bush" -> {"george w bush"}, not also "george bush", which is itself a
    short form of it). A short form with two or more expansions is ambiguous and never merges."""
    by_token: dict[str, set[str]] = {}
    for key in names:
        for tok in set(key.split()):
            by_token.setdefault(tok, set()).add(key)
    initials: dict[str, set[str]] = {}
    for key in names:
        if len(key.split()) == 1 and len(key) >= 2:
            initials.setdefault(key, set()).add(key)
    out: dict[str, set[str]] = {}
    places = place_keys(names)
    for long_key, long_type in names.items():
        lt = long_key.split()
        if len(lt) < 2:
            continue
        cands = set(by_token.get(lt[-1], ())) | set(by_token.get(lt[0], ()))
        acro = "".join(t[0] for t in lt)
        cands |= initials.get(acro, set()) | initials.get(
            "".join(t[0] for t in lt if t not in ("and", "of", "the", "for")), set())
        for short_key in cands:
            if short_key == long_key or not compatible(names[short_key], long_type):
                continue
            if short_form_shape(short_key.split(), lt, long_type, names[short_key], places):
                out.setdefault(short_key, set()).add(long_key)
    snapshot = {k: set(v) for k, v in out.items()}
    for short_key, longs in snapshot.items():
        maximal = sorted(lk for lk in longs if not any(lk != o and o in snapshot.get(lk, ()) for o in longs))
        kept: list[str] = []
        for lk in maximal:  # spellings of one name ("lumrapel tech", "lumrapel technologies") count once
            if not any(compare_names(lk, o).verdict == "same" for o in kept):
                kept.append(lk)
        out[short_key] = set(kept)
    return out


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
    docs: set[str] = field(default_factory=set)  # documents that mention it
    also: set[str] = field(default_factory=set)  # other types a sizeable share of its mentions voted for


@dataclass
class Candidate:
    """A name seen in new documents that has no entity yet."""

    id: str  # its provisional entity id (kept if no match)
    name: str
    type: str
    neighbours: set[str] = field(default_factory=set)
    snippet: str = ""  # a sentence it appears in, for the LLM
    mentions: int = 1
    docs: set[str] = field(default_factory=set)  # documents that mention it
    also: set[str] = field(default_factory=set)  # other types a sizeable share of its mentions voted for


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
    """Holds the known entities and matches candidates against them (see the module docstring).

    ``short_forms``: ``short_form_expansions`` over every name of the corpus (known and new), so that a short form
    is judged against all the full names it could stand for, not only those seen so far."""

    def __init__(self, adjudicator: Adjudicator | None = None, thresholds: Thresholds | None = None,
                 cannot_link: Iterable[tuple[str, str]] = (), short_forms: dict[str, set[str]] | None = None,
                 places: set[str] | None = None):
        self.adjudicator = adjudicator
        self.th = thresholds or Thresholds()
        self.known: dict[str, Known] = {}
        self.by_key: dict[str, set[str]] = {}  # normalised key -> entity ids
        self.absorbed: dict[str, set[str]] = {}  # entity id -> ids merged into it (cannot-link checks)
        self.cannot: set[frozenset[str]] = {frozenset(p) for p in cannot_link}
        self.snippets: dict[str, str] = {}
        self.redirect: dict[str, str] = {}  # merged candidate id -> the entity it joined
        self.short_forms = short_forms or {}
        self.places = places or set()  # name keys of the corpus's places ("place-qualified" short forms)

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
        k.docs |= cand.docs
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
        w.docs |= k.docs
        for name in k.names:
            w.names.add(name)
            self._index(winner, name)
        self.absorbed.setdefault(winner, {winner}).update(self.absorbed.pop(loser, {loser}))
        self.redirect[loser] = winner

    def blocked(self, a: str, b: str) -> bool:
        ga, gb = self.absorbed.get(a, {a}), self.absorbed.get(b, {b})
        return any(frozenset((x, y)) in self.cannot for x in ga for y in gb)

    # ---- matching
    def ambiguous_short_form(self, key: str) -> set[str]:
        """The full names a short form could stand for, when there are two or more (else empty)."""
        longs = self.short_forms.get(key, set())
        return longs if len(longs) >= 2 else set()

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
        if self.ambiguous_short_form(key):
            return None  # "Waugh" could be Steve or Mark Waugh: never merged with either

        same: list[tuple[float, str, Decision]] = []
        ambiguous: list[tuple[float, str, Decision, str]] = []  # (score, entity, decision, the name it matched)
        for other_key, _, _ in process.extract(key, list(self.by_key), scorer=fuzz.token_set_ratio, limit=12,
                                               score_cutoff=self.th.min_fuzzy):
            if self.ambiguous_short_form(other_key):
                continue  # an entity known by an ambiguous short form absorbs nothing through it
            for eid in sorted(self.by_key[other_key]):
                if not self._eligible(cand, eid):
                    continue
                k = self.known[eid]
                ta, tb = self._agreeing(cand, k)
                d = compare_names(cand.name, other_key, ta, tb, self.th)
                if d.verdict == "same":
                    same.append((d.score, eid, d))
                elif d.verdict == "ambiguous":
                    ambiguous.append((d.score, eid, d, other_key))
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
        ids = sorted({a[1] for a in ambiguous})
        if not ids:
            return None
        supported: list[tuple[str, Decision]] = []
        askable: list[tuple[float, str, Decision]] = []
        for eid in ids:
            score, _, d, other_key = max((a for a in ambiguous if a[1] == eid), key=lambda a: a[0])
            verdict, why = self._rule_evidence(cand, key, self.known[eid], other_key, d)
            if verdict == "refuse":
                continue
            if verdict == "supports":
                supported.append((eid, Decision("same", d.score, why[0], f"{d.reason}; {why[1]}")))
            askable.append((score, eid, d))
        if self.adjudicator is None:
            return Match(*supported[0]) if len(supported) == 1 and len(askable) == 1 else None
        # the LLM sees only what is still ambiguous; it must say yes, and its no beats any rule's yes
        for _, eid, d in sorted(askable, key=lambda r: (-r[0], r[1]))[: self.th.max_llm_calls]:
            yes, reason = self.adjudicator.same(cand, self.known[eid], self.snippets.get(eid, ""))
            if yes:
                return Match(eid, Decision("same", d.score, "llm", f"{d.reason}; LLM: {reason}"))
        return None

    def _rule_evidence(self, cand: Candidate, key: str, k: Known, other_key: str,
                       d: Decision) -> tuple[str, tuple[str, str]]:
        """"supports" | "unsure" | "refuse" for an ambiguous pair, and why.

        Short forms and acronyms: the shape must fit the type (a surname for a person, an organisation without its
        descriptor words; never a place, an event or a demonym), the short form must stand for this one full name
        in the whole corpus, and most documents that use the short form (``short_doc_cover``) must also name it. Typo-sized
        edits: only a rare spelling (at most ``rare_mentions``, one document) of a much more frequent name; two
        names each seen often on their own are two entities."""
        ck, ok = key.split(), other_key.split()
        if d.subset or is_acronym(ck, ok) or is_acronym(ok, ck):
            if UNKNOWN_TYPE == cand.type == k.type:
                return "unsure", ("", "")  # type agreement: a short form needs at least one typed side
            short, long_ = (ck, ok) if len(ck) < len(ok) else (ok, ck)
            ta, tb = self._agreeing(cand, k) or (cand.type, k.type)
            long_type, short_type = (tb, ta) if long_ is ok else (ta, tb)
            shape = short_form_shape(short, long_, long_type, short_type, self.places)
            if shape is None:
                return "refuse", ("", "")
            long_key = " ".join(long_)
            expands_to = self.short_forms.get(" ".join(short), {long_key})
            # its one full name may be a longer form of this one ("harrison" -> "beatle george harrison", met here
            # as "george harrison"); anything else it could stand for is another entity
            if not expands_to <= {long_key} | self.short_forms.get(long_key, set()) | self._keys(k) | {key}:
                return "refuse", ("", "")  # also the short form of another full name
            short_docs, long_docs = (cand.docs, k.docs) if short is ck else (k.docs, cand.docs)
            cover = len(short_docs & long_docs) / len(short_docs) if short_docs else 0.0
            if len(short) >= self.th.specific_short_tokens and shape != "acronym" and len(expands_to) == 1:
                return "supports", ("context", f"{shape}: a {len(short)}-word name with one full form in the corpus")
            if cover >= self.th.short_doc_cover:
                return "supports", ("context", f"{shape} of the one full name it can stand for; "
                                               f"{cover:.0%} of its documents also name the full form")
            share, weight = self._shared(cand, k)
            if share >= self.th.context_share and weight >= self.th.context_specific:
                return "supports", ("context", f"{shape} of the one full name it can stand for; shares {share:.0%} "
                                               f"of its co-mentioned entities (weight {weight:.2f})")
            return "unsure", ("", "")
        if cand.mentions <= self.th.rare_mentions and len(cand.docs) <= 1 and \
                k.mentions >= self.th.frequent_ratio * cand.mentions:
            # noisy-channel prior: a one-off spelling one letter from a much more frequent name is a typo of it,
            # when its document is about that name too (names it, or shares its context), or the edited word is
            # long enough that a real other name one letter away is unlikely ("Oriyonlo" / "Orionlo", not
            # "Quindee" / "Quindex")
            share, weight = self._shared(cand, k)
            edited = max((len(t) for t in set(ck) ^ set(ok)), default=0)
            if cand.docs & k.docs or (share >= self.th.context_share and weight >= self.th.context_specific) or \
                    edited >= self.th.long_typo_len:
                return "supports", ("fuzzy", f"rare spelling ({cand.mentions}x) of a frequent name ({k.mentions}x)")
            return "unsure", ("", "")
        if cand.mentions > self.th.rare_mentions and k.mentions > self.th.rare_mentions:
            return "refuse", ("", "")  # each name is known on its own
        return "unsure", ("", "")

    def _keys(self, k: Known) -> set[str]:
        return {" ".join(name_tokens(n)) for n in k.names}

    def _eligible(self, cand: Candidate, eid: str, lenient: bool = False) -> bool:
        k = self.known.get(eid)
        return (k is not None and eid != cand.id and self._agreeing(cand, k, lenient) is not None
                and not self.blocked(cand.id, eid))

    @staticmethod
    def _agreeing(cand: Candidate, k: Known, lenient: bool = False) -> tuple[str, str] | None:
        """The types under which the two agree: their main types, else a type a sizeable share of the mentions
        voted for ("Karzai" tagged Person in half its mentions and Location in the rest agrees with a Person)."""
        if compatible(cand.type, k.type, lenient):
            return cand.type, k.type
        for ta in sorted({cand.type} | cand.also):
            for tb in sorted({k.type} | k.also):
                if ta == tb and ta != UNKNOWN_TYPE:
                    return ta, tb
        return None

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
