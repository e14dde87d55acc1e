"""The planner's vocabulary: ontology phrases (type nouns, attribute words, edge verbs) and the language of
operators, references and function words, with the morphology that lets a new inflection find its concept.

Nothing here is tuned to a question suite. Ontology words come from ``core.schema``; the operator, reference and
function words are ordinary English (how counting, pointing back and filler are said), so a word a question uses
is either a known concept, a known kind of English word, or *unexplained* (which lowers the plan's confidence).
"""

from __future__ import annotations

import re
from functools import lru_cache

from core.ontology import Ontology
from core.retrieval.linking import normalise
from core.type_synonyms import adjective_measures, names_collective

# ---- answer-form language ------------------------------------------------------------------------------------------
# Counting, in the ways English asks for a number of things ("tally", "count up", "how big is the set of").
COUNT = re.compile(
    r"\b(how many|number of|count|counts|counting|counted|tally|tallies|tallied|tot up|total number|quantity of|"
    r"how big|size of|headcount|enumerate how many|volume|what s the figure)\b"
)
SUPERLATIVE = re.compile(r"(?<!at )\b(most|fewest|least|highest number|largest number|greatest number|biggest number)\b")
AGGREGATES = {
    "total": re.compile(r"\b(total|sum|summed|combined|aggregate|altogether|add up|adds up|added up|add up to|how much)\b"),
    "average": re.compile(r"\b(average|mean|typical|avg)\b"),
}
# A yes/no question over a set: "are there any", "were any", "does any vendor", "is there a".
ANY = re.compile(r"\b(any|anyone|anything|at least one|there (is|are|was|were)|exist|exists)\b")
# "won't" is read by its "t" ("won" alone is the past of win: "awards *won* by X")
NEGATION_WORDS = frozenset("not no never without lacking lack lacks none nothing nor don doesn didn isn aren wasn weren "
                           "hasn haven hadn t".split())
NEGATION = re.compile(r"\b(not|no|never|without|lacking|lack|lacks|none|nothing|free of|nor|don t|doesn t|didn t|"
                      r"isn t|aren t|wasn t|weren t|hasn t|haven t|hadn t)\b")
# Said before (or, for "aside", after) a named entity, these take what it reaches out of the answer.
EXCLUSION = re.compile(r"\b(outside( of)?|except( for)?|excluding|exclude|other than|apart from|aside from|leaving aside|"
                       r"setting aside|putting aside|besides|barring|but not|not counting|without counting|save for|"
                       r"not in|not at|not from|beyond|leaving out|leave out|leaves out|minus|without)(\s+(the|a|an|any))?\s*$")
# A noun after one of these is not constrained ("in any region", "across every region").
UNCONSTRAINED = frozenset("any every each all whatever whichever".split())
# Superlatives over a numeric attribute: max for the first group, min for the second.
# What an adjective measures, as words an attribute's name may hold ("the longest track" -> milliseconds).
MEASURES = {
    "long": ("duration", "length", "millisecond", "second", "minute", "hour", "day", "time", "page"),
    "short": ("duration", "length", "millisecond", "second", "minute", "hour", "day", "time", "page"),
    "big": ("size", "bytes", "amount", "total", "budget", "count"), "larg": ("size", "bytes", "amount", "total", "budget"),
    "small": ("size", "bytes", "amount", "total", "budget"), "expensiv": ("price", "cost", "amount"),
    "cheap": ("price", "cost", "amount"), "heavi": ("weight", "bytes"), "old": ("age",), "young": ("age",),
    "prici": ("price", "cost", "amount"), "costli": ("price", "cost", "amount"),
}


def measures(base: str) -> tuple[str, ...]:
    """What an adjective's stem measures, as words an attribute's name may hold: the list above, then WordNet's
    attribute nouns for the adjective ("fast" -> speed, "tall" -> height, "deep" -> depth)."""
    return tuple(dict.fromkeys((*MEASURES.get(base, ()), *sorted(adjective_measures(base)))))
# Verbs of paying: they say an amount of money ("how much has X *spent* on tickets").
MONEY_VERBS = frozenset("spend spends spent spending pay pays paid paying cost costs costing charge charges charged "
                        "bill bills billed earn earns earned invoice invoiced invoices".split())
# Superlatives over a date attribute: the latest and the earliest.
DATE_TOP = frozenset("latest newest recent recently last youngest".split())  # youngest: the latest birth
DATE_BOTTOM = frozenset("first earliest oldest".split())
TOP_WORDS = frozenset("strongest best healthiest busiest heaviest tallest widest deepest fastest "
                      "biggest largest highest greatest longest most top maximum max latest newest costliest "
                      "priciest richest".split())
