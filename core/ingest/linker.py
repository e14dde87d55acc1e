"""Entity linking: find the entities a text mentions by id, name or alias (the store's "phone book").

All keys are compiled into one regular expression shaped like a trie (Aho-Corasick-like: at each position the
engine follows one branch per character, in C), matched on lower-cased text with word boundaries; the trie's
greedy optional tails make the longest key win. A key shared by several entities (two people called "J. Sato",
the same ticket title on many tickets) is ambiguous: it links only the candidates the document itself declares,
otherwise nothing, so a common phrase never links to dozens of entities.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Mapping, Sequence

MIN_KEY_CHARS = 2


def _trie_pattern(keys: Iterable[str]) -> str:
    trie: dict = {}
    for key in keys:
        node = trie
        for ch in key:
            node = node.setdefault(ch, {})
        node[""] = True  # end of a key

    def emit(node: dict) -> str:
        ends = "" in node
        branches = [re.escape(ch) + emit(child) for ch, child in sorted(node.items()) if ch != ""]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if ends else body

    # iterative depth would be nicer, but keys are short (names, ids): recursion depth = longest key
    return emit(trie)


class Linker:
    def __init__(self, table: Mapping[str, Sequence[str]]):
        """``table``: lower-cased key -> entity ids (``GraphStore.alias_table()``)."""
        self.table = {k: tuple(v) for k, v in table.items() if len(k) >= MIN_KEY_CHARS and v}
        self.fingerprint = hashlib.sha1(
            "\n".join(f"{k}\t{','.join(v)}" for k, v in sorted(self.table.items())).encode("utf-8")
        ).hexdigest()
        if self.table:
            # (?<!\w) / (?!\w) rather than \b: keys may start or end with punctuation ("inc.", "#1")
            self._re = re.compile(r"(?<!\w)(" + _trie_pattern(self.table) + r")(?!\w)")
        else:
            self._re = None

    @classmethod
    def from_store(cls, store) -> Linker:
        return cls(store.alias_table())

    def mentions(self, text: str) -> list[str]:
        """Keys found in ``text``, left to right, longest match at each position, non-overlapping."""
        if self._re is None or not text:
            return []
        lowered = " ".join(text.lower().split())  # keys are whitespace-normalised the same way
        return [m.group(1) for m in self._re.finditer(lowered)]

    def link(self, text: str, declared: Iterable[str] = ()) -> list[str]:
        """Sorted entity ids mentioned in ``text``; ``declared`` (the document's entity_ids) resolves ambiguity."""
        declared_set = set(declared)
        found: set[str] = set()
        for key in self.mentions(text):
            ids = self.table.get(key, ())
            if len(ids) == 1:
                found.add(ids[0])
            else:
                found.update(i for i in ids if i in declared_set)
        return sorted(found)
