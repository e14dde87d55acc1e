"""Name normalisation shared by extraction, resolution and the resolve tool.

``name_key`` is what the resolver compares: lower case, accents folded, punctuation dropped, "&" read as "and", a
leading "the" and trailing legal-form suffixes (Inc, Corp, Holdings, GmbH, Ltd, ...) removed, honorifics removed.
So "ACME Holdings Inc.", "Acme Corp" and "Acme" share the key "acme", while "Acme Logistics" keeps its descriptor.
"""

from __future__ import annotations

import re
import unicodedata

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