BOTTOM_WORDS = frozenset("smallest lowest shortest least fewest minimum min earliest oldest cheapest weakest worst poorest "
                         "lightest slowest narrowest".split())
# Inclusion of the named entity itself in a set of its own type ("counting it", "that one included").
INCLUDE_WORDS = frozenset("including included inclusive counting incl".split())
# Verbs that say a relation through its noun: the agent's ("made / sent referrals") or the recipient's ("received").
AGENT_VERBS = frozenset("made make makes sent send sends gave give gives issued issue issues wrote write writes".split())
RECIPIENT_VERBS = frozenset("received receive receives got get gets".split())

# Words for people in general ("the people X mentors"): no type, any person.
PEOPLE_WORDS = frozenset("people someone somebody persons".split())

# Phrases that say two things are related without saying how: the ontology's relation between the two types
# is meant (the default path), so they are not unexplained.
GENERIC_RELATION = re.compile(
    r"\b(related to|relating to|linked to|linked with|connected to|connected with|associated with|tied to|"
    r"trace back to|traced back to|traces back to|traceable to|stem from|stems from|stemming from|stemmed from|"
    r"attributable to|attributed to|belong to|belongs to|belonging to|involving|involved in|involved with|"
    r"work with|works with|working with|deal with|deals with|do business with|responsible for|in charge of|"
    r"accountable for|associated|related|linked|reach out to|reach out|get in touch with|follow up with|contact|"
    r"call|notify|ping|talk to|speak to|"
    r"connected|tied|attached to|under|behind|with)\b"
)

# Words that point back to something named or reached earlier in the question.
REFERENCE_WORDS = frozenset("there it its they them their those these that this such same said latter former".split())
DEMONSTRATIVES = frozenset("that this those these the said same such their its".split())

# Ordinary English that carries no concept of its own (articles, auxiliaries, pronouns, prepositions, fillers,
# politeness and hedges). General language, not a list of question wordings.
FUNCTION_WORDS = frozenset(
    """a an the of to in on at by for from with without within into onto over under about across after before
    during through between among against per via as than then so such and or nor but if whether because while
    is are was were be been being am do does did done doing has have had having will would shall should can could
    may might must ought i me my we us our ours you your yours he him his she her hers it its they them their
    theirs this that these those there here what which who whom whose how when where why all any each every both
    either neither some such own same other another more less one ones very just also only even still yet ever
    currently presently now today right please kindly tell show give list name find get let know see say
    want need like looking look help hey hi ok okay exactly precisely roughly approximately about around actually
    really basically overall altogether across whole entire full complete entirely anything something everything
    nothing thing things one's s t don doesn didn isn aren wasn weren hasn haven hadn won wouldn couldn shouldn
    currently up out off down back again further once thanks thank quick quickly briefly overview also already
    network database db dataset data graph catalog catalogue inventory registry directory universe kind sort often
    frequently got gotten
    total number count many much consider considering regarding given suppose take single lone sole ones
    ever far respectively base pool roster set group collection lineup book footprint distinct unique different
    separate individual record records recorded file books system today mind think wonder curious interested
    rated rating ratings graded classified marked labelled labeled flagged tagged categorised categorized sat sit
    sitting overall ever slide slides deck board presentation meeting memo qbr briefing mean meant come comes coming
    came""".split()
)
# Nouns that name "some entity" without its type ("Which Software companies depend on X?", "anyone in R relying
# on V"): the type comes from the relation verb, as for "who".
GENERIC_NOUNS = frozenset(
    """company companies firm firms organisation organisations organization organizations business businesses
    entity entities party parties anyone anybody someone somebody everyone everybody member members folks names""".split()
)
WH_WORDS = frozenset("what which who whom whose how when where why".split())
# A value after one of these describes the entity ("tickets that are still open", "a case rated High").
PREDICATE_WORDS = frozenset({"is", "are", "was", "were", "still", "currently", "remain", "remains", "being", "now",
                             "have", "has", "had", "got", "get", "gets", "became", "become", "becomes",
                             "rated", "graded", "classified", "marked", "flagged", "labelled", "labeled", "tagged"})
