"""LLM judge: asks a generator whether an answer matches a reference answer, and parses the verdict strictly.

The verdict must be the reply's first word (PASS or FAIL, after markdown/quotes and an optional "Verdict:" label);
nothing is searched for further in. "FAIL: the PASS criteria were not met" is a FAIL, and a reply that does not
start with a verdict is a FAIL with reason "unparseable judge reply". The judge never sees which pipeline answered
(fairness rule 6): the pipeline name only goes into the returned record. Provider failures (``LLMError``) are
raised, not turned into verdicts, so a dead judge cannot pass or fail anything.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from core.llm.base import Generator
from core.records import Judgement, Usage

JUDGE_SYSTEM = """You grade an answer to a question against a reference answer.
Reply with the verdict as the very first word, PASS or FAIL, then a colon and one short sentence of reason.
PASS when the answer states the same facts as the reference: the same entities (a name and its ID are the same
entity), the same numbers, values and yes/no. Wording, order and extra explanation do not matter.
FAIL when the answer misses, adds or contradicts an entity, number or value of the reference, or says it does not
know while the reference has an answer. When the reference says there is no answer, PASS only an answer that says
the information is not available."""

UNPARSEABLE = "unparseable judge reply"
_LEAD = re.compile(r"""^[\s*_#>`"'“”‘’\[\(]*(?:verdict\s*[:\-–—]?[\s*_`"'“”]*)?""", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z]+")
_REASON_LEAD = re.compile(r"""^[\s*_`"'“”‘’\]\)]*[:\-–—.,;]?\s*""")


class JudgeResult(NamedTuple):
    judgement: Judgement
    usage: Usage  # the judge call's tokens (fairness rule 4: every token is counted)


def judge_prompt(question: str, reference: str, answer: str) -> str:
    return (
        f"Question: {question.strip()}\n\n"
        f"Reference answer: {reference.strip()}\n\n"
        f"Answer to grade: {answer.strip() or '(empty answer)'}\n\n"
        "Verdict (PASS or FAIL first):"
    )


def parse_verdict(reply: str) -> tuple[str, str]:
    """(verdict, reason) from a judge reply; only the first word decides."""
    text = _LEAD.sub("", reply or "", count=1)
    m = _WORD.match(text)
    word = m.group(0).upper() if m else ""
    if word not in ("PASS", "FAIL"):
        return "FAIL", UNPARSEABLE
    assert m is not None
    reason = " ".join(_REASON_LEAD.sub("", text[m.end() :], count=1).split())
    return word, reason.strip("*_` ") or "no reason given"


class LLMJudge:
    """``LLMJudge(generator).judge(question, reference, answer)`` → ``JudgeResult(judgement, usage)``."""

    def __init__(self, generator: Generator, system: str = JUDGE_SYSTEM):
        self.generator = generator
        self.system = system

    @property
    def name(self) -> str:
        return f"llm:{self.generator.name}"

    def judge(
        self, question: str, reference: str, answer: str, question_id: str = "", pipeline: str = ""
    ) -> JudgeResult:
        generation = self.generator.complete_json(self.system, judge_prompt(question, reference, answer))
        verdict, reason = parse_verdict(generation.text)
        judgement = Judgement(
            question_id=question_id,
            pipeline=pipeline,
            verdict=verdict,
            score=1.0 if verdict == "PASS" else 0.0,
            reason=reason,
            judge="llm",
        )
        return JudgeResult(judgement, generation.usage)
