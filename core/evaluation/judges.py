"""The structured judge: deterministic verdicts from a question's structured gold answer.

It reads only the question (its text and gold) and the answer text. It is never told which pipeline answered
(fairness rule 6); the runner stamps the pipeline name on the returned ``Judgement`` afterwards.

Rules per gold type (docs/evaluation.md has the full text):
- count: the answer's first standalone number (not part of a token like CUST-0042 or P1, or a number word
  zero..twenty) that the question does not itself quote must equal the gold count.
- set: entity ids in the answer, plus gold members named by their gold name, minus what the question itself names
  (unless the question's entities are the candidates, as in "which of A and B"); PASS on an exact match,
  PARTIAL (score = F1) on overlap, FAIL otherwise.
- value: the normalised gold string is contained in the answer; numbers compare numerically (1% tolerance,
  "1.5M" == "1,500,000"), dates as ISO dates, lists need every member.
- bool: the answer's first word is yes/no (or true/false) and matches.
- none: the answer says "not found" (``NOT_FOUND_PHRASES``) and asserts no entity id the question did not name.
A "not found" answer to an answerable question is a FAIL.
"""

from __future__ import annotations

import contextlib
import math
import re
from collections.abc import Callable, Iterable
from datetime import date, datetime
from typing import Any

from core.records import Judgement, Question
from core.schema import ENTITY_ID_RE

JUDGE_NAME = "structured"

# Phrases that mean "the answer is not known / the entity does not exist". Matched case-insensitively on word
# boundaries; an apostrophe may be straight or curly.
NOT_FOUND_PHRASES: tuple[str, ...] = (
    "not found",
    "could not be found",
    "cannot be found",
    "can't be found",
    "could not find",
    "cannot find",
    "can't find",
    "couldn't find",
    "unable to find",
    "no such",
    "does not exist",
    "doesn't exist",
    "do not exist",
    "don't exist",
    "did not exist",
    "no record",
    "no records",
    "no information",
    "no data",
    "not in the provided context",
    "not mentioned",
    "not available",
    "unknown",
    "i don't know",
    "i do not know",
    "cannot answer",
    "can't answer",
    "cannot be determined",
    "not enough information",
    "insufficient information",
    "not sure",
    "unsure",
)
_NOT_FOUND_RE = re.compile(
    r"(?<![\w])(?:" + "|".join(re.escape(p).replace("'", "['\u2019]") for p in NOT_FOUND_PHRASES) + r")(?![\w])",
    re.IGNORECASE,
)

NUMBER_WORDS: dict[str, int] = {
    w: i
    for i, w in enumerate((
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty",
    ))
}

# A standalone number: not glued to letters, digits, '-', '#', '_' or '/' on either side (so CUST-0042, P1,
# 2024-03-01 and 3/4 are not counts). Thousands separators and decimals are allowed.
_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_STANDALONE_NUM_RE = re.compile(r"(?<![\w\-#/.,])(" + _NUM + r")(?![\w\-#/]|[.,]\d)")
_NUMBER_WORD_RE = re.compile(r"\b(" + "|".join(NUMBER_WORDS) + r")\b", re.IGNORECASE)
# Numbers with magnitude suffixes and currency, for value answers: "$1.5M", "1.5 million", "2k", "1,500,000".
_MAGNITUDES = {"k": 1e3, "thousand": 1e3, "m": 1e6, "mm": 1e6, "million": 1e6, "b": 1e9, "bn": 1e9, "billion": 1e9}
_VALUE_NUM_RE = re.compile(
    r"(?<![\w\-#/.,])[$€£]?\s?(" + _NUM + r")(?:\s?(thousand|million|billion|bn|mm|k|m|b)\b)?(?![\w\-#/]|[.,]\d)",
    re.IGNORECASE,
)
_ISO_DATE_RE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_SLASH_DATE_RE = re.compile(r"\b(\d{4})/(\d{1,2})/(\d{1,2})\b")
_MONTHS = {m: i for i, m in enumerate((
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
    "december",
), 1)}
_MONTHS.update({k[:3]: v for k, v in list(_MONTHS.items())})
_MONTH_ALT = "|".join(sorted(_MONTHS, key=len, reverse=True))
_TEXT_DATE_MDY_RE = re.compile(r"\b(" + _MONTH_ALT + r")\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b", re.IGNORECASE)
_TEXT_DATE_DMY_RE = re.compile(r"\b(\d{1,2})(?:st|nd|rd|th)?\s+(" + _MONTH_ALT + r")\.?,?\s+(\d{4})\b", re.IGNORECASE)
_WORD_RE = re.compile(r"[A-Za-z]+")
# A count answered as a range or a bound is not a count: "between 5 and 7", "5 to 7", "5-7", "5 or 6",
# "at least 5", "more than 5", "up to 7". Matched around the first candidate number.
_NUM_OR_WORD = r"(?:\d[\d,]*(?:\.\d+)?|" + "|".join(NUMBER_WORDS) + r")"
_RANGE_RE = re.compile(
    r"\bbetween\s+" + _NUM_OR_WORD + r"\s+and\s+" + _NUM_OR_WORD + r"\b"
    r"|(?<![\w\-#/])" + _NUM_OR_WORD + r"\s*(?:-|–|—|to|or)\s*" + _NUM_OR_WORD + r"(?![\w\-#/])"
    r"|\b(?:at least|at most|more than|fewer than|less than|over|under|up to|no more than|no fewer than|roughly|"
    r"approximately|about|around|some|several)\s+" + _NUM_OR_WORD + r"\b",
    re.IGNORECASE,
)
_EXACTISH = re.compile(r"^(?:roughly|approximately|about|around)\b", re.IGNORECASE)
NUMERIC_TOLERANCE = 0.01  # relative, for value answers


