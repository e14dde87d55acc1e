"""Explore page: browse by type, search, neighbourhood graph at a chosen depth, documents, unknown entities."""

from __future__ import annotations

import json
import re

from apphelpers import iframes, texts

PAGE = "pages/4_Explore.py"


def _graph_nodes(at) -> list[dict]:
    page = iframes(at)[0].proto.srcdoc
    return json.loads(re.search(r"nodes = new vis\.DataSet\((\[.*?\])\);", page, re.S).group(1))


def test_browse_by_type_opens_entity_with_neighbourhood_and_documents(app_at, kb_env, tiny_store):
    store = tiny_store.open()
    try:
        vendors = store.list_entities("Vendor", limit=50)
        vendor = vendors[0]
        neighbours = {e.id for _, e in store.neighbors(vendor.id)}
        docs = store.documents_for_entity(vendor.id, limit=50)
    finally:
        store.close()
    at = app_at(PAGE, **kb_env)
    at.selectbox(key="explore.type").set_value("Vendor").run()
    listed = at.selectbox(key="explore.list_pick")
    assert set(listed.options) == {f"{v.id} · {v.name}" for v in vendors}
    at = listed.set_value(vendor.id).run()
    assert not at.exception and not at.error
    assert f"{vendor.name} · {vendor.id}" in [h.value for h in at.subheader]
    # Depth 1: the graph holds the vendor (seed) and exactly its direct neighbours.
    nodes = _graph_nodes(at)
    assert {n["id"] for n in nodes} == {vendor.id} | neighbours
    assert next(n for n in nodes if n["id"] == vendor.id)["shape"] == "star"
    # Depth 2 reaches further.
    at = at.slider(key="explore.depth").set_value(2).run()
    assert len(_graph_nodes(at)) > len(nodes)
    # Its documents, one expander each.
    assert len(at.expander) >= len(docs) > 0
    assert docs[0].title in texts(at) or any(docs[0].title in e.label for e in at.expander)


def test_search_by_name_opens_entity_and_deep_link(app_at, kb_env, tiny_store):
    store = tiny_store.open()
    try:
        customer = store.list_entities("Customer", limit=1)[0]
    finally:
        store.close()
    at = app_at(PAGE, **kb_env)
    at.text_input(key="explore.search").input(customer.name).run()
    pick = at.selectbox(key="explore.search_pick")
    assert f"{customer.id} · {customer.name} (Customer)" in pick.options
    at = pick.set_value(customer.id).run()
    assert not at.exception
    assert f"{customer.name} · {customer.id}" in [h.value for h in at.subheader]
    assert at.query_params["entity"] == customer.id


def test_unknown_entity_is_a_clear_warning(app_at, kb_env):
    at = app_at(PAGE, **kb_env)
    at.query_params["entity"] = "CUST-9999"
    at = at.run()
    assert not at.exception
    assert any("CUST-9999" in w.value and "not in this knowledge base" in w.value for w in at.warning)
    at.text_input(key="explore.search").input("no such thing at all").run()
    assert any("No entity matches" in w.value for w in at.warning)
