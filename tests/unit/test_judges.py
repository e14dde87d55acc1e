"""The structured judge on hand-written correct, incorrect and partial answers, per gold type."""

from __future__ import annotations

import inspect

import pytest

from core.evaluation import judges
from core.evaluation.judges import StructuredJudge, dates_in, is_not_found_answer, standalone_numbers, value_numbers
from core.records import Question

J = StructuredJudge()


def verdict(gold: dict, answer: str, question: str = "How many customers were impacted by OUTAGE-001?"):
    j = J.judge(Question("q-1", "aggregate", question, gold), answer)
    assert j.judge == "structured" and j.question_id == "q-1" and j.pipeline == ""
    assert 0.0 <= j.score <= 1.0 and j.reason
    return j


# ---- count --------------------------------------------------------------------------------------------------------

COUNT7 = {"type": "count", "value": 7}


@pytest.mark.parametrize("answer", [
    "7",
    "OUTAGE-001 impacted 7 customers.",
    "Seven customers were impacted.",
    "There were 7 (CUST-0001, CUST-0002, ...).",
    "**7** customers",
])
def test_count_correct(answer):
    assert verdict(COUNT7, answer).verdict == "PASS"


@pytest.mark.parametrize("answer", [
    "8 customers were impacted.",
    "CUST-0007 was impacted.",  # digits inside an id are not a count
    "It was a P7 incident.",  # nor inside a code like P1
    "Eight, maybe 7.",  # the FIRST number counts
    "Customers were impacted.",
    "",
])
def test_count_incorrect(answer):
    assert verdict(COUNT7, answer).verdict == "FAIL"


def test_count_ignores_numbers_quoted_in_the_question():
    q = "How many P1 tickets did CUST-0042 open in 2024 across 3 regions?"
    assert verdict({"type": "count", "value": 12}, "In 2024, across 3 regions, 12 tickets.", q).verdict == "PASS"
    assert verdict({"type": "count", "value": 12}, "In 2024 there were 11.", q).verdict == "FAIL"


def test_count_zero_and_thousands():
    assert verdict({"type": "count", "value": 0}, "0 customers were impacted.").verdict == "PASS"
    assert verdict({"type": "count", "value": 0}, "Zero.").verdict == "PASS"
    assert verdict({"type": "count", "value": 1500}, "There are 1,500 tickets.").verdict == "PASS"


def test_standalone_numbers_skip_ids_codes_and_dates():
    text = "CUST-0042 had a P1 on 2024-03-01 (3/4 systems); total 7. Then 1,500 and 3.5 hours, twelve."
    assert standalone_numbers(text) == [7.0, 1500.0, 3.5, 12.0]


# ---- set ----------------------------------------------------------------------------------------------------------

SET = {"type": "set", "ids": ["CUST-0001", "CUST-0002", "CUST-0003"], "names": ["Acme Corp", "Globex", "Initech"]}
SET_Q = "Which customers depend on VEND-01?"


def test_set_exact_by_ids_and_by_names():
    assert verdict(SET, "CUST-0001, CUST-0002 and CUST-0003.", SET_Q).verdict == "PASS"
    assert verdict(SET, "Acme Corp, GLOBEX and initech depend on it.", SET_Q).verdict == "PASS"
    # the anchor named in the question is never an "extra"
    assert verdict(SET, "VEND-01 serves CUST-0001, CUST-0002, CUST-0003.", SET_Q).verdict == "PASS"


def test_set_partial_scores_f1_and_lists_missing_and_extra():
    j = verdict(SET, "CUST-0001, CUST-0002 and CUST-0009.", SET_Q)
    assert j.verdict == "PARTIAL"
    assert j.score == pytest.approx(2 / 3)  # precision 2/3, recall 2/3
    assert "CUST-0003" in j.reason and "CUST-0009" in j.reason
    j = verdict(SET, "Only Acme Corp.", SET_Q)
    assert j.verdict == "PARTIAL" and j.score == pytest.approx(0.5)  # precision 1, recall 1/3


def test_set_fail_without_overlap_and_name_needs_word_boundary():
    assert verdict(SET, "CUST-0100 and CUST-0200.", SET_Q).verdict == "FAIL"
    # "Globex" inside "Globexx" is not a mention; ids are still read
    assert verdict(SET, "Globexx Ltd.", SET_Q).verdict == "FAIL"


def test_set_when_the_question_names_the_candidates_a_wrong_candidate_counts_against():
    gold = {"type": "set", "ids": ["VEND-03"], "names": ["Hollowquest Hosting"]}
    q = "Do more accounts rely on VEND-03 or on VEND-47?"
    assert verdict(gold, "VEND-03 (Hollowquest Hosting) has more.", q).verdict == "PASS"
    assert verdict(gold, "Hollowquest Hosting.", q).verdict == "PASS"
    assert verdict(gold, "VEND-47 has more.", q).verdict == "FAIL"
    j = verdict(gold, "VEND-03 or VEND-47.", q)  # restating both options is not an answer
    assert j.verdict == "PARTIAL" and "VEND-47" in j.reason


