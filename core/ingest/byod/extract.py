"""Extraction: the entities and relationships a chunk of text states, each fact keeping its source chunk id.

Two extractors with one output (``Extraction``):
- ``RuleExtractor`` (offline default): entity ids by the ontology's id patterns, names from the store's alias phone
  book, and capitalised-name candidates ("Acme Holdings Inc.", "Jane Doe") typed by cues around them (legal suffixes,
  honorifics and job titles, the ontology's type nouns, location prepositions, event words). Relationships are
  co-occurrence links that ``ingest`` weights by how many chunks mention both ends.
- ``LLMExtractor`` (a configured generator): schema-guided JSON extraction of typed entities and typed relationships
  with conditions. Malformed JSON is repaired by ``core.llm.jsonparse``; what still cannot be read falls back to the
  rule-based extractor for that chunk (counted in ``failures``), so one bad reply loses nothing.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from core.ingest.byod.names import HONORIFICS, LEGAL_SUFFIXES, fold, has_legal_suffix, name_key
from core.ingest.byod.resolve import GENERIC_TYPES, UNKNOWN_TYPE
from core.llm.jsonparse import JSONParseError, parse_json
from core.records import Usage
from core.schema import ENTITY_ID_RE, edge_allowed, entity_types, type_of_id

# ---- records ------------------------------------------------------------------------------------------------------


@dataclass
class Mention:
    """One entity mention in one chunk."""

    text: str  # as written
    type: str  # the type the cues point to (UNKNOWN_TYPE when none)
    start: int  # character span in the chunk text
    end: int
    chunk_id: str
    entity_id: str | None = None  # set when the text itself says which entity (an id, "Name (ID)", an alias hit)
    method: str = "name"  # id | apposition | alias | name | llm


@dataclass
class Relation:
    """A typed relationship stated in one chunk, between two mentions (by their text)."""

    src: str
    type: str  # UPPER_SNAKE; an ontology edge type when both ends have ontology types that allow it
    dst: str
    chunk_id: str
    attrs: dict[str, Any] = field(default_factory=dict)  # conditions ("since": "2021", "role": "primary", ...)
    method: str = "llm"


@dataclass
class Extraction:
    mentions: list[Mention] = field(default_factory=list)
    relations: list[Relation] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    failures: int = 0  # chunks whose LLM reply could not be used (the rules filled in)


# ---- cues -----------------------------------------------------------------------------------------------------------

# Capitalised words that start sentences or name calendar things, never entities on their own.
STOP_CAPS = frozenset(
    """a an the this that these those there here we our us they their them he she his her it its i you your my me
    in on at for from to by with of after before during when while if but and or as so also however although today
    yesterday tomorrow next last please thanks thank hi hello dear regards best note notes summary action actions
    item items update updates status agenda overview background attendees follow followup per re fyi ok yes no not
    all any each every both some most more many much other another such what which who whom whose where why how
    january february march april may june july august september october november december monday tuesday wednesday
    thursday friday saturday sunday q1 q2 q3 q4 h1 h2 fy am pm utc gmt eta tbd n/a none new one two three first
    second third mr mrs ms dr prof sir overall meanwhile then than once since until because despite via""".split()
)
# Name endings that say "organisation" (beyond legal forms).
ORG_WORDS = frozenset(
    """bank labs lab systems technologies technology logistics analytics industries partners solutions ventures
    capital networks software foods motors airlines pharmaceuticals pharma energy media insurance consulting
    holdings group trust fund associates traders trading brothers works services supply supplies dynamics robotics electronics semiconductors telecom communications
    healthcare health financial finance securities manufacturing mining chemicals retail brands studios games
    airways shipping freight transport enterprises corporation
    company co inc corp ltd llc gmbh plc""".split()
)
PERSON_TITLES = frozenset(
    """ceo cto cfo coo cio ciso cmo vp svp evp president founder cofounder co-founder chair chairman chairwoman
    director manager head engineer analyst lead officer architect counsel consultant specialist representative rep
    administrator admin scientist designer developer owner executive principal partner advisor adviser""".split()
)
# Department words that complete a job title ("VP Sales", "Head of Procurement"): not names on their own.
DEPARTMENTS = frozenset(
    "sales marketing engineering procurement operations finance product support hr it legal security data growth "
    "customer success partnerships platform research design people talent strategy business development".split()
)
PERSON_VERBS = re.compile(r"^\s*(said|says|told|tells|wrote|asked|explained|thinks|believes|will lead|is leading|"
                          r"presented)\b")  # verbs firms rarely take (firms also confirm, report, join)
LOCATION_BEFORE = re.compile(r"\b((?:in|near|from) (?:their|our|the|its)|in|near|across|throughout|based in|headquartered in|located in|offices? in|"
                             r"hq in|moved to|expand to|expanded to|expanding to|from)\s*$")
LOCATION_WORDS = frozenset("city county province state region valley bay port island islands district".split())
PRODUCT_BEFORE = re.compile(r"\b(product|platform|app|application|tool|service|suite|launched|released|"
                            r"ships|shipped|version|upgrade to|upgraded to|licenses? for|release of|version of|"
                            r"edition of|launch of|demo of|pilot of|rolled out|deployed)\s*$")
EVENT_WORDS = frozenset(
    "summit conference expo festival forum meetup hackathon awards cup games week day launch outage incident "
    "breach recall strike merger offsite kickoff webinar".split()
)
CONNECTORS = frozenset({"of", "and", "&", "de", "la", "du", "van", "von", "der", "for", "the", "bin", "ibn", "al", "el"})
_GLUE = frozenset({"of", "and", "&", "for", "the"})  # connectors that never start a name ("De Niro", "Bin Laden" do)
# "Bank of America" is one name; "Carl Weber of Acme" and "Acme and Northwind" are two.
OF_HEADS = frozenset(
    """bank university institute department ministry city republic state states bureau office college school museum
    board council commission federation association society church house kingdom united county province gulf bay
    isle port cape lake mount district academy court chamber league order union center centre hospital foundation
    school agency authority"""
    .split()
)

# A capitalised token: "Acme", "ACME", "O'Neil", "McKinsey", "Ernst&Young", "e.Co" is not captured.
# ... or an Arabic-style particle joined to a capitalised word ("al-Islam", "bin-Laden"), inside a name.
_CAP = r"(?:[A-Z][A-Za-z0-9'’&-]*[A-Za-z0-9]|[A-Z]|(?:al|el|ul|bin|ibn)-[A-Z][A-Za-z'’-]*[A-Za-z])\.?"
_CANDIDATE = re.compile(rf"{_CAP}(?:\s+(?:(?:of|and|&|de|la|du|van|von|der|for|the|bin|ibn|al|el)\s+)?{_CAP})*")
_SENT_START = re.compile(r"(^|[.!?:;]\s+|\n\s*[-*#>\d.)]*\s*|\"\s*)$")
_WORD = re.compile(r"[A-Za-z0-9]+(?:[&.'’-][A-Za-z0-9]+)*")


def _ontology_nouns() -> dict[str, str]:
    """Org and place nouns of the ontology ("customer", "vendor", "supplier", "region") -> type name."""
    out: dict[str, str] = {}
    for vt in entity_types():
        if vt.name in ("Customer", "Vendor", "Region"):
            for n in (*vt.nouns, vt.name.lower()):
                out[n] = vt.name
    return out


_ONTOLOGY_NOUNS = _ontology_nouns()
_NOUN_BEFORE = re.compile(r"\b(" + "|".join(sorted(map(re.escape, _ONTOLOGY_NOUNS), key=len, reverse=True)) +
                          r")s?\s*(?:,\s*)?$", re.I)
_NOUN_AFTER = re.compile(r"^[ \t]*(?:,|\()?[ \t]*(?:is[ \t]+)?(?:a|an|our|the|one of our|their)?[ \t]*(?:\w+[ \t]+)?(" +
                         "|".join(sorted(map(re.escape, _ONTOLOGY_NOUNS), key=len, reverse=True)) + r")\b", re.I)


def type_votes(text: str, start: int, end: int, name: str) -> Counter:
    """Votes for the type of the name at ``text[start:end]`` from the words in and around it."""
    votes: Counter = Counter()
    words = [fold(w) for w in _WORD.findall(name)]
    before = text[max(0, start - 40) : start]
    after = text[end : end + 60]
    last = words[-1].rstrip(".") if words else ""
    if has_legal_suffix(name):
        votes["Company"] += 3
    elif last in ORG_WORDS:
        votes["Company"] += 2
    if words and words[0] in OF_HEADS and len(words) > 2:
        votes["Company"] += 2  # "Bank of America", "University of Porto"
    if last in EVENT_WORDS:
        votes["Event"] += 3
    if last in LOCATION_WORDS:
        votes["Location"] += 2
    prev = re.findall(r"[A-Za-z.-]+", before)[-1:] if before.strip() else []
    if prev and fold(prev[0].rstrip(".")) in HONORIFICS:
        votes["Person"] += 3
    if prev and fold(prev[0]) in PERSON_TITLES:
        votes["Person"] += 2
    if re.search(r"\b(?:" + "|".join(PERSON_TITLES) + r")\b[\w\s]{0,30}\b(?:at|of|from|with)\s*$", before, re.I):
        votes["Company"] += 2  # "VP Sales at X", "CTO of X"
    m = re.match(r"^\s*[,(]\s*(?:the\s+|our\s+|their\s+|a\s+|an\s+)?([A-Za-z-]+)(?:\s+([A-Za-z-]+))?", after)
    if m and any(fold(w or "") in PERSON_TITLES for w in m.groups()):
        votes["Person"] += 3
    if PERSON_VERBS.match(after):
        votes["Person"] += 1
    m = _NOUN_BEFORE.search(before)
    if m:
        votes[_ONTOLOGY_NOUNS[m.group(1).lower()]] += 2
    m = _NOUN_AFTER.match(after)
    if m:
        votes[_ONTOLOGY_NOUNS[m.group(1).lower()]] += 2
    if LOCATION_BEFORE.search(before) and not votes:
        votes["Location"] += 1
    if PRODUCT_BEFORE.search(before):
        votes["Product"] += 3  # what is said about a name outweighs its shape
    return votes


def vote_type(votes: Counter) -> str:
    """Winning type; a vote for an ontology org type also counts for its generic family (Customer -> Company)."""
    if not votes:
        return UNKNOWN_TYPE
    ranked = sorted(votes.items(), key=lambda kv: (-kv[1], kv[0]))
    return ranked[0][0]


# ---- rule-based extractor -------------------------------------------------------------------------------------------


class AliasMatcher:
    """Longest-n-gram lookup of known names and aliases (the store's phone book) in text."""

    MAX_NGRAM = 6

    def __init__(self, alias_table: dict[str, list[str]], min_chars: int = 3):
        self.by_key: dict[str, str] = {}
        for alias, ids in alias_table.items():
            uniq = set(ids)
            key = " ".join(fold(w) for w in _WORD.findall(alias))
            # ambiguous aliases, ids (found by pattern) and short or stop-word keys would link ordinary words
            if len(uniq) == 1 and len(key) >= min_chars and key not in STOP_CAPS and not ENTITY_ID_RE.fullmatch(alias.upper()):
                self.by_key[key] = next(iter(uniq))

    def find(self, text: str) -> list[tuple[int, int, str]]:
        """(start, end, entity id) of every match; a match must start with a capital or a digit."""
        if not self.by_key:
            return []
        words = list(_WORD.finditer(text))
        out: list[tuple[int, int, str]] = []
        i = 0
        while i < len(words):
            hit = None
            for n in range(min(self.MAX_NGRAM, len(words) - i), 0, -1):
                key = " ".join(fold(w.group(0)) for w in words[i : i + n])
                eid = self.by_key.get(key)
                if eid and (words[i].group(0)[0].isupper() or words[i].group(0)[0].isdigit()):
                    hit = (n, (words[i].start(), words[i + n - 1].end(), eid))
                    break
            if hit:
                out.append(hit[1])
                i += hit[0]
            else:
                i += 1
        return out


def _overlaps(span: tuple[int, int], taken: list[tuple[int, int]]) -> bool:
    return any(span[0] < e and s < span[1] for s, e in taken)


def _clean_candidate(text: str, start: int, end: int) -> tuple[int, int] | None:
    """Trim stop words and connectors at the ends; None when nothing name-like is left."""
    tokens = [(m.start(), m.end(), m.group(0)) for m in re.finditer(r"\S+", text[start:end])]
    while tokens and (fold(tokens[0][2].rstrip(".,")) in STOP_CAPS | PERSON_TITLES or fold(tokens[0][2]) in _GLUE):
        if fold(tokens[0][2]) == "new" and len(tokens) > 1:
            break  # "New Mexico", "New South Wales": part of the name
        tokens = tokens[1:]
    if tokens and all(fold(t[2].strip(".,")) in PERSON_TITLES | DEPARTMENTS | CONNECTORS for t in tokens):
        return None  # a job title ("VP Sales", "Head of Procurement"), not a name
    while tokens and (fold(tokens[-1][2]) in CONNECTORS or (fold(tokens[-1][2].rstrip(".")) in STOP_CAPS
                                                            and fold(tokens[-1][2].rstrip(".")) not in LEGAL_SUFFIXES)):
        tokens = tokens[:-1]
    if not tokens:
        return None
    s, e = start + tokens[0][0], start + tokens[-1][1]
    # keep the dot of an abbreviation/legal form ("Inc."), drop a sentence full stop after a plain word
    last = text[s:e].split()[-1]
    if text[e - 1] == "." and fold(last.rstrip(".")) not in LEGAL_SUFFIXES and len(last) > 3:
        e -= 1
    return (s, e) if e > s else None


# Titles in front of a person's name ("Foreign Minister Alexander Downer", "Attorney-General Daryl Williams"): the
# head word ends the title; what comes before it ("Foreign", "Opposition") belongs to the title too. Stripped before
# the name is matched; a span that is only a title is no name.
TITLE_HEADS = PERSON_TITLES | frozenset(
    """minister ministers premier treasurer senator secretary spokesman spokeswoman spokesperson commissioner chief
    captain skipper coach general leader governor ambassador mayor king queen prince princess pope bishop archbishop
    reverend colonel major lieutenant commander admiral brigadier sergeant constable inspector detective
    superintendent judge justice magistrate sheikh mullah professor deputy acting shadow attorney-general
    governor-general auditor-general solicitor-general secretary-general director-general inspector-general
    opposition"""
    .split()
) | HONORIFICS
# Words that qualify a title ("Foreign Minister", "Prime Minister", "Deputy Opposition Leader").
TITLE_MODIFIERS = frozenset(
    """prime foreign deputy vice acting shadow federal state opposition immigration health defence defense trade
    treasury finance education environment agriculture industry transport justice interior home police fire
    emergency communications resources energy employment workplace relations affairs attorney assistant senior
    former chief executive junior first lord grand general party team national"""
    .split()
)
_TITLE_WORDS = TITLE_HEADS | TITLE_MODIFIERS | DEPARTMENTS | CONNECTORS
# Common nouns that are no name on their own, even capitalised ("the Government", "Police said").
GENERIC_NOUNS = frozenset(
    """government opposition cabinet police army navy military court council committee department ministry commission
    authority agency administration company bureau service services office team club board union party parliament
    state states federal national international world"""
    .split()
)
# Sentence words that may stick to the front of a name ("Tomorrow Harrison's family"); not "New" or "First".
_LEADING_NOISE = frozenset("""the a an this that these those there here today yesterday tomorrow meanwhile however
    also then overall once since until because despite although when while after before during if but and or so as
    yes no not all any each every both some most more many much other another such what which who whom whose where
    why how please thanks""".split())
_CONTRACTION = re.compile(r"^(?:[a-z]+['’](?:m|re|ve|ll|d|s|t)|[a-z]+n['’]t)$")
PRONOUNS = frozenset("i you he she it we they me him her us them i'm i've i'd i'll".split())
# A capitalised word made from a place name ("British troops", "Palestinian militants") is an adjective, no name.
_DEMONYM = re.compile(r"^[A-Z][a-z]+(?:ian|ean|ese|ish|i)$")
_FINITE = frozenset("""said says say told tells has have had is was were are will would could should can may might
    must did does do who which that and or but of in on at to for from by with as today yesterday tomorrow also
    now then again still yet later earlier""".split())


# Heads that also start ordinary names ("General Motors", "King Island"): stripped only from a known person.
_WEAK_HEADS = frozenset("general major king queen prince princess chief justice judge captain director head lead "
                        "manager partner owner principal officer executive".split())


def _strip_title(text: str, s: int, e: int, person: bool = True) -> tuple[int, int]:
    """Drop a leading title ("Foreign Minister", "Mr") from a person span: the longest prefix made of title words
    that ends with a title head and leaves a name after it ("Martin Luther King" keeps its "King")."""
    toks = list(re.finditer(r"\S+", text[s:e]))
    cut = None
    for i, t in enumerate(toks[:-1]):
        w = fold(t.group(0).strip(".,"))
        if w not in _TITLE_WORDS:
            break
        if w in TITLE_HEADS and fold(toks[i + 1].group(0)) not in CONNECTORS and (person or w not in _WEAK_HEADS):
            cut = i
    if cut is None:
        return s, e
    return s + toks[cut + 1].start(), e


def clean_name_span(text: str, start: int, end: int, person: bool = False) -> tuple[int, int] | None:
    """The name part of an entity span: a leading "the", a possessive "'s" and (for a person) a leading title are
    dropped; pronouns, contractions, bare titles and bare generic nouns are no names (None)."""
    s, e = start, end
    while True:  # leading sentence words: "The", "Tomorrow Harrison", "Meanwhile Howard"
        m = re.match(r"([A-Za-z]+)\s+(?=\S)", text[s:e])
        if not m or fold(m.group(1)) not in _LEADING_NOISE:
            break
        s += m.end()
    m = re.search(r"['’]s?$", text[s:e])
    if m and e - s > 3:
        e = s + m.start()
    while e > s and text[e - 1] in ".,;:-" and not (text[e - 1] == "." and fold(text[s:e].split()[-1].rstrip(".")) in
                                                      LEGAL_SUFFIXES | HONORIFICS or re.search(r"\b[A-Z]\.$", text[s:e])):
        e -= 1
    if e <= s:
        return None
    words = [fold(w) for w in text[s:e].split()]
    if any(w in PRONOUNS or _CONTRACTION.match(w) for w in words):
        return None
    if all(w.strip(".,") in LEGAL_SUFFIXES for w in words):
        return None  # "LLC", "Inc." on their own
    if all(w.strip(".,") in _TITLE_WORDS | GENERIC_NOUNS for w in words):
        return None  # "Prime Minister", "Attorney-General", "VP Sales", "Federal Government"
    if len(words) > 1 and words[0].strip(".,") in _TITLE_WORDS:
        s, e = _strip_title(text, s, e, person)
        words = [fold(w) for w in text[s:e].split()]
    if len(words) == 1 and words[0].strip(".") in STOP_CAPS:
        return None
    return (s, e) if e > s else None


def is_adjective_form(text: str, span: tuple[int, int], name: str) -> bool:
    """A lone demonym used as an adjective: "British troops", "Palestinian militants" (not "Israeli said")."""
    if " " in name.strip() or not _DEMONYM.match(name):
        return False
    nxt = re.match(r"\s+([A-Za-z'’-]+)", text[span[1] :])
    return bool(nxt and nxt.group(1)[0].islower() and fold(nxt.group(1)) not in _FINITE)


_HEADING = re.compile(r"^[ \t]*(#+|[-=]{3,})")


def candidate_spans(text: str) -> list[tuple[int, int]]:
    """Spans of capitalised-name candidates: stop words trimmed, split at sentence ends, headings skipped."""
    out: list[tuple[int, int]] = []
    for line in re.finditer(r"[^\n]+", text):
        if _HEADING.match(line.group(0)):
            continue
        base = line.start()
        for m in _CANDIDATE.finditer(line.group(0)):
            start, m_end = base + m.start(), base + m.end()
            for tok in re.finditer(r"\S+", m.group(0)):
                word = tok.group(0)
                ends_sentence = word.endswith(".") and len(word) > 2 and fold(word[:-1]) not in HONORIFICS
                # "Acme Corp. Follow-up ..." ends the name after the legal form (kept, with its dot)
                if ends_sentence:
                    span = _clean_candidate(text, start, base + m.start() + tok.end())
                    if span:
                        out.extend(_split_connectors(text, span))
                    start = base + m.start() + tok.end()
            span = _clean_candidate(text, start, m_end) if start < m_end else None
            if span:
                out.extend(_split_connectors(text, span))
    return out


def _split_connectors(text: str, span: tuple[int, int]) -> list[tuple[int, int]]:
    tokens = list(re.finditer(r"\S+", text[span[0] : span[1]]))
    for i, tok in enumerate(tokens[1:-1], 1):
        word = tok.group(0)
        left = fold(tokens[i - 1].group(0).strip(",."))
        if word == "and" or word == "the" or (word in ("of", "for") and left not in OF_HEADS):
            out = []
            for a, b in ((span[0], span[0] + tokens[i - 1].end()), (span[0] + tokens[i + 1].start(), span[1])):
                cleaned = _clean_candidate(text, a, b)
                if cleaned:
                    out.extend(_split_connectors(text, cleaned))
            return out
    return [span]


class RuleExtractor:
    """Offline extraction (module docstring)."""

    name = "rules"

    def __init__(self, alias_table: dict[str, list[str]] | None = None):
        self.aliases = AliasMatcher(alias_table or {})

    def extract(self, chunk_id: str, text: str) -> Extraction:
        out = Extraction()
        candidates = candidate_spans(text)
        out.mentions = self.certain_mentions(chunk_id, text, candidates)
        taken = [(m.start, m.end) for m in out.mentions]
        # 3. capitalised-name candidates
        for span in candidates:
            if _overlaps(span, taken):
                continue
            name = text[span[0] : span[1]]
            if not self._name_like(text, span, name):
                continue
            etype = vote_type(type_votes(text, span[0], span[1], name))
            clean = clean_name_span(text, span[0], span[1], person=etype == "Person")
            if clean is not None and clean[0] > span[0] and etype == UNKNOWN_TYPE:
                etype = "Person"  # a title ("Foreign Minister", "Mr") stood in front of it
            if clean is None or is_adjective_form(text, clean, text[clean[0]:clean[1]]):
                continue
            if clean != span:
                name = text[clean[0] : clean[1]]
                if not self._name_like(text, clean, name):
                    continue
            out.mentions.append(Mention(name, etype, clean[0], clean[1], chunk_id, None, "name"))
            taken.append(clean)
        out.mentions.sort(key=lambda x: x.start)
        return out

    def extract_many(self, chunks: list[tuple[str, str]]) -> list[Extraction]:
        return [self.extract(cid, text) for cid, text in chunks]

    def certain_mentions(self, chunk_id: str, text: str,
                         candidates: list[tuple[int, int]] | None = None) -> list[Mention]:
        """What the text itself ties to an entity: ids by pattern, "Name (ID)" / "ID (Name)" appositions, and hits
        of the store's known names and aliases (not inside a longer, different name). Shared with ``NERExtractor``."""
        found: list[Mention] = []
        taken: list[tuple[int, int]] = []
        for m in ENTITY_ID_RE.finditer(text):
            eid = m.group(0)
            found.append(Mention(eid, type_of_id(eid) or UNKNOWN_TYPE, m.start(), m.end(), chunk_id, eid, "id"))
            taken.append((m.start(), m.end()))
        for mention in list(found):
            for span in self._appositions(text, mention.start, mention.end):
                if not _overlaps(span, taken):
                    found.append(Mention(text[span[0]:span[1]], mention.type, span[0], span[1], chunk_id,
                                         mention.entity_id, "apposition"))
                    taken.append(span)
        hits = self.aliases.find(text)
        if not hits:
            return found
        if candidates is None:
            candidates = candidate_spans(text)
        candidates = [c for c in candidates if not _overlaps(c, taken)]
        for s, e, eid in hits:
            if _overlaps((s, e), taken):
                continue
            outer = next((c for c in candidates if c[0] <= s and e <= c[1]), None)
            if outer and outer != (s, e):
                if name_key(text[outer[0]:outer[1]]) != name_key(text[s:e]):
                    continue
                s, e = outer  # "Acme Corp" for the alias "Acme": the legal form belongs to the mention
            found.append(Mention(text[s:e], type_of_id(eid) or UNKNOWN_TYPE, s, e, chunk_id, eid, "alias"))
            taken.append((s, e))
        return found

    @staticmethod
    def _appositions(text: str, start: int, end: int) -> list[tuple[int, int]]:
        spans = []
        before = text[max(0, start - 80) : start]
        m = re.search(rf"({_CANDIDATE.pattern})\s*\(\s*$", before)
        if m and text[end : end + 1] == ")":
            s = max(0, start - 80) + m.start(1)
            # only the name right before the parenthesis: "A Inc. and B (ID)" ties the id to B
            pieces = [p for p in candidate_spans(text[: s + len(m.group(1))]) if p[1] > s]
            if pieces:
                spans.append(pieces[-1])
        m = re.match(r"\s*\(\s*[\"“]?([^()\"”]{2,60}?)[\"”]?\s*\)", text[end:])
        if m and re.match(_CAP, m.group(1)):
            s = end + m.start(1)
            span = _clean_candidate(text, s, s + len(m.group(1)))
            if span:
                spans.append(span)
        return spans

    @staticmethod
    def _name_like(text: str, span: tuple[int, int], name: str) -> bool:
        words = name.split()
        if ENTITY_ID_RE.search(name) or len(name) < 2:
            return False
        if len(words) == 1:
            w = fold(words[0].rstrip("."))
            if w in STOP_CAPS or len(w) < 2 or w.isdigit():
                return False
            before = text[: span[0]]
            prev = before.split()[-1:] if before.strip() else []
            after_abbrev = bool(prev) and (fold(prev[0].rstrip(".")) in HONORIFICS or len(prev[0].rstrip(".")) == 1)
            at_start = bool(_SENT_START.search(before)) and not after_abbrev
            # a lone capitalised word opening a sentence is usually just a word; keep it when it looks like a name
            if at_start and not (words[0].isupper() and len(words[0]) > 1) and not re.search(r"[A-Z]", words[0][1:]):
                for m in re.finditer(rf"\b{re.escape(words[0])}\b", text):
                    if m.start() != span[0] and not _SENT_START.search(text[: m.start()]):
                        return True  # also used mid-sentence: a name
                return False
        return True


# ---- LLM extractor --------------------------------------------------------------------------------------------------

_UPPER_SNAKE = re.compile(r"^[A-Z][A-Z0-9_]{1,40}$")


def _schema_text() -> str:
    onto = "; ".join(f"{v.name} (ids like {v.id_prefix}-...)" for v in entity_types())
    return f"Ontology types: {onto}. Other types: {', '.join(GENERIC_TYPES)}."


class LLMExtractor:
    """Schema-guided extraction with a configured generator (``complete_json``); rules fill in on bad replies."""

    name = "llm"
    SYSTEM = (
        "You extract a knowledge graph from one passage of a business document. Use only what the passage states. "
        "{schema} Reply with JSON only, in this shape: "
        '{{"entities": [{{"name": "<exactly as written>", "type": "<a type above>"}}], '
        '"relations": [{{"source": "<entity name>", "type": "<UPPER_SNAKE verb, e.g. WORKS_FOR, SUPPLIES, '
        'LOCATED_IN, ACQUIRED, PARTNERS_WITH, DEPENDS_ON>", "target": "<entity name>", '
        '"conditions": {{"<key>": "<value, e.g. since, until, role, amount>"}}}}]}}. '
        "Do not invent entities that are not named in the passage."
    )

    def __init__(self, generator, alias_table: dict[str, list[str]] | None = None):
        self.generator = generator
        self.rules = RuleExtractor(alias_table)
        self.system = self.SYSTEM.format(schema=_schema_text())
        self.types = {v.name for v in entity_types()} | set(GENERIC_TYPES)

    def extract_many(self, chunks: list[tuple[str, str]]) -> list[Extraction]:
        return [self.extract(cid, text) for cid, text in chunks]

    def extract(self, chunk_id: str, text: str) -> Extraction:
        base = self.rules.extract(chunk_id, text)  # ids, appositions and aliases are certain: always keep them
        gen = self.generator.complete_json(self.system, f"Passage:\n{text}")
        base.usage = base.usage.add(gen.usage)
        try:
            value = parse_json(gen.text, dict).value
            ents = value.get("entities", [])
            rels = value.get("relations", [])
            if not isinstance(ents, list) or not isinstance(rels, list):
                raise JSONParseError("entities/relations are not lists")
        except JSONParseError:
            base.failures += 1
            return base  # the rule-based candidates stay
        certain = [m for m in base.mentions if m.method != "name"]
        taken = [(m.start, m.end) for m in certain]
        found: list[Mention] = list(certain)
        types: dict[str, str] = {fold(m.text): m.type for m in certain}
        for item in ents:
            if not isinstance(item, dict):
                continue
            name = " ".join(str(item.get("name", "")).split())
            etype = str(item.get("type", "")).strip()
            etype = etype if etype in self.types else UNKNOWN_TYPE
            if len(name) < 2:
                continue
            for m in re.finditer(re.escape(name), text, re.I):  # only names the passage really contains
                span = (m.start(), m.end())
                if not _overlaps(span, taken):
                    found.append(Mention(text[span[0]:span[1]], etype, span[0], span[1], chunk_id, None, "llm"))
                    taken.append(span)
            types.setdefault(fold(name), etype)
        known = {fold(m.text) for m in found}
        for item in rels:
            if not isinstance(item, dict):
                continue
            src = " ".join(str(item.get("source", "")).split())
            dst = " ".join(str(item.get("target", "")).split())
            rtype = str(item.get("type", "")).strip().upper().replace(" ", "_").replace("-", "_")
            if fold(src) not in known or fold(dst) not in known or fold(src) == fold(dst) or not _UPPER_SNAKE.match(rtype):
                continue
            st, dt = types.get(fold(src), UNKNOWN_TYPE), types.get(fold(dst), UNKNOWN_TYPE)
            onto = {v.name for v in entity_types()}
            if st in onto and dt in onto and not edge_allowed(st, rtype, dt):
                rtype = "RELATED_TO"  # the ontology does not allow this edge between these types: keep the link only
            conditions = item.get("conditions") or {}
            attrs = {str(k)[:40]: str(v)[:200] for k, v in conditions.items()} if isinstance(conditions, dict) else {}
            base.relations.append(Relation(src, rtype, dst, chunk_id, attrs, "llm"))
        base.mentions = sorted(found, key=lambda x: x.start)
        return base


EXTRACTORS = ("auto", "ner", "rules")


def make_extractor(generator=None, alias_table: dict[str, list[str]] | None = None, prefer: str = "auto"):
    """Which extractor runs: the LLM extractor when a real generator is given (the offline reader cannot extract);
    else ``prefer``: "auto" (default) takes the spaCy NER model when the ``ner`` extra is installed and the rules
    otherwise, "ner" requires the model (a clear error when it is missing), "rules" always uses the rules. The
    extractor's ``name`` ("llm", "ner:<model>-<version>", "rules") is what the ingest report shows."""
    if prefer not in EXTRACTORS:
        raise ValueError(f"unknown extractor {prefer!r}: choose one of {', '.join(EXTRACTORS)}")
    if generator is not None and getattr(generator, "name", "offline-reader") != "offline-reader":
        return LLMExtractor(generator, alias_table)
    if prefer != "rules":
        from core.ingest.byod.ner import NER_MODELS, NERExtractor, load_model

        model = load_model()
        if model is not None:
            return NERExtractor(model, alias_table)
        if prefer == "ner":
            raise ValueError(f"no spaCy NER model is installed (looked for {', '.join(NER_MODELS)}): "
                             "pip install 'hoplens[ner]', or use --extractor rules")
    return RuleExtractor(alias_table)
