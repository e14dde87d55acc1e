"""Conditions a question puts on entities: attribute filters (closed values, value sets, numeric and date
comparisons), edge attributes, existence conditions ("tickets caused by an outage", "customers with no open
compliance case") and names the graph does not hold.

``Vocabulary`` holds what is read from the store once (the closed values each string attribute takes) and is
safe to share: it is filled under a lock and never changes per question.
"""

from __future__ import annotations

import re
import threading

from core.config import Settings
from core.ontology import Ontology
from core.records import EdgeCondition, Filter, PathStep
from core.retrieval.planning import lexicon as lx
from core.retrieval.planning.paths import derived_steps, first_step_to
from core.retrieval.planning.reading import Noun, Reading
from core.schema import DATE, FLOAT, INT, STRING, VertexType
from core.type_synonyms import is_verb_form, is_verb_word, unit_words

SCAN_LIMIT = 200_000
CALENDAR = ("january february march april may june july august september october november december monday "
            "tuesday wednesday thursday friday saturday sunday").split()
_CMP = [
    (re.compile(r"\b(at least|no less than|or more)\b"), ">="),
    (re.compile(r"\b(at most|no more than|or less|or fewer)\b"), "<="),
    (re.compile(r"\b(above|over|greater than|more than|higher than|longer than|bigger than|larger than|exceeding|"
                r"exceeds|after|later than|since)\b"), ">"),
    (re.compile(r"\b(below|under|less than|lower than|fewer than|shorter than|smaller than|cheaper than|before|"
                r"earlier than)\b"), "<"),
]
_CMP_ANY = "|".join(f"(?:{rx.pattern})" for rx, _ in _CMP)
_NUMBER = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s*([kmb])?\b", re.I)
# "more than one runway", "at least three stops": small numbers said as words
NUMBER_WORDS = {w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())}
_NUMBER_WORD = re.compile(r"\b(" + "|".join(NUMBER_WORDS) + r")\b")
_YEAR = re.compile(r"\b(in|during|from|of|since|after|before)\s+(?:the\s+(?:start|beginning|end)\s+of\s+)?"
                   r"((?:19|20)\d{2})\b(?!-)")
_DATE = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")
_OR_LATER = re.compile(r"\s*(?:,\s*)?or\s+(later|after|since|earlier|before)\b")


# Words that name an attribute's kind rather than the attribute.
KIND_WORDS = {DATE: {"date", "day", "time", "year", "month"}, INT: {"number", "value", "figure"},
              FLOAT: {"number", "value", "amount", "figure"}}


class Vocabulary:
    """Closed values per string attribute: declared in the ontology, else observed in the data when an attribute
    takes few distinct values (a category such as "CDN"). Read once per type, then shared."""

    def __init__(self, store, onto: Ontology, max_values: int | None = None):
        self.store = store
        self.onto = onto
        # a string attribute with more distinct values is free text, not a category (HOPLENS_PLAN_OBSERVED_VALUES)
        self.max_values = Settings.model_fields["plan_observed_values"].default if max_values is None else max_values
        self._values: dict[str, dict[str, tuple[str, ...]]] = {}
        self._known: frozenset[str] | None = None
        self._lock = threading.Lock()

    def values(self, vt: VertexType) -> dict[str, tuple[str, ...]]:
        got = self._values.get(vt.name)
        if got is not None:
            return got
        with self._lock:
            if vt.name not in self._values:
                seen: dict[str, set[str]] = {a.name: set() for a in vt.attrs if a.kind == STRING and not a.values}
                seen.pop("name", None)
                seen.pop("title", None)
                for e in self.store.list_entities(vt.name, limit=SCAN_LIMIT) if seen else []:
                    for attr, vals in seen.items():
                        v = e.attrs.get(attr)
                        if isinstance(v, str) and len(vals) <= self.max_values:
                            vals.add(v)
                out = {a.name: a.values for a in vt.attrs if a.values}
                out |= {k: tuple(sorted(v)) for k, v in seen.items() if 0 < len(v) <= self.max_values}
                self._values[vt.name] = out
            return self._values[vt.name]

    def sole_partner(self, edges: list[str], far_type: str) -> str | None:
        """Of several relation types, the one whose stored edges number exactly the entities of ``far_type`` and
        the other's do not (every one of them has one such partner: a player's club): None when not exactly one."""
        stats = self.store.stats()
        n = int(stats.get("entities", {}).get(far_type, 0))
        fits = [e for e in edges if n and int(stats.get("edges", {}).get(e, 0)) == n]
        return fits[0] if len(fits) == 1 else None

    def edge_values(self, e) -> dict[str, tuple[str, ...]]:
        """Closed values per string attribute of an edge type: declared, else observed on its edges when few
        ("semester": Fall 2024, Spring 2025 …). Read once per edge type, then shared."""
        key = f"edge:{e.name}:{e.src}:{e.dst}"
        got = self._values.get(key)
        if got is not None:
            return got
        with self._lock:
            if key not in self._values:
                seen: dict[str, set[str]] = {a.name: set() for a in e.attrs if a.kind == STRING and not a.values}
                if seen and e.src != "*":
                    for ent in self.store.list_entities(e.src, limit=SCAN_LIMIT):
                        for edge, _ in self.store.neighbors(ent.id, e.name, "out"):
                            for attr, vals in seen.items():
                                v = edge.attrs.get(attr)
                                if isinstance(v, str) and len(vals) <= self.max_values:
                                    vals.add(v)
                        if all(len(v) > self.max_values for v in seen.values()):
                            break
                out = {a.name: a.values for a in e.attrs if a.values}
                out |= {k: tuple(sorted(v)) for k, v in seen.items() if 0 < len(v) <= self.max_values}
                self._values[key] = out
            return self._values[key]

    def value_words(self) -> set[str]:
        return {w for vt in self.onto.entity_types() for vals in self.values(vt).values() for v in vals
                for w in lx.words_of(v)}

    def known_words(self) -> frozenset[str]:
        if self._known is None:
            onto = self.onto
            known = set(CALENDAR) | {w.lower() for w in onto.type_nouns()} | {vt.name.lower() for vt in onto.entity_types()}
            for vt in onto.entity_types():
                for a in vt.attrs:
                    known.update(w.lower() for phrase in a.words for w in phrase.split())
                for vals in self.values(vt).values():
                    known.update(v.lower() for v in vals)
                    known.update(w for v in vals for w in lx.words_of(v))
            for e in onto.edge_types:
                if e.structural:
                    continue
                for vals in self.edge_values(e).values():
                    known.update(v.lower() for v in vals)
                    known.update(w for v in vals for w in lx.words_of(v))
            self._known = frozenset(known | lx.FUNCTION_WORDS | lx.WH_WORDS)
        return self._known

    def unknown_name(self, text: str) -> str | None:
        """A capitalised name (not sentence-initial, not an ontology word, an acronym or a calendar word) the store
        does not know: the question is about an entity we do not have."""
        known = self.known_words()
        for m in re.finditer(r"(?<![\w-])([A-Z][a-zA-Z0-9&.]+(?:\s+[A-Z][a-zA-Z0-9&.]+)*)", text):
            phrase = m.group(1).strip(".")
            before = text[: m.start()].rstrip()
            if not before or before[-1] in ".?!:;\"'(—–-":
                phrase = phrase.partition(" ")[2]  # a sentence-initial capital is not a name; what follows may be
            single = " " not in phrase
            if not phrase or phrase.lower() in known or all(w.lower() in known for w in phrase.split()):
                continue
            if single and (len(phrase) < 4 or phrase.isupper()):
                continue  # short words and acronyms (CDN, EMEA) are too often ordinary vocabulary
            if not self.store.find_entities(phrase, limit=1):
                return phrase
        return None


