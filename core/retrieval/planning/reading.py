"""Reading a question: the per-question record the planner builds (never state on the planner).

``read()`` finds, from the wording and the ontology alone:
- anchors: entities linked in the question (ids, names, aliases) and where each is first mentioned;
- the *asking clause*: the last sentence or clause that asks (a wh-word, a counting phrase, a request verb, a
  yes/no opening); earlier clauses set the scene ("OUTAGE-X took down a vendor in R. How many projects …");
- type nouns (masked inside entity names), the *target* (the first type noun of the asking clause that is not only
  an anchor's own type), and the other nouns (types on the way, or existence conditions);
- the answer form (count, yes/no, any-over-a-set, superlative, total/average, portfolio, compare);
- references ("there", "it", "that vendor", "those customers") to what was named or reached earlier.
The planner adds what it used to ``explained``; ``account()`` then measures which content words the plan accounts
for (the plan's confidence) and lists the rest.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from core.llm.forms import FEWER, MORE, PORTFOLIO, TAG_QUESTION, YESNO, is_yes_no
from core.ontology import CRM, Ontology
from core.records import Entity
from core.retrieval.linking import Linked
from core.retrieval.planning import lexicon as lx
from core.type_synonyms import (
    has_kinds,
    is_english_phrase,
    is_english_word,
    is_kind_of,
    is_modifier_word,
    is_verb_form,
    is_verb_word,
    keeps_records,
    names_a_field,
    names_agent,
    names_collective,
    same_verb,
)

_WORD = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\d,])|[A-Za-z0-9]+(?:[&.-][A-Za-z0-9]+)*")  # "2,000,000" is one word
_SCOPE = re.compile(r"\s*(?:of|among|amongst|out of)\s", re.I)
_CLAUSE = re.compile(r"[.?!;](?=\s|$)|\s[—–-]{1,2}\s|:\s|,\s+(?=(?:and\s+)?(?:which|who|what|how|list|name|show)\b)")
# A short last clause that only names the answer's type ("…? Customers, please." / "I mean their account managers.").
_ANSWER_TYPE = re.compile(r"^\s*(?:\w+(?:\s+\w+)?\s*,?\s*(?:please|pls|only|thanks)|(?:i mean|i meant|namely|"
                          r"specifically|that is|i\.e\.|i want|i need|i'd like|i would like|give me|just)\s*,?\s*(?:their|the|its|those)?"
                          r"\s*\w+(?:\s+\w+){0,2})\W*$", re.I)  # "… I want the authors."
_REQUEST = re.compile(r"^\s*(?:and\s+|so\s+|now\s+|then\s+|also\s+)?(list|name|show|give|tell|count|tally|find|"
                      r"identify|enumerate|provide|return|pull|get|what|which|who|whom|whose|how|where|when|is|are|"
                      r"was|were|does|do|did|has|have|had|can|could|will|would|should)\b", re.I)
_AUXILIARIES = frozenset("is are was were be been has have had do does did will would can could s".split())
_POSSESSIVE_WH = re.compile(r"\b(?:which|what)\s+([a-z0-9]+?)(?:'s|’s|'|’)\s+[a-z]")
# "who" asks for a person or an organisation; "where" for a place.
WH_TYPES = {"who": ("Employee", "Customer", "Vendor"), "whom": ("Employee", "Customer", "Vendor"), "where": ("Region",)}


@dataclass
class Noun:
    type: str
    start: int  # word index in the normalised question
    end: int  # one past the last word
    plural: bool
    modifier: bool = False  # "outage-related tickets", "outage tickets": describes the head noun after it
    generic: bool = False  # "companies", "anyone": an entity whose type the relation verb gives (type "*")
    negated: bool = False  # "tickets not caused by any outage", "customers without a project"
    unconstrained: bool = False  # "in any region", "across every region": names a type but restricts nothing
    value: bool = False  # a closed value said as the noun ("captains"): the type, filtered by that value
    via: str | None = None  # "loyalty members": the type's entities that have this relation (out) to the named type


@dataclass
class Reading:
    question: str
    masked: str  # entity mentions blanked out: names are not question words
    low: str
    words: list[str]  # normalised words, mention words replaced by "_"
    anchors: list[Entity] = field(default_factory=list)
    anchor_at: dict[str, int] = field(default_factory=dict)  # entity id -> word index of its first mention
    blocked: set[int] = field(default_factory=set)
    nouns: list[Noun] = field(default_factory=list)
    ask_from: int = 0  # first word of the asking clause
    retyped: bool = False  # the asking clause only names the answer's type ("… I want the authors."): the question
    #                        before it is still the question, so its words count
    target: Noun | None = None
    count: bool = False
    yesno: bool = False
    any: bool = False
    negated: bool = False
    portfolio: bool = False
    compare: str | None = None  # more | fewer
    superlative: str | None = None  # most | fewest
    aggregate: str | None = None  # total | average
    references: dict[int, str] = field(default_factory=dict)  # word index -> what it points back to
    explained: dict[int, str] = field(default_factory=dict)  # word index -> how the plan used it
    unresolved: list[str] = field(default_factory=list)
    include_anchors: bool = False  # "how many customers are there (counting it)?"
    onto: Ontology = CRM  # the ontology of the store the question is asked of
    generic: list[int] = field(default_factory=list)  # word positions of generic entity nouns ("companies")
    expanded: dict[int, str] = field(default_factory=dict)  # acronym position -> the type noun it abbreviates
    doubts: list[str] = field(default_factory=list)  # readings the planner had to guess between (count as unexplained)
    subject_edge: str | None = None  # "who *bought* H": the relation whose verb typed the answer, walked by the route
    role_noun: bool = False  # the self-relation was said as its agent or patient noun ("X's mentor", "X's mentees")
    fragile: bool = False  # the route was repaired (a self-relation walked deeper): exact only if every word is read

    @property
    def verb_words(self) -> list[str]:
        """The words with acronyms spelled out ("AMs" -> account managers), for reading relation words."""
        out: list[str] = []
        dropped = 0
        for i, w in enumerate(self.words):
            if len(w) > 4 and w.endswith("ly") and i not in self.explained:
                dropped += 1  # an adverb inside a verb phrase ("depend *directly* on") says no relation
                continue
            out += self.expanded[i].split() if i in self.expanded else [w]
        return out + ["_"] * dropped

    @property
    def anchor_types(self) -> set[str]:
        return {a.type for a in self.anchors}

    @property
    def text(self) -> str:
        return " ".join(self.words)

    def mentioned(self) -> set[str]:
        return {n.type for n in self.nouns}

    def use(self, start: int, end: int, how: str) -> None:
        for i in range(max(start, 0), end):
            self.explained.setdefault(i, how)

    def use_phrase(self, phrase: str, how: str) -> None:
        i = lx.find_phrase(self.words, lx.phrase_of(phrase))
        if i >= 0:
            self.use(i, i + len(lx.words_of(phrase)), how)


def find_nouns(onto: Ontology, words: list[str], blocked: set[int], joined: frozenset[int] = frozenset()) -> list[Noun]:
    """Type nouns; ``joined``: positions of words hyphen-joined to the word before ("award-winning")."""
    nouns = [_member_of(onto, words, n) for n in _find_nouns(onto, words, blocked) if not _said_as_verb(onto, words, n)]
    starts = {n.start: n for n in nouns}
    for n in nouns:
        # "outage-related tickets", "award-winning films": a noun, a participle, then the head noun
        nxt = starts.get(n.end) or (starts.get(n.end + 1) if n.end < len(words) and (words[n.end] in (
            "related", "linked", "driven", "caused", "based", "specific", "connected")
            or (n.end in joined and words[n.end].endswith(("ing", "ed")))) else None)
        n.modifier = nxt is not None and nxt.type != n.type
        before = words[max(0, n.start - 5) : n.start]
        n.negated = bool(set(before) & lx.NEGATION_WORDS)
        n.unconstrained = bool(set(words[max(0, n.start - 2) : n.start]) & lx.UNCONSTRAINED) and not n.negated
    return nouns


_OBJECT_START = frozenset("the a an their its his her our my your all every each".split())


def _said_as_verb(onto: Ontology, words: list[str], n: Noun) -> bool:
    """ "Which companies *sponsor* the trials …": a singular type noun between a plural word and a determiner that
    is also a relation's verb is that verb (a noun there would need an article or a plural)."""
    if n.end - n.start != 1 or n.plural or n.start == 0 or n.end >= len(words):
        return False
    # the object after it: a determiner, or a plural noun phrase ("sponsor *docking stations*")
    plural_next = any(w.endswith("s") and not w.endswith("ss") and w not in lx.FUNCTION_WORDS
                      for w in words[n.end : n.end + 2]) and words[n.end] not in lx.FUNCTION_WORDS
    if words[n.end] not in _OBJECT_START and not plural_next:
        return False
    before = words[n.start - 1]
    if before in lx.FUNCTION_WORDS or before == "_" or not before.endswith("s") or before.endswith("ss"):
        return False
    return any(phrase.split()[0] == words[n.start] for phrase, _e, weak in lx.verb_phrases(onto) if not weak)