# "sellers *based in* Germany", "clubs *located in* the North": a place verb before a value of the thing itself
LOCATION_VERBS = frozenset("based located situated headquartered registered operating".split())
# Weak verb phrases say little about which edge is meant.
WEAK_VERBS = frozenset({"in", "for", "have", "has", "had", "about", "use", "uses", "using", "serve", "serves",
                        "against", "run", "own", "experience", "cause", "power", "work"})
# Impact in other words (stems): being put out of service by, or exposed to, an event.
IMPACT_STEMS = ("knock", "took down", "take down", "taken down", "brought down", "bring down",
                "felt", "feel", "suffer", "down during", "went down", "caught", "struck", "damag", "blast radius")


# Record-keeping words: "how many events have been *logged*", "captains *on file*", "checks *carried out*" say that
# the things exist in the data, nothing about which; they count as content only when they are an ontology verb.
RECORD_WORDS = frozenset("logged recorded registered listed filed file stored tracked conducted carried "
                         "documented captured made done happened occurred".split())


UNIT_WORDS = frozenset("seconds minutes hours days weeks months years".split())


_COUNTED_HEADS = frozenset("count counts number total".split())
_DURATION_UNITS = ("duration", "millisecond", "second", "minute", "hour", "time")
SPEED_WORDS = frozenset("fastest quickest slowest".split())


def highest_for(word: str, attr_name: str) -> bool:
    """Whether ``word`` ranks ``attr_name`` from the top: "the *fastest* finish time" over finish_minutes is the
    fewest minutes, "the slowest" the most; any other top word ranks from the top."""
    if word in SPEED_WORDS and names_measure(attr_name, _DURATION_UNITS):
        return word == "slowest"
    return word in TOP_WORDS or word in ("top", "best")


def names_measure(attr_name: str, units) -> bool:
    """The attribute's name holds one of ``units`` (what an adjective measures: "long" -> duration, length, page …)
    as what it is a number of: "runtime_min", "length_km", "page_count", "pages", "cost_estimate", not
    "page_views" (a number of views: a plural head after the unit's word counts other things)."""
    name = attr_name.lower()
    toks = name.replace("-", "_").split("_")
    for u in units:
        if u not in name:
            continue
        k = next((j for j, t in enumerate(toks) if u in t), None)
        after = toks[k + 1 :] if k is not None else []
        # a plural head after it counts other things ("page_views"); "cost_estimate" is still the cost
        if not after or not any(t.endswith("s") and len(t) > 3 and t not in _COUNTED_HEADS for t in after):
            return True
    return False


def words_of(text: str) -> list[str]:
    """Normalised words, hyphenated words split ("outage-related" -> outage related, "Mid-Market" -> mid market)."""
    return [part for w in normalise(text).split() for part in w.split("-") if part]


def phrase_of(text: str) -> str:
    return " ".join(words_of(text))