def attr_filters(vocab: Vocabulary, r: Reading, target: VertexType, target_pos: int, exclude: set[int] | None = None,
                 scope: tuple[int, int] | None = None, loose: bool = False) -> list[Filter]:
    """Filters on ``target`` the words name. Several values of one attribute make a value set ("P0 or P1")."""
    words = r.words
    lo, hi = scope or (0, len(words))
    filters: list[Filter] = []
    other_noun_at = {n.start for n in r.nouns if n.type != target.name}
    target_end = next((n.end for n in r.nouns if n.start == target_pos), -1)
    # words of the target's own type nouns are the noun, not a value ("their customer success manager")
    taken: set[int] = set(exclude or ()) | {i for n in r.nouns if n.type == target.name and not n.value
                                            for i in range(n.start, n.end)}
    value_nouns = {n.start for n in r.nouns if n.type == target.name and n.value}  # "captains": the noun is the value
    # a value said as a relation's verb ("shipments *delivered* to W" with status Delivered) is the relation
    verbs = lx.verb_positions(r.onto, r.words)
    taken |= {i for i in verbs if i + 1 < len(words) and words[i + 1] in ("to", "by", "at", "in", "from", "with", "for")}
    before_values = set(taken)
    for attr in target.attrs:
        attr_words = {w for phrase in (attr.name.replace("_", " "), *attr.words) for w in lx.words_of(phrase)}
        spots: list[tuple[int, int, str]] = []  # every occurrence of a closed value of this attribute
        # an attribute's own name, said ("*false* alarms" for false_alarm, "the average *group* size" for
        # group_size beside format = group): its words are no value
        own_name = set()
        for other in target.attrs:
            name = lx.words_of(other.name.replace("_", " "))
            for i in range(len(words) - len(name) + 1):
                if len(name) > 1 and lx.same_words(words[i : i + len(name)], name):
                    own_name |= set(range(i, i + len(name)))
        for value in sorted(vocab.values(target).get(attr.name, ()), key=len, reverse=True):
            v = lx.words_of(value)
            if len(value) <= 2 and v[0] in lx.FUNCTION_WORDS and not _said_as_written(r.question, value):
                continue  # energy rating "A" is not the article in "properties with a garden"
            for i in range(lo, min(hi, len(words)) - len(v) + 1):
                span = set(range(i, i + len(v)))
                if lx.same_words(words[i : i + len(v)], v) and not span & taken and not span <= own_name \
                        and not _dated(target, v, words[i + len(v) : i + len(v) + 2]):
                    spots.append((i, i + len(v), value))
                    taken |= span
        spots.sort()
        found: list[tuple[int, int, str]] = []
        for i, end, value in spots:
            after, before = words[end : end + 3], words[max(0, i - 3) : i]
            distinctive = any(ch.isdigit() for ch in value)
            near_noun = target_pos >= 0 and i < target_pos <= end + 2 + 2 * _in_list(words, end)
            # a state right after the noun: "projects on hold", "cases under review", "grants from the X Fund"
            gap = words[target_end:i] if target_end >= 0 else []
            near_noun = near_noun or (target_end >= 0 and target_end <= i <= target_end + 3
                                      and all(w in lx.FUNCTION_WORDS for w in gap) and len(gap) <= 2)
            if end in other_noun_at and not near_noun:
                continue
            bare = before[:-1] if before and before[-1] == "the" else before
            predicate = bool(set(bare[-2:]) & lx.PREDICATE_WORDS)  # "tickets that are still open", "are in (the) EU"
            role = [j for j in range(max(0, i - 3), i) if words[j] == "as"]
            if role and all(w in ("a", "an", "the") for w in words[role[-1] + 1 : i]):
                predicate = True  # "players who play as a Forward", "staff working as a Nurse": the value is a role
                r.use(role[-1], role[-1] + 1, f"filter {attr.name}")
                if role[-1] > 0 and words[role[-1] - 1] not in lx.FUNCTION_WORDS:
                    r.use(role[-1] - 1, role[-1], f"filter {attr.name}")  # the verb before "as"
            lead = before[:-1] if before and before[-1] == "the" else before  # "based in the United Kingdom"
            placed = len(lead) >= 1 and lead[-1] in ("in", "from") and (
                lead[-1] == "from" or (len(lead) >= 2 and lead[-2] in lx.LOCATION_VERBS))
            # "services *written in* Go", "servers that *run* Debian 12": a verb that is no relation's says the value
            said_by_verb = bool(lead) and (
                (lead[-1] in ("in", "on", "with", "as", "of", "by") and len(lead) >= 2 and is_verb_word(lead[-2])
                 and (i - 2) not in verbs)
                or (is_verb_word(lead[-1]) and lead[-1] not in lx.FUNCTION_WORDS and (i - 1) not in verbs))
            # "how many *tonnes of* rebar": a value after a word of one of the type's own numbers and "of"
            measured_of = len(lead) >= 2 and lead[-1] == "of" and lead[-2] in {
                w for a in target.attrs if a.kind in (INT, FLOAT) for ph in a.words for w in lx.words_of(ph)}
            predicate = predicate or said_by_verb or measured_of
            if placed:  # "sellers based in Germany", "sellers from Japan"
                predicate = True
                if len(lead) >= 2 and lead[-2] in lx.LOCATION_VERBS:
                    at = i - (len(before) - len(lead)) - 2
                    r.use(at, at + 1, f"filter {attr.name}")
            # "excluding the Enterprise ones", "leaving out anything Closed": an exclusion marks a value too
            excluded = bool(lx.EXCLUSION.search(" ".join(w for w in words[max(0, i - 4) : i]
                                                          if w not in ("anything", "everything", "all"))))
            said = {lx.stem(w) for w in (*after, *before)}  # "caused by signal faults": the attribute "cause"
            if (loose or distinctive or near_noun or predicate or excluded or i in value_nouns
                    or {lx.stem(w) for w in attr_words} & said):
                found.append((i, end, value))
        # A value listed beside an accepted one belongs to the same set ("Open or In Progress", "Gold, Platinum").
        joins = {"or", "and", "either", "nor", "a", "an", "the"}
        grew = bool(found)
        while grew:
            grew = False
            for i, end, value in spots:
                if (i, end, value) not in found and any(
                        (0 <= i - e <= 2 and set(words[e:i]) <= joins) or (0 <= s0 - end <= 2 and set(words[end:s0]) <= joins)
                        for s0, e, _ in found):
                    found.append((i, end, value))
                    grew = True
        if found and target_pos >= 0 and target_end >= 0 and any(
                words[target_end:i] in (["or"], ["and"]) or words[end:target_pos] in (["or"], ["and"])
                for i, end, _v in found) and "kind or type?" not in r.doubts:
            # "how many *pits or shafts*": a kind of the type listed beside the type's own noun may widen the set
            # or narrow it; which is meant is not said
            r.doubts.append("kind or type?")
        if found:
            found.sort()
            for s, e, _ in found:
                r.use(s, e, f"filter {attr.name}")
                for j in range(max(0, s - 3), min(len(words), e + 3)):
                    if words[j] in attr_words or lx.stem(words[j]) in {lx.stem(w) for w in attr_words}:
                        r.use(j, j + 1, f"attribute {attr.name}")
            for phrase in (attr.name.replace("_", " "), *attr.words):
                r.use_phrase(phrase, f"attribute {attr.name}")
            vals = list(dict.fromkeys(v for _, _, v in found))
            before = words[max(0, found[0][0] - 4) : found[0][0]]
            # "excluding the Enterprise ones", "leaving out anything Closed or Resolved", "non-P0"
            neg = bool(set(before[-2:]) & {"not", "non", "except", "excluding", "other"}) or bool(
                lx.EXCLUSION.search(" ".join(w for w in before if w not in ("anything", "everything", "all"))))
            if neg:
                for j in range(max(0, found[0][0] - 4), found[0][0]):
                    if words[j] in lx.NEGATION_WORDS | {"non", "except", "excluding", "leaving", "out", "other", "than",
                                                        "anything", "everything", "but", "aside", "apart"}:
                        r.use(j, j + 1, "exclusion")
            if len(vals) == 1:
                filters.append(Filter(attr.name, "!=" if neg else "==", vals[0]))
            else:
                filters.append(Filter(attr.name, "not in" if neg else "in", vals))
    filters += _flag_filters(vocab, r, target, taken, lo, hi, before_values)
    filters += _numeric_filters(r, target)
    return filters