def _member_of(onto: Ontology, words: list[str], n: Noun) -> Noun:
    """ "loyalty *member*", "team member": a type noun then the head word of one relation into that type from
    another type ("member" of MEMBER_OF, Guest -> LoyaltyTier) names that relation's source, not the type."""
    if n.end >= len(words):
        return n
    w = words[n.end]
    forms = set(lx.plural_forms(w)) | {w}
    hits = {(e.src, e.name) for e in onto.edge_types if not e.structural and e.dst == n.type and e.src != n.type
            and lx.words_of(e.name.replace("_", " "))[:1] and lx.words_of(e.name.replace("_", " "))[0] in forms
            and len(w) >= 4}
    if len(hits) != 1 or w in lx.nouns(onto) or is_verb_word(w):
        return n  # "customer *opened*" is the relation said as a verb, not a noun for its source
    src, edge = hits.pop()
    return Noun(src, n.start, n.end + 1, w.endswith("s") and not w.endswith("ss"), via=edge)


def _find_nouns(onto: Ontology, words: list[str], blocked: set[int]) -> list[Noun]:
    found: list[Noun] = []
    used: set[int] = set(blocked)
    for noun, tname in lx.nouns(onto).items():
        p = noun.split()
        for i in range(len(words) - len(p) + 1):
            span = set(range(i, i + len(p)))
            if words[i : i + len(p)] == p and not (span & used):
                singular = noun in onto.vertex_type(tname).nouns or noun == tname.lower()
                found.append(Noun(tname, i, i + len(p), not singular))
                used |= span
    found += _near_nouns(onto, words, used)
    return sorted(found, key=lambda n: n.start)


# The portfolio form's own long words, for a one-letter slip ("everthing", "overveiw").
PORTFOLIO_WORDS = ("everything", "information", "overview", "summary", "summarise", "summarize", "details", "rundown",
                   "portfolio", "dossier", "profile", "connected", "related")


def _respelled(text: str, vocabulary: tuple[str, ...]) -> str:
    """``text`` with each word of 6+ letters one or two edits from exactly one vocabulary word replaced by it."""
    out = []
    for w in text.split(" "):
        hits = [v for v in vocabulary if w != v and len(w) >= 6 and _edits(w, v) <= (1 if len(w) < 9 else 2)]
        out.append(hits[0] if len(hits) == 1 else w)
    return " ".join(out)


def _near_nouns(onto: Ontology, words: list[str], used: set[int]) -> list[Noun]:
    """Type nouns misspelt ("proffesors", "prerequisities") or clipped ("profs", "prereqs"): a long word one or two
    edits from exactly one type noun, or a clipped word that begins exactly one of them. Words the ontology knows
    otherwise (attribute words, verbs) are left alone."""
    known = lx.attribute_words(onto) | {w for ph, _e, _w in lx.verb_phrases(onto) for w in ph.split()}
    singles = {n: t for n, t in onto.type_nouns().items() if " " not in n}  # the nouns as declared
    out: list[Noun] = []
    for i, w in enumerate(words):
        if i in used or w == "_" or w in lx.FUNCTION_WORDS or w in known or w in singles or len(w) < 4:
            continue
        clip = w[:-1] if w.endswith("s") else w
        real = is_english_word(w)  # "conservation" is a word, not a slip for "conservator"
        hits = {(t, n) for n, t in singles.items()
                if (len(w) >= 6 and (not real or _variant(w, n)) and _edits(w, n) <= (1 if len(w) < 9 else 2)
                    and not (n.startswith(clip) or w.startswith(n)))  # "provide" is not a typo of "provider"
                or (len(clip) >= 4 and len(n) >= len(clip) + 3 and n.startswith(clip)
                    and not (real and is_verb_word(w)))}  # "employ" is a verb, not a clipped "employees"
        types = {t for t, _ in hits}
        if not types and w.endswith("s") and len(w) >= 5:
            # the head of a two-word type noun in the plural ("opposing *firms*" for LawFirm, "law firm"), when no
            # other type's noun, attribute word or value uses it; singular "the firm" is the graph's owner
            types = {t for n, t in onto.type_nouns().items() if " " in n and n.split()[-1] in lx.plural_forms(w)
                     and w not in n.split()}
            if not types:
                # the head of a compound type noun in the plural ("works" for Artwork: art + work), when its first
                # part is a word of its own
                head = w[:-1]
                types = {t for n, t in singles.items() if len(head) >= 4 and n.endswith(head)
                         and len(n) - len(head) >= 3 and is_english_word(n[: -len(head)])}
            hits = {(t, w) for t in types}
            if len(types) == 1 and any(w[:-1] in lx.words_of(str(v)) or w in lx.words_of(str(v))
                                       for vt in onto.entity_types() for a in vt.attrs for v in a.values):
                types = set()
        if len(types) == 1:
            t, n = min(hits, key=lambda h: _edits(w, h[1]))
            out.append(Noun(t, i, i + 1, w.endswith("s") or n not in onto.vertex_type(t).nouns))
            used.add(i)
    for i, w in enumerate(words):
        # "which *staff* are supervised by …" for StaffMember ("staff member"): the first word of one two-word type
        # noun, itself a noun for a group of people, that nothing else of the graph uses
        if i in used or w in known or w in singles or len(w) < 4 or w in lx.FUNCTION_WORDS:
            continue
        types = {t for n, t in onto.type_nouns().items() if len(n.split()) == 2 and n.split()[0] == w}
        if len(types) == 1 and (i + 1 >= len(words) or words[i + 1] not in {n.split()[1] for n in onto.type_nouns()
                                                                            if len(n.split()) == 2}) \
                and names_collective(w):
            out.append(Noun(types.pop(), i, i + 1, True))
            used.add(i)
    for i, w in enumerate(words):
        # "our *members*" in a graph of farmers with member_since and is_board_member: a noun for people that only
        # one type's attribute names use names that type
        if (i in used or w in known or w in singles or len(w) < 5 or not w.endswith("s") or w in _GENERIC_ATTR_WORDS
                or not names_agent(w)):
            continue
        forms = set(lx.plural_forms(w)) - {w}
        named = [(vt.name, a) for vt in onto.entity_types() for a in vt.attrs
                 if forms & set(lx.words_of(a.name.replace("_", " "))) and a.kind not in ("int", "float")]
        # (a number's name counts things: "*pages*" of page_count are no people)
        types = {t for t, a in named if not _is_flag(a)}  # "contractors" for is_contractor is the flag, not a type
        said_flag = any(_is_flag(a) and i > 0 and lx.words_of(a.name.replace("_", " "))[-2:-1] == [words[i - 1]]
                        for _t, a in named)  # "*board* members" is is_board_member
        is_value = any(forms & set(lx.words_of(str(v))) for vt in onto.entity_types() for a in vt.attrs for v in a.values)
        if len(types) == 1 and not said_flag and not is_value:
            out.append(Noun(types.pop(), i, i + 1, True))
            used.add(i)
    for i in range(len(words) - 1):
        # "funding *bodies*", "reviewing panel": a word of a type's root before a noun for people or organisations
        # that the graph does not know names that type (a Funder, a Reviewer)
        w, head = words[i], words[i + 1]
        if ({i, i + 1} & used or head in known or head in singles or w in lx.FUNCTION_WORDS or len(w) < 5
                or head in lx.FUNCTION_WORDS or head in _AUXILIARIES or len(head) < 4):
            continue
        root = lx.role_root(w)
        types = {t for n, t in singles.items() if len(root) >= 4 and lx.role_root(n) == root and n != w}
        if len(types) == 1 and not is_english_noun_of_graph(head, singles) and names_agent(head):
            out.append(Noun(types.pop(), i, i + 2, head.endswith("s")))
            used |= {i, i + 1}
    return out


# Attribute-name words too general to name a type ("article *type*", "status")
_GENERIC_ATTR_WORDS = frozenset("types type kinds kind names name statuses status codes code numbers number ids".split())


def _is_flag(attr) -> bool:
    return bool(attr.values) and {str(v).casefold() for v in attr.values} <= lx.TRUTHY | lx.FALSY


def is_english_noun_of_graph(word: str, singles: dict[str, str]) -> bool:
    """The word is (a plural of) one of the graph's own single-word type nouns."""
    return any(f in singles for f in lx.plural_forms(word))


def _variant(word: str, noun: str) -> bool:
    """Another spelling of the noun, not another word: one letter swapped late in a word of the same length
    ("licence"/"license", "defence"/"defense"); "parent" is no spelling of "patent"."""
    w = word[:-1] if word.endswith("s") and not noun.endswith("s") else word
    return len(w) == len(noun) and w[:4] == noun[:4] and sum(x != y for x, y in zip(w, noun, strict=True)) == 1


def _edits(a: str, b: str, cap: int = 3) -> int:
    """Damerau-Levenshtein distance (adjacent swaps count one), stopping early past ``cap``."""
    if abs(len(a) - len(b)) > cap:
        return cap + 1
    prev2: list[int] | None = None
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
            if prev2 is not None and i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        prev2, prev = prev, cur
        if min(cur) > cap:
            return cap + 1
    return prev[-1]