def stem(word: str) -> str:
    """A light English stemmer: enough to meet "depended"/"depending"/"depends" at "depend", and "handles"/
    "handled" at "handle" (a final e is dropped from every stem so both sides agree)."""
    w = word.lower()
    for suffix, repl in (("ies", "y"), ("ied", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if len(w) > len(suffix) + 2 and w.endswith(suffix):
            if suffix == "es" and not w[:-2].endswith(("s", "x", "z", "ch", "sh")):
                suffix = "s"  # "handles" -> handle, but "boxes" -> box
            w = w[: -len(suffix)] + (repl if suffix in ("ies", "ied") else "")
            if suffix in ("ing", "ed") and len(w) > 2 and w[-1] == w[-2] and w[-1] not in "ls":
                w = w[:-1]  # "shipped" -> ship
            break
    return w[:-1] if len(w) > 3 and w.endswith("e") else w


# A yes/no attribute's values ("step_free": yes/no; a GraphML boolean: true/false).
TRUTHY = frozenset({"yes", "true", "y", "t", "1"})
FALSY = frozenset({"no", "false", "n", "f", "0"})
# Asking what something *can* do is about a capacity, not about the relations it has now ("how many can X hold").
MODALS = frozenset({"can", "could"})
CAPACITY_VERBS = frozenset({"hold", "fit", "carry", "seat", "accommodate", "house", "store", "take", "handle"})
CAPACITY_WORDS = ("capacity", "seats", "seat", "max", "maximum", "limit", "size")


# nouns of a verb's object ("dependency") or agent ("dependent", "attendant"), longest first
NOUN_OF_VERB = ("encies", "ancies", "ences", "ances", "ency", "ancy", "ence", "ance", "ents", "ants", "ent", "ant")
PATIENT_ENDINGS = ("ee", "ency", "ancy", "ence", "ance")  # the one the relation reaches: mentee, dependency
AGENT_ENDINGS = ("or", "er", "ent", "ant")  # the one whose relation it is: mentor, supervisor, dependent


def role_root(word: str) -> str:
    """The root an agent, patient or participle shares with its verb: "mentees", "mentor", "mentored" -> ment;
    "employee", "employer" -> employ. Compares relation words that the light stemmer keeps apart."""
    w = word.lower()
    for suffix in NOUN_OF_VERB:  # "dependencies", "dependents" -> depend
        if w.endswith(suffix) and len(w) - len(suffix) >= 4:
            return w[: -len(suffix)]
    if len(w) > 4 and w.endswith("s") and not w.endswith("ss"):
        w = w[:-1]
    for group in (("ing", "ed"), ("ee", "or", "er", "e")):
        for suffix in group:
            if w.endswith(suffix) and len(w) - len(suffix) >= 4:
                w = w[: -len(suffix)]
                break
    return w


def plural_forms(word: str) -> set[str]:
    """The word and the singulars it may be the plural of ("faults" -> fault; "classes" -> class; "cities" -> city)."""
    out = {word}
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        out.add(word[:-1])
        if word.endswith("es"):
            out.add(word[:-2])
        if word.endswith("ies"):
            out.add(word[:-3] + "y")
    return out


def says_relation(word: str, head: str) -> bool:
    """``word`` is the relation word ``head`` as a noun: its plural ("stops" for "stop") or a nominalisation
    sharing all but the head's last letter ("enrolment" for "enroll", "registration" for "register")."""
    head = stem(head)
    if len(head) == 3 and word in (head + "er", head + "ers"):
        return True  # a short verb's agent: "owners" of OWNS
    if len(head) >= 3 and word in (head + "ment", head + "ments"):
        return True  # "shipments" of SHIPS_TO (not an agent noun: "players" of PLAYS names a type more often)
    if len(head) < 4:
        return False
    if head in {stem(f) for f in plural_forms(word)}:
        return True
    n = len(head) - 1
    return n >= 4 and len(word) > len(head) and word[:n] == head[:n] and word.endswith(NOMINAL_SUFFIXES)


# Nouns made from a verb: the act ("enrolment", "registration", "dependency") or a party to it ("employee",
# "sponsor", "dependent").
NOMINAL_SUFFIXES = ("ment", "ments", "tion", "tions", "ency", "encies", "ence", "ences", "ance", "ances", "ee", "ees",
                    "er", "ers", "or", "ors", "ent", "ents", "ant", "ants", "al", "als", "ure", "ures",  # departure
                    "ship", "ships")  # "sponsorships", "memberships"


def same_words(words: list[str], value: list[str]) -> bool:
    """``words`` say ``value``, its last word maybe in the plural ("signal faults" says "signal fault")."""
    if len(words) != len(value) or not value:
        return False
    return words[:-1] == value[:-1] and value[-1] in plural_forms(words[-1])


def find_phrase(words: list[str], phrase: str) -> int:
    """Word index of ``phrase`` (normalised) in ``words`` or -1."""
    p = phrase.split()
    for i in range(len(words) - len(p) + 1):
        if words[i : i + len(p)] == p:
            return i
    return -1


def find_stemmed(words: list[str], phrase: str) -> int:
    """Like find_phrase, comparing stems ("relied on" meets "rely on")."""
    p = [stem(w) for w in phrase.split()]
    ws = [stem(w) for w in words]
    for i in range(len(ws) - len(p) + 1):
        if ws[i : i + len(p)] == p:
            return i
    return -1


# British and American spellings of the same word (orthography, not vocabulary): "programme"/"program",
# "centre"/"center", "colour"/"color", "organisation"/"organization", "enrolment"/"enrollment".
_SPELLINGS = ((r"program(?:me)?s?\b", ("program", "programme")), (r"(?<=[a-z][aeint])(re|er)(s?)\b", ("re", "er")),
              (r"(?<=[a-z]{2}[lbvnmp])(our|or)(s?)\b", ("our", "or")), (r"(?<=[a-z]{3})(is|iz)(ation|e|es|ed|ing)\b", ("is", "iz")),
              (r"(?<=[a-z]{3}[aeiou])(ll|l)(ment|ments|er|ers|ed|ing)\b", ("ll", "l")),
              (r"(catalogue|catalog)(s?)\b", ("catalogue", "catalog")))


def spellings(noun: str) -> set[str]:
    """The noun in the other spelling convention (module comment); the noun itself included."""
    out = {noun}
    for pattern, (a, b) in _SPELLINGS:
        m = re.search(pattern, noun)
        if not m:
            continue
        if m.lastindex:  # swap the captured spelling, keep the suffix
            part = m.group(1)
            other = b if part == a else a
            out.add(noun[: m.start(1)] + other + noun[m.end(1) :])
        else:
            out |= {re.sub(pattern, lambda _m, w=w: w + ("s" if _m.group(0).endswith("s") else ""), noun) for w in (a, b)}
    return out


@lru_cache(maxsize=16)
def nouns(onto: Ontology) -> dict[str, str]:
    """Every type noun (singular and plural, lower case) -> type, with its other spelling ("programmes" for a
    Program type) where that is no other type's noun; longest first."""
    base = onto.type_nouns()
    out = dict(base)
    for noun, t in base.items():
        for variant in spellings(noun) - {noun}:
            out.setdefault(variant, t)
    return dict(sorted(out.items(), key=lambda kv: -len(kv[0])))


@lru_cache(maxsize=16)
def verb_phrases(onto: Ontology) -> tuple[tuple[str, str, bool], ...]:
    """(normalised verb phrase, edge name, weak) for every non-structural edge, both readings."""
    out = []
    for e in onto.edge_types:
        if e.structural:
            continue
        for v in (*e.verbs, *e.reverse_verbs):
            out.append((phrase_of(v), e.name, v in WEAK_VERBS))
    return tuple(dict.fromkeys(out))


@lru_cache(maxsize=16)
def attribute_words(onto: Ontology) -> frozenset[str]:
    out: set[str] = set()
    for vt in onto.entity_types():
        for a in vt.attrs:
            out.update(words_of(a.name.replace("_", " ")))
            for phrase in a.words:
                out.update(words_of(phrase))
    return frozenset(out)


def verb_positions(onto: Ontology, words: list[str]) -> dict[int, str]:
    """Word index -> edge name for every ontology verb phrase the words use (inflections allowed)."""
    out: dict[int, str] = {}
    stems = [stem(w) for w in words]
    for phrase, edge, _weak in verb_phrases(onto):
        p = [stem(w) for w in phrase.split()]
        for i in range(len(stems) - len(p) + 1):
            if stems[i : i + len(p)] == p:
                for j in range(i, i + len(p)):
                    out.setdefault(j, edge)
    return out


@lru_cache(maxsize=16)
def derived_stems(onto: Ontology) -> tuple[str, ...]:
    """Stems that say one of the ontology's derived relations; an impact-like relation ("impact", "affect") also
    takes the many ways English says being hit by something (``IMPACT_STEMS``)."""
    out: list[str] = []
    for d in onto.derived:
        out += d.words
        if set(d.words) & {"impact", "affect"}:
            out += IMPACT_STEMS
    return tuple(dict.fromkeys(out))


def impact_positions(onto: Ontology, words: list[str]) -> set[int]:
    """Word positions that say a derived relation ("impact" in one of its many forms)."""
    text = " ".join(words)
    out: set[int] = set()
    for s in derived_stems(onto):
        for m in re.finditer(rf"\b{re.escape(s)}\w*", text):
            start = len(text[: m.start()].split())
            out |= set(range(start, start + len(m.group(0).split())))
    return out


_GROUP_SUPERLATIVE = re.compile(r"\b(largest|biggest|greatest|smallest)\s+([a-z]+)\s+of\b")


def group_superlative(text: str) -> re.Match | None:
    """ "the largest *team of* vets", "the biggest *fleet of* ships": a superlative of a group noun before "of" counts
    the things after it (most / fewest)."""
    return next((m for m in _GROUP_SUPERLATIVE.finditer(text) if names_collective(m.group(2))), None)


def operator_positions(words: list[str]) -> set[int]:
    """Word positions of answer-form language (counting, superlatives, aggregates, any/negation)."""
    text = " ".join(words)
    out: set[int] = set()
    grouped = group_superlative(text)
    if grouped is not None:
        start = len(text[: grouped.start()].split())
        out |= set(range(start, start + 3))
    for rx in (COUNT, SUPERLATIVE, ANY, NEGATION, *AGGREGATES.values(),
               re.compile(r"\b(more|fewer|greater|higher|larger|bigger|less|lower|smaller|or|and|both|either)\b")):
        for m in rx.finditer(text):
            start = len(text[: m.start()].split())
            out |= set(range(start, start + len(m.group(0).split())))
    return out