def _dated(target: VertexType, value: list[str], after: list[str]) -> bool:
    """ "articles *published in 2023*" with status = published and published_on: a value that is a date
    attribute's own word, followed by a year or a date, says that date, not the value."""
    dated = {w for a in target.attrs if a.kind == DATE for ph in (a.name.replace("_", " "), *a.words)
             for w in lx.words_of(ph)}
    return set(value) <= dated and any(re.fullmatch(r"(?:1[89]|20)\d\d(?:-\d\d-\d\d)?", w) for w in after)


def _said_as_written(question: str, value: str) -> bool:
    """A value that is also a function word counts only written as the value is, and not as the question's first
    word ("rated A", "an A rating"; not "a garden", "A garden")."""
    return any(m.start() > 0 for m in re.finditer(rf"(?<![\w-]){re.escape(value)}(?![\w-])", question))


def flag_values(values: tuple[str, ...]) -> tuple[str, str] | None:
    """(true value, false value) of a yes/no attribute ("yes"/"no", "true"/"false"), else None."""
    yes = [v for v in values if v.casefold() in lx.TRUTHY]
    no = [v for v in values if v.casefold() in lx.FALSY]
    return (yes[0], no[0]) if len(values) == 2 and yes and no else None


def flag_phrases(attr) -> list[list[str]]:
    """How a question says a yes/no attribute: its name without a leading is/has ("is_active" -> active,
    "step_free" -> step free); single generic words are left out."""
    toks = lx.words_of(attr.name.replace("_", " "))
    if len(toks) > 1 and toks[0] in ("is", "has", "have", "can", "was"):
        toks = toks[1:]
    out = [toks] if toks else []
    if len(toks) == 2 and len(toks[0]) >= 3 and toks[1].endswith("ed") and is_verb_form(toks[1]):
        out.append(toks[:1])  # "organic farms" for organic_certified: the participle only says who vouches
    for ph in attr.words:
        w = lx.words_of(ph)
        if len(w) > 1 and w not in out:
            out.append(w)
    return out


def _flag_filters(vocab: Vocabulary, r: Reading, target: VertexType, taken: set[int], lo: int, hi: int,
                  soft: set[int] | None = None) -> list[Filter]:
    """A yes/no attribute said as a property: "step-free stations", "which stations are step-free" -> == yes;
    "not step-free", "non step-free", "without step-free access", "out of service" (for in_service) -> == no."""
    out: list[Filter] = []
    own = {w for n in target.nouns for w in lx.words_of(n)}
    for attr in target.attrs:
        pair = flag_values(vocab.values(target).get(attr.name, ()))
        if pair is None:
            continue
        for p in flag_phrases(attr):
            hit = find_flag(r.words, p, lo, hi, taken, own)
            if hit is None and soft is not None and len(p) >= 2:
                # "equity partners": position Partner and is_equity_partner both, when the flag has a word of its own
                hit = find_flag(r.words, p, lo, hi, soft, own)
                if hit is not None and set(range(hit[0], hit[1])) <= taken:
                    hit = None
            if hit is None:
                continue
            i, end, negated_word = hit
            before = r.words[max(0, i - 3) : i]
            neg = bool(set(before) & (lx.NEGATION_WORDS | {"non"})) != negated_word
            out.append(Filter(attr.name, "==", pair[1] if neg else pair[0]))
            r.use(i, end, f"filter {attr.name}")
            for j in range(max(0, i - 3), i):
                if r.words[j] in lx.NEGATION_WORDS | {"non"}:
                    r.use(j, j + 1, "negation")
            break
    return out


_FLAG_GAP = frozenset("on at in of for the a an with".split())  # "open on Sundays" for open_sundays


