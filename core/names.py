"""Names: normalisation and pairwise comparison, shared by document ingest (entity resolution) and answering (the
Routed pipeline's resolve tool), so neither imports the other's package.

``name_key`` is what comparisons use: lower case, accents folded, punctuation dropped, "&" read as "and", a
leading "the" and trailing legal-form suffixes (Inc, Corp, Holdings, GmbH, Ltd, ...) removed, honorifics removed.
``compare_names`` compares two names on their own (no corpus context): same / different / ambiguous, precision
first (the rules are in docs/byod.md).
"""


from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, fields
from functools import lru_cache
from typing import Any, Literal

from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

# Legal forms and holding words that say nothing about *which* organisation is meant. Stripped from the end only
# (repeatedly: "Acme Holdings Inc." -> "acme"), never from the middle ("Holdings Bank of X" keeps its words).
LEGAL_SUFFIXES = frozenset(
    "inc incorporated corp corporation co company cos ltd limited llc llp lp plc gmbh ag sa sas sarl srl spa bv nv "
    "kg kgaa oy ab asa pty pte holdings holding group".split()
)
# Multi-token legal forms written with dots ("S.A.", "N.V.") collapse to one token before the suffix check.
_DOTTED = re.compile(r"\b((?:[A-Za-z]\.){2,})")
HONORIFICS = frozenset("mr mrs ms miss dr prof sir dame mx".split())
_TOKEN = re.compile(r"[a-z0-9]+")


def fold(text: str) -> str:
    """Lower case with accents removed ("Société" -> "societe")."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()


def surface_key(text: str) -> str:
    """How a surface form is stored: folded, whitespace collapsed (two spellings that differ only in case or
    spacing are one surface)."""
    return " ".join(fold(text).split())


def name_tokens(text: str) -> list[str]:
    """Tokens of the normalised name (see ``name_key``)."""
    text = _DOTTED.sub(lambda m: m.group(1).replace(".", ""), text)
    tokens = _TOKEN.findall(fold(text.replace("&", " and ")))
    while len(tokens) > 2 and tokens[0] in HONORIFICS:  # "Dr. Jane Doe" -> "jane doe"; "Dr Pepper" stays
        tokens = tokens[1:]
    if len(tokens) > 1 and tokens[0] == "the":
        tokens = tokens[1:]
    while len(tokens) > 1 and tokens[-1] in LEGAL_SUFFIXES:
        tokens = tokens[:-1]
    return tokens


def name_key(text: str) -> str:
    """The normalised comparison key of a name ("ACME Holdings Inc." -> "acme")."""
    return " ".join(name_tokens(text))


def has_legal_suffix(text: str) -> bool:
    tokens = _TOKEN.findall(fold(_DOTTED.sub(lambda m: m.group(1).replace(".", ""), text)))
    return len(tokens) > 1 and tokens[-1] in LEGAL_SUFFIXES


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


def _setting(name: str) -> Any:
    """A Thresholds field whose default is the ``resolve_<name>`` setting's default (core/config.py)."""
    def default() -> Any:
        from core.config import Settings

        return Settings.model_fields[f"resolve_{name}"].default

    return field(default_factory=default)


@dataclass(frozen=True)
class Thresholds:
    """Tuned for precision on the labelled Lee news pairs (tests/data/byod/): a missed merge is cheaper than a
    wrong one. Every default is the ``resolve_<field>`` setting's (core/config.py says what each means);
    ``from_settings`` takes the configured values."""

    min_fuzzy: int = _setting("min_fuzzy")  # rapidfuzz token_set_ratio floor for a name to be compared at all
    typo_min_len: int = _setting("typo_min_len")
    single_typo_min_len: int = _setting("single_typo_min_len")
    long_typo_len: int = _setting("long_typo_len")
    short_doc_cover: float = _setting("short_doc_cover")
    specific_short_tokens: int = _setting("specific_short_tokens")
    context_share: float = _setting("context_share")
    context_specific: float = _setting("context_specific")
    rare_mentions: int = _setting("rare_mentions")
    frequent_ratio: float = _setting("frequent_ratio")
    max_llm_calls: int = _setting("max_llm_calls")
    also_type_share: float = _setting("also_type_share")

    @classmethod
    def from_settings(cls, settings: Any) -> Thresholds:
        return cls(**{f.name: getattr(settings, f"resolve_{f.name}") for f in fields(cls)})


