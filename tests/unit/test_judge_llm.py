"""core.llm.judge: strict verdict parsing, usage passed through, the pipeline never shown to the judge."""

from __future__ import annotations

import pytest

from core.llm.base import Generator, LLMError
from core.llm.judge import UNPARSEABLE, LLMJudge, judge_prompt, parse_verdict
from core.records import Generation, Prompt, Usage


class ScriptedGenerator:
    """Returns the given replies in order and records what it was sent."""

    name = "scripted"

    def __init__(self, *replies: str, fail: bool = False):
        self.replies = list(replies)
        self.fail = fail
        self.sent: list[tuple[str, str]] = []

    def generate(self, prompt: Prompt) -> Generation:
        return self.complete_json(prompt.system, prompt.user_message())

    def complete_json(self, system: str, user: str) -> Generation:
        self.sent.append((system, user))
        if self.fail:
            raise LLMError("server down")
        text = self.replies.pop(0)
        return Generation(text=text, usage=Usage(len(system.split()) + len(user.split()), len(text.split()), 1))

    def count_tokens(self, text: str) -> int:
        return len(text.split())


@pytest.mark.parametrize(
    ("reply", "verdict", "reason"),
    [
        ("PASS: same three vendors", "PASS", "same three vendors"),
        ("FAIL: the PASS criteria were not met", "FAIL", "the PASS criteria were not met"),
        ("**PASS** - counts match (4)", "PASS", "counts match (4)"),
        ('  \n"FAIL": wrong region', "FAIL", "wrong region"),
        ("Verdict: PASS. Both name Acme Corp.", "PASS", "Both name Acme Corp."),
        ("**Verdict:** FAIL — missing CUST-0042", "FAIL", "missing CUST-0042"),
        ("pass", "PASS", "no reason given"),
        ("> FAIL\nThe answer says 3, the reference says 4.", "FAIL", "The answer says 3, the reference says 4."),
    ],
)
def test_verdict_is_the_first_word(reply, verdict, reason):
    assert parse_verdict(reply) == (verdict, reason)


@pytest.mark.parametrize(
    "reply",
    [
        "The answer is correct, so PASS",  # PASS later in the text does not count
        "I would say PASS",
        "PASSED",
        "Correct.",
        "",
        "   ",
        "**",
        "FAILURE to compare",
        "1. PASS",
    ],
)
def test_anything_else_is_fail_unparseable(reply):
    assert parse_verdict(reply) == ("FAIL", UNPARSEABLE)


def test_judge_builds_a_judgement_and_returns_usage():
    gen = ScriptedGenerator("PASS: both list Globex and Initech")
    assert isinstance(gen, Generator)
    result = LLMJudge(gen).judge(
        "Which vendors does Acme use?", "Globex, Initech", "Acme uses Initech and Globex.", "q-7", "graph"
    )
    j = result.judgement
    assert (j.question_id, j.pipeline, j.verdict, j.score, j.judge) == ("q-7", "graph", "PASS", 1.0, "llm")
    assert j.reason == "both list Globex and Initech"
    system, user = gen.sent[0]
    assert result.usage == Usage(len(system.split()) + len(user.split()), 6, 1)
    judgement, usage = result  # unpacks like a tuple
    assert judgement is j and usage.calls == 1


def test_failing_verdict_scores_zero():
    j = LLMJudge(ScriptedGenerator("FAIL: says 3, reference 4")).judge("How many?", "4", "3").judgement
    assert (j.verdict, j.score, j.reason) == ("FAIL", 0.0, "says 3, reference 4")


def test_unparseable_reply_is_a_fail_never_a_pass():
    j = LLMJudge(ScriptedGenerator("Looks right to me. PASS")).judge("q", "ref", "ans").judgement
    assert (j.verdict, j.score, j.reason) == ("FAIL", 0.0, UNPARSEABLE)


def test_prompt_has_question_reference_answer_but_not_the_pipeline():
    gen = ScriptedGenerator("PASS")
    LLMJudge(gen).judge("Who owns Acme?", "Dana Lee", "Dana Lee owns it.", question_id="q1", pipeline="graphrag-xyz")
    system, user = gen.sent[0]
    assert "Who owns Acme?" in user and "Dana Lee owns it." in user and "Reference answer: Dana Lee" in user
    assert "graphrag-xyz" not in system + user and "q1" not in system + user
    assert "first word" in system


def test_empty_answer_is_shown_as_empty():
    assert "(empty answer)" in judge_prompt("q", "ref", "   ")


def test_provider_failure_is_raised_not_judged():
    with pytest.raises(LLMError, match="server down"):
        LLMJudge(ScriptedGenerator(fail=True)).judge("q", "ref", "ans")