def find_flag(words: list[str], p: list[str], lo: int, hi: int, taken: set[int],
              own: set[str] = frozenset()) -> tuple[int, int, bool] | None:
    """(start, end, said negated) of a yes/no attribute's phrase ``p`` in ``words[lo:hi]``, away from ``taken``.
    Besides the phrase itself it accepts each word in the plural ("cash purchases"), one small word between two
    words ("open on Sundays"), two words swapped ("approved mortgage" for mortgage_approved), the phrase without the
    type's own noun ("first-time buyers" for first_time_buyer on Buyer), "out of X" for "in X" (negated) and
    un-/non- before a long single word ("uninsured" for insured, negated)."""
    hi = min(hi, len(words))

    def fits(k: int, w: str) -> bool:
        return w in lx.plural_forms(words[k]) and k not in taken

    def at(seq: list[str], gap: bool) -> tuple[int, int] | None:
        for i in range(lo, hi):
            k, ok = i, True
            for j, w in enumerate(seq):
                if k < hi and fits(k, w):
                    k += 1
                elif gap and j and k + 1 < hi and words[k] in _FLAG_GAP and fits(k + 1, w):
                    k += 2
                else:
                    ok = False
                    break
            if ok:
                return i, k
        return None

    variants: list[tuple[list[str], bool]] = [(p, False)]
    if len(p) == 2:
        variants.append(([p[1], p[0]], False))
    bare = [w for w in p if w not in own]
    if own and bare and len(bare) < len(p) and len(" ".join(bare)) >= 4:
        variants.append((bare, False))
    if len(p) >= 2 and p[0] == "in":
        variants.append((["out", "of", *p[1:]], True))
    for seq, negated in variants:
        hit = at(seq, gap=len(seq) >= 2 and seq[0] not in ("out", "in"))
        if hit is not None:
            return hit[0], hit[1], negated
    if len(p) == 1 and p[0].endswith(("er", "or")) and len(p[0]) >= 5:
        # an agent noun said as its verb: "participants who smoke" for smoker, "members who volunteer"
        root = lx.role_root(p[0])
        for k in range(lo, hi):
            w = words[k]
            if k not in taken and w != p[0] and not w.endswith(("er", "ers", "or", "ors")) and lx.role_root(w) == root:
                return k, k + 1, False
    if len(p) == 1 and len(p[0]) >= 6:
        # the attribute said as a noun: "patients who have insurance" for insured; "uninsured" is its negation
        for k in range(lo, hi):
            w = words[k]
            stripped = next((w[len(x):] for x in ("un", "non") if w.startswith(x) and len(w) - len(x) >= 6), w)
            if len(stripped) >= 6 and stripped[:5] == p[0][:5] and k not in taken:
                return k, k + 1, stripped != w
    return None


def _in_list(words: list[str], i: int) -> int:
    """1 when the words at ``i`` continue a value list ("or P1", "and Gold")."""
    return int(i < len(words) and words[i] in ("or", "and"))


def _gapped(phrase: str) -> str:
    """A regex for an attribute phrase said with "of" between its words ("years of experience")."""
    return r"\s+(?:of\s+)?".join(re.escape(w) for w in phrase.split())


def _numeric_filters(r: Reading, target: VertexType, on_edge: bool = False) -> list[Filter]:
    """Comparisons on ``target``'s numeric and date attributes; ``on_edge``: target is an edge type's attributes
    (the question's verb names that relation, so its one date is the one a year means)."""
    filters: list[Filter] = []
    low = r.low
    for attr in target.attrs:
        if attr.kind not in (INT, FLOAT, DATE):
            continue
        for phrase in sorted((attr.name.replace("_", " "), *attr.words), key=len, reverse=True):
            stem_end = r"\w*" if len(phrase) >= 3 else ""  # "lasted" for "last"; never "more" for "m"
            said = _gapped(phrase)  # "years of experience" for years_experience
            m = re.search(rf"\b{said}{stem_end}\b(.{{0,40}})", low)  # "lasted more than 4 hours"
            if not m or not any(p.search(m.group(1)) for p, _ in _CMP):
                # "shorter than 2 hours": the comparison comes first and the attribute's unit word after the number
                m = re.search(rf"((?:{_CMP_ANY})\s*[$€£]?\s*(?:\d[\d,.]*\s*(?:[kmb](?![a-z]))?|{_NUMBER_WORD.pattern}))\s*"
                              rf"(?:(?:of|in|worth of)\s+)?{said}\b", low)
                if not m:
                    continue
            tail = m.group(1)
            for pattern, op in _CMP:
                c = pattern.search(tail)
                if not c:
                    continue
                rest = tail[c.end() :]
                got = None
                if attr.kind == DATE:
                    d = _DATE.search(rest)
                    got = d.group(1) if d else None
                else:
                    n = _NUMBER.search(rest)
                    nw = _NUMBER_WORD.match(rest.strip())
                    if n:
                        got = float(n.group(1).replace(",", ""))
                        scale = (n.group(2) or "").lower()
                        if scale != attr.name.lower().rsplit("_", 1)[-1]:  # "500 m" of vertical_drop_m: metres
                            got *= {"k": 1e3, "m": 1e6, "b": 1e9}.get(scale, 1)
                    elif nw:
                        got = float(NUMBER_WORDS[nw.group(1)])
                if got is not None:
                    filters.append(Filter(attr.name, op, got))
                    mine = {w for ph in (attr.name.replace("_", " "), *attr.words) for w in lx.words_of(ph)}
                    for j, w in enumerate(r.words):  # "lasted" for "last"
                        if w in mine or any(len(x) >= 4 and w.startswith(x) for x in mine):
                            r.use(j, j + 1, f"attribute {attr.name}")
                    _use_tail(r, m.group(0)[:80])
                break
            break
    if not any(target.attr(f.attr) is not None and target.attr(f.attr).kind in (INT, FLOAT) for f in filters):
        filters += _measured_comparison(r, target) or _cost_comparison(r, target)
    filters += _numeric_equality(r, target, {f.attr for f in filters})
    filters += _recorded(r, target, {f.attr for f in filters})
    dates = [a for a in target.attrs if a.kind == DATE]
    iso = re.search(r"\b(since|after|from|before|until|prior to)\s+(?:the\s+)?(\d{4}-\d{2}-\d{2})\b", low)
    if iso and dates and not any(f.attr in {a.name for a in dates} for f in filters):
        named = [a for a in dates if any(lx.find_phrase(r.words, lx.phrase_of(p)) >= 0 for p in a.words)]
        op = {"since": ">=", "from": ">=", "after": ">", "before": "<", "until": "<=", "prior to": "<"}[iso.group(1)]
        filters.append(Filter((named or dates)[0].name, op, iso.group(2)))
        for w in (*iso.group(1).split(), iso.group(2)):
            r.use_phrase(w, "date")
    year = _YEAR.search(low)
    years = [a for a in target.attrs if a.kind == INT and "year" in lx.words_of(a.name.replace("_", " "))
             and not any(f.attr == a.name for f in filters)]
    if year and years and not dates:
        # "papers published in 2015": an integer year attribute
        y, word = int(year.group(2)), year.group(1)
        op = {"since": ">=", "from": ">=", "after": ">", "before": "<"}.get(word, "==")
        later = _OR_LATER.match(low[year.end():])  # "in 2001 or later", "in 1990 or earlier"
        if later and op == "==":
            op = ">=" if later.group(1) in ("later", "after", "since") else "<="
            r.use_phrase(later.group(0).split()[-1], "year")
        filters.append(Filter(years[0].name, op, y))
        for w in (word, year.group(2)):
            r.use_phrase(w, "year")
        at = lx.find_phrase(r.words, word)
        if at > 0 and r.words[at - 1] not in lx.FUNCTION_WORDS:
            r.use(at - 1, at, "year")  # the verb that dates it: "published in", "founded in"
        return filters
    dated_edges = {e.name for e in r.onto.edge_types if any(a.kind == DATE for a in e.attrs)}
    edge_dated = bool(dated_edges & set(lx.verb_positions(r.onto, r.words).values()))
    if year and dates and not any(f.attr in {a.name for a in dates} for f in filters):
        named = [a for a in dates if any(lx.find_stemmed(r.words, lx.phrase_of(p)) >= 0 for p in a.words)]
        if not named and len(dates) > 1:
            # "exhibitions opened in 2019" with a start and an end date: which one the year means is a guess, so
            # the year stays unexplained (never exact)
            return filters
        if not named and edge_dated and not on_edge:
            # "patients admitted to W during 2023": the year dates the relation (an edge's date), not the
            # patient's own date; unsupported, so the year stays unexplained
            return filters
        y, word = year.group(2), year.group(1)
        # ISO dates compare as strings: "since 2024" is >= 2024-01-01, "before 2024" < 2024-01-01
        op, val = {"since": (">=", f"{y}-01-01"), "from": (">=", f"{y}-01-01"), "after": (">", f"{y}-12-31~"),
                   "before": ("<", f"{y}-01-01")}.get(word, ("contains", y))
        later = _OR_LATER.match(low[year.end():])  # "born in 2001 or later": from the year's first day on
        if later and op == "contains":
            op, val = (">=", f"{y}-01-01") if later.group(1) in ("later", "after", "since") else ("<=", f"{y}-12-31~")
            r.use_phrase(later.group(1), "year")
        filters.append(Filter((named or dates)[0].name, op, val))
        for w in ("start", "beginning", "end", word, y):
            r.use_phrase(w, "year")
        r.use_phrase(year.group(2), "year")
        for a in named[:1]:
            for p in a.words:
                r.use_phrase(p, f"attribute {a.name}")
    return filters


