"""Link a question to entities: ids by pattern, names and aliases through the store's phone book.

The phone book maps normalised surface forms to entity ids. Questions are matched by n-gram lookup (longest
match first), which stays fast with tens of thousands of aliases where a regex alternation would not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from core.ontology import CRM, Ontology

_WORD = re.compile(r"[A-Za-z0-9]+(?:[&.-][A-Za-z0-9]+)*")  # no apostrophe: "Acme's" -> acme, s
# Anything shaped like an id (letters, a dash, letters or digits) even when its prefix is unknown.
_ID_SHAPED = re.compile(r"\b[A-Z]{2,}-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")
MAX_NGRAM = 16  # album and paper titles run long
# Small words that names and questions place differently ("outage (December 2023)" vs "outage in December 2023").
LINK_STOPWORDS = frozenset({"in", "of", "the", "from", "for", "at", "on", "and"})
MIN_ALIAS_CHARS = 3
# An alias that is only a question or auxiliary word ("The Who" -> "who") would link ordinary questions.
QUESTION_WORDS = frozenset("who whom whose what which where when why how is are was were do does did has have had can "
                           "could will would should may might must all any none some this that these those".split())


def _key(words: list[str]) -> str:
    kept = [w for w in words if w not in LINK_STOPWORDS]
    return " ".join(kept or words)


def normalise(text: str) -> str:
    return " ".join(w.lower() for w in _WORD.findall(text))


@dataclass
class Mention:
    entity_id: str
    start: int  # character span in the question
    end: int
    surface: str
    by: str  # "id" | "alias"


@dataclass
class Linked:
    mentions: list[Mention] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)  # id-shaped tokens the store does not know

    @property
    def ids(self) -> list[str]:
        return list(dict.fromkeys(m.entity_id for m in self.mentions))


class PhoneBook:
    """Normalised alias -> entity id, keeping only unambiguous, non-generic aliases."""

    def __init__(self, alias_table: dict[str, list[str]], known_ids: set[str] | None = None, onto: Ontology = CRM):
        # Words that would make an alias match ordinary question text.
        self.onto = onto
        generic = set(onto.type_nouns())
        for vt in onto.entity_types():
            for a in vt.attrs:
                generic.update(v.lower() for v in a.values)
                generic.update(a.words)
        owners: dict[str, set[str]] = {}
        exact: dict[str, set[str]] = {}
        for alias, ids in alias_table.items():
            key = _key(normalise(alias).split())  # the same key questions are looked up by (small words dropped)
            if (len(key) < MIN_ALIAS_CHARS or key in generic or key in QUESTION_WORDS
                    or onto.id_re.fullmatch(alias.upper())):
                continue
            owners.setdefault(key, set()).update(ids)
            exact.setdefault(normalise(alias), set()).update(ids)
        # a key two entities share (also through aliases that differ only in small words) links to neither
        self.by_alias: dict[str, str] = {k: next(iter(v)) for k, v in owners.items() if len(v) == 1}
        # ... unless the question writes one of them exactly: "The Paper Orchard" beside a "Paper Orchard"
        self.by_exact: dict[str, str] = {a: next(iter(v)) for a, v in exact.items()
                                         if len(v) == 1 and len(owners.get(_key(a.split()), ())) > 1}
        self.known_ids = known_ids

    def link(self, question: str, exists) -> Linked:
        """``exists(id) -> bool`` checks ids against the store."""
        out = Linked()
        taken: list[tuple[int, int]] = []
        for m in _ID_SHAPED.finditer(question):
            token = m.group(0)
            if exists(token):
                out.mentions.append(Mention(token, m.start(), m.end(), token, "id"))
                taken.append((m.start(), m.end()))
            elif self.onto.id_re.fullmatch(token) or token.split("-")[0] in {v.id_prefix for v in self.onto.entity_types() if v.id_prefix}:
                out.unresolved.append(token)
                taken.append((m.start(), m.end()))
        words = list(_WORD.finditer(question))
        i = 0
        while i < len(words):
            hit = None
            for n in range(min(MAX_NGRAM, len(words) - i), 0, -1):
                start, end = words[i].start(), words[i + n - 1].end()
                if any(s < end and start < e for s, e in taken):
                    continue
                window = [w.group(0).lower() for w in words[i : i + n]]
                written = self.by_exact.get(" ".join(window))
                if written:  # the exact name of one of several that differ only in small words
                    hit = (n, Mention(written, start, end, question[start:end], "alias"))
                    break
                if n > 1 and (window[0] in LINK_STOPWORDS or window[-1] in LINK_STOPWORDS):
                    continue
                key = _key(window)
                eid = self.by_alias.get(key)
                if eid:
                    hit = (n, Mention(eid, start, end, question[start:end], "alias"))
                    break
            if hit:
                out.mentions.append(hit[1])
                taken.append((hit[1].start, hit[1].end))
                i += hit[0]
            else:
                i += 1
        out.mentions.sort(key=lambda m: m.start)
        return out