def split_words(question: str, linked: Linked) -> tuple[list[str], set[int], dict[str, int], list[int]]:
    """(words, positions inside mentions, entity id -> first word index, char start of each word). A mention's
    words stay whole; other hyphenated words split ("Silver-tier" -> silver tier)."""
    words: list[str] = []
    blocked: set[int] = set()
    first: dict[str, int] = {}
    starts: list[int] = []
    for w in _WORD.finditer(question):
        m = next((m for m in linked.mentions if m.start <= w.start() < m.end), None)
        if m is not None:
            first.setdefault(m.entity_id, len(words))
            blocked.add(len(words))
            words.append("_")
            starts.append(w.start())
            continue
        offset = w.start()
        token = w.group(0).replace(",", "") if w.group(0)[0].isdigit() else w.group(0)
        for part in token.lower().split("-"):
            if part:
                words.append(part)
                starts.append(offset)
            offset += len(part) + 1
    return words, blocked, first, starts


def _ask_from(question: str, char_starts: list[int], nouns: dict[str, str]) -> tuple[int, int, bool]:
    """(word index, char offset, retyped) where the last clause that asks something begins (0 for one-clause
    questions); retyped: that clause only names the answer's type."""
    starts = [0] + [m.end() for m in _CLAUSE.finditer(question)]
    best, retyped = 0, False
    for s in starts:
        clause = question[s:]
        short = _ANSWER_TYPE.match(clause)  # "…? Customers, please." — only when it names a type
        if short and not any(w in nouns for w in lx.words_of(clause)):
            short = None
        if clause.strip() and (_REQUEST.match(clause) or lx.COUNT.search(clause.lower()[:40]) or short):
            best, retyped = s, bool(short) and s > 0
    if best and question[:best].rstrip().endswith("?") and len(lx.words_of(question[best:])) <= 4:
        retyped = True  # "Where did rides on B end up? *List the stations.*": the question came first
    if best and _SCOPE.match(question) and question[:best].rstrip().endswith(","):
        retyped = True  # "Of the MPs X mentored, which one …": the set asked about, whose words all count
    return sum(1 for c in char_starts if c < best), best, retyped


def read(question: str, linked: Linked, anchors: list[Entity], onto: Ontology = CRM) -> Reading:
    masked = question
    for m in sorted(linked.mentions, key=lambda m: -m.start):
        masked = masked[: m.start] + " " * (m.end - m.start) + masked[m.end :]
    words, blocked, first, char_starts = split_words(question, linked)
    r = Reading(question, masked, masked.strip().lower(), words, anchors, first, blocked, onto=onto)
    r.unresolved = list(linked.unresolved)
    for i in blocked:
        r.explained[i] = "anchor"
    r.ask_from, ask_char, r.retyped = _ask_from(question, char_starts, lx.nouns(onto))
    text = " ".join(words)
    r.count = bool(lx.COUNT.search(text)) or bool(re.search(r"(^|\s)#\s*(of\b|\w)", question))  # "# of accounts"
    asking = question[ask_char:].strip().lower()
    r.yesno = is_yes_no(asking)
    tag = TAG_QUESTION.search(asking) if r.yesno and not YESNO.search(asking) else None
    if tag is not None:  # "…, right?": the tag's words ask yes or no, nothing more
        n = len(lx.words_of(tag.group(0)))
        r.use(len(words) - n, len(words), "yes/no")
    r.any = r.yesno and bool(lx.ANY.search(text) or re.search(r"^(are|were|is|was) there\b", asking))
    r.include_anchors = bool(set(words) & lx.INCLUDE_WORDS) and bool(re.search(
        r"\b(including|included|inclusive|counting|incl)\b.{0,20}\b(it|them|that one|this one|itself|themselves|"
        r"that|this|too|as well)\b|\b(it|that one|this one|itself)\s+(included|including)\b", text))
    r.portfolio = bool(PORTFOLIO.search(r.low) or PORTFOLIO.search(_respelled(r.low, PORTFOLIO_WORDS)))
    r.compare = "fewer" if FEWER.search(r.low) else "more" if MORE.search(r.low) else None
    sup = lx.SUPERLATIVE.search(text)
    r.superlative = ("fewest" if sup.group(1) in ("fewest", "least") else "most") if sup else None
    grouped = lx.group_superlative(text) if sup is None else None
    if grouped is not None:  # "the largest team of vets": the most vets
        r.superlative = "fewest" if grouped.group(1) == "smallest" else "most"
    r.aggregate = next((fn for fn, rx in lx.AGGREGATES.items() if rx.search(text)), None)
    hm = re.search(r"\b(?:how many|number of) (?:_ )*(\w+)", text)  # "how many <X> *units*": past the name
    extreme = any(w.endswith("est") and len(w) > 5 for w in words)  # "the tallest building by number of floors"
    if hm and hm.group(1) in _numeric_words(onto) and hm.group(1) not in lx.nouns(onto):
        # "how many hours of downtime": the attribute, not a count; "the biggest hospital by number of beds": the
        # attribute ranks
        r.count = False
        if not (extreme and hm.group(0).startswith("number")):
            r.aggregate = r.aggregate or "total"
    elif hm and hm.group(1) in lx.UNIT_WORDS and hm.group(1) not in lx.nouns(onto):
        r.count = False  # "by how many minutes was X delayed": an amount in a unit, never a count of things
    joined = frozenset(i for i, c in enumerate(char_starts) if c > 0 and question[c - 1] == "-")
    r.nouns = find_nouns(onto, words, blocked | _attr_phrase_positions(onto, anchors, words), joined)
    _acronyms(r, question, char_starts)
    _value_nouns(r)
    _nouns_inside_values(r)
    typed = {i for n in r.nouns for i in range(n.start, n.end)}
    r.generic = [i for i, w in enumerate(words) if w in lx.GENERIC_NOUNS and i not in typed]
    _read_references(r)
    return r


@lru_cache(maxsize=16)
def _numeric_words(onto: Ontology) -> frozenset[str]:
    """Words of numeric vertex and edge attributes ("how many *copies* does B hold": HOLDS.copies, not a count)."""
    attrs = [a for vt in onto.entity_types() for a in vt.attrs] + [a for e in onto.edge_types for a in e.attrs]
    return frozenset(w for a in attrs if a.kind in ("int", "float")
                     for ph in a.words for w in lx.words_of(ph) if w not in lx.FUNCTION_WORDS)


@lru_cache(maxsize=16)
def _initials(onto: Ontology) -> dict[str, tuple[str, str]]:
    """Initials of multi-word type nouns -> (type, noun): "am" -> account manager; ambiguous initials dropped."""
    seen: dict[str, set[tuple[str, str]]] = {}
    domain = [w for w in lx.words_of(onto.name.replace("_", " ")) if len(w) >= 4]
    for noun, t in onto.type_nouns().items():
        ws = noun.split()
        if len(ws) >= 2 and noun in onto.vertex_type(t).nouns:
            seen.setdefault("".join(w[0] for w in ws), set()).add((t, noun))
        if len(ws) == 1 and noun in onto.vertex_type(t).nouns:
            # the type noun qualified by the graph's own name, as English has it: "member of parliament" (MP) for
            # Member in a graph named parliament
            for phrase in (f"{noun} of {d}" for d in domain):
                if is_english_phrase(phrase):
                    seen.setdefault("".join(w[0] for w in phrase.split() if w != "of"), set()).add((t, noun))
    return {k: next(iter(v)) for k, v in seen.items() if len({t for t, _ in v}) == 1}


def _acronyms(r: Reading, question: str, char_starts: list[int]) -> None:
    """An upper-case token that spells a multi-word type noun's initials ("AMs", "CSM") is that noun."""
    taken = {i for n in r.nouns for i in range(n.start, n.end)}
    table = _initials(r.onto)
    for m in re.finditer(r"\b([A-Z]{2,5})(s?)\b", question):
        hit = table.get(m.group(1).lower())
        if hit is None or m.start() not in char_starts:
            continue
        i = char_starts.index(m.start())
        if i in taken or i in r.blocked:
            continue
        r.nouns.append(Noun(hit[0], i, i + 1, bool(m.group(2))))
        r.expanded[i] = hit[1]
    r.nouns.sort(key=lambda n: n.start)


# closed values that say nothing about what a thing is, so never stand for it as a noun
_NOT_NOUN_VALUES = frozenset({"true", "false", "yes", "no", "none", "other", "unknown", "null", "n/a", "na"})
_NOT_NOUN_ENDINGS = ("ed", "ing", "ive", "ful", "able", "ible", "ous", "less")  # participles and adjectives
_DETERMINERS = frozenset("which what the a an each every any one".split())


@lru_cache(maxsize=16)
def _value_phrases(onto: Ontology) -> tuple[tuple[tuple[str, ...], frozenset[str]], ...]:
    """(value words, owning types) for closed values of entity types, longest first."""
    owners: dict[tuple[str, ...], set[str]] = {}
    for vt in onto.entity_types():
        for a in vt.attrs:
            for v in a.values:
                ws = tuple(lx.words_of(str(v)))
                if ws and ws[-1].isalpha() and len(ws[-1]) >= 3 and " ".join(ws) not in _NOT_NOUN_VALUES:
                    owners.setdefault(ws, set()).add(vt.name)
    return tuple(sorted(((ws, frozenset(ts)) for ws, ts in owners.items()), key=lambda x: -len(x[0])))