# "products that cost less than $60", "priced over 100": a price verb names the one price-like attribute
_COSTS = re.compile(r"\b(?:cost|costs|costing|priced|sells? for|sold for|selling for)\s+(?P<cmp>(?:" + _CMP_ANY + r"))\s*"
                    r"[$€£]?\s*(?P<n>\d[\d,]*(?:\.\d+)?)")


# "grants worth more than $1,000,000", "over €2m": an amount of money (a currency sign or word) compared
_MONEY = re.compile(r"(?:\b(?P<verb>worth|valued at|totalling|totaling|amounting to)\s+)?(?P<cmp>(?:" + _CMP_ANY
                    + r"))\s*(?:[$€£]\s*(?P<n>\d[\d,]*(?:\.\d+)?)\s*(?P<s>k|m|bn|b|million|billion)?\b|"
                    r"(?P<n2>\d[\d,]*(?:\.\d+)?)\s*(?P<s2>k|m|bn|b|million|billion)?\s*"
                    r"(?:dollars|euros|pounds|usd|eur|gbp)\b)")
_MONEY_WORDS = ("price", "cost", "amount", "usd", "eur", "gbp", "fee", "budget", "salary", "revenue", "value", "worth",
                "funding", "charge", "fare", "payment", "paid", "premium", "wage", "invoice", "billed")
def money_attr(attrs):
    """The one numeric attribute of ``attrs`` whose name says money (price, cost, amount, a currency …), else None:
    what "how much did X pay / spend / earn" asks for."""
    fits = [a for a in attrs if a.kind in (INT, FLOAT)
            and any(u in _MONEY_WORDS or _scaled_currency(u) for u in lx.words_of(a.name.replace("_", " ")))]
    return fits[0] if len(fits) == 1 else None


_CURRENCIES = frozenset("usd eur gbp jpy cny chf cad aud inr".split())


def _scaled_currency(token: str) -> bool:
    """ "kusd", "musd", "bneur": a currency after a scale letter (thousands, millions, billions)."""
    return any(token[: len(p)] == p and token[len(p) :] in _CURRENCIES for p in ("k", "m", "b", "bn"))


_SCALE = {"k": 1e3, "m": 1e6, "million": 1e6, "b": 1e9, "bn": 1e9, "billion": 1e9}


def _cost_comparison(r: Reading, target: VertexType) -> list[Filter]:
    m = _COSTS.search(r.low)
    if not m:
        return _money_comparison(r, target)
    fits = [a for a in target.attrs if a.kind in (INT, FLOAT) and any(u in a.name.lower() for u in lx.MEASURES["cheap"])]
    if len(fits) != 1:
        return []
    op = next(o for rx, o in _CMP if rx.search(m.group("cmp")))
    _use_tail(r, m.group(0))
    i = lx.find_phrase(r.words, m.group(0).split()[0])
    if i >= 0:
        r.use(i, i + 1, f"attribute {fits[0].name}")
    return [Filter(fits[0].name, op, float(m.group("n").replace(",", "")))]


def _money_comparison(r: Reading, target: VertexType) -> list[Filter]:
    """An amount of money compared ("worth more than $1,000,000", "over 2 million euros") filters the target's one
    money attribute (its name says price, cost, amount, a currency …); none or several: nothing is read."""
    m = _MONEY.search(r.low)
    if not m:
        return []
    money = money_attr(target.attrs)
    if money is None:
        return []
    op = next(o for rx, o in _CMP if rx.search(m.group("cmp")))
    value = float((m.group("n") or m.group("n2")).replace(",", "")) * _SCALE.get(m.group("s") or m.group("s2") or "", 1)
    _use_tail(r, m.group(0))
    for w in (m.group("verb") or "").split():
        r.use_phrase(w, f"attribute {money.name}")
    return [Filter(money.name, op, value)]


