"""byog14: the committed holdout is what the two scripts produce, and its golds agree with a second method.

The second method parses the GraphML with xml.etree (no networkx) and recomputes golds from its own tiny
adjacency lists; subjects are read back out of the question texts by name.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from pathlib import Path

import pytest

from core.evaluation.judges import StructuredJudge, dates_in, normalise, standalone_numbers, value_numbers
from core.records import Question

HERE = Path(__file__).resolve().parent


def _load(name: str):
    """Load a sibling script under a private module name (other sets have their own graph.py)."""
    spec = importlib.util.spec_from_file_location(f"byog14_{name}", HERE / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


graph_script = _load("graph")
questions_script = _load("questions")

NS = "{http://graphml.graphdrawing.org/xmlns}"
COMMITTED = HERE / "holdout.jsonl"


class XmlGraph:
    """GraphML read with ElementTree: typed attributes, out/in adjacency per edge label."""

    def __init__(self, path: Path):
        root = ET.parse(path).getroot()
        keys = {k.get("id"): (k.get("attr.name"), k.get("attr.type")) for k in root.iter(NS + "key")}

        def typed(el):
            out = {}
            for d in el.findall(NS + "data"):
                name, kind = keys[d.get("key")]
                text = d.text or ""
                out[name] = {"boolean": lambda t: t.lower() == "true", "long": int, "int": int,
                             "double": float, "float": float}.get(kind, str)(text)
            return out

        self.nodes = {n.get("id"): typed(n) for n in root.iter(NS + "node")}
        self.edges = [(e.get("source"), e.get("target"), typed(e)) for e in root.iter(NS + "edge")]
        self.fwd: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.back: dict[tuple[str, str], list[str]] = defaultdict(list)
        for s, t, a in self.edges:
            self.fwd[(s, a["label"])].append(t)
            self.back[(t, a["label"])].append(s)

    def type(self, n):
        return self.nodes[n]["labels"][1:]

    def name(self, n):
        a = self.nodes[n]
        return a.get("name") or a.get("title") or a["first_name"] + " " + a["last_name"]

    def of(self, t):
        return [n for n in self.nodes if self.type(n) == t]

    def by_name(self, name):
        hits = [n for n in self.nodes if self.name(n) == name]
        assert len(hits) == 1, (name, hits)
        return hits[0]

    def walk(self, start, *steps):
        """steps: ("LABEL", True) forward or ("LABEL", False) backward."""
        cur = {start} if isinstance(start, str) else set(start)
        for label, forward in steps:
            table = self.fwd if forward else self.back
            cur = {m for n in cur for m in table[(n, label)]}
        return cur


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    d = tmp_path_factory.mktemp("byog14")
    path = graph_script.main([str(d)])
    out = questions_script.main([str(d)])
    return path, [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def committed():
    return [json.loads(line) for line in COMMITTED.read_text(encoding="utf-8").splitlines()]


def test_committed_holdout_equals_a_fresh_run(fresh, committed):
    _, rows = fresh
    assert rows == committed


def test_generator_is_deterministic_and_seed_sensitive(fresh, tmp_path):
    path, _ = fresh
    again = graph_script.main([str(tmp_path / "a")])
    other = graph_script.main([str(tmp_path / "b"), "--seed", "15"])
    assert again.read_bytes() == path.read_bytes()
    assert other.read_bytes() != path.read_bytes()


def test_schema_meets_the_brief(fresh):
    path, _ = fresh
    x = XmlGraph(path)
    types = Counter(x.type(n) for n in x.nodes)
    labels = Counter(a["label"] for *_, a in x.edges)
    assert 6 <= len(types) <= 9 and 9 <= len(labels) <= 14
    assert 1000 <= len(x.nodes) <= 3000
    self_rel = {a["label"] for s, t, a in x.edges if x.type(s) == x.type(t)}
    assert {"DEPENDS_ON", "MENTORS"} <= self_rel
    with_props = {a["label"] for *_, a in x.edges if set(a) - {"label"}}
    assert len(with_props) >= 2
    names = Counter(x.name(n) for n in x.nodes)
    assert max(names.values()) == 1, [n for n, c in names.items() if c > 1]
    assert all(re.fullmatch(r"[a-z]+-\d+", n) for n in x.nodes)


def test_mix_and_gold_shapes(committed):
    kinds = Counter(r["kind"] for r in committed)
    assert len(committed) >= 60
    assert kinds["multihop"] >= 12 and kinds["superlative"] >= 8 and kinds["unknown"] >= 3
    assert len({r["id"] for r in committed}) == len(committed)
    for r in committed:
        g = r["gold"]
        assert g["type"] in {"count", "set", "value", "bool", "none"}
        if g["type"] == "set":
            assert g["ids"] and len(g["ids"]) == len(g["names"])
            assert not any(n.lower() in r["question"].lower() for n in g["names"]), r["id"]  # no hints
        if g["type"] == "count":
            assert g["value"] not in standalone_numbers(r["question"]), r["id"]  # a count the judge can see
        if g["type"] == "value":  # the answer is not readable off the question
            v = g["value"]
            if isinstance(v, int | float):
                assert v not in value_numbers(r["question"]), r["id"]
            else:
                assert normalise(str(v)) not in normalise(r["question"]), r["id"]
                assert not dates_in(r["question"]), r["id"]


def test_a_perfect_answer_passes_the_structured_judge(committed):
    judge = StructuredJudge()
    for r in committed:
        g = r["gold"]
        kind = g["type"]
        if kind == "set":
            answer = "; ".join(g["names"]) + "."
        elif kind == "bool":
            answer = "Yes." if g["value"] else "No."
        elif kind == "none":
            answer = "Not found in the graph."
        else:
            answer = f"{g['value']}."
        q = Question(id=r["id"], kind=r["kind"], question=r["question"], gold=g, hops=r["hops"])
        assert judge.judge(q, answer).verdict == "PASS", (r["id"], answer)


def test_golds_rederived_from_raw_xml(fresh, committed):
    """Each check finds its question by wording (not by position), reads the subject names out of it, and
    recomputes the gold from the raw XML."""
    path, _ = fresh
    x = XmlGraph(path)
    A = x.nodes
    svcs, servers, dcs, engs = x.of("Service"), x.of("Server"), x.of("DataCentre"), x.of("Engineer")
    incs, deps = x.of("Incident"), x.of("Deployment")
    checked: set[str] = set()

    def find(pattern):
        hits = [(r, m) for r in committed if (m := re.fullmatch(pattern, r["question"]))]
        assert len(hits) == 1, (pattern, len(hits))
        row, m = hits[0]
        checked.add(row["id"])
        return row["gold"], [x.by_name(g) for g in m.groups()]

    def count(pattern, value):
        gold, _ = find(pattern)
        assert gold == {"type": "count", "value": value}, pattern

    def ids(pattern, fn):
        gold, subjects = find(pattern)
        want = sorted(fn(*subjects))
        assert sorted(gold["ids"]) == want, pattern
        assert gold["names"] == [x.name(n) for n in gold["ids"]], pattern

    def value(pattern, fn, tol=0.0):
        gold, subjects = find(pattern)
        got, want = gold["value"], fn(*subjects)
        assert (abs(got - want) <= tol) if tol else got == want, (pattern, got, want)

    def edge(u, v, label):
        return next(a for s, t, a in x.edges if s == u and t == v and a["label"] == label)

    count(r"How many services are there\?", len(svcs))
    count(r"how many data centers do we run", len(dcs))
    count(r"Total number of engineers\?", len(engs))
    count(r"How many incidents are on record\?", len(incs))
    count(r"How many servers run Debian 12\?", sum(A[s]["os"] == "Debian 12" for s in servers))
    count(r"Count the SEV1 incidents\.", sum(A[i]["severity"] == "SEV1" for i in incs))
    count(r"How many deployments got rolled back\?", sum(A[d]["rolled_back"] for d in deps))
    count(r"How many hosts have more than 128 GB of memory\?", sum(A[s]["memory_gb"] > 128 for s in servers))
    count(r"how many incidents were opened during 2024", sum(A[i]["opened"][:4] == "2024" for i in incs))
    count(r"How many public-facing services are written in Go\?",
          sum(A[s]["is_public"] and A[s]["language"] == "Go" for s in svcs))
    ids(r"Which data centres are in APAC\?", lambda: [d for d in dcs if A[d]["region"] == "APAC"])
    ids(r"Which services are written in Rust\?", lambda: [s for s in svcs if A[s]["language"] == "Rust"])
    ids(r"Which SEV1 incidents had a network root cause\?",
        lambda: [i for i in incs if A[i]["severity"] == "SEV1" and A[i]["root_cause"] == "network"])

    ids(r"Which teams own the services that (.+) depends on\?",
        lambda s: x.walk(s, ("DEPENDS_ON", True), ("OWNED_BY", True)))
    ids(r"What services rely on something the (.+) team owns\?",
        lambda t: x.walk(t, ("OWNED_BY", False), ("DEPENDS_ON", False)))
    ids(r"What teams are the people (.+) mentors on\?", lambda e: x.walk(e, ("MENTORS", True), ("MEMBER_OF", True)))
    ids(r"Who mentors members of the (.+) squad\?", lambda t: x.walk(t, ("MEMBER_OF", False), ("MENTORS", False)))
    ids(r"(.+)'s team owns a few services\. Which data centres are those running in\?",
        lambda e: x.walk(e, ("MEMBER_OF", True), ("OWNED_BY", False), ("RUNS_ON", True), ("LOCATED_IN", True)))
    ids(r"Which teams own services hit by incidents that were caused by changes (.+) shipped\?",
        lambda e: x.walk(e, ("DEPLOYED_BY", False), ("CAUSED_BY", False), ("AFFECTS", True), ("OWNED_BY", True)))
    ids(r"Which engineers are on rotations covering services that depend on (.+)\?",
        lambda s: x.walk(s, ("DEPENDS_ON", False), ("COVERS", False), ("ON_ROTATION", False)))
    ids(r"Who deployed changes to the services (.+) depends on\?",
        lambda s: x.walk(s, ("DEPENDS_ON", True), ("TARGETS", False), ("DEPLOYED_BY", True)))

    ids(r"Which data centre has the biggest power capacity\?", lambda: [max(dcs, key=lambda d: A[d]["power_mw"])])
    ids(r"Which service launched first\?", lambda: [min(svcs, key=lambda s: A[s]["launched"])])
    incidents_of = Counter(t for _, t, a in x.edges if a["label"] == "AFFECTS")
    ids(r"Which service has had the most incidents\?", lambda: [max(svcs, key=lambda s: incidents_of[s])])
    downtime: Counter = Counter()
    hours: Counter = Counter()
    for s, t, a in x.edges:
        if a["label"] == "AFFECTS":
            downtime[t] += A[s]["downtime_minutes"]
        if a["label"] == "RESPONDED_TO":
            hours[s] += a["hours"]
    ids(r"Which service has racked up the most downtime minutes across its incidents\?",
        lambda: [max(svcs, key=lambda s: downtime[s])])
    ids(r"Which engineer has logged the most hours responding to incidents\?",
        lambda: [max(engs, key=lambda e: hours[e])])

    value(r"What do all our services cost per month combined\?", lambda: sum(A[s]["monthly_cost"] for s in svcs),
          tol=0.01)
    value(r"Average CPU core count across servers\?", lambda: sum(A[s]["cpu_cores"] for s in servers) / len(servers),
          tol=0.005)
    value(r"What's the total downtime, in minutes, of all SEV1 incidents\?",
          lambda: sum(A[i]["downtime_minutes"] for i in incs if A[i]["severity"] == "SEV1"))
    value(r"When did (.+) join the (.+) team\?", lambda e, t: edge(e, t, "MEMBER_OF")["since"])
    value(r"How many hours did (.+) put into the '(.+)' incident\?", lambda e, i: edge(e, i, "RESPONDED_TO")["hours"])
    value(r"How many replicas of (.+) are running on (.+)\?", lambda s, v: edge(s, v, "RUNS_ON")["replicas"])
    ids(r"Who leads (.+)\?",
        lambda t: [s for s, d, a in x.edges if d == t and a["label"] == "MEMBER_OF" and a["is_lead"]])

    def around(n):
        return {t for s, t, _ in x.edges if s == n} | {s for s, t, _ in x.edges if t == n}

    ids(r"Tell me everything about (.+)\.", around)
    ids(r"What do we know about (.+)\?", around)
    ids(r"Give me the full picture on the (.+) service\.", around)

    count(r"How many different kinds of entity does this graph contain\?", len({x.type(n) for n in A}))
    count(r"How many relationship types are there in this dataset\?", len({a["label"] for *_, a in x.edges}))
    count(r"how big is this graph - how many nodes altogether\?", len(A))
    assert len(checked) >= 10