def _value_owner(r: Reading, types: frozenset[str]) -> str | None:
    """The one type a value said as a noun stands for: its only owner, or of several ("bus" a vehicle type and a
    route mode), the one a named entity is directly related to ("how many buses does depot D have")."""
    if len(types) == 1:
        return next(iter(types))
    near = {t for t in types for e in r.onto.edge_types if not e.structural
            and {e.src, e.dst} & r.anchor_types and t in (e.src, e.dst) and t not in r.anchor_types}
    return next(iter(near)) if len(near) == 1 else None


def _nouns_inside_values(r: Reading) -> None:
    """ "how many *Port* State Control inspections": a type noun inside a closed value of several words is part of
    the value, when a noun of the value's own type is said too (the inspections, typed by inspection_type)."""
    have = {n.type for n in r.nouns}
    for phrase, types in _value_phrases(r.onto):
        n = len(phrase)
        if n < 2 or not types & have:
            continue
        for i in range(len(r.words) - n + 1):
            if list(phrase) != r.words[i : i + n]:
                continue
            inside = [m for m in r.nouns if i <= m.start and m.end <= i + n and m.type not in types]
            if inside and any(m.type in types and (m.end <= i or m.start >= i + n) for m in r.nouns):
                r.nouns = [m for m in r.nouns if m not in inside]


def _value_nouns(r: Reading) -> None:
    """A closed value said as the head noun ("how many captains", "flight attendants at X", "C-checks") stands for
    the one type that has it; the value filter then keeps the entities with that value. Only when the question has
    no noun of that type (else the value is a modifier or a condition: "Captain crew members", "crew who are
    captains"); a shorter noun inside the value ("flight" in "flight attendants") gives way to it."""
    have = {n.type for n in r.nouns}
    phrases = _value_phrases(r.onto)
    values = {ws[-1] for ws, _t in phrases}
    verbs = lx.verb_positions(r.onto, r.words)
    own = set(lx.words_of(r.onto.name.replace("_", " ")))
    for phrase, types in phrases:
        t = _value_owner(r, types)
        if t is None or t in have or set(phrase) <= own:
            continue  # "the museum" in a graph named museum is its owner, not the lenders of type Museum
        n = len(phrase)
        for i in range(len(r.words) - n + 1):
            seg = r.words[i : i + n]
            if (seg[:-1] != list(phrase[:-1]) or phrase[-1] not in lx.plural_forms(seg[-1])
                    or any(j in r.blocked for j in range(i, i + n))):
                continue
            if any(m.start == i + n for m in r.nouns) or any(m.start <= i and m.end >= i + n for m in r.nouns) or (
                    i + n < len(r.words) and r.words[i + n].endswith(("ed", "ing"))
                    and any(m.start == i + n + 1 for m in r.nouns)):
                # ("organic *certified* farms": a value and a participle before a type noun describe that noun)
                # a modifier of the noun after it, or inside a type's own noun ("league" is a type and a value;
                # "data" is a department and the first word of "data centres")
                break
            if seg[-1] in _numeric_words(r.onto) and seg[-1] != phrase[-1]:
                break  # "lead time, *in days*": the unit of a number (lead_time_days), not shift = day
            plural = seg[-1] != phrase[-1]
            # "the deepest *shaft*": a determiner, maybe a superlative between
            det = (i > 0 and r.words[i - 1] in _DETERMINERS) or (
                i > 1 and r.words[i - 2] in _DETERMINERS and r.words[i - 1] in lx.TOP_WORDS | lx.BOTTOM_WORDS)
            if phrase[-1].endswith(_NOT_NOUN_ENDINGS) or not (plural or det):
                break  # "is resolved", "were delayed": a state said of something, not the thing
            around = r.words[max(0, i - 2) : i] + r.words[i + n : i + n + 2]
            if len(around) >= 2 and ({"or", "and"} & set(around)) and not any(
                    f in values for w in around for f in lx.plural_forms(w)):
                break  # "companies or institutions": a loose list of kinds, not one value
            # only the verbs before the next thing named: "which engineers work at the company *that built* X"
            # is the company's relation, not the engineers'
            nxt = min([m.start for m in r.nouns if m.start >= i + n] + [len(r.words)]
                      + [j for j in range(i + n, len(r.words)) if r.words[j] in lx.GENERIC_NOUNS])
            edges = {verbs[j] for j in verbs if not any(m.start <= j < m.end for m in r.nouns)
                     and r.words[j] not in lx.WEAK_VERBS | lx.FUNCTION_WORDS and (j < nxt or j < i)}
            if edges and not any(t in (e.src, e.dst) for name in edges for e in r.onto.edges(name)):
                break  # "what medications does Dr X prescribe": the verb's relation does not reach this type
            r.nouns = sorted([m for m in r.nouns if m.end <= i or m.start >= i + n]
                             + [Noun(t, i, i + n, plural, value=True)], key=lambda m: m.start)
            have.add(t)
            break


def _attr_phrase_positions(onto: Ontology, anchors: list[Entity], words: list[str]) -> set[int]:
    """Word positions inside a multi-word attribute phrase of the first anchor's type ("type of case")."""
    out: set[int] = set()
    if not anchors:
        return out
    try:
        vt = onto.vertex_type(anchors[0].type)
    except KeyError:
        return out
    for attr in vt.attrs:
        for phrase in attr.words:
            p = lx.words_of(phrase)
            if len(p) >= 2:
                i = lx.find_phrase(words, " ".join(p))
                if i >= 0:
                    out |= set(range(i, i + len(p)))
    return out


def _read_references(r: Reading) -> None:
    """Mark words that point back: a pronoun or place adverb after an anchor, a demonstrative before a noun."""
    first_anchor = min(r.anchor_at.values(), default=None)
    noun_at = {n.start: n for n in r.nouns}
    for i, w in enumerate(r.words):
        if w not in lx.REFERENCE_WORDS:
            continue
        if i + 1 in noun_at and w in lx.DEMONSTRATIVES:
            earlier = [n for n in r.nouns if n.start < i and n.type == noun_at[i + 1].type]
            if earlier or any(a.type == noun_at[i + 1].type for a in r.anchors) or w in ("that", "those", "these"):
                r.references[i] = f"the {noun_at[i + 1].type} named earlier"
        elif first_anchor is not None and first_anchor < i and w in ("there", "it", "its", "they", "them", "their"):
            r.references[i] = "an entity named earlier"


def choose_target(r: Reading, generic: bool = True) -> Noun | None:
    """The type the question asks for (module docstring); ``generic=False`` ignores generic nouns."""
    nouns = r.nouns
    anchor_types = r.anchor_types
    asking = [n for n in nouns if n.start >= r.ask_from]
    rest = [w for w in r.words[r.ask_from :] if w != "_"]
    if len(rest) >= 2 and rest[0] in ("which", "who") and rest[1] in ("one", "ones") and r.ask_from:
        # "of the vendors operating in X, which one has had the most outages?": the set named after of/among
        among = [n for n in nouns if n.start < r.ask_from and set(r.words[max(0, n.start - 5) : n.start])
                 & {"among", "amongst", "of", "from"}]
        if among:
            return among[0]
    if r.ask_from and len(rest) >= 3 and rest[1] == "of" and rest[2] in ("those", "these", "them", "they"):
        # "X relies on a handful of vendors. Which of those have had a P0 outage?": the set named before
        earlier = [n for n in nouns if n.start < r.ask_from and n.type not in anchor_types]
        if earlier:
            r.references[r.ask_from + 2] = f"the {earlier[-1].type} named earlier"
            return earlier[-1]
    if rest and rest[0] not in WH_TYPES and rest[0] not in ("which", "what", "how"):
        # "Inspection I was carried out at a restaurant *in which neighbourhood*?": a wh-word inside the clause,
        # right before a type noun, asks for that noun (a relative "which" is followed by a verb, not a noun)
        inner = [n for n in asking if n.start > r.ask_from and r.words[n.start - 1] in ("which", "what")
                 and not n.modifier and all(w in ("?", ".", "!") for w in r.words[n.end :])]  # said last:
        # "tournaments *in which clubs* … played" is a relative clause
        if len(inner) == 1:
            return inner[0]
    owner = _POSSESSIVE_WH.search(r.masked.lower())
    if owner:
        # "Which operators' vehicles were involved in …": the possessor is asked for, the possessed is on the way
        held = next((n for n in asking if r.words[n.start] == owner.group(1)), None)
        if held is not None:
            return held
    wh = WH_TYPES.get(rest[0] if rest else "")
    if wh is not None and not any(r.onto.has_type(t) for t in wh):
        wh = tuple(v.name for v in r.onto.entity_types())  # an ontology without the CRM's person types
        if len(rest) > 2 and (rest[0] == "where" or rest[1] not in _AUXILIARIES | lx.FUNCTION_WORDS):
            # "Who advises the students that …", "Where were the directors born …": the noun is the verb's
            # other end; the planner types the wh-word by that verb
            return None
    generic = [i for i in r.generic if i >= r.ask_from] if generic else []
    if generic and (not asking or generic[0] < asking[0].start):
        g = generic[0]  # "Which Software companies depend on X?": the verb will say which type
        return Noun("*", g, g + 1, r.words[g].endswith("s") or r.words[g] in ("everyone", "everybody"), generic=True)
    if not asking and wh:
        # "Among the accounts X manages, who has the lowest health score?": the set named after among/of
        among = [n for n in nouns if n.start < r.ask_from and set(r.words[max(0, n.start - 2) : n.start])
                 & {"among", "amongst", "of", "from"}]
        return among[0] if among else None  # else "X opened tickets. Who were they assigned to?": the verb decides
    asking = asking or nouns
    referred = {n.start for n in nouns if n.start - 1 in r.references}
    other = [n for n in asking if n.type not in anchor_types and n.start not in referred and not n.modifier
             and not n.negated]
    target = other[0] if other else None
    if asking and asking[0].plural and asking[0].type in anchor_types and (target is None or asking[0].start < target.start):
        target = asking[0]  # "Which customers share a region with CUST-1?": the anchor's own type, asked in plural
    if target is None:
        same = [n for n in asking if n.plural and n.start not in referred]
        target = same[0] if same else None
    copula = len(rest) > 1 and rest[1] in ("is", "are", "was", "were")
    # "Who handles more tickets, A or B?": the wh-word picks between named entities, the noun is what is counted
    choice = sum(1 for a in r.anchors if a.type in (wh or ())) >= 2
    if wh and target is not None and target.type not in wh and not choice and (not copula or not set(wh) & anchor_types):
        return None  # resolved by the planner with the verbs ("who handles the tickets …", "where did … happen?")
    return target