_COMPARATIVE = re.compile(r"\b(long|short|bigg|larg|small|heavi|light|cheap|old|young)er than\s+(\d[\d,]*(?:\.\d+)?)")


def _measured_comparison(r: Reading, target: VertexType) -> list[Filter]:
    """ "films that run longer than 170 minutes": a comparative adjective names the one numeric attribute whose
    name holds what the adjective measures (``lexicon.MEASURES``: long -> duration, minute, time …)."""
    m = _COMPARATIVE.search(r.low)
    if not m:
        return []
    base = {"bigg": "big", "heavi": "heavi"}.get(m.group(1), m.group(1))
    units = lx.MEASURES.get(base, ())
    fits = [a for a in target.attrs if a.kind in (INT, FLOAT) and lx.names_measure(a.name, units)]
    if len(fits) != 1:
        return []
    op = ">" if base in ("long", "big", "larg", "heavi", "old") else "<"
    _use_tail(r, m.group(0))
    i = lx.find_phrase(r.words, m.group(0).split()[0])
    if i >= 0:
        r.use(i, i + 1, f"attribute {fits[0].name}")
    end = len(r.low[: m.end()].split())
    if end < len(r.words) and any(u in r.words[end] for u in units):
        r.use(end, end + 1, f"attribute {fits[0].name}")  # the unit word ("minutes")
    return [Filter(fits[0].name, op, float(m.group(2).replace(",", "")))]


AUXILIARIES = frozenset({"been", "was", "were", "is", "are", "be", "got", "get", "gets"})


def _recorded(r: Reading, target: VertexType, have: set[str]) -> list[Filter]:
    """A date attribute said as a passive verb with no date ("incidents that have been reported", "stations that
    were opened") asks for the entities that have the date: the filter keeps exactly those."""
    verbs = lx.verb_positions(r.onto, r.words)
    for attr in target.attrs:
        if attr.kind != DATE or attr.name in have:
            continue
        mine = {lx.stem(w) for ph in (attr.name.replace("_", " "), *attr.words) for w in lx.words_of(ph)}
        for j in range(1, len(r.words)):
            w = r.words[j]
            if (w.endswith(("ed", "en")) and lx.stem(w) in mine and r.words[j - 1] in AUXILIARIES and j not in verbs
                    and j not in r.explained  # "are open on Sundays": a yes/no attribute's word already
                    and not _YEAR.search(" ".join(r.words[j : j + 4])) and not _DATE.search(r.low)):
                r.use(j, j + 1, f"attribute {attr.name}")
                return [Filter(attr.name, "!=", "")]
    return []


def _numeric_equality(r: Reading, target: VertexType, have: set[str]) -> list[Filter]:
    """A number right after an integer attribute's word is its value ("stations in zone 3", "floor 2")."""
    out: list[Filter] = []
    for attr in target.attrs:
        if attr.kind != INT or attr.name in have:
            continue
        for phrase in sorted({attr.name.replace("_", " "), *attr.words}, key=len, reverse=True):
            p = lx.words_of(phrase)
            if not p or set(p) & (KIND_WORDS[INT] | lx.FUNCTION_WORDS | {"year"}):
                continue
            i = lx.find_phrase(r.words, " ".join(p))
            if i < 0 and len(p) == 1 and len(p[0]) >= 4:
                # the attribute said as its verb: "reviews *scored* 5", "rated 4"
                i = next((k for k, w in enumerate(r.words) if w != p[0] and w.startswith(p[0].rstrip("e"))
                          and w[len(p[0].rstrip("e")):] in ("ed", "d", "es", "s")), -1)
            j = i + len(p)
            if i >= 0 and j < len(r.words) and r.words[j].isdigit() and not (
                    j + 1 < len(r.words) and r.words[j + 1] in ("percent", "pct")):
                out.append(Filter(attr.name, "==", int(r.words[j])))
                r.use(i, j + 1, f"filter {attr.name}")
                break
            k = i - 1  # "launch vehicles that have *four stages*", "rooms with 2 beds": the count before the word
            if i >= 1 and (r.words[k].isdigit() or r.words[k] in NUMBER_WORDS) and not (
                    k and r.words[k - 1] in _BEFORE_BOUND) and not _is_year_word(r.words[k]):
                out.append(Filter(attr.name, "==", int(r.words[k]) if r.words[k].isdigit() else NUMBER_WORDS[r.words[k]]))
                r.use(k, j, f"filter {attr.name}")
                break
            if len(p) == 1 and p[0].endswith("s"):
                # a number and the attribute's singular word before the type noun: "*5-star* hotels"
                k = next((k for k in range(1, len(r.words) - 1) if r.words[k] == p[0][:-1] and r.words[k - 1].isdigit()
                          and any(n.start == k + 1 for n in r.nouns)), -1)
                if k > 0:
                    out.append(Filter(attr.name, "==", int(r.words[k - 1])))
                    r.use(k - 1, k + 1, f"filter {attr.name}")
                    break
    return out


# words before a number that make it a bound, not a value ("more *than* 3 stages", "at *least* two")
_BEFORE_BOUND = frozenset("than least most over under above below top first last".split())


def _is_year_word(word: str) -> bool:
    return word.isdigit() and len(word) == 4 and word[:2] in ("19", "20")


def _use_tail(r: Reading, tail: str) -> None:
    """Mark the comparison words and numbers of a numeric condition as used."""
    for w in lx.words_of(re.sub(r"(?<=\d),(?=\d{3})", "", tail)):  # "2,000,000" is one word of the reading
        if any(ch.isdigit() for ch in w) or w in NUMBER_WORDS or w in ("than", "least", "most", "more", "less", "over", "under", "above",
                                                   "below", "after", "before", "since", "fewer", "exceeding", "exceeds",
                                                   "greater", "higher", "lower", "k", "m", "b", "million", "thousand",
                                                   "shorter", "longer", "bigger", "larger", "smaller", "cheaper",
                                                   "later", "earlier", "least", "most", "no", "dollars",
                                                   "dollar", "euros", "euro", "pounds", "usd", "eur", "gbp"):
            i = lx.find_phrase(r.words, w)
            if i >= 0:
                r.use(i, i + 1, "comparison")


GENERIC_ATTR_TAILS = ("type", "kind", "category", "name", "level", "status", "code")