# ---- text helpers -------------------------------------------------------------------------------------------------


def says_not_found(text: str) -> bool:
    """True when ``text`` contains one of ``NOT_FOUND_PHRASES``."""
    return bool(_NOT_FOUND_RE.search(text or ""))


def _first_sentence(text: str) -> str:
    parts = re.split(r"(?<=[.!?])\s+|\n", (text or "").strip(), maxsplit=1)
    return parts[0] if parts else ""


def is_not_found_answer(text: str) -> bool:
    """An answer *is* a not-found answer when its first sentence says so (later hedges do not count)."""
    return says_not_found(_first_sentence(text))


def standalone_numbers(text: str) -> list[float]:
    """Standalone numbers and number words (zero..twenty) in reading order."""
    found: list[tuple[int, float]] = []
    for m in _STANDALONE_NUM_RE.finditer(text or ""):
        found.append((m.start(), float(m.group(1).replace(",", ""))))
    for m in _NUMBER_WORD_RE.finditer(text or ""):
        found.append((m.start(), float(NUMBER_WORDS[m.group(1).lower()])))
    return [v for _, v in sorted(found)]


def value_numbers(text: str) -> list[float]:
    """Numbers with magnitude suffixes resolved ("1.5M" -> 1500000.0), in reading order."""
    out = []
    for m in _VALUE_NUM_RE.finditer(text or ""):
        n = float(m.group(1).replace(",", ""))
        if m.group(2):
            n *= _MAGNITUDES[m.group(2).lower()]
        out.append(n)
    return out


def dates_in(text: str) -> set[date]:
    """ISO, yyyy/mm/dd, "March 1, 2024" and "1 March 2024" dates as ``date`` objects."""
    out: set[date] = set()

    def add(y: int, m: int, d: int) -> None:
        with contextlib.suppress(ValueError):  # "2024-02-30" is not a date
            out.add(date(y, m, d))

    for rx in (_ISO_DATE_RE, _SLASH_DATE_RE):
        for m in rx.finditer(text or ""):
            add(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    for m in _TEXT_DATE_MDY_RE.finditer(text or ""):
        add(int(m.group(3)), _MONTHS[m.group(1).lower()], int(m.group(2)))
    for m in _TEXT_DATE_DMY_RE.finditer(text or ""):
        add(int(m.group(3)), _MONTHS[m.group(2).lower()], int(m.group(1)))
    return out


def normalise(text: str) -> str:
    """Lower case, punctuation to spaces, whitespace collapsed, padded with one space for token containment."""
    return " " + " ".join(re.sub(r"[^\w]+", " ", (text or "").lower()).split()) + " "


def _name_pattern(name: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)" + re.escape(name) + r"(?!\w)", re.IGNORECASE)


def _as_number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        s = value.strip().replace(",", "")
        if re.fullmatch(r"-?\d+(?:\.\d+)?", s):
            return float(s)
    return None


def _as_date(value: Any) -> date | None:
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str):
        m = re.fullmatch(r"\s*(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?\s*", value)
        if m:
            try:
                return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
            except ValueError:
                return None
    return None