def _relations(onto: Ontology, a: str, b: str) -> set[str]:
    """The relations the ontology has between two types: edge names, and "derived" for a derived relation."""
    out = {e.name for e in onto.edge_types if not e.structural and {e.src, e.dst} == {a, b}}
    if a != b and onto.relation(a, b) is not None:
        out.add("derived")
    return out


# Content words a relation phrase may spend between (or after) two related things before it stops reading as the
# only relation they have ("bore the brunt of", "left stranded"); longer runs stay unexplained.
MAX_RELATION_WORDS = 2


def _single_relation_words(r: Reading, used: set[str], extra: list[tuple[int, int, str]] = ()) -> set[int]:
    """Words between two typed things (nouns or anchors) whose types have exactly one relation in the ontology,
    when the plan uses it: whatever verb the question chose ("produce", "bore the brunt of"), it can only mean that."""
    typed = sorted([(n.start, n.end, n.type) for n in r.nouns]
                   + [(i, i + 1, a.type) for a in r.anchors for i in [r.anchor_at.get(a.id, -1)] if i >= 0]
                   + list(extra))
    out: set[int] = set()
    # a word of another relation ("directed *sequels* to films") says that relation, not the one the plan used
    others = {lx.stem(w) for phrase, edge, _weak in lx.verb_phrases(r.onto) if edge not in used
              for w in phrase.split() if w not in lx.FUNCTION_WORDS and len(w) > 3}
    # an attribute said in other words ("have *insurance*" for insured) is a condition, not a relation word
    others |= {lx.stem(w) for w in r.words if len(w) >= 6
               and any(len(a) >= 6 and a[:5] in (w[:5], w[2:7], w[3:8]) for a in lx.attribute_words(r.onto))}
    # an edge's closed value in other words ("recommended *rejecting*" for recommendation=reject) is a condition
    # on the relation, not the relation
    edge_values = {w for e in r.onto.edge_types for a in e.attrs for v in a.values
                   for w in lx.words_of(str(v)) if len(w) >= 3 and w not in lx.FUNCTION_WORDS}
    edge_values |= {w for e in r.onto.edge_types for a in e.attrs if a.values and set(a.values) <= {"true", "false"}
                    for w in lx.words_of(a.name.replace("_", " ")) if len(w) >= 7}  # a yes/no edge's own word
    others |= {lx.stem(w) for w in r.words if len(w) >= 3 and any(
        w == x or (w.startswith(x) and w[len(x):] in ("ing", "ed", "d", "s", "es")) or same_verb(w, x)
        or x in (w + "er", w + w[-1] + "er")  # "did X *win* Y": outcome = won / winner
        or (len(w) >= 7 and len(x) >= 7 and w[:6] == x[:6])  # "ended in *completion*": status = completed
        for x in edge_values)}
    # ... also as its agent or patient noun ("*mentees*" for MENTORED_BY, walked or not)
    roots = {lx.role_root(w) for phrase, edge, _weak in lx.verb_phrases(r.onto) if edge not in used
             for w in phrase.split() if w not in lx.FUNCTION_WORDS and len(w) > 3}
    others |= {lx.stem(w) for w in r.words if len(w) > 4 and lx.role_root(w) in roots}
    slots = {(s, e) for s, e, _t in extra}
    verb_at = lx.verb_positions(r.onto, r.words)
    for (s1, e1, t1), (s2, _e2, t2) in zip(typed, typed[1:], strict=False):
        rel = _relations(r.onto, t1, t2)
        start = e1
        if (s1, e1) in slots:
            # "which *tail numbers* has M worked aboard": the words right after a wh-word are the noun asked for,
            # not relation words; a noun no type has stays unexplained ("what's the total number of *vehicles*")
            j = start
            while j < s2 and (r.words[j] in lx.FUNCTION_WORDS | _COUNT_WORDS or r.words[j] == "s"):
                j += 1
            if any(r.words[x] in _COUNT_WORDS for x in range(start, j)):
                start = j
            while (start < s2 and r.words[start] not in lx.FUNCTION_WORDS and start not in verb_at
                   and start not in r.explained and r.words[start] != "_"):
                start += 1
        gap = [w for i, w in enumerate(r.words[e1:s2], e1) if w not in lx.FUNCTION_WORDS and w != "_"
               and i not in r.explained]
        # a self-relation in other words ("members *brought in by* people X referred") may be a hop the route
        # did not walk, or the other way round: never taken as said
        if len(rel) == 1 and rel <= used and len(gap) <= MAX_RELATION_WORDS + 1 and not set(r.words[e1:s2]) & INDEFINITES \
                and t1 != t2:
            out |= {i for i in range(start, s2) if lx.stem(r.words[i]) not in others and not _names_a_thing(r, i)
                    and not any(ch.isdigit() for ch in r.words[i])}  # a number is a condition, not a relation word
    modal = next((i for i, w in enumerate(r.words) if w in lx.MODALS), None)
    if modal is not None:  # "how many vehicles can the depot hold": a capacity, not the relation it has now
        out = {i for i in out if not (i > modal and r.words[i] in lx.CAPACITY_VERBS)}
    if len(typed) >= 2:
        # "the accounts that the outage left stranded": words after the last of two related things end the relation
        (_s, e1, t1), (s2, e2, t2) = typed[-2], typed[-1]
        rel = _relations(r.onto, t1, t2)
        tail = [w for i, w in enumerate(r.words[e2:], e2) if w not in lx.FUNCTION_WORDS and w != "_" and i not in r.explained]
        # not after two type nouns said as one compound ("host vulnerability *findings* still *unpatched*": the
        # compound already says the relation, so what follows is something else)
        compound = e1 == s2 and {s2, e1 - 1} <= {i for n in r.nouns for i in range(n.start, n.end)}
        if (len(rel) == 1 and rel <= used and e2 < len(r.words) and len(tail) <= MAX_RELATION_WORDS and t1 != t2
                and not compound):
            out |= {i for i in range(e2, len(r.words)) if not any(ch.isdigit() for ch in r.words[i])
                    and lx.stem(r.words[i]) not in others and not _names_a_thing(r, i)}
    if modal is not None:
        out = {i for i in out if not (i > modal and r.words[i] in lx.CAPACITY_VERBS)}
    return out


_COUNT_WORDS = frozenset("total number count sum".split())  # not "how many X": X there may say the relation


def _verb_of_value(r: Reading, i: int) -> bool:
    """A verb right before a closed value the plan filters on, a preposition between at most ("servers that *run*
    Debian 12", "services *written* in Go"): the verb says the value, not another relation."""
    w = r.words[i]
    if i in lx.verb_positions(r.onto, r.words) or not is_verb_word(w):
        return False
    k = i + 1
    # "*play* the Sniper position", "*went* to overtime", "*went* out over the radio": particles, prepositions
    # and articles between, three words at most
    while k < min(i + 4, len(r.words)) and r.words[k] in _TO_VALUE:
        k += 1
    how = r.explained.get(k, "") if k < len(r.words) else ""
    edge_values = {a.name for e in r.onto.edge_types for a in e.attrs} - {e.name for e in r.onto.edge_types}
    # a value of the edge's own attribute too ("assignments with the analyst *acting* as reviewer")
    return how.startswith("filter ") or (how.startswith("edge ") and how.split()[1] in edge_values)


_TO_VALUE = frozenset("in on with as of from by to into at for over out up the a an".split())


