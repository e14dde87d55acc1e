"""The offline reader answers only from the prompt it is handed, in the form the question asks for."""

from __future__ import annotations

from core.llm.offline import NOT_FOUND, OfflineReader
from core.llm.tokens import count_tokens
from core.records import Prompt

R = OfflineReader()


def test_count_from_computed_fact():
    ctx = (
        "Computed from the graph: count = 12 Ticket entities (path: VEND-07 <-DEPENDS_ON- Customer "
        "<-OPENED_BY- Ticket; filter: priority == P1).\nVEND-07 [Vendor] Nimbus"
    )
    assert R.answer("How many P1 tickets did VEND-07's customers open?", ctx).startswith("12.")


def test_list_from_computed_fact_keeps_only_the_listing():
    ctx = "Computed from the graph: 2 Customer entities (path: VEND-07 <-DEPENDS_ON- Customer): CUST-0001 Acme; CUST-0009 Beta."
    ans = R.answer("Which customers depend on VEND-07?", ctx)
    assert "CUST-0001" in ans and "CUST-0009" in ans and "VEND-07" not in ans


def test_value_yes_no_comparison_and_not_found():
    assert R.answer("What is the severity of OUTAGE-003?", "Computed from the graph: OUTAGE-003 (Big one) severity = P1.") == "P1"
    yes = R.answer("Does CUST-0001 depend on VEND-02?", "Computed from the graph: yes — VEND-02 (X) is reachable from CUST-0001 (Y) (path: p).")
    assert yes.startswith("Yes")
    no = R.answer("Does CUST-0001 depend on VEND-03?", "Computed from the graph: no — VEND-03 (X) is not reachable from CUST-0001 (Y) (path: p).")
    assert no.startswith("No")
    cmp_ = R.answer(
        "Which has more customers, VEND-01 or VEND-02?",
        "Computed from the graph: VEND-01 has 5 Customer entities and VEND-02 has 3 (paths: a; b); VEND-01 (Nimbus) has more.",
    )
    assert cmp_.startswith("VEND-01")
    nf = R.answer("What industry is CUST-9999 in?", "Computed from the graph: not found — no entity CUST-9999 exists in the knowledge graph.")
    assert nf.lower().startswith("not found")


def test_extracts_ids_of_the_asked_type_from_text_without_computed_facts():
    ctx = "[DOC-00001#0] CUST-0001 relies on VEND-03 and VEND-04 for hosting.\n[DOC-00002#0] Unrelated note about CUST-0002 and VEND-09."
    ans = R.answer("Which vendors does CUST-0001 depend on?", ctx)
    assert set(ans.split("; ")) == {"VEND-03", "VEND-04"}


def test_says_not_found_instead_of_guessing():
    assert R.answer("Which vendors does CUST-0001 depend on?", "") == NOT_FOUND
    assert R.answer("What is the renewal risk for CUST-0001?", "[DOC-1#0] The weather was sunny.") == NOT_FOUND


def test_usage_counts_system_prompt_and_user_message():
    prompt = Prompt("system words here", "Computed from the graph: OUTAGE-001 (x) severity = P2.", "What is the severity of OUTAGE-001?")
    gen = R.generate(prompt)
    assert gen.usage.prompt_tokens == count_tokens(prompt.system) + count_tokens(prompt.user_message())
    assert gen.usage.completion_tokens == count_tokens(gen.text) > 0
    assert gen.usage.calls == 1 and gen.text == "P2"


def test_deterministic():
    ctx = "[DOC-1#0] CUST-0001 relies on VEND-03.\n[DOC-2#0] CUST-0001 also uses VEND-05."
    assert len({R.answer("Which vendors does CUST-0001 use?", ctx) for _ in range(5)}) == 1
