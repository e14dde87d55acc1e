"""The evidence behind an answer on the Ask and Compare pages, on the session's tiny knowledge base.

Gold is computed here from the dataset files, independently of the planner: the customers hit by an outage depend
on its vendor AND are located in its region; their account managers manage them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from apphelpers import iframes, texts

from core.dataset.io import FILES, iter_jsonl
from core.records import Entity

ASK = "pages/1_Ask.py"
COMPARE = "pages/2_Compare.py"
QUESTION = "Which account managers look after the customers hit by {outage}?"


@pytest.fixture(scope="module")
def kb(tiny_kb):
    return tiny_kb  # tests/conftest.py: the graph read from the dataset files


def _impacted(kb, outage: str) -> set[str]:
    ents, out, inn = kb
    users = {c for v in inn[(outage, "EXPERIENCED")] for c in inn[(v, "DEPENDS_ON")]}
    local = {c for r in out[(outage, "IN_REGION")] for c in inn[(r, "LOCATED_IN")] if ents[c].type == "Customer"}
    return users & local


def expected_paths(kb) -> tuple[str, set[str], set[str]]:
    """(the outage hitting the most customers, its customers' account managers, the entities on the way:
    the outage's vendors and regions that lead to a managed impacted customer, and those customers)."""
    ents, out, inn = kb
    outage = max(sorted(i for i, e in ents.items() if e.type == "Outage"), key=lambda o: len(_impacted(kb, o)))
    managed = {c for c in _impacted(kb, outage) if inn[(c, "MANAGES_ACCOUNT")]}
    managers = {m for c in managed for m in inn[(c, "MANAGES_ACCOUNT")]}
    vendors = {v for v in inn[(outage, "EXPERIENCED")] if inn[(v, "DEPENDS_ON")] & managed}
    regions = {r for r in out[(outage, "IN_REGION")] if inn[(r, "LOCATED_IN")] & managed}
    assert managers and vendors and regions, "the tiny dataset has no outage with managed impacted customers"
    return outage, managers, vendors | regions | managed


def _ask(at, question: str, pipeline: str | None = None):
    at.text_input(key="ask.question").input(question)
    if pipeline:
        at.radio(key="ask.pipeline").set_value(pipeline)
    return at.button(key="ask.go").click().run()


def _graph_nodes(page: str) -> list[dict]:
    return json.loads(re.search(r"nodes = new vis\.DataSet\((\[.*?\])\);", page, re.S).group(1))


def _evidence_frames(at) -> list[str]:
    return [f.proto.srcdoc for f in iframes(at) if "on the path" in f.proto.srcdoc]


def test_ask_multi_hop_draws_the_evidence_of_every_result_first(app_at, kb_env, kb):
    ents = kb[0]
    outage, managers, on_path = expected_paths(kb)
    at = _ask(app_at(ASK, **kb_env), QUESTION.format(outage=outage))
    assert not at.exception and not at.error
    shown = texts(at)
    assert "Answer · GraphRAG" in shown and "Evidence" in shown
    # The evidence graph is the only graph drawn: the expansion graph waits behind its toggle.
    frames = iframes(at)
    evidence_pages = _evidence_frames(at)
    assert len(frames) == 1 and len(evidence_pages) == 1
    assert not at.toggle(key="ask.expansion.False").value
    nodes = {n["id"]: n for n in _graph_nodes(evidence_pages[0])}
    assert set(nodes) == {outage} | managers | on_path
    assert nodes[outage]["shape"] == "star"
    assert all(nodes[m]["color"]["border"] == "#D7263D" and nodes[m]["size"] > nodes[c]["size"]
               for m in managers for c in on_path)
    assert all(nodes[e]["label"] == ents[e].name for e in nodes)
    # Provenance: every answer item with its path instance, each entity and document a link to Explore.
    provenance = next(m.value for m in at.markdown if m.value.startswith("| answer item |"))
    linked = set(re.findall(r"\(Explore\?entity=([^)]+)\)", provenance))
    assert managers | {outage} <= linked <= managers | on_path | {outage}  # (at most 4 path instances per item)
    docs = set(re.findall(r"\(Explore\?document=([^)]+)\)", provenance))
    assert docs, "no document states any link of the paths"
    item_rows = [r for r in provenance.splitlines()[2:] if r.startswith("| [")]
    assert {re.match(r"\| \[([^\]]+)\]", r).group(1).replace("\\", "") for r in item_rows} == managers
    assert f"all {len(managers)} results traced" in shown
    # The expansion stays, labelled as the expansion, with its hop-score table.
    assert "Expansion walked (hop scores)" in shown and "the expansion's accumulators" in shown
    assert any("hop score" in d.value.columns for d in at.dataframe)
    # Focusing one answer item redraws only its paths.
    one = sorted(managers)[0]
    at = at.selectbox(key="ask.evidence.focus").set_value(one).run()
    nodes = {n["id"] for n in _graph_nodes(_evidence_frames(at)[0])}
    assert one in nodes and not (managers - {one}) & nodes and outage in nodes


def test_ask_expansion_graph_behind_its_toggle(app_at, kb_env, kb):
    outage, _, _ = expected_paths(kb)
    at = _ask(app_at(ASK, **kb_env), QUESTION.format(outage=outage))
    at = at.toggle(key="ask.expansion.False").set_value(True).run()
    assert not at.exception
    pages = [f.proto.srcdoc for f in iframes(at)]
    assert len(pages) == 2 and len(_evidence_frames(at)) == 1
    assert any("Expansion:" in c.value for c in at.caption)


def test_ask_basic_evidence_is_its_passages_and_their_entities(app_at, kb_env, kb, tiny_store):
    outage, _, _ = expected_paths(kb)
    at = _ask(app_at(ASK, **kb_env), QUESTION.format(outage=outage), "basic")
    assert not at.exception and not at.error
    assert not iframes(at)
    passages = next(d.value for d in at.dataframe if "passage" in d.value.columns)
    mentioned = next(d.value for d in at.dataframe if "passages" in d.value.columns)
    answer = at.session_state["hl.ask_answer"]  # ui.state.AppState.ask_answer
    chunk_ids = [c.source for c in answer.context if c.kind == "chunk"]
    assert list(passages["passage"]) == chunk_ids and len(chunk_ids) > 0
    # The entities are the ones the chunks' text links (read from the store independently of the page).
    store = tiny_store.open()
    try:
        linked = {e for c in store.get_chunks(chunk_ids) for e in c.entity_ids}
    finally:
        store.close()
    assert set(mentioned["id"]) == linked
    assert all(u == f"Explore?entity={i}" for u, i in zip(mentioned["entity"], mentioned["id"], strict=True))
    assert all(u.startswith("Explore?document=DOC-") for u in passages["document"])


def test_compare_shows_passages_and_paths_side_by_side(app_at, kb_env, kb):
    outage, managers, on_path = expected_paths(kb)
    at = app_at(COMPARE, **kb_env)
    at.text_input(key="compare.question").input(QUESTION.format(outage=outage))
    at = at.button(key="compare.go").click().run()
    assert not at.exception and not at.error
    shown = texts(at)
    assert "Evidence side by side" in shown
    assert any("passage" in d.value.columns for d in at.dataframe)  # BasicRAG: chunks and their entities
    pages = _evidence_frames(at)  # GraphRAG: paths
    assert len(pages) == 1
    assert {n["id"] for n in _graph_nodes(pages[0])} == {outage} | managers | on_path
    assert any(m.value.startswith("| answer item |") for m in at.markdown)


def test_explore_opens_a_document_from_an_evidence_link(app_at, kb_env, tiny_store):
    from core.records import Document

    doc = next(iter_jsonl(Path(tiny_store.data) / FILES["documents"], Document))
    at = app_at("pages/4_Explore.py", **kb_env)
    at.query_params["document"] = doc.id
    at = at.run()
    assert not at.exception and not at.error
    assert any(doc.id in s.value and doc.title in s.value for s in at.subheader)
    assert any(t.value == doc.text for t in at.text)
    at.query_params["document"] = "DOC-NOPE"
    at = at.run()
    assert any("DOC-NOPE" in w.value for w in at.warning)


def test_demo_mode_shows_the_evidence_of_a_cached_answer(app_at, kb_env, kb):
    outage, managers, on_path = expected_paths(kb)
    env = {**kb_env, "HOPLENS_DEMO": "1", "HOPLENS_ADMIN_TOKEN": "evidence-test-secret"}
    for _ in range(2):  # the second answer comes from the demo's shared answer cache
        at = _ask(app_at(ASK, **env), QUESTION.format(outage=outage))
        assert not at.exception and not at.error
        pages = _evidence_frames(at)
        assert len(pages) == 1 and {n["id"] for n in _graph_nodes(pages[0])} == {outage} | managers | on_path


def test_provenance_links_are_escaped_and_focus_keeps_one_item():
    from core.records import Evidence, EvidencePath
    from ui import evidence

    ev = Evidence(paths=[EvidencePath(["A|1", "B_2", "R 1"], ["E_X", "E_Y"], "R 1", ["out", "in"]),
                         EvidencePath(["A|1", "C", "R2"], ["E_X", "E_Y"], "R2", ["out", "out"])],
                  documents={"A|1|B_2": ["DOC 1"]}, anchors=["A|1"], results=["R 1", "R2"], cap=40)
    ents = {"R 1": Entity("R 1", "Employee", "Ann | *Bold*")}
    md = evidence.provenance_markdown(ev, ents)
    rows = md.splitlines()
    assert len(rows) == 4 and all(r.count(" | ") == 2 for r in rows[2:])  # no cell broken by a "|" in a name
    assert "(Explore?entity=R%201)" in md and "(Explore?entity=A%7C1)" in md and "Ann \\| \\*Bold\\*" in md
    assert "←E\\_Y—" in md and "—E\\_X→" in md  # the direction each hop was walked
    one = evidence.focus(ev, "R2")
    assert [p.result for p in one.paths] == ["R2"] and one.results == ["R2"] and one.anchors == ["A|1"]
    assert not one.documents  # the only stated link is on the other item's path