_HEAD_PREPOSITIONS = frozenset("of on at in for from by with about to".split())  # "the *rides on* bike B"


def _hyphen_prefix(r: Reading, i: int) -> bool:
    """ "*e*-bikes", "*x*-ray": a letter or two joined by a hyphen to the next word says a kind of it."""
    if i + 1 >= len(r.words) or r.words[i] in lx.FUNCTION_WORDS or len(r.words[i]) != 1:
        return False  # one letter: "co-op" is a word of its own
    return re.search(rf"\b{re.escape(r.words[i])}-{re.escape(r.words[i + 1])}", r.question, re.I) is not None


# words before a type noun that the field rule reads (two: "group fitness classes")
MAX_FIELD_WORDS = 2


def _field_modifier(r: Reading, i: int) -> bool:
    """ "how many *clinical* trials", "*maintenance* technicians", "*group fitness* classes": a word (or two) right
    before a type noun that names the field the graph's things are in (``names_a_field``) and no word of this
    graph (no attribute, value, type or relation word) describes all of them, the way the question's writer knows
    them. Not when the type records kinds (a genre or category: the word may be an unlisted kind) or the word is a
    kind of the noun by WordNet ("documentary" films): then it picks some of them."""
    k = i
    while k < len(r.words) and k - i < MAX_FIELD_WORDS and not any(n.start == k for n in r.nouns):
        if not _field_word(r, k):
            return False
        k += 1
    noun = next((n for n in r.nouns if n.start == k and k > i), None)
    if noun is None or noun.generic or noun.value or noun.type == "*":
        return False
    vt = r.onto.vertex_type(noun.type)
    if vt is None or has_kinds(vt):
        return False
    head = r.words[noun.end - 1]
    heads = {f for f in lx.plural_forms(head)} | {n for n in vt.nouns if " " not in n}
    return not any(is_kind_of(r.words[j], h) for j in range(i, k) for h in heads)


def _field_word(r: Reading, i: int) -> bool:
    w = r.words[i]
    if w in lx.FUNCTION_WORDS or w == "_" or any(ch.isdigit() for ch in w) or len(w) < 3 or i in r.explained:
        return False
    if w in _graph_words(r.onto):
        return False  # the graph's own word: a condition or a hop, read (or missed) elsewhere
    return names_a_field(w)


@lru_cache(maxsize=16)
def _graph_words(onto: Ontology) -> frozenset[str]:
    """Every word of the ontology: type nouns, attribute names and words, closed values, relation words."""
    out = set(lx.attribute_words(onto)) | {w for n in lx.nouns(onto) for w in n.split()}
    out |= {w for ph, _e, _w in lx.verb_phrases(onto) for w in ph.split()}
    out |= {w for ws, _t in _value_phrases(onto) for w in ws}
    out |= {w for e in onto.edge_types for a in e.attrs for v in a.values for w in lx.words_of(str(v))}
    return frozenset(out)


def _of_graph_name(onto: Ontology, w: str) -> bool:
    """A word made from the graph's name ("*parliamentary* committees" in a graph named parliament): of it all."""
    return any(len(n) >= 6 and len(w) > len(n) and w.startswith(n) for n in lx.words_of(onto.name.replace("_", " ")))


def _capitals(r: Reading, w: str) -> bool:
    """ "which *MP* spoke …", "*GP*s": a two-letter word written in capitals is an abbreviation of a noun, not a
    small word; left unread it must count, or the question reads as if it named nothing."""
    return len(w) == 2 and w.isalpha() and re.search(rf"\b{re.escape(w.upper())}s?\b", r.question) is not None


def _names_a_thing(r: Reading, i: int) -> bool:
    """A noun of its own between two related things, not a word for their relation: owned ("X's *boss*") or the
    head of an of-phrase ("the *pupils* of X")."""
    w = r.words[i]
    if any(n.start == i + 1 for n in r.nouns):
        return False  # "WILLOW-DM's *principal* investigator": a modifier of a type noun
    owned = (i > 1 and r.words[i - 1] == "s" and w not in lx.FUNCTION_WORDS) or (
        i > 0 and r.words[i - 1] != "_" and re.search(rf"\b{re.escape(r.words[i - 1])}['’]\s+{re.escape(w)}\b",
                                                     r.question, re.I) is not None)  # "lenders' *works*"
    anchored = {p for a in r.anchors for p in [r.anchor_at.get(a.id, -1)] if p >= 0}
    head = (i + 1 < len(r.words) and w.endswith("s") and len(w) > 3 and (
        (r.words[i + 1] == "of" and bool(anchored & set(range(i + 2, i + 5))))  # "the pupils of X" (X named), not
        # "members of the Y alliance"; "*rides on* bike B": another preposition, the name right after it
        or (r.words[i + 1] in _HEAD_PREPOSITIONS and i + 2 in anchored)))
    # "how many Vertical Climber *units*": a plural noun right after a name (no verb: "X *sponsors* Y" is one)
    after_name = (bool(r.count or r.aggregate) and i > 0 and r.words[i - 1] == "_" and w.endswith("s")
                  and not w.endswith("ss") and len(w) > 3 and not is_verb_word(w))  # what is counted, not a
    # role on the way ("the Sterling Scholarship *winners*": the students it went to)
    return owned or head or after_name


# Content words a verb phrase about the data's owner may have ("does the co-op *keep track of*").
MAX_OWNER_WORDS = 3


def _owner_words(r: Reading) -> set[int]:
    """ "belong to *the cooperative*", "are in *the fleet*", "does *the company* employ": a singular organisation
    or group that no type, attribute or value of the graph names is whoever owns the data, like "we"; it and the
    few words of its verb (up to the typed thing before it, or to the end) restrict nothing."""
    known = lx.attribute_words(r.onto) | set(lx.nouns(r.onto)) | {
        w for ph, _e, _w in lx.verb_phrases(r.onto) for w in ph.split()}
    typed = {i for n in r.nouns for i in range(n.start, n.end)} | {i for i, w in enumerate(r.words) if w == "_"}
    out: set[int] = set()
    for i, w in enumerate(r.words):
        if (i == 0 or r.words[i - 1] not in ("the", "our") or i in r.explained or i in typed or w in known
                or w.endswith("s") or len(w) < 4 or not names_collective(w)):
            continue
        if any(lx.words_of(str(v)) == [w] for vt in r.onto.entity_types() for a in vt.attrs for v in a.values):
            continue  # a value of its own ("the Gold" tier) is a filter
        before = max([j for j in typed if j < i], default=-1)
        after = min([j for j in typed if j > i], default=len(r.words))
        if after < len(r.words) or w in lx.PEOPLE_WORDS:
            continue  # "the people X referred": a set said before what it relates to, not the data's owner
        span = [j for j in range(before + 1, after) if j != i and r.words[j] not in lx.FUNCTION_WORDS
                and j not in r.explained]
        if len(span) > MAX_OWNER_WORDS or any(r.words[j] in known or any(ch.isdigit() for ch in r.words[j])
                                                or not is_verb_word(r.words[j]) for j in span):
            continue  # only the verb of "belong to the co-op", "does the company employ"; a noun may be a hop
        out |= {i, *span}
    return out


OWNER_PRONOUNS = frozenset("we us you they".split())
_AUX = frozenset("do does did are is was were have has had".split())
_OWNER_DETERMINERS = frozenset("the our this your their whole entire".split())
MAX_SCOPE_VERBS = 2  # "does the co-op *keep track* of": a verb and its particle noun at most


def _whole_type_scope(r: Reading, target: str | None) -> set[int]:
    """ "how many bikes *does the scheme have*", "how many threat actors *do we track*", "how many medications *are in
    the formulary*", "personal trainers *on the books*": in a count of one type with nothing named, the words after
    its noun that say who keeps the records (we, or a singular noun no word of the graph names: no place, person or
    time) and a verb or two of theirs, or where the records are kept. They restrict nothing the graph records: the
    count is of the whole type. Any other word after the noun (a verb of the counted things: "how many students
    *failed*") keeps its weight."""
    if not r.count or r.anchors or target is None or len({n.type for n in r.nouns}) != 1:
        return set()
    noun = r.nouns[-1]
    if noun.type != target or noun.generic:
        return set()
    rest = [(i, w) for i, w in enumerate(r.words[noun.end :], noun.end) if w not in ("?", ".", "!")]
    graph = _graph_words(r.onto)
    out: set[int] = set()
    owner = verbs = 0
    for k, (i, w) in enumerate(rest):
        before = rest[k - 1][1] if k else ""
        if w in lx.FUNCTION_WORDS and w not in OWNER_PRONOUNS:
            continue
        if r.explained.get(i) == "the dataset":
            owner += 1  # "does the *database* hold"
            continue
        if any(ch.isdigit() for ch in w) or w in graph or i in r.explained:
            return set()
        if w in OWNER_PRONOUNS or w in lx.RECORD_WORDS:
            owner += w in OWNER_PRONOUNS
            out.add(i)
        elif before in _OWNER_DETERMINERS | {"on", "in"} and keeps_records(w):
            owner += 1  # "the co-op", "the formulary", "on staff", "on the books", "in the fleet"
            out.add(i)
        elif is_verb_word(w) and not w.endswith("ed") and verbs < MAX_SCOPE_VERBS and (owner or any(
                x in _AUX for _j, x in rest[:k])) and not is_modifier_word(w):
            verbs += 1  # "do we *run*", "does the airline *employ*", "are we *tracking*"
            out.add(i)
        elif w in ("track", "record", "file", "offer", "books", "staff") and before in ("keep", "on", "of"):
            out.add(i)
        else:
            return set()
    return out if owner or not verbs else set()