@lru_cache(maxsize=1)
def default_thresholds() -> Thresholds:
    """One shared ``Thresholds()`` (frozen) for callers that pass none."""
    return Thresholds()


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
    if a == b:
        return "strong"
    if _singular(a) == _singular(b):
        # "Palestinian authorities" is not the Palestinian Authority: a plural head noun is another thing
        return None if _singular(a) in HEAD_NOUNS or _singular(b) in HEAD_NOUNS else "strong"
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


def is_acronym(short: list[str], long: list[str]) -> bool:
    return len(short) == 1 and len(long) >= 2 and len(short[0]) == len(long) and short[0] == "".join(t[0] for t in long)


def compare_names(a: str, b: str, type_a: str = UNKNOWN_TYPE, type_b: str = UNKNOWN_TYPE,
                  th: Thresholds | None = None) -> Decision:
    """Compare two names on their own (no context). See the module docstring for the rules."""
    th = th or default_thresholds()
    if not compatible(type_a, type_b):
        return Decision("different", 0.0, "type", f"types {type_a} and {type_b} are not compatible")
    ta, tb = name_tokens(a), name_tokens(b)
    if not ta or not tb:
        return Decision("different", 0.0, "exact", "an empty name")
    if ta == tb:
        return Decision("same", 1.0, "exact", f"same normalised name {' '.join(ta)!r}")
    if len(ta) == len(tb) == 1 and ta[0] != tb[0] and _singular(ta[0]) == _singular(tb[0]):
        # one word and its plural name a group and a member ("Beatles" / "Beatle", "Israelis" / "Israeli")
        return Decision("different", 0.0, "fuzzy", "a one-word name and its plural are different things")
    if "".join(ta) == "".join(tb):
        return Decision("same", 0.98, "fuzzy", "same letters, different spacing")
    ratio = fuzz.ratio(" ".join(ta), " ".join(tb)) / 100
    if is_acronym(ta, tb) or is_acronym(tb, ta):
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
        if len(ta) == len(tb) == 1 and min(len(ta[0]), len(tb[0])) < th.single_typo_min_len:
            # "Osaka" / "Osama": a short one-word name one letter from another is usually another name
            return Decision("different", ratio, "fuzzy", "short one-word names a letter apart")
        return Decision("ambiguous", ratio, "fuzzy", "names differ by a typo-sized edit or an initial")
    return Decision("same", max(ratio, 0.9), "fuzzy", "every word matches (plural or abbreviation)")


# ---- short forms ---------------------------------------------------------------------------------------------------

# Descriptor words an organisation's short form may leave out, however many ("Acme" for "Acme Holdings Group").
ORG_DESCRIPTORS = frozenset(
    """international intl bank labs lab laboratories systems technologies technology logistics analytics industries
    partners solutions ventures capital networks software foods motors airlines airways pharmaceuticals pharma energy
    media insurance consulting holdings group trust associates traders trading brothers works services supply
    supplies dynamics robotics electronics semiconductors telecom communications healthcare financial securities
    manufacturing mining chemicals retail brands studios enterprises corporation company inc corp ltd llc gmbh plc"""
    .split()
)
# Head nouns that say what a thing is: an organisation's short form may leave out descriptor words ("Amnesty" for
# "Amnesty International", "Acme" for "Acme Logistics") but never one of these ("Palestinian Authority", "Christmas
# Island", "Pacific Solution", "Gaza Strip" are not their first word).
HEAD_NOUNS = frozenset(
    """authority island islands city strip solution party movement front army force forces police council government
    ministry office court airport station school university college institute hospital committee commission agency
    service services club team league union association federation society foundation department bureau board
    chamber house senate parliament assembly state states republic kingdom county province region district valley
    bay port river lake mount mountains cape coast beach park street road highway bridge centre center square
    tower building church mosque temple camp prison base summit conference cup games festival war award awards
    act bill treaty plan accord agreement report inquiry commissioner"""
    .split()
)
DEMONYM_KEY = re.compile(r"^[a-z]+(?:ian|ean|ese|ish|i)$")