def edge_attr_phrases(attr) -> list[list[str]]:
    """Stemmed ways a question names an edge attribute: its name ("role type"), the head of a generic name
    ("role" of role_type), the last word of a compound name ("price" of unit_price)."""
    toks = lx.words_of(attr.name.replace("_", " "))
    out = [toks]
    if len(toks) > 1:
        out.append([toks[0]] if toks[-1] in GENERIC_ATTR_TAILS else [toks[-1]])
    out += [lx.words_of(w) for w in attr.words]
    if attr.kind in (INT, FLOAT) and len(toks) > 1:
        out += [[w] for w in unit_words(toks[-1]) if w.isalpha()]  # finish_minutes: the finish *time*
    # "on" of assigned_on is no word for the attribute ("what role does X have *on* Y")
    return [[lx.stem(w) for w in p] for p in out if p and not set(p) <= lx.FUNCTION_WORDS]


def _edge_comparisons(r: Reading, e) -> list[Filter]:
    """Numeric and date comparisons on an edge's attributes ("got a mark below 40 in X", "with a lead time under
    30 days", "admitted to W during 2023" when W's edge carries the one date): only for a number the question
    says that nothing else has used."""
    numbers = [i for i, w in enumerate(r.words) if any(ch.isdigit() for ch in w) and i not in r.explained]
    measured = [a for a in e.attrs if a.kind in (INT, FLOAT, DATE)]
    if not numbers or not measured:
        return []
    said = {lx.stem(w) for v in (*e.verbs, *e.reverse_verbs) for w in lx.words_of(v)}
    if not said & {lx.stem(w) for w in r.words} and not any(
            lx.stem(w) in {lx.stem(x) for a in measured for x in lx.words_of(a.name.replace("_", " "))} for w in r.words):
        return []  # neither the relation nor one of its attributes is said
    pseudo = VertexType(e.name, "", "", tuple(measured), ())
    return _numeric_filters(r, pseudo, on_edge=True)


def edge_attrs(r: Reading, steps: list[PathStep], vocab: Vocabulary | None = None) -> None:
    """Edge attribute values the question names become conditions on the step ("took X in Fall 2024")."""
    for s in steps:
        for e in r.onto.edges(s.edge):
            said = {w for v in (*e.verbs, *e.reverse_verbs) for w in lx.words_of(v)}
            observed = vocab.edge_values(e) if vocab is not None else {}
            s.edge_filters += _edge_comparisons(r, e)
            for a in e.attrs:
                pair = flag_values(observed.get(a.name, a.values))
                if pair is not None:  # "actors signed *exclusively* to S": a yes/no edge attribute said as a word
                    for p in flag_phrases(a):
                        at = next((i for i in range(len(r.words) - len(p) + 1)
                                   if r.words[i : i + len(p) - 1] == p[:-1] and (
                                       (r.words[i + len(p) - 1].startswith(p[-1])
                                        and len(r.words[i + len(p) - 1]) <= len(p[-1]) + 2)
                                       # "species that *breed* in Z" for INHABITS.breeding
                                       or (len(r.words[i + len(p) - 1]) >= 4
                                           and p[-1] == r.words[i + len(p) - 1] + "ing")
                                       # "ended in *completion*" for completed
                                       or (len(p) == 1 and len(p[0]) >= 7 and len(r.words[i]) >= 7
                                           and r.words[i][:6] == p[0][:6]))), -1)
                        prefixed = False
                        if at < 0 and len(p) == 1 and len(p[0]) >= 5:  # "*unpatched*" for patched, negated
                            at = next((i for i, w in enumerate(r.words) if w in ("un" + p[0], "non" + p[0])), -1)
                            prefixed = at >= 0
                        if at >= 0:
                            neg = bool(set(r.words[max(0, at - 3) : at]) & (lx.NEGATION_WORDS | {"non"})) != prefixed
                            s.edge_attrs[a.name] = pair[1] if neg else pair[0]
                            r.use(at, at + len(p), f"edge {a.name}")
                            break
                    continue
                for v in sorted(observed.get(a.name, a.values), key=len, reverse=True):
                    if set(lx.words_of(v)) <= said:
                        continue  # "member" in "which member of the lab" is the relation, not role=member
                    at = lx.find_phrase(r.words, lx.phrase_of(v))
                    if at < 0 and " " not in v.strip() and len(v) >= 4:
                        # the value said as its verb form: "recommended *rejecting*" for recommendation=reject
                        at = next((i for i, w in enumerate(r.words) if i not in r.explained and w != v.lower()
                                   and w.startswith(v.lower()) and w[len(v):] in ("ing", "ed", "d", "s", "es")), -1)
                    if at < 0 or any(n.start <= at < n.end and not n.value for n in r.nouns):
                        continue  # "which *suppliers* provide …" is the Supplier type, not root_cause = supplier
                    if len(v) <= 2:  # "A" (a grade) is also an article: only beside the attribute's word ("an A grade")
                        near = r.words[max(0, at - 2) : at + 3]
                        if not set(lx.words_of(a.name.replace("_", " "))) & set(near) or v not in r.masked.split():
                            continue
                    s.edge_attrs[a.name] = v
                    r.use(at, at + len(lx.words_of(v)), f"edge {a.name}")
                    stems = [lx.stem(w) for w in r.words]
                    for k, w in enumerate(r.words):  # "*recommended* rejecting" for recommendation
                        if len(w) >= 8 and any(len(t) >= 8 and t[:7] == w[:7] for t in lx.words_of(a.name.replace("_", " "))):
                            r.use(k, k + 1, f"edge {a.name}")
                    for p in edge_attr_phrases(a):  # "a lead *role*": the attribute's own word
                        for k in range(len(stems) - len(p) + 1):
                            if [{lx.stem(f) for f in lx.plural_forms(w)} & {p[j]} for j, w in
                                    enumerate(r.words[k : k + len(p)])] == [{x} for x in p]:
                                r.use(k, k + len(p), f"edge {a.name}")
                    break


def conditions(vocab: Vocabulary, r: Reading, target: str, on_path: set[str], skip: set[int]) -> list[EdgeCondition]:
    """Existence conditions: nouns of types one hop from the target that are not on the walk ("tickets caused by
    an outage", "customers without an open compliance case", "outage-related tickets"). A noun right after a
    condition's noun and joined to it by an edge conditions that one instead ("customers that opened a ticket
    caused by an outage": the outage is a condition on the ticket)."""
    out: list[EdgeCondition] = []
    last: tuple[Noun, EdgeCondition] | None = None
    for n in r.nouns:
        if n.type == target or n.type in on_path or n.start in skip or n.type in r.anchor_types:
            continue
        if last is not None and 0 <= n.start - last[0].end <= 4 and n.type == last[0].type:
            continue  # "an outage (any outage)": the same thing said again
        if last is not None and 0 < n.start - last[0].end <= 4 and n.type != last[0].type and not n.negated:
            nested = _condition(vocab, r, last[0].type, n)
            if nested is not None:
                last[1].conditions.append(nested)
                last = (n, nested)
                continue
        cond = _condition(vocab, r, target, n)
        if cond is not None:
            out.append(cond)
            last = (n, cond)
    return out


