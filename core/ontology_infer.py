"""Ontology inference with no configuration: a ``RawGraph`` -> ``Ontology`` + HopLens records.

Rules (docs/byog.md § Inference):
- vertex type = the node's first label (``labels``/``:LABEL``/``type``; a GraphML ``label`` only when it repeats
  like a type, else it is the node's display name); nouns = the label's words, singular ("MediaType" -> "media type",
  "Movies" -> "movie"); plurals are derived by the ontology.
- edge verbs from the relationship type's words: ``ON_ALBUM`` -> "on album"; ``REPORTS_TO`` -> "reports to", "report
  to", "reported to" (reverse: the same, and "reported to by"); ``SUPPORTED_BY`` -> "supported by" (reverse:
  "support", "supports", "supported"); ``DIRECTED`` -> "directed", "direct(s)" (reverse also "directed by").
- attribute kind from the values (declared GraphML/CSV types first): int, float, ISO date/datetime, list, else
  string; a string attribute with few distinct, repeated values is closed (``values``); words from the property
  name (``unit_price`` -> "unit price", "price"; ``hire_date`` -> "hire date", "hire").
- display name from ``name``, else first + last name properties, else ``title`` (or a GraphML ``label``), else the
  id; aliases from ``aliases``.
- string properties of ``graph_import_text_chars``+ characters and two or more sentences become Documents.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import defaultdict
from dataclasses import dataclass, field, replace
from typing import Any

from core.hierarchy import line_verbs
from core.ontology import Ontology, split_camel
from core.rawgraph import GraphImportError, RawGraph
from core.records import Document, Edge, Entity
from core.schema import DATE, EDGE_TYPES, FLOAT, INT, LIST, STRING, VERTEX_TYPES, Attr, EdgeType, VertexType, plural
from core.type_synonyms import (
    irregular_forms,
    is_unit_abbreviation,
    is_unit_word,
    is_verb_word,
    unit_words,
    verb_lemmas,
)

IDENT_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
CONTENT_TYPES = ("Document", "Chunk")  # HopLens's own text vertex types
RESERVED_TYPES = frozenset(CONTENT_TYPES) | {"HL_Meta"}
RESERVED_EDGES = frozenset({"MENTIONS", "PART_OF"})
DEFAULT_TYPE = "Node"
PREPOSITIONS = frozenset("to by in on of for from with at into as about under over after before within via".split())
# past forms that do not end in -ed (a small closed table of common irregular verbs)
IRREGULAR = {
    "wrote": "write", "written": "write", "made": "make", "bought": "buy", "sold": "sell", "led": "lead",
    "won": "win", "knew": "know", "known": "know", "held": "hold", "taught": "teach", "built": "build",
    "sent": "send", "paid": "pay", "met": "meet", "told": "tell", "found": "find", "took": "take", "taken": "take",
    "gave": "give", "given": "give", "ran": "run", "saw": "see", "seen": "see", "drove": "drive", "driven": "drive",
    "owned": "own", "read": "read", "brought": "bring", "thought": "think", "chose": "choose",
    "chosen": "choose", "grew": "grow", "grown": "grow", "began": "begin", "begun": "begin", "kept": "keep",
}
PAST_OF = {v: k for k, v in IRREGULAR.items() if not k.endswith(("en", "wn"))}
PARTICIPLE = {v: k for k, v in IRREGULAR.items() if k.endswith(("en", "wn"))} | {"make": "made", "buy": "bought"}
IES_NOUNS = frozenset("movies cookies zombies pies ties lies rookies calories species series".split())
GENERIC_WORDS = frozenset("id name date at time type number count code value on in of".split())
DATE_WORDS = frozenset("date at time on day year".split())
AMOUNT_WORDS = frozenset("amount total sum value figure".split())
QUANTITY_NAMES = frozenset("quantity qty".split())  # a number of pieces of something
QUANTITY_WORDS = ("units", "items", "pieces")  # what "how many units/items/pieces" counts  # the head of "invoice_amount", "order_total"
_DATE_RE = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?"
)
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)")
FIRST_NAMES = ("first_name", "firstname", "given_name", "forename")
LAST_NAMES = ("last_name", "lastname", "surname", "family_name")


# ---------------------------------------------------------------------------------------------------- words
def snake(name: str) -> str:
    """A property name as a snake_case identifier: "unitPrice" -> "unit_price", "Unit Price" -> "unit_price"."""
    s = re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", str(name).strip())
    s = re.sub(r"[^A-Za-z0-9]+", "_", s).strip("_").lower()
    return s if s and not s[0].isdigit() else f"p_{s}"


def singular(noun: str) -> str:
    words = noun.split()
    if not words:
        return noun
    w = words[-1]
    if w in IES_NOUNS:
        w = w if w in ("species", "series") else w[:-1]
    elif w.endswith("ies") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith(("sses", "xes", "ches", "shes")):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is", "ics")) and len(w) > 3:
        w = w[:-1]
    return " ".join(words[:-1] + [w])


def noun_of(label: str) -> str:
    return singular(split_camel(label))


def _base_verb(word: str) -> list[str]:
    """Candidate base forms of a verb token ("reports" -> report, "supported" -> support, "created" -> create)."""
    if word in IRREGULAR:
        return [IRREGULAR[word]]
    bases, _forms_of = irregular_forms(word)
    if bases and word not in bases:  # "RODE" -> ride, "FLEW" -> fly (WordNet's verb.exc)
        return list(bases)
    if word.endswith("ied") and len(word) > 4:
        return [word[:-3] + "y"]
    if word.endswith("ed") and len(word) > 3:
        stem = word[:-2]
        out = [stem]
        if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "ls":
            out.insert(0, stem[:-1])  # planned -> plan
        if len(stem) > 1 and stem[-1] not in "aeiouwy" and stem[-2] in "aeiou":
            out.append(stem + "e")  # created -> create, used -> use, purchased -> purchase
        # "located" -> locate (not "locat"), "sponsored" -> sponsor (not "sponsore"), "handled" -> handle
        known = [b for b in dict.fromkeys(out + [stem + "e"]) if b in verb_lemmas()]
        return known or out
    if word.endswith("ies") and len(word) > 4:
        return [word[:-3] + "y"]
    if word.endswith(("sses", "xes", "ches", "shes")):
        return [word[:-2]]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return [word[:-1]]
    return [word]


def _regular_past(word: str) -> bool:
    """ "shipped", "admitted", "planned": a doubled consonant and -ed, which WordNet's exception list also files;
    not an irregular past like "rode", so "ship", "ships" read the relation too."""
    return word.endswith("ed") and len(word) > 4 and word[-3] == word[-4] and word[:-3] in irregular_forms(word)[0]


def _forms(base: str) -> list[str]:
    """base, 3rd person, past: "report" -> report, reports, reported."""
    if base.endswith("y") and base[-2:-1] not in "aeiou":
        third, past = base[:-1] + "ies", base[:-1] + "ied"
    elif base.endswith(("s", "x", "ch", "sh")):
        third, past = base + "es", base + "ed"
    elif base.endswith("e"):
        third, past = base + "s", base + "d"
    else:
        third, past = base + "s", base + "ed"
    if base not in PAST_OF:
        irregular = [f for f in irregular_forms(base)[1] if not f.endswith("ing")]
        if irregular:  # "ride" -> rode, ridden (not "rided")
            return [base, third, *sorted(irregular, key=lambda f: f.endswith(("en", "wn", "rn")))]
    return [base, third, PAST_OF.get(base, past)]


def _is_verbish(word: str) -> bool:
    bases = irregular_forms(word)[0]
    return word in IRREGULAR or word.endswith(("ed", "s")) or word in ("has", "have", "own", "use", "know", "like",
                                                                       "follow", "contain", "include", "manage") or (
        bool(bases) and word not in bases and len(word) >= 4)  # "RODE", "FLEW_ON": an irregular past by WordNet


PARTICLES = ("up", "out", "over", "off", "down")


def _phrasal(word: str) -> tuple[str, str] | None:
    """(verb, particle) of a noun written as a phrasal verb closed up: "backup" -> (back, up), "handover",
    "checkout"; WordNet must know the first part as a verb."""
    for p in PARTICLES:
        verb = word[: -len(p)]
        if word.endswith(p) and len(verb) >= 3 and not verb.endswith("s") and is_verb_word(verb):
            return verb, p
    return None


def edge_verbs(name: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(forward verbs, reverse verbs) of a relationship type, from its words. Forward: said when the question's
    entity is the edge's source; reverse: when it is the target (CRM convention: core/schema.py)."""
    toks = split_camel(name).split()
    if not toks:
        return (), ()
    phrase = " ".join(toks)
    fwd: list[str] = [phrase]
    rev: list[str] = []
    if toks[0] in ("is", "was", "are", "be") and len(toks) > 1:
        toks = toks[1:]
        fwd.append(" ".join(toks))
    if len(toks) >= 2 and toks[-1] == "by" and (toks[-2].endswith(("ed", "en")) or toks[-2] in IRREGULAR):
        # passive: SUPPORTED_BY -> the target supports the source
        bases = _base_verb(toks[-2])
        head = toks[:-2]
        rev.extend(" ".join(head + [f]) for b in bases for f in _forms(b))
        rev.append(phrase)
    elif toks[0] in ("has", "have"):
        fwd.extend(" ".join([h, *toks[1:]]) for h in ("has", "have", "with"))
        rev.append(" ".join(toks[1:]) + " of" if len(toks) > 1 else phrase)
    elif toks[0] in PREPOSITIONS or not _is_verbish(toks[0]):
        # a relation noun phrase: ON_ALBUM -> "on album", SUPPORT_REP -> "support rep"
        rev.append(phrase)
        phrasal = _phrasal(toks[0])
        if phrasal is not None:  # BACKUP_FOR: "A backs up B", "B is backed up by A"
            verb, particle = phrasal
            fwd.extend(f"{f} {particle}" for f in _forms(verb))
            rev.append(f"{PARTICIPLE.get(verb, _forms(verb)[2])} {particle} by")
    else:
        rest = toks[1:]
        forms = [f for b in _base_verb(toks[0]) for f in _forms(b)]
        if toks[0] not in IRREGULAR and irregular_forms(toks[0])[0] and toks[0] not in irregular_forms(toks[0])[0] \
                and not _regular_past(toks[0]):
            # "RODE": its past forms by WordNet ("rode", "ridden"), not "ride"/"rides", which name the trips too
            forms = [toks[0], *(f for f in irregular_forms(toks[0])[1] if not f.endswith("ing"))]
        fwd.extend(" ".join([f, *rest]) for f in forms)
        rev.extend(fwd)
        base = _base_verb(toks[0])[0]
        # the name's own participle when it is one ("REFERRED_TO" -> "referred to by", not a rebuilt "refered")
        part = toks[0] if toks[0].endswith("ed") else PARTICIPLE.get(base, _forms(base)[-1])
        rev.append(" ".join([part, *rest, "by"]))
    return tuple(dict.fromkeys(fwd)), tuple(dict.fromkeys(rev))