def test_set_longer_name_is_not_double_counted():
    gold = {"type": "set", "ids": ["CUST-0001", "CUST-0002"], "names": ["Acme", "Acme Holdings"]}
    j = verdict(gold, "Acme Holdings.", SET_Q)
    assert j.verdict == "PARTIAL"  # "Acme" inside "Acme Holdings" is not a second entity


def test_set_empty_gold():
    gold = {"type": "set", "ids": [], "names": []}
    assert verdict(gold, "No customer depends on it.", SET_Q).verdict == "PASS"
    assert verdict(gold, "CUST-0001.", SET_Q).verdict == "FAIL"
    assert verdict(gold, "", SET_Q).verdict == "FAIL"
    assert verdict(gold, "Not found in the provided context.", SET_Q).verdict == "FAIL"


# ---- value --------------------------------------------------------------------------------------------------------

def test_value_strings_are_normalised():
    assert verdict({"type": "value", "value": "P1"}, "Its severity was p1.").verdict == "PASS"
    assert verdict({"type": "value", "value": "P1"}, "Its severity was P10.").verdict == "FAIL"
    assert verdict({"type": "value", "value": "Mid-Market"}, "Segment: mid market").verdict == "PASS"
    assert verdict({"type": "value", "value": "Mid-Market"}, "Segment: Enterprise").verdict == "FAIL"


@pytest.mark.parametrize("answer", ["ARR is 1500000.", "ARR: $1,500,000", "about 1.5M", "1.5 million USD",
                                    "ARR 1,510,000"])
def test_value_numbers_compare_numerically(answer):
    assert verdict({"type": "value", "value": 1500000}, answer).verdict == "PASS"


@pytest.mark.parametrize("answer", ["ARR is 1.6M", "ARR is 150000", "CUST-1500000", "no number"])
def test_value_numbers_wrong(answer):
    assert verdict({"type": "value", "value": 1500000}, answer).verdict == "FAIL"


def test_value_numbers_helper():
    assert value_numbers("$2.5k and 3 billion, CUST-0042") == [2500.0, 3e9]


@pytest.mark.parametrize("answer", ["2024-03-01", "It began on March 1, 2024.", "1st Mar 2024", "2024/3/1"])
def test_value_dates_as_iso(answer):
    assert verdict({"type": "value", "value": "2024-03-01"}, answer).verdict == "PASS"


def test_value_date_wrong_and_helper():
    assert verdict({"type": "value", "value": "2024-03-01"}, "2024-03-02").verdict == "FAIL"
    assert len(dates_in("2024-02-30 is not a date")) == 0


def test_value_lists_need_every_member():
    gold = {"type": "value", "value": ["payments", "auth-api", "billing"]}
    assert verdict(gold, "Affected: Billing, Payments and auth api.").verdict == "PASS"
    j = verdict(gold, "Affected: payments and billing.")
    assert j.verdict == "FAIL" and "auth-api" in j.reason


# ---- bool ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("answer,ok", [
    ("Yes, CUST-0001 depends on VEND-01.", True),
    ("**Yes**", True),
    ("true", True),
    ("No, it does not.", False),
    ("It does, yes.", False),  # the first word decides
])
def test_bool(answer, ok):
    assert (verdict({"type": "bool", "value": True}, answer).verdict == "PASS") is ok


def test_bool_false_gold():
    assert verdict({"type": "bool", "value": False}, "No.").verdict == "PASS"
    assert verdict({"type": "bool", "value": False}, "Yes.").verdict == "FAIL"


# ---- none (unanswerable) ------------------------------------------------------------------------------------------

NONE_Q = "What is the ARR of CUST-9999?"


@pytest.mark.parametrize("answer", [
    "Not found in the provided context.",
    "CUST-9999 does not exist.",  # restating the question's id is not asserting an entity
    "I don't know.",
    "There is no such customer.",
])
def test_none_pass(answer):
    assert verdict({"type": "none"}, answer, NONE_Q).verdict == "PASS"


@pytest.mark.parametrize("answer", [
    "The ARR is 1,500,000.",
    "Not found; the closest match is CUST-0001.",
    "",
])
def test_none_fail(answer):
    assert verdict({"type": "none"}, answer, NONE_Q).verdict == "FAIL"


def test_not_found_answer_to_answerable_question_fails():
    for gold in (COUNT7, SET, {"type": "value", "value": "P1"}, {"type": "bool", "value": False}):
        j = verdict(gold, "Not found in the provided context. (7 P1 no CUST-0001 CUST-0002 CUST-0003)", SET_Q)
        assert j.verdict == "FAIL" and "not found" in j.reason
    assert is_not_found_answer("Unknown.") and not is_not_found_answer("7 customers. Others unknown.")


