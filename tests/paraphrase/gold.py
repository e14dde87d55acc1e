"""Independent gold for the paraphrase set: a small graph read straight from ``entities.jsonl`` / ``edges.jsonl``.

Written without looking at the planner or at the project's own question code (``core/dataset/question*``): every
answer here comes from this module's own traversal of the data files. Only ``core.schema`` is consulted, for type
names (README § Ontology); the derived relation is written out by hand:

    a Customer is *impacted by* an Outage when it DEPENDS_ON the outage's vendor (the vendor that EXPERIENCED it)
    AND is LOCATED_IN the outage's region (Outage -IN_REGION-> Region);
    a Project is impacted when it USES_VENDOR that vendor AND is IN_REGION that region.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any


class World:
    """Entities by id and type, and both directions of every edge, keyed by (node, edge type)."""

    def __init__(self, data_dir: str | Path) -> None:
        data_dir = Path(data_dir)
        self.dir = data_dir
        self.ent: dict[str, dict[str, Any]] = {}
        self.by_type: dict[str, list[str]] = defaultdict(list)
        with open(data_dir / "entities.jsonl", encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    e = json.loads(line)
                    self.ent[e["id"]] = e
                    self.by_type[e["type"]].append(e["id"])
        for ids in self.by_type.values():
            ids.sort()
        self._out: dict[tuple[str, str], list[str]] = defaultdict(list)
        self._in: dict[tuple[str, str], list[str]] = defaultdict(list)
        self.edge_attrs: dict[tuple[str, str, str], dict[str, Any]] = {}
        with open(data_dir / "edges.jsonl", encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    e = json.loads(line)
                    self._out[(e["src"], e["type"])].append(e["dst"])
                    self._in[(e["dst"], e["type"])].append(e["src"])
                    self.edge_attrs[(e["src"], e["type"], e["dst"])] = e.get("attrs") or {}
        for d in (self._out, self._in):
            for k in d:
                d[k] = sorted(set(d[k]))

    # ---- basics -------------------------------------------------------------------------------------------------

    def type(self, eid: str) -> str:
        return self.ent[eid]["type"]

    def name(self, eid: str) -> str:
        return self.ent[eid]["name"]

    def attr(self, eid: str, key: str) -> Any:
        return self.ent[eid]["attrs"].get(key)

    def all(self, type_name: str) -> list[str]:
        return list(self.by_type.get(type_name, []))

    def out(self, eid: str, edge: str, type_name: str | None = None) -> list[str]:
        got = self._out.get((eid, edge), [])
        return [x for x in got if type_name is None or self.type(x) == type_name]

    def inn(self, eid: str, edge: str, type_name: str | None = None) -> list[str]:
        got = self._in.get((eid, edge), [])
        return [x for x in got if type_name is None or self.type(x) == type_name]

    def one(self, ids: list[str]) -> str:
        if len(ids) != 1:
            raise ValueError(f"expected exactly one, got {ids}")
        return ids[0]

    # ---- one-hop relations --------------------------------------------------------------------------------------

    def customer_region(self, c: str) -> str:
        return self.one(self.out(c, "LOCATED_IN"))

    def customer_vendors(self, c: str, role: str | None = None) -> list[str]:
        vs = self.out(c, "DEPENDS_ON")
        if role:
            vs = [v for v in vs if self.edge_attrs[(c, "DEPENDS_ON", v)].get("role") == role]
        return vs

    def customers_in(self, r: str) -> list[str]:
        return self.inn(r, "LOCATED_IN", "Customer")

    def customers_of_vendor(self, v: str) -> list[str]:
        return self.inn(v, "DEPENDS_ON", "Customer")

    def vendor_regions(self, v: str) -> list[str]:
        return self.out(v, "OPERATES_IN")

    def vendors_in(self, r: str) -> list[str]:
        return self.inn(r, "OPERATES_IN", "Vendor")

    def vendor_outages(self, v: str) -> list[str]:
        return self.out(v, "EXPERIENCED")

    def outage_vendor(self, o: str) -> str:
        return self.one(self.inn(o, "EXPERIENCED"))

    def outage_region(self, o: str) -> str:
        return self.one(self.out(o, "IN_REGION"))

    def outages_in(self, r: str) -> list[str]:
        return self.inn(r, "IN_REGION", "Outage")

    def tickets_of(self, c: str) -> list[str]:
        return self.inn(c, "OPENED_BY", "Ticket")

    def ticket_customer(self, t: str) -> str:
        return self.one(self.out(t, "OPENED_BY"))

    def ticket_assignee(self, t: str) -> str:
        return self.one(self.out(t, "ASSIGNED_TO"))

    def ticket_outages(self, t: str) -> list[str]:
        return self.out(t, "CAUSED_BY")

    def tickets_assigned(self, e: str) -> list[str]:
        return self.inn(e, "ASSIGNED_TO", "Ticket")

    def tickets_caused(self, o: str) -> list[str]:
        return self.inn(o, "CAUSED_BY", "Ticket")

    def account_manager(self, c: str) -> str:
        return self.one(self.inn(c, "MANAGES_ACCOUNT"))

    def csm(self, c: str) -> str:
        return self.one(self.inn(c, "CSM_FOR"))

    def managed_by(self, e: str) -> list[str]:
        return self.out(e, "MANAGES_ACCOUNT")

    def csm_of(self, e: str) -> list[str]:
        return self.out(e, "CSM_FOR")

    def cases_of(self, c: str) -> list[str]:
        return self.inn(c, "CONCERNS", "ComplianceCase")

    def case_customer(self, k: str) -> str:
        return self.one(self.out(k, "CONCERNS"))

    def case_region(self, k: str) -> str:
        return self.one(self.out(k, "IN_REGION"))

    def case_outages(self, k: str) -> list[str]:
        return self.out(k, "TRIGGERED_BY")

    def cases_triggered(self, o: str) -> list[str]:
        return self.inn(o, "TRIGGERED_BY", "ComplianceCase")

    def projects_of(self, c: str) -> list[str]:
        return self.inn(c, "FOR_CUSTOMER", "Project")

    def project_customer(self, p: str) -> str:
        return self.one(self.out(p, "FOR_CUSTOMER"))

    def project_region(self, p: str) -> str:
        return self.one(self.out(p, "IN_REGION"))

    def project_vendors(self, p: str) -> list[str]:
        return self.out(p, "USES_VENDOR")

    def projects_in(self, r: str) -> list[str]:
        return self.inn(r, "IN_REGION", "Project")

    def projects_using(self, v: str) -> list[str]:
        return self.inn(v, "USES_VENDOR", "Project")

    # ---- the derived relation -----------------------------------------------------------------------------------

    def impacted_customers(self, o: str) -> list[str]:
        v, r = self.outage_vendor(o), self.outage_region(o)
        return sorted(set(self.customers_of_vendor(v)) & set(self.customers_in(r)))

    def impacted_projects(self, o: str) -> list[str]:
        v, r = self.outage_vendor(o), self.outage_region(o)
        return sorted(set(self.projects_using(v)) & set(self.projects_in(r)))

    def outages_impacting(self, c: str) -> list[str]:
        """Outages that impacted customer ``c`` (its region and one of its vendors)."""
        r = self.customer_region(c)
        return sorted(o for v in self.customer_vendors(c) for o in self.vendor_outages(v) if self.outage_region(o) == r)

    # ---- helpers for question making ----------------------------------------------------------------------------

    def where(self, ids: Iterable[str], **conds: Any) -> list[str]:
        """Ids whose attribute equals the condition (a tuple/list/set value means "any of")."""
        out = []
        for i in ids:
            ok = True
            for k, want in conds.items():
                have = self.attr(i, k)
                if isinstance(want, tuple | list | set | frozenset):
                    ok = ok and have in want
                else:
                    ok = ok and have == want
            if ok:
                out.append(i)
        return sorted(set(out))

    def values(self, type_name: str, key: str) -> list[Any]:
        return sorted({self.attr(i, key) for i in self.all(type_name)}, key=str)


# ---- gold answers in the shapes core/evaluation/judges.py expects -------------------------------------------------

# Types whose names are not unique in the data (ticket titles repeat, some case names repeat): their set answers
# carry an empty name so that the judge matches them by id only.
AMBIGUOUS_NAME_TYPES = ("Ticket", "ComplianceCase")


def g_count(n: int) -> dict[str, Any]:
    return {"type": "count", "value": int(n)}


def g_set(world: World, ids: Iterable[str]) -> dict[str, Any]:
    ids = sorted(set(ids))
    names = ["" if world.type(i) in AMBIGUOUS_NAME_TYPES else world.name(i) for i in ids]
    return {"type": "set", "ids": ids, "names": names}


def g_value(value: Any) -> dict[str, Any]:
    return {"type": "value", "value": value}


def g_bool(value: bool) -> dict[str, Any]:
    return {"type": "bool", "value": bool(value)}


def g_none() -> dict[str, Any]:
    return {"type": "none"}


def correct_answer_text(gold: dict[str, Any], world: World | None = None) -> str:
    """A synthetic answer that a correct system could write; used only to validate gold shapes with the judge."""
    kind = gold["type"]
    if kind == "count":
        return f"{gold['value']}."
    if kind == "set":
        if not gold["ids"]:
            return "None: nothing matches."
        return "They are: " + ", ".join(gold["ids"]) + "."
    if kind == "value":
        v = gold["value"]
        if isinstance(v, list):
            return ", ".join(map(str, v))
        return str(v)
    if kind == "bool":
        return "Yes." if gold["value"] else "No."
    if kind == "none":
        return "Not found: no such entity exists in the data."
    raise ValueError(kind)