def attr_words(attr: str) -> tuple[str, ...]:
    """Words a question may use for a property: "unit_price" -> ("unit price", "price"); a unit abbreviation at
    the end is not what anyone says: "elevation_m" -> also "elevation", "max_range_km" -> "max range", "range";
    a plural name also reads singular ("runways" -> "runway": "more than one runway")."""
    toks = attr.replace("_", " ").split()
    words = [" ".join(toks)]
    if len(toks) > 1:
        # two letters at the end abbreviate something ("area_ha", "depth_ft", "badge_no") even where WordNet
        # knows the letters as a word ("ha" is an hour angle there)
        unit = is_unit_abbreviation(toks[-1]) or (len(toks[-1]) == 2 and toks[-1].isalpha()) or (
            is_unit_word(toks[-1]))  # "service_speed_knots", "delay_hours": a whole unit word after a name
        if toks[-1] not in GENERIC_WORDS:
            words.append(toks[-1])  # a unit too: "over 8000 kg" names weight_kg
        elif toks[-1] in DATE_WORDS and toks[0] not in GENERIC_WORDS:
            words.append(toks[0])
        if unit and toks[-2] == "per" and len(toks) >= 3:
            words += [" ".join(toks[:-2]), toks[-3]]  # "price_per_kg": the price (per kilo)
        elif unit and len(toks[-2]) >= 3 and toks[-2] not in GENERIC_WORDS:
            words += [" ".join(toks[:-1]), toks[-2]]
        if len(toks) == 2 and toks[-1] in AMOUNT_WORDS and toks[0] not in GENERIC_WORDS and len(toks[0]) >= 4:
            words.append(toks[0])  # "invoice_amount": what the amount is of ("how much has X *invoiced*")
        if toks[0].endswith("s") and is_unit_word(toks[0]) and toks[0] not in words:
            words.append(toks[0])  # "days_in_shop", "hours_logged": a count of units ("how many *days* …")
        if len(toks) == 2 and toks[-1] == "count" and len(toks[0]) >= 3 and toks[0] not in GENERIC_WORDS:
            words.append(plural(toks[0]))  # "page_count", "word_count": how many pages ("the most *words*")
    if toks[-1] in QUANTITY_NAMES:
        words += list(QUANTITY_WORDS)  # "how many *units* of X does Y stock" for STOCKS.quantity
    last = words[-1] if len(toks) > 1 else words[0]
    for w in dict.fromkeys((last, toks[-1] if len(toks) > 1 and toks[-1] in words else last)):
        if singular(w) != w:
            words.append(singular(w))
    return tuple(dict.fromkeys(w for w in words if w))


