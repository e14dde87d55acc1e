"""The form of answer a question asks for, read from its wording alone (shared by the planner and the reader)."""

from __future__ import annotations

import re

COUNT = re.compile(r"\b(how many|number of|count of|count the|total number)\b")  # "how much" asks for an amount
PORTFOLIO = re.compile(
    r"\b(everything|all (we|you|i) know|all (the )?(information|info|details|context)|overview|profile|full picture|"
    r"360|summari[sz]e|summary|tell me about|what do (we|you) know|what do (we|you) have (on|about)|"
    r"what have (we|you) got (on|about)|complete picture|dossier|rundown|portfolio|"
    r"(connected|linked|related|tied|attached) to (it|them|this)|what(?: is|'s| s) (\S+ )?(connected|linked|related|tied) to|"
    r"(directly )?(related|connected|linked) (entities|records|items)|all (its|the) (connections|relationships|links))\b"
)
MORE = re.compile(r"\b(more|most|greater|higher|larger|bigger)\b")
FEWER = re.compile(r"\b(fewer|fewest|less|least|smaller|lower)\b")
YESNO = re.compile(r"^(is|are|does|do|did|was|were|has|have|had|can|could|will)\b")
# A statement asked back ("X is located in Y, right?", "… isn't it?"): a yes/no question said last
TAG_QUESTION = re.compile(r"[,;]\s*(right|correct|true|yes|no|isn ?'?t (it|that|he|she|they)|aren ?'?t they|"
                          r"doesn ?'?t (it|he|she)|don ?'?t they|didn ?'?t (it|he|she|they)|wasn ?'?t (it|he|she)|"
                          r"is that (right|so|correct|true)|am i right)\s*\?+\s*$")
WH_START = re.compile(r"^(who|whom|whose|what|which|where|when|why|how|list|name|show|give|tell)\b")


def is_yes_no(text: str) -> bool:
    """A yes/no question: led by an auxiliary ("Is X …?"), or a statement with a tag ("X is in Y, right?")."""
    low = text.strip().lower()
    return bool(YESNO.search(low) or (TAG_QUESTION.search(low) and not WH_START.search(low)))
LIST = re.compile(r"\b(which|list|name all|name the|what are|who are|enumerate|show)\b")


def answer_form(question: str) -> str:
    """count | yesno | compare | portfolio | list | value."""
    low = question.strip().lower()
    if COUNT.search(low):
        return "count"
    if is_yes_no(low):
        return "yesno"
    if PORTFOLIO.search(low):
        return "portfolio"
    if (MORE.search(low) or FEWER.search(low)) and re.search(r"\b(which|who)\b", low):
        return "compare"
    if LIST.search(low):
        return "list"
    return "value"

STOPWORDS = frozenset(
    "the a an of to in on for and or is are was were be by with what which who how many much does do did has have "
    "had this that these those it its at from as their there any all me tell list".split()
)
_CONTENT = re.compile(r"[a-z0-9]+")


def content_words(text: str) -> set[str]:
    """Lower-cased words that carry meaning (stop words and single characters dropped)."""
    return {w for w in _CONTENT.findall(text.lower()) if w not in STOPWORDS and len(w) > 1}