def _condition(vocab: Vocabulary, r: Reading, target: str, n: Noun) -> EdgeCondition | None:
    step = first_step_to(r.onto, target, r.words, n.type)
    derived: list[list[PathStep]] = []
    rel = r.onto.relation(target, n.type)
    if step is None and rel is not None and n.type == rel.source and target in rel.targets:
        # no edge between them: the derived relation is the one the ontology declares ("never impacted by any outage")
        derived = derived_steps(rel, target)
        step = PathStep(rel.name.upper().replace(" ", "_"), "in", n.type)
        for i in lx.impact_positions(r.onto, r.words):
            r.use(i, i + 1, "impact")
    if step is None:
        return None
    far = attr_filters(vocab, r, r.onto.vertex_type(n.type), n.start, scope=(max(0, n.start - 4), n.end + 6))
    count_op, count = _count_before(r, n) if not derived else (None, 0)
    r.use(n.start, n.end, f"condition {n.type}")
    for i in range(max(0, n.start - 4), n.start):
        if r.words[i] in lx.NEGATION_WORDS | lx.UNCONSTRAINED | {"free", "a", "an", "single", "least", "one", "some"}:
            r.use(i, i + 1, "condition")
    return EdgeCondition(step.edge, step.direction, n.type, far, n.negated, derived, count_op=count_op, count=count)


def _count_before(r: Reading, n: Noun) -> tuple[str | None, int]:
    """ "more than 4 *fields*", "at least three bookings": a comparison and a number right before the noun."""
    lo = max(0, n.start - 5)
    text = " ".join(r.words[lo : n.start])
    for pattern, op in _CMP:
        m = re.search(rf"(?:{pattern.pattern})\s+(\d+|{_NUMBER_WORD.pattern})\s*$", text)
        if m:
            said = m.group(m.lastindex)
            k = int(said) if said.isdigit() else NUMBER_WORDS[said]
            for w in lx.words_of(m.group(0)):
                r.use_phrase(w, "count condition")
            return op, k
    m = re.search(rf"\b(exactly\s+)?(\d+|{_NUMBER_WORD.pattern})\s*$", text)
    if m and m.group(1):  # "exactly 2 fields"
        said = m.group(2)
        for w in lx.words_of(m.group(0)):
            r.use_phrase(w, "count condition")
        return "==", int(said) if said.isdigit() else NUMBER_WORDS[said]
    return None, 0


def lookup_attr(r: Reading, vt: VertexType) -> str | None:
    best: tuple[int, int, str] | None = None
    for order, attr in enumerate(vt.attrs):
        for phrase in (attr.name.replace("_", " "), *attr.words):
            if lx.find_phrase(r.words, lx.phrase_of(phrase)) >= 0:
                key = (len(phrase), -order, attr.name)
                if best is None or key > best:
                    best = key
    if best:
        mine = {w for phrase in (best[2].replace("_", " "), *vt.attr(best[2]).words) for w in lx.words_of(phrase)}
        mine |= KIND_WORDS.get(vt.attr(best[2]).kind, set())  # "on which date was the start of X"
        for j, w in enumerate(r.words):
            if w in mine:
                r.use(j, j + 1, f"attribute {best[2]}")
    return best[2] if best else None


def capacity_attr(r: Reading, vt: VertexType) -> str | None:
    """ "How many vehicles can the depot hold?": a modal and a capacity verb ask for the entity's capacity
    attribute (an integer whose name says capacity, seats, maximum …), not for a count of what it has now."""
    modal = next((i for i, w in enumerate(r.words) if w in lx.MODALS), None)
    verb = next((i for i, w in enumerate(r.words) if modal is not None and i > modal and w in lx.CAPACITY_VERBS), None)
    if verb is None:
        return None
    fits = [a for a in vt.attrs if a.kind in (INT, FLOAT)
            and set(lx.words_of(a.name.replace("_", " "))) & set(lx.CAPACITY_WORDS)]
    if len(fits) != 1:
        return None
    r.use(verb, verb + 1, f"attribute {fits[0].name}")
    r.use(modal, modal + 1, f"attribute {fits[0].name}")
    return fits[0].name


def numeric_attr(r: Reading, vt: VertexType) -> str | None:
    best: tuple[int, str, str, int] | None = None
    for attr in vt.attrs:
        if attr.kind not in (INT, FLOAT):
            continue
        for phrase in (attr.name.replace("_", " "), *attr.words):
            at = lx.find_stemmed(r.words, lx.phrase_of(phrase))
            # the longer phrase wins; of two single words the later one, the head ("floor *area*" is area, not floor)
            if at >= 0 and (best is None or (len(phrase.split()), at) > (best[0], best[3])):
                best = (len(phrase.split()), attr.name, phrase, at)
    if best:
        attr = vt.attr(best[1])
        mine = {w for ph in (attr.name.replace("_", " "), *attr.words) for w in lx.words_of(ph)}
        mine |= KIND_WORDS.get(attr.kind, set())
        stems = {lx.stem(x) for x in mine}
        for j, w in enumerate(r.words):  # every word of the attribute ("how long … last (hours)", "bed" for beds)
            if w in mine or lx.stem(w) in stems or any(len(x) >= 4 and w.startswith(x) for x in mine):
                r.use(j, j + 1, f"attribute {attr.name}")
        # a word for what the attribute measures ("the total *length* in milliseconds"): the same dimension
        for units in lx.MEASURES.values():
            if any(u in attr.name.lower() for u in units):
                for j, w in enumerate(r.words):
                    if w in units or w.rstrip("s") in units:
                        r.use(j, j + 1, f"attribute {attr.name}")
    if best is None:
        return _money_attr(r, vt)
    return best[1]


# Nouns for an amount of money: they name a type's one money attribute ("the most grant *money*").
MONEY_NOUNS = frozenset("money funding funds spend spending dollars euros pounds value worth".split())


def _money_attr(r: Reading, vt: VertexType) -> str | None:
    """ "the most grant *money*", "how much *funding*": the type's one numeric attribute whose name says money."""
    at = next((i for i, w in enumerate(r.words) if (w in MONEY_NOUNS or w in lx.MONEY_VERBS) and i not in r.explained),
              -1)  # "the most grant *money*", "who has *spent* the most on rentals"
    if at < 0:
        return None
    money = money_attr(vt.attrs)
    if money is None:
        return None
    r.use(at, at + 1, f"attribute {money.name}")
    return money.name


def noun_at(r: Reading, start: int) -> Noun | None:
    return next((n for n in r.nouns if n.start == start), None)