def _close(a: float, b: float, rel: float = NUMERIC_TOLERANCE) -> bool:
    return math.isclose(a, b, rel_tol=rel, abs_tol=1e-9)


def _fmt(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


# ---- the judge ----------------------------------------------------------------------------------------------------


class StructuredJudge:
    """Deterministic judge over structured gold answers. ``judge(question, answer_text) -> Judgement``.

    ``names`` (optional) finds every known entity an answer names, ids or not: ``names(text, prefer) -> ids``
    (the runner passes the dataset's names, core/evaluation/context_metrics.Mentions). With it, a list padded with
    wrong entities named without their ids counts those as extras; without it only ids and gold names are seen.
    """

    name = JUDGE_NAME

    def __init__(self, names: Callable[[str, set[str]], set[str]] | None = None):
        self.names = names

    def judge(self, question: Question, answer_text: str) -> Judgement:
        gold = question.gold or {}
        kind = gold.get("type")
        handlers = {
            "count": self._count,
            "set": self._set,
            "value": self._value,
            "bool": self._bool,
            "none": self._none,
        }
        if kind not in handlers:
            raise ValueError(
                f"question {question.id!r} has gold type {kind!r}; expected one of {', '.join(handlers)} "
                "(regenerate the suite with `hoplens questions`)"
            )
        text = answer_text or ""
        if kind != "none" and is_not_found_answer(text):
            return self._make(question, "FAIL", 0.0, "answered 'not found' to an answerable question")
        verdict, score, reason = handlers[kind](question, gold, text)
        return self._make(question, verdict, score, reason)

    @staticmethod
    def _make(question: Question, verdict: str, score: float, reason: str) -> Judgement:
        return Judgement(question_id=question.id, pipeline="", verdict=verdict, score=float(score), reason=reason,
                         judge=JUDGE_NAME)

    # -- count
    def _count(self, question: Question, gold: dict[str, Any], text: str):
        expected = _as_number(gold.get("value"))
        if expected is None:
            raise ValueError(f"question {question.id!r}: count gold needs a numeric 'value', got {gold!r}")
        quoted = set(standalone_numbers(question.question))
        candidates = [n for n in standalone_numbers(text) if n not in quoted]
        if not candidates:
            return "FAIL", 0.0, f"no count in the answer (expected {_fmt(expected)})"
        got = candidates[0]
        hedge = _first_range(text, quoted)
        if hedge:
            return "FAIL", 0.0, f"a range or bound ({hedge!r}), not a count (expected {_fmt(expected)})"
        if got == expected:
            return "PASS", 1.0, f"count {_fmt(got)} matches"
        return "FAIL", 0.0, f"count {_fmt(got)} != expected {_fmt(expected)}"

    # -- set
    def _set(self, question: Question, gold: dict[str, Any], text: str):
        ids = [str(i) for i in gold.get("ids") or []]
        names = [str(n) for n in gold.get("names") or []]
        if names and len(names) != len(ids):
            raise ValueError(f"question {question.id!r}: set gold 'names' must be parallel to 'ids'")
        gold_set = set(ids)
        in_question = self._mentions(question.question, ids, names)
        found = self._mentions(text, ids, names)
        # Entities the question names are ignored (answers restate their anchor) unless some of them are gold:
        # then they are the candidate answers ("which of A and B ...") and naming a wrong one counts against.
        predicted = found if in_question & gold_set else found - in_question
        if not gold_set:
            if predicted:
                return "FAIL", 0.0, f"expected no entities; extra: {', '.join(sorted(predicted))}"
            if not text.strip():
                return "FAIL", 0.0, "empty answer"
            return "PASS", 1.0, "correctly names no entities"
        hit = predicted & gold_set
        missing = sorted(gold_set - predicted)
        extra = sorted(predicted - gold_set)
        if not missing and not extra:
            return "PASS", 1.0, f"all {len(gold_set)} entities, no extras"
        detail = f"missing: {', '.join(missing) or '-'}; extra: {', '.join(extra) or '-'}"
        if hit:
            precision, recall = len(hit) / len(predicted), len(hit) / len(gold_set)
            f1 = 2 * precision * recall / (precision + recall)
            return "PARTIAL", round(f1, 6), f"{len(hit)}/{len(gold_set)} entities (F1 {f1:.2f}); {detail}"
        return "FAIL", 0.0, f"no expected entity named; {detail}"

    def _mentions(self, text: str, ids: list[str], names: list[str]) -> set[str]:
        """Entity ids written in ``text`` plus gold ids whose gold name appears (longest names first, so "Acme"
        inside "Acme Holdings" is not a second mention), plus — with ``names`` — any other entity named."""
        out = set(ENTITY_ID_RE.findall(text))
        rest = text
        for name, eid in sorted(zip(names, ids, strict=False), key=lambda p: -len(p[0])):
            if not name.strip():
                continue
            pattern = _name_pattern(name)
            if pattern.search(rest):
                out.add(eid)
                rest = pattern.sub(" ", rest)
        if self.names is not None:
            out |= self.names(rest, set(ids))
        return out

    # -- value
    def _value(self, question: Question, gold: dict[str, Any], text: str):
        value = gold.get("value")
        if isinstance(value, list):
            if not value:
                raise ValueError(f"question {question.id!r}: value gold list is empty")
            missing = [v for v in value if not self._value_present(v, text)]
            if not missing:
                return "PASS", 1.0, f"all {len(value)} values present"
            return "FAIL", 0.0, f"missing value(s): {', '.join(map(str, missing))}"
        if value is None:
            raise ValueError(f"question {question.id!r}: value gold needs a 'value'")
        if self._value_present(value, text):
            return "PASS", 1.0, f"value {value!r} present"
        return "FAIL", 0.0, f"value {value!r} not in the answer"

    @staticmethod
    def _value_present(value: Any, text: str) -> bool:
        if isinstance(value, bool):
            return normalise("yes" if value else "no") in normalise(text) or normalise(str(value)) in normalise(text)
        d = _as_date(value)
        if d is not None:
            return d in dates_in(text)
        n = _as_number(value)
        if n is not None:
            return any(_close(x, n) for x in value_numbers(text))
        return normalise(str(value)) in normalise(text)

    # -- bool
    def _bool(self, question: Question, gold: dict[str, Any], text: str):
        value = gold.get("value")
        if not isinstance(value, bool):
            raise ValueError(f"question {question.id!r}: bool gold needs true/false, got {value!r}")
        m = _WORD_RE.search(text)
        word = m.group(0).lower() if m else ""
        said = {"yes": True, "true": True, "no": False, "false": False}.get(word)
        if said is None:
            return "FAIL", 0.0, f"answer does not start with yes/no (starts with {word or 'nothing'!r})"
        expected = "yes" if value else "no"
        if said == value:
            return "PASS", 1.0, f"answered {expected}"
        return "FAIL", 0.0, f"answered {word}, expected {expected}"

    # -- none
    def _none(self, question: Question, gold: dict[str, Any], text: str):
        asserted = set(ENTITY_ID_RE.findall(text)) - set(ENTITY_ID_RE.findall(question.question))
        if not says_not_found(text):
            return "FAIL", 0.0, "expected a 'not found' answer"
        if asserted:
            return "FAIL", 0.0, f"says not found but asserts {', '.join(sorted(asserted))}"
        return "PASS", 1.0, "correctly says not found"


def _first_range(text: str, quoted: set[float]) -> str | None:
    """The first range/bound phrase of ``text`` not quoted from the question ("about 7" is approximate, not a
    range, and passes when 7 is right)."""
    for m in _RANGE_RE.finditer(text or ""):
        phrase = m.group(0)
        if _EXACTISH.match(phrase):
            continue
        if set(standalone_numbers(phrase)) <= quoted:
            continue
        return phrase
    return None


def judge_all(questions: Iterable[Question], answers: Iterable[str]) -> list[Judgement]:
    """Judge answers in order (convenience for scripts)."""
    j = StructuredJudge()
    return [j.judge(q, a) for q, a in zip(questions, answers, strict=True)]