def account(r: Reading, used_edges: set[str], impact: bool, target: str | None = None,
            scene_signal: frozenset[str] = frozenset()) -> tuple[float, list[str]]:
    """(confidence, unexplained words): the share of content words the plan accounts for. Words of a scene-setting
    clause count only when they are in ``scene_signal`` (closed values: a filter the plan may have missed)."""
    verb_at = lx.verb_positions(r.onto, r.words)
    ops = lx.operator_positions(r.words)
    # a relation whose words the plan read ("minutes over X's SPOKE_IN edges"): its other forms are its words too
    read_edges = set(used_edges) | {how.split()[1] for how in r.explained.values()
                                    if how.startswith("edge ") and not how.startswith("edge attribute")}
    impact_at = lx.impact_positions(r.onto, r.words) if impact else set()
    used = used_edges | ({"derived"} if impact else set())
    # a wh-word that stands for the target ("who was hit by …") is a typed slot like a noun
    first = next((i for i in range(r.ask_from, len(r.words)) if r.words[i] != "_"), -1)
    wh_slot = [(first, first + 1, target)] if (target and first >= 0 and r.words[first] in lx.WH_WORDS
                                               and not any(n.type == target for n in r.nouns)) else []
    waypoints = _generic_waypoints(r, used_edges)
    single = _single_relation_words(r, used, wh_slot + [(i, i + 1, t) for i, t in waypoints.items()])
    text = " ".join(r.words)
    generic: set[int] = set()
    for m in lx.GENERIC_RELATION.finditer(text):
        start = len(text[: m.start()].split())
        span = range(start, start + len(m.group(0).split()))
        near_us = set(r.words[max(0, span.start - 2) : span.stop + 2]) & {"we", "us", "our"}
        # "hotels that belong to the Boutique brand": the value after it is the relation meant (a filter)
        to_value = any((r.explained.get(j) or "").startswith(("filter", "attribute"))
                       for j in range(span.stop, min(span.stop + 3, len(r.words))))
        if used_edges or near_us or to_value:  # "the vendors we work with": our own, i.e. all of them
            generic |= set(span)
    generic |= _owner_words(r) | _whole_type_scope(r, target)
    edge_words = {lx.stem(w) for phrase, edge, _ in lx.verb_phrases(r.onto) if edge in used_edges for w in phrase.split()}
    used_heads = {phrase.split()[0] for phrase, edge, weak in lx.verb_phrases(r.onto) if edge in used_edges and not weak}
    used_forms = {w for phrase, edge, _ in lx.verb_phrases(r.onto) if edge in read_edges for w in phrase.split()
                  if w not in lx.FUNCTION_WORDS}
    # a word this graph's attributes are named with is content here, even where it is filler elsewhere ("sit on
    # the *board*" with is_board_member)
    own_words = {w for w in lx.attribute_words(r.onto) if len(w) >= 4} - {"name", "type", "kind", "count", "number"}
    self_walked = any(e.src == e.dst for name in used_edges for e in r.onto.edges(name))
    walked_types = {t for name in used_edges for e in r.onto.edges(name) for t in (e.src, e.dst)}
    walked_nouns = {lx.stem(n) for n, t in lx.nouns(r.onto).items() if t in walked_types and " " not in n}
    content, unexplained = len(r.anchors), []  # each anchor mention is one explained content word
    idle_at: set[int] = set()
    for i, w in enumerate(r.words):
        if w == "_":
            continue
        if i in r.explained or i in waypoints:
            content += 1
            continue
        if ((w in lx.FUNCTION_WORDS and w not in own_words) or w in lx.WH_WORDS
                or (len(w) <= 2 and not any(ch.isdigit() for ch in w) and not _hyphen_prefix(r, i)
                    and not _capitals(r, w))
                or w in lx.words_of(r.onto.name.replace("_", " "))  # "the university" in a graph named so
                or _of_graph_name(r.onto, w)):
            continue
        if w in lx.RECORD_WORDS and i not in verb_at:
            continue
        if i < r.ask_from and w not in scene_signal and not r.retyped:
            continue  # a scene-setting clause ("X is coming up for renewal.") names the anchor; the question is later
        content += 1
        if w in lx.PEOPLE_WORDS and self_walked:
            continue  # "the people X referred": others of the named one's kind, at the self-relation's far end
        if r.yesno and (w[:-1] if w.endswith("s") else w) in {
                noun.split()[-1] for a in r.anchors for noun in r.onto.vertex_type(a.type).nouns if " " in noun}:
            continue  # "Is the Cinder Hybrid an electric *model*?": the head of the named one's own type noun
        if w in lx.GENERIC_NOUNS and any(n.end == i and not n.generic for n in r.nouns):
            continue  # "partner *organisations*", "supplier *companies*": a generic head after the type's own noun
        if (i > 0 and r.words[i - 1] == "ever" and is_verb_form(w)
                and any(x in lx.TOP_WORDS | lx.BOTTOM_WORDS for x in r.words[:i])
                and all(x in ("?", "_", ".", "!") for x in r.words[i + 1 :])):
            continue  # "the longest match *ever played*": the superlative's scope (all of them), said last
        if (i in ops or i in impact_at or i in r.references or i in single or i in generic or _verb_of_value(r, i)
                or lx.stem(w) in edge_words or verb_at.get(i) in used_edges
                or (is_verb_form(w) and any(same_verb(w, x) for x in used_forms))  # "*speaking*" for SPOKE_IN
                or any(lx.says_relation(w, h) for h in used_heads)):  # "employees of X" for EMPLOYED_BY
            continue
        if is_verb_form(w) and lx.stem(w) in walked_nouns:
            continue  # "critics who *reviewed* X": the walk goes through the Review written about X
        if _field_modifier(r, i):
            continue  # "*clinical* trials", "*docking* stations": the field all of them are in
        unexplained.append(w)
        idle_at.add(i)
    light = lx.AGENT_VERBS | lx.RECIPIENT_VERBS | {lx.stem(x) for x in lx.WEAK_VERBS}
    if self_walked and any(is_verb_form(w) and w not in light and lx.stem(w) not in light
                           for w in unexplained) and "hop?" not in r.doubts:
        # "members *brought in by* people X referred": a verb no relation has, where a self-relation is walked, may
        # be another hop of it (or the way back)
        r.doubts.append("hop?")
    unexplained += r.doubts
    content += len(r.doubts)
    if not content:
        return 1.0, unexplained
    confidence = round(1.0 - len(unexplained) / content, 3)
    nouns = _relation_nouns(r.onto, frozenset(used_edges))
    # only self-relations of a type the plan involves: a hop from a thing to another of its kind that the route
    # skipped ("packages that *depend* on something maintained by M")
    involved = r.anchor_types | {target} | {t for e in r.onto.edge_types if e.name in used_edges for t in (e.src, e.dst)}
    missed = {lx.stem(w) for phrase, edge, weak in lx.verb_phrases(r.onto) if edge not in used_edges and not weak
              and all(e.src == e.dst and e.src in involved for e in r.onto.edges(edge))
              for w in phrase.split()[:1] if len(w) > 3 and w not in lx.FUNCTION_WORDS} - edge_words
    # the verb of another relation of the answer's own type with a type the plan never reaches, said as a verb and
    # not walked: a hop the plan missed ("who *wrote* the sequel to X" answered with the sequel; "what have the
    # people X referred *borrowed*"). Not an adjective ("the *affected* region"), not before a comparison ("born
    # *before 1950*" is the birth date the filter used), not a relation between types the route already joins.
    own_verbs = {lx.stem(phrase.split()[0]) for phrase, edge, weak in lx.verb_phrases(r.onto)
                 if edge not in used_edges and not weak and len(phrase.split()[0]) > 3
                 and phrase.split()[0] not in lx.FUNCTION_WORDS
                 and lx.stem(phrase.split()[0]) not in {lx.stem(w) for w in lx.WEAK_VERBS}
                 and any(target in (e.src, e.dst) and ({e.src, e.dst} - {target}) - involved
                         for e in r.onto.edges(edge))}
    typed_at = sorted([(n.start, n.type) for n in r.nouns]
                      + [(i, a.type) for a in r.anchors for i in [r.anchor_at.get(a.id, -1)] if i >= 0])
    far_ends = {lx.stem(phrase.split()[0]): {t for e in r.onto.edges(edge) for t in (e.src, e.dst)} - {target}
                for phrase, edge, _w in lx.verb_phrases(r.onto)}

    def loose(i: int, w: str) -> bool:
        """Typed things on both sides, neither the verb's own far end: "suppliers *used* by accounts" says the
        Customer-Vendor relation the route walked in another relation's words."""
        left = [t for p, t in typed_at if p < i]
        right = [t for p, t in typed_at if p > i]
        return bool(left and right) and not ({left[-1], right[0]} & far_ends.get(lx.stem(w), set()))

    as_verb = {lx.stem(w) for i, w in enumerate(r.words) if not (i and r.words[i - 1] in _ADJECTIVE_BEFORE)
               and not (i + 1 < len(r.words) and (r.words[i + 1] in _COMPARISON_NEXT
                                                   or any(ch.isdigit() for ch in r.words[i + 1])))
               and not loose(i, w)}
    missed |= own_verbs & as_verb
    unused_verbs = [w for phrase, edge, weak in lx.verb_phrases(r.onto) if edge not in used_edges and not weak
                    for w in phrase.split()[:1] if w not in lx.FUNCTION_WORDS and len(w) > 3]
    # agent and patient nouns of those verbs, not the verbs ("deliver" is the verb of "delivered to")
    unused_roots = {lx.role_root(w) for w in unused_verbs} - {lx.role_root(w) for w in r.words
                                                                if lx.stem(w) in {lx.stem(v) for v in unused_verbs}}
    # the name of a relation of a type the plan involves, not walked: "Thistle Airways' *hubs*" for HUB_AT
    heads = {lx.stem(t[0]) for e in r.onto.edge_types if e.name not in used_edges and not e.structural
             and {e.src, e.dst} & involved for t in [lx.words_of(e.name.replace("_", " "))]
             if len(t[0]) >= 3 and t[0] not in lx.FUNCTION_WORDS}
    missed |= heads & {lx.stem(w) for i, w in enumerate(r.words)
                       if i not in lx.verb_positions(r.onto, r.words) and not is_verb_form(w)}  # not "born before"
    if r.doubts or (r.fragile and unexplained) or _value_unread(r, idle_at, involved) or any(
            any(ch.isdigit() for ch in w) or lx.stem(w) in nouns | missed
            or (len(w) > 4 and w.endswith(_ROLE_ENDINGS) and lx.role_root(w) in unused_roots) for w in unexplained):
        # a number the plan did not use is a condition it missed ("scored 90 or more"), and a relation noun or verb
        # (or its agent or patient noun: "mentees") it did not walk is a hop it missed ("directors of *sequels* to
        # films", "packages *maintained* by …"), and a doubt is a guess between readings: never exact
        confidence = min(confidence, NUMBER_MISSED_CONFIDENCE)
    return confidence, unexplained