# ---- never "PASS anywhere in the text" ----------------------------------------------------------------------------

def test_fail_reply_containing_pass_is_fail_for_every_gold_type():
    reply = "FAIL: the PASS criteria were not met"
    for gold in (COUNT7, SET, {"type": "value", "value": "P1"}, {"type": "bool", "value": True}, {"type": "none"}):
        assert verdict(gold, reply, SET_Q).verdict == "FAIL"


def test_judge_never_searches_for_the_word_pass():
    # The structured judge decides from gold, not from verdict words in the answer text.
    src = inspect.getsource(judges)
    assert '"PASS" in' not in src and "'PASS' in" not in src and "find(\"PASS\")" not in src
    assert verdict({"type": "value", "value": "P1"}, "PASS PASS PASS").verdict == "FAIL"


def test_judge_signature_is_blind_to_the_pipeline():
    assert list(inspect.signature(StructuredJudge.judge).parameters) == ["self", "question", "answer_text"]


# ---- bad gold -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("gold", [{}, {"type": "ranking"}, {"type": "count"}, {"type": "bool", "value": "yes"},
                                  {"type": "set", "ids": ["CUST-0001"], "names": ["a", "b"]}])
def test_bad_gold_is_a_clear_error(gold):
    with pytest.raises(ValueError, match="q-1"):
        J.judge(Question("q-1", "lookup", "?", gold), "7")


# ---- free text from a real model (names without ids, padding, "there are 7", ranges, hedges) -------------------

SET2 = {"type": "set", "ids": ["CUST-0001", "CUST-0002"], "names": ["Acme Corp", "Beta Labs"]}
KNOWN = {"acme corp": {"CUST-0001"}, "beta labs": {"CUST-0002"}, "gamma retail": {"CUST-0003"},
         "delta foods": {"CUST-0004"}}


def _known_names(text: str, prefer: set[str]) -> set[str]:
    low = text.lower()
    return {i for name, ids in KNOWN.items() if name in low for i in ids}


NAMED = StructuredJudge(names=_known_names)
LIST_Q = "Which customers were impacted by OUTAGE-001?"


@pytest.mark.parametrize("answer", [
    "Based on the context, the impacted customers are Acme Corp and Beta Labs. Both depend on the vendor.",
    "The customers impacted by OUTAGE-001 were:\n1. Acme Corp (CUST-0001)\n2. Beta Labs (CUST-0002)",
    "acme corp, beta labs",
])
def test_a_list_of_the_right_entities_with_extra_words_passes(answer):
    for judge in (J, NAMED):
        assert judge.judge(Question("q", "multi_hop", LIST_Q, SET2), answer).verdict == "PASS"


@pytest.mark.parametrize("answer", [
    "Acme Corp, Beta Labs, Gamma Retail and Delta Foods.",  # padded by name, no ids
    "CUST-0001, CUST-0002, CUST-0003, CUST-0004",  # padded by id
])
def test_a_list_padded_with_wrong_entities_does_not_pass(answer):
    j = NAMED.judge(Question("q", "multi_hop", LIST_Q, SET2), answer)
    assert j.verdict == "PARTIAL" and j.score == pytest.approx(2 / 3) and "CUST-0003" in j.reason


def test_without_a_name_table_padding_by_name_is_invisible_so_the_runner_passes_one():
    # the reason the runner gives the judge the dataset's names: ids-only judging would pass this padded list
    padded = "Acme Corp, Beta Labs, Gamma Retail and Delta Foods."
    assert J.judge(Question("q", "multi_hop", LIST_Q, SET2), padded).verdict == "PASS"


@pytest.mark.parametrize("answer", ["There are 7.", "there are seven of them", "About 7 customers.", "7"])
def test_count_free_text(answer):
    assert verdict(COUNT7, answer).verdict == "PASS"


@pytest.mark.parametrize("answer", [
    "Between 6 and 8 customers.", "7 or 8 customers", "at least 7", "more than 7 customers", "6-8", "up to seven",
])
def test_count_ranges_and_bounds_are_not_counts(answer):
    j = verdict(COUNT7, answer)
    assert j.verdict == "FAIL"


def test_count_ranges_quoted_from_the_question_do_not_count_against():
    q = "How many tickets between 2023 and 2024 did CUST-0001 open?"
    assert verdict(COUNT7, "7 tickets between 2023 and 2024.", q).verdict == "PASS"


@pytest.mark.parametrize("answer", ["I'm not sure.", "Unsure: the context does not say."])
def test_unsure_answers_are_not_found_answers(answer):
    assert is_not_found_answer(answer)
    assert verdict(COUNT7, answer).verdict == "FAIL"
    assert verdict({"type": "none"}, answer, "What is the ARR of CUST-9999?").verdict == "PASS"