def verb_heads(edge_names) -> dict[str, set[str]]:
    """Verb head -> the relationship types whose own names give it."""
    out: dict[str, set[str]] = defaultdict(set)
    for name in dict.fromkeys(edge_names):
        for v in sum(edge_verbs(name), ()):
            out[v.split()[0]].add(name)
    return out


def with_line_verbs(etype: str, fwd: tuple[str, ...], rev: tuple[str, ...],
                    said_by: dict[str, set[str]]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A self-relation that is a reporting line ("SUPERVISES", "REPORTS_TO") also in its other words
    (``core.hierarchy``), each only where no other relation's name gives its verb."""
    more_fwd, more_rev = line_verbs(etype)
    mine = {etype}
    return (fwd + tuple(v for v in more_fwd if said_by.get(v.split()[0], mine) == mine),
            rev + tuple(v for v in more_rev if said_by.get(v.split()[0], mine) == mine))


def with_unit_words(attrs: list[Attr]) -> list[Attr]:
    """Numbers named by a unit gain the unit's full names and what it measures ("odometer_km": "kilometres",
    "distance"; "hectares": "area"), each only where no other attribute of the same type has that word: two
    lengths in km make "distance" a guess between them, never a reading."""
    extra: dict[str, tuple[str, ...]] = {}
    rates: set[str] = set()
    for a in attrs:
        toks = a.name.split("_")
        if a.kind in (INT, FLOAT) and toks and (len(toks) == 1 or is_unit_abbreviation(toks[-1])):
            extra[a.name] = unit_words(toks[-1])
            if len(toks) >= 2 and toks[-2] == "per":
                rates.add(a.name)  # capacity_per_day, price_per_t: a rate, not a duration or a weight
    seen: dict[str, int] = defaultdict(int)
    for a in attrs:
        for w in set(extra.get(a.name, ())) | {x for ph in a.words for x in ph.split()}:
            seen[w] += 1  # a rate's unit words still make them a guess for the others ("tonne": contract_t?)
    return [replace(a, words=tuple(dict.fromkeys(a.words + tuple(w for w in extra[a.name] if seen[w] == 1))))
            if extra.get(a.name) and a.name not in rates else a for a in attrs]


# ---------------------------------------------------------------------------------------------------- values
def parse_date(value: Any) -> str | None:
    """An ISO date/datetime string normalised ("2002-08-14T00:00:00Z" -> "2002-08-14"), or None."""
    if not isinstance(value, str):
        return None
    m = _DATE_RE.fullmatch(value.strip())
    if not m:
        return None
    y, mo, d, hh, mm, ss = m.groups()
    try:
        dt.date(int(y), int(mo), int(d))
        if hh is not None:
            dt.time(int(hh), int(mm), int(ss or 0))
    except ValueError:
        return None
    if hh is None or (int(hh), int(mm), int(ss or 0)) == (0, 0, 0):
        return f"{y}-{mo}-{d}"
    return f"{y}-{mo}-{d}T{hh}:{mm}:{ss or '00'}"


def _as_number(value: Any) -> int | float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return value
    if isinstance(value, str) and re.fullmatch(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?", value.strip()):
        f = float(value)
        return int(value) if re.fullmatch(r"[+-]?\d+", value.strip()) else f
    return None


def is_text(value: Any, min_chars: int) -> bool:
    return isinstance(value, str) and len(value) >= min_chars and len(_SENTENCE_END.findall(value.strip())) >= 2


@dataclass
class AttrPlan:
    name: str  # snake_case key
    kind: str
    values: tuple[str, ...] = ()
    text: bool = False  # becomes Documents


def infer_attr(key: str, values: list[Any], declared: str | None, settings: Any) -> AttrPlan:
    present = [v for v in values if v is not None and v != ""]
    if any(isinstance(v, list) for v in present) or declared == LIST:
        return AttrPlan(key, LIST)
    if present and all(isinstance(v, bool) for v in present):
        return AttrPlan(key, STRING, ("false", "true"))
    nums = [_as_number(v) for v in present]
    if present and all(n is not None for n in nums) and declared in (None, INT, FLOAT):
        return AttrPlan(key, INT if all(isinstance(n, int) for n in nums) and declared != FLOAT else FLOAT)
    if present and all(parse_date(v) for v in present):
        return AttrPlan(key, DATE)
    strs = [str(v) for v in present]
    if any(is_text(s, settings.graph_import_text_chars) for s in strs):
        return AttrPlan(key, STRING, text=True)
    distinct = sorted(set(strs))
    if 1 <= len(distinct) <= settings.graph_import_categorical_max and len(strs) >= 2 * len(distinct):
        return AttrPlan(key, STRING, tuple(distinct))
    return AttrPlan(key, STRING)


def convert(value: Any, kind: str) -> Any:
    if value is None or value == "":
        return None
    if kind == LIST:
        return value if isinstance(value, list) else [x for x in str(value).split(";") if x]
    if isinstance(value, bool):
        return "true" if value else "false"
    if kind in (INT, FLOAT):
        n = _as_number(value)
        return (int(n) if kind == INT else float(n)) if n is not None else value
    if kind == DATE:
        return parse_date(value) or value
    return value if isinstance(value, str) else str(value)


# ---------------------------------------------------------------------------------------------------- the result
@dataclass
class Inferred:
    ontology: Ontology
    entities: list[Entity]
    edges: list[Edge]
    documents: list[Document]
    notes: list[str] = field(default_factory=list)  # what the user should know (merged parallel edges, ...)


def _check_ident(name: str, what: str, where: str) -> str:
    if not IDENT_RE.fullmatch(name):
        raise GraphImportError(
            f"{where}: {what} {name!r} is not a valid identifier (letters, digits and _, not starting with a digit); "
            "rename it in the source"
        )
    return name


def _display_name(props: dict[str, Any], fallback: str) -> str:
    low = {k.lower(): k for k in props}
    if "name" in low and str(props[low["name"]]).strip():
        return str(props[low["name"]]).strip()
    # first + last before title: a person's "title" is a job title
    first = next((props[low[k]] for k in FIRST_NAMES if k in low and props[low[k]]), None)
    last = next((props[low[k]] for k in LAST_NAMES if k in low and props[low[k]]), None)
    if first or last:
        return " ".join(str(x).strip() for x in (first, last) if x)
    for key in ("title", "label"):
        if key in low and str(props[low[key]]).strip():
            return str(props[low[key]]).strip()
    return fallback


def _aliases(props: dict[str, Any]) -> list[str]:
    raw = props.get("aliases")
    if raw is None:
        return []
    items = raw if isinstance(raw, list) else re.split(r"[;|]", str(raw))
    return [str(a).strip() for a in items if str(a).strip()]


def display_name(props: dict[str, Any], fallback: str) -> str:
    """The display-name rule above, public for stores that read a graph's properties themselves (a foreign
    TigerGraph graph, core/store/tigergraph.py)."""
    return _display_name(props, fallback)


def aliases_of(props: dict[str, Any]) -> list[str]:
    """The aliases rule above (an ``aliases`` property, list or ``;``/``|`` separated), public like display_name."""
    return _aliases(props)


def _own_name(name: str, used: set[str], renamed: dict[str, str]) -> str:
    """A label or relationship type HopLens uses for its own text records ("Document", "PART_OF") is kept under the
    same name with ``_`` appended: its words, and so its nouns and verbs, stay the same."""
    if name not in renamed:
        new = name + "_"
        if new in used:
            raise GraphImportError(f"{name!r} is HopLens's own name and {new!r}, its replacement, is also in the "
                                   "graph; rename one of them in the source")
        renamed[name] = new
    return renamed[name]


def infer(graph: RawGraph, settings: Any, name: str = "graph", rename_reserved: bool = True) -> Inferred:
    """Infer the ontology of ``graph`` and build its entities, edges and text documents. A label or relationship
    type HopLens reserves is renamed (``_own_name``) unless ``rename_reserved`` is False (then it is an error)."""
    notes: list[str] = []
    labels_seen = {lb for n in graph.nodes for lb in n.labels}
    rel_types_seen = {e.type for e in graph.edges}
    renamed: dict[str, str] = {}
    # -- node types (a GraphML "label" is a type only when it repeats like one)
    label_only = [n for n in graph.nodes if "label" in n.props and n.labels == (str(n.props["label"]),)]
    label_is_name = False
    if label_only:
        distinct = len({n.labels[0] for n in label_only})
        label_is_name = distinct > max(2 * settings.graph_import_categorical_max, len(label_only) // 5)
    label_only_ids = {n.id for n in label_only}
    types: dict[str, str] = {}
    for n in graph.nodes:
        if label_is_name and n.id in label_only_ids:
            n.labels = ()
        elif n.labels and "label" in n.props and n.labels == (str(n.props["label"]),):
            n.props.pop("label")
        t = n.labels[0] if n.labels else DEFAULT_TYPE
        _check_ident(t, "label", n.where)
        if t in RESERVED_TYPES:
            if not rename_reserved:
                raise GraphImportError(f"{n.where}: label {t!r} is reserved for HopLens's text records; rename it in "
                                       "the source (e.g. Doc_" + t + ")")
            t = _own_name(t, labels_seen, renamed)
        types[n.id] = t
    if label_is_name:
        notes.append("GraphML 'label' values are all different: read as node names, not types")
    renamed_types = dict(renamed)
    # -- node properties per type
    by_type: dict[str, list] = defaultdict(list)
    for n in graph.nodes:
        by_type[types[n.id]].append(n)
    declared = {snake(k): v for k, v in graph.declared.items()}
    vts: list[VertexType] = []
    titled: list[str] = []  # types whose things are named by a title (books, films, papers)
    plans: dict[str, dict[str, tuple[str, AttrPlan]]] = {}  # type -> original key -> (snake key, plan)
    for t, nodes in by_type.items():
        keys: dict[str, str] = {}
        for n in nodes:
            for k in n.props:
                sk = snake(k)
                if sk in keys.values() and keys.get(k) != sk:
                    raise GraphImportError(f"{n.where}: properties {k!r} and another both read as {sk!r}; rename one")
                keys.setdefault(k, sk)
        tp: dict[str, tuple[str, AttrPlan]] = {}
        for k, sk in keys.items():
            if sk == "aliases":
                continue
            tp[k] = (sk, infer_attr(sk, [n.props.get(k) for n in nodes], declared.get(sk), settings))
        plans[t] = tp
        attrs = [Attr("name")] + with_unit_words([
            Attr(sk, p.kind, attr_words(sk), p.values) for sk, p in sorted(tp.values()) if sk != "name" and not p.text
        ])
        if any(len(n.labels) > 1 for n in nodes) and "labels" not in {a.name for a in attrs}:
            attrs.append(Attr("labels", LIST, ("label", "labels")))  # every label of a multi-label node
        vts.append(VertexType(t, "", "", tuple(attrs), (noun_of(t),)))
        if all("title" in n.props and "name" not in n.props for n in nodes):
            titled.append(t)
    if len(titled) == 1:  # "how many titles do we have in Spanish": the one type named by titles
        vts = [replace(v, nouns=v.nouns + ("title",)) if v.name == titled[0] and "title" not in v.nouns else v
               for v in vts]
    # -- entities and documents
    entities: list[Entity] = []
    documents: list[Document] = []
    for n in graph.nodes:
        t = types[n.id]
        attrs: dict[str, Any] = {}
        name_ = _display_name(n.props, n.id)
        for k, v in n.props.items():
            if k not in plans[t]:
                continue
            sk, p = plans[t][k]
            if p.text:
                if isinstance(v, str) and v.strip():
                    documents.append(Document(f"{n.id}/{sk}", sk, f"{name_}: {sk.replace('_', ' ')}", v, [n.id]))
                continue
            cv = convert(v, p.kind)
            if cv is not None and sk != "name":
                attrs[sk] = cv
        if len(n.labels) > 1:
            attrs["labels"] = list(n.labels)
        entities.append(Entity(n.id, t, name_, _aliases(n.props), attrs))
    # -- edges
    seen: dict[tuple[str, str, str], str] = {}
    merged = 0
    edge_groups: dict[tuple[str, str, str], list] = defaultdict(list)
    for e in graph.edges:
        _check_ident(e.type, "relationship type", e.where)
        if e.type in RESERVED_EDGES:
            if not rename_reserved:
                raise GraphImportError(f"{e.where}: relationship type {e.type!r} is reserved for HopLens's text "
                                       "records")
            e.type = _own_name(e.type, rel_types_seen, renamed)
        key = (e.src, e.type, e.dst)
        if key in seen:
            merged += 1
            continue
        seen[key] = e.where
        edge_groups[(types[e.src], e.type, types[e.dst])].append(e)
    for old, new in renamed.items():
        what = "label" if old in renamed_types else "relationship type"
        notes.append(f"{what} {old!r} is HopLens's own name for its text records: stored as {new!r}")
    if merged:
        notes.append(f"{merged} parallel relationships (same start, type and end) merged into one edge each; the "
                     "first one's properties are kept")
    ets: list[EdgeType] = []
    edges: list[Edge] = []
    edge_plans: dict[str, dict[str, tuple[str, AttrPlan]]] = {}
    for etype in dict.fromkeys(k[1] for k in edge_groups):
        rels = [e for k, es in edge_groups.items() if k[1] == etype for e in es]
        keys = {k: snake(k) for e in rels for k in e.props}
        edge_plans[etype] = {k: (sk, infer_attr(sk, [e.props.get(k) for e in rels], declared.get(sk), settings))
                             for k, sk in keys.items()}
    said_by = verb_heads(k[1] for k in edge_groups)
    for (st, etype, dt_), rels in edge_groups.items():
        fwd, rev = edge_verbs(etype)
        if st == dt_:
            fwd, rev = with_line_verbs(etype, fwd, rev, said_by)
        # "on album" to an Album also reads as "on"; "by artist" to an Artist as "by"
        noun = noun_of(dt_)
        short = tuple(v[: -len(noun)].strip() for v in fwd + rev if v.endswith(" " + noun))
        fwd = tuple(dict.fromkeys(fwd + tuple(v for v in short if v)))
        rev = tuple(dict.fromkeys(rev + tuple(v for v in short if v)))
        if st == dt_:
            # a self-relation: only word order tells "who reports to X" from "who does X report to", so the
            # reverse reading keeps only the phrases whose subject is the target ("reported to by", "cited by")
            rev = tuple(v for v in rev if v not in fwd)
        ep = edge_plans[etype]
        eattrs = tuple(with_unit_words([Attr(sk, p.kind, attr_words(sk), p.values) for sk, p in sorted(ep.values())]))
        ets.append(EdgeType(etype, st, dt_, eattrs, fwd, rev))
        for e in rels:
            attrs = {}
            for k, v in e.props.items():
                sk, p = ep[k]
                cv = convert(v, p.kind)
                if cv is not None:
                    attrs[sk] = cv
            edges.append(Edge(e.src, etype, e.dst, attrs))
    content = tuple(
        VertexType(v.name, "", "", v.attrs, v.nouns, is_entity=False) for v in VERTEX_TYPES if v.name in CONTENT_TYPES
    )
    structural = tuple(e for e in EDGE_TYPES if e.structural)
    onto = Ontology(name, tuple(vts) + content, tuple(ets) + structural)
    return Inferred(onto, entities, edges, documents, notes)


def enrich(onto: Ontology) -> Ontology:
    """The same ontology with the inference's words added to what it has: nouns from type names, verbs from edge
    names (self-relations as in ``infer``), words from attribute names. For an ontology read without data, such as
    a foreign TigerGraph schema (``core.store.tigergraph.ontology_from_schema``); nothing is removed."""

    vts = []
    for v in onto.vertex_types:
        if not v.is_entity:
            vts.append(v)
            continue
        attrs = tuple(with_unit_words([replace(a, words=tuple(dict.fromkeys(a.words + attr_words(a.name))))
                                       if a.name != "name" else a for a in v.attrs]))
        vts.append(replace(v, nouns=tuple(dict.fromkeys(v.nouns + (noun_of(v.name),))), attrs=attrs))
    ets = []
    said_by = verb_heads(e.name for e in onto.edge_types if not e.structural)
    for e in onto.edge_types:
        if e.structural:
            ets.append(e)
            continue
        fwd, rev = edge_verbs(e.name)
        if e.src == e.dst:
            fwd, rev = with_line_verbs(e.name, fwd, rev, said_by)
            rev = tuple(x for x in rev if x not in fwd)
        ets.append(replace(e, verbs=tuple(dict.fromkeys(e.verbs + fwd)),
                           reverse_verbs=tuple(dict.fromkeys(e.reverse_verbs + rev))))
    return Ontology(onto.name, tuple(vts), tuple(ets), onto.derived)