def _generic_waypoints(r: Reading, used_edges: set[str]) -> dict[int, str]:
    """ "which engineers work at *the company* that built X": a generic noun followed by "that"/"which"/"who" and
    the verb of a relation the plan walks is that relation's other end (the Contractor that built the spacecraft),
    a thing on the route: word index -> its type."""
    verb_at = lx.verb_positions(r.onto, r.words)
    typed = {i: n.type for n in r.nouns for i in range(n.start, n.end)} | {
        r.anchor_at[a.id]: a.type for a in r.anchors if a.id in r.anchor_at}
    out: dict[int, str] = {}
    for i, w in enumerate(r.words[:-2]):
        if w not in lx.GENERIC_NOUNS or i in r.explained or r.words[i + 1] not in ("that", "which", "who"):
            continue
        name = verb_at.get(i + 2)
        if name is None or name not in used_edges:
            continue
        after = next((typed[j] for j in range(i + 3, len(r.words)) if j in typed), None)
        ends = {t for e in r.onto.edges(name) if e.src != e.dst for t in (e.src, e.dst)} - {after}
        if after is not None and len(ends) == 1:
            out[i] = ends.pop()
    return out


def _value_unread(r: Reading, idle: set[int], involved: set[str]) -> bool:
    """A closed value of several words said whole ("the *crew managers* that X commands" for rank Crew Manager)
    with a word of it unread: a condition on a type of the plan that the plan did not apply."""
    for phrase, types in _value_phrases(r.onto):
        n = len(phrase)
        if n < 2 or not types & involved:
            continue
        for i in range(len(r.words) - n + 1):
            if lx.same_words(r.words[i : i + n], list(phrase)) and idle & set(range(i, i + n)):
                return True
    return False


def slot_doubts(r: Reading, unexplained: list[str], operator: str | None) -> list[str]:
    """Doubts about the question's key slots, whatever share of words the plan explains: the word a wh-word asks
    for ("what *score* did X give", "who *bought* …") or the thing a superlative or total measures ("the most
    *hours*", "total *attendance*") left unexplained means the plan answers another question; so does a "when"
    answered with things instead of a date."""
    out: list[str] = []
    idle = set(unexplained)

    def unread(k: int | None) -> bool:
        """The noun phrase from ``k`` to the next small word or verb form ("total *passenger capacity*", "the most
        *hours* responding") is all unexplained."""
        if k is None or r.words[k] not in idle:
            return False
        end = next((j for j in range(k + 1, len(r.words)) if r.words[j] in lx.FUNCTION_WORDS or r.words[j] == "_"
                    or r.words[j].endswith(("ing", "ed"))), len(r.words))
        return all(r.words[j] in idle for j in range(k, end))

    asked = [i for i in range(r.ask_from, len(r.words)) if r.words[i] != "_"]
    if asked and r.words[asked[0]] in ("what", "which", "who", "whom", "where"):
        # the first word of the asked noun phrase, past a clipped piece ("which *co*-ops")
        noun_next = r.words[asked[0]] in ("what", "which")  # a noun phrase follows, not "who's on …"
        k = next((j for j in asked[1:] if r.words[j] not in _SLOT_SKIP
                  and (len(r.words[j]) > 2 or not noun_next or _capitals(r, r.words[j]))), None)
        if unread(k) or (k is not None and r.words[k] in idle and _capitals(r, r.words[k])):
            out.append("asked?")
    if asked and r.words[asked[0]] == "when" and operator in ("list", "count"):
        out.append("when?")
    extreme = [i for i, w in enumerate(r.words) if (w in _EXTREME_WORDS or w in lx.TOP_WORDS | lx.BOTTOM_WORDS)
               and i not in r.explained and not (i and r.words[i - 1] == "at")
               and not (i + 1 < len(r.words) and r.words[i + 1] in ("name", "names", "time"))]
    if extreme and operator in ("list", "exists") and not r.count:
        out.append("extreme?")  # "the *first* stop on line L" answered with every stop: the extreme was not read
    if operator == "list" and (r.count or r.aggregate) and not r.superlative:
        out.append("form?")  # "how much did X put toward Y", "how many …" answered with a list of things
    for i, w in enumerate(r.words):
        if w in idle and i not in r.explained and _names_a_thing(r, i) and operator not in ("value", "exists"):
            out.append("thing?")  # "the *pupils* of X", "lenders' *works*": a thing on the way the plan did not read
            break
    for i, w in enumerate(r.words):
        k = next((j for j in range(i + 1, min(len(r.words), i + 4)) if r.words[j] not in _SLOT_SKIP), None)
        if i and r.words[i - 1] == "in" and w == "total":
            continue  # "how many patients *in total* have been taken to H": an adverb, the measure was before it
        if (w in _MEASURE_WORDS or w in ("most", "least", "fewest")) and (unread(k) or (
                w in ("most", "least") and k is not None and r.words[k] in idle and is_modifier_word(r.words[k]))):
            out.append("measured?")  # "the most *expensive* treatment": what ranks them was not read
            break
    return out


_EXTREME_WORDS = frozenset("first last earliest latest newest oldest youngest".split())
# words between a wh-word or superlative and the slot it governs ("what kind of", "which of the", "the most")
_SLOT_SKIP = frozenset("do does did is are was were has have had be been the a an of kind kinds type types sort "
                       "many much one ones exactly precisely".split())
_MEASURE_WORDS = frozenset("total sum combined average mean highest lowest biggest largest greatest smallest".split())


# "services that rely on *something* the team owns": a thing between the two, so more than their one relation
INDEFINITES = frozenset("something anything someone anyone somebody anybody things stuff".split())
_ROLE_ENDINGS = ("ee", "ees", "or", "ors", "er", "ers")  # agent and patient nouns, not participles ("affected")
_ADJECTIVE_BEFORE = frozenset("the a an this that these those its their his her our your my".split())
_COMPARISON_NEXT = frozenset("before after since until between over under above below more less than in on during "
                             "from".split())


@lru_cache(maxsize=256)
def _relation_nouns(onto: Ontology, used: frozenset[str]) -> frozenset[str]:
    """Stems of relation nouns (the head of SEQUEL_OF, PREREQUISITE_OF, MEMBER_OF) of edges the plan did not use."""
    out = set()
    for e in onto.edge_types:
        toks = lx.words_of(e.name.replace("_", " "))
        if (e.name not in used and not e.structural and len(toks) >= 2 and toks[-1] in ("of", "to", "for")
                and not toks[0].endswith(("ed", "s")) and len(toks[0]) > 3):
            out.add(lx.stem(toks[0]))
    return frozenset(out)


NUMBER_MISSED_CONFIDENCE = 0.5
