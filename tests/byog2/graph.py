"""A generated city transit network (a third byog graph, unlike the CRM and tests/byog/), written as GraphML with
APOC-style node ``labels`` (":Station") and an edge ``label``.

    Line -OPERATED_BY-> Operator -HEADQUARTERED_IN-> District
    Line -STOPS_AT {stop_number}-> Station -LOCATED_IN-> District
    Station -CONNECTS_TO {minutes}-> Station          (a self-relation with a property)
    Vehicle -ASSIGNED_TO-> Line;  Vehicle -KEPT_AT-> Depot -SITUATED_IN-> District
    Incident -OCCURRED_AT-> Station;  Incident -INVOLVED-> Vehicle
A 4-hop path: District <-LOCATED_IN- Station <-OCCURRED_AT- Incident -INVOLVED-> Vehicle -ASSIGNED_TO-> Line.
Deterministic for a seed.

    python tests/byog2/graph.py OUT_DIR      # writes OUT_DIR/transit.graphml
"""

from __future__ import annotations

import random
import sys
from datetime import date, timedelta
from pathlib import Path

import networkx as nx

DISTRICTS = ["Harbourside", "Old Town", "Millbrook", "Kingsgate", "Ashfield", "Riverside", "Northcliff",
             "Elm Park", "Foundry Quarter", "Saltmarsh", "Highbury Fields", "Westmoor"]
OPERATORS = [("Metrolink Transit", 1968), ("Cityrail Partners", 1994), ("Greenway Trams", 2003),
             ("Blue Arrow Buses", 1979)]
# (line name, mode, colour, operator index)
LINES = [("Amber Line", "metro", "amber"), ("Cobalt Line", "metro", "blue"), ("Crimson Line", "metro", "red"),
         ("Jade Line", "metro", "green"), ("Violet Line", "metro", "purple"),
         ("Harbour Tram", "tram", "teal"), ("University Tram", "tram", "orange"), ("Foundry Tram", "tram", "grey"),
         ("Parkway Tram", "tram", "green"), ("Route 12 Express", "bus", "red"), ("Route 27 Crosstown", "bus", "blue"),
         ("Route 31 Orbital", "bus", "yellow"), ("Route 44 Night", "bus", "black"), ("Route 56 Airport", "bus", "white"),
         ("Route 63 Hospital", "bus", "pink"), ("Route 78 Coastal", "bus", "teal")]
LINE_OPERATOR = {"metro": [0, 1], "tram": [2], "bus": [3, 1]}
STATION_A = ["Anchor", "Beacon", "Cedar", "Dockyard", "Eastgate", "Falcon", "Granary", "Hollow", "Ironbridge",
             "Juniper", "Kestrel", "Lantern", "Maple", "Nettle", "Orchard", "Pilgrim", "Quarry", "Rookery",
             "Sparrow", "Tannery", "Union", "Viaduct", "Willow", "Yardley"]
STATION_B = ["Square", "Road", "Cross", "Hill", "Gardens", "Wharf", "Green", "Parade", "Junction", "Lane"]
DEPOTS = [("Cranmore Depot", 0), ("Tidewater Yard", 0), ("Birchfield Sheds", 4), ("Copperworks Depot", 8),
          ("Northcliff Garage", 6), ("Westmoor Yard", 11)]
MODELS = {"metro": ["Siemens Inspiro", "Alstom Metropolis"], "tram": ["CAF Urbos", "Bombardier Flexity"],
          "bus": ["Volvo 7900", "Alexander Dennis Enviro400", "Solaris Urbino"]}
CAUSES = ["signal fault", "door fault", "medical emergency", "power outage", "trespass", "vandalism",
          "track defect"]
SEVERITIES = ["minor", "moderate", "major"]


def _day(rnd: random.Random, start: date, span_days: int) -> str:
    return (start + timedelta(days=rnd.randrange(span_days))).isoformat()


def generate(seed: int = 11) -> nx.DiGraph:
    rnd = random.Random(seed)
    g = nx.DiGraph()
    for i, d in enumerate(DISTRICTS):
        g.add_node(f"dist-{i:02d}", labels=":District", name=d, population=rnd.randint(18, 160) * 1000,
                   area_km2=round(rnd.uniform(2.0, 25.0), 1))
    for i, (name, founded) in enumerate(OPERATORS):
        g.add_node(f"op-{i}", labels=":Operator", name=name, founded=founded,
                   staff=rnd.randint(300, 4000))
        g.add_edge(f"op-{i}", f"dist-{rnd.randrange(len(DISTRICTS)):02d}", label="HEADQUARTERED_IN")
    # stations: unique "A B" names
    names: set[str] = set()
    stations = []
    while len(stations) < 140:
        n = f"{rnd.choice(STATION_A)} {rnd.choice(STATION_B)}"
        if n in names:
            continue
        names.add(n)
        sid = f"stn-{len(stations):03d}"
        stations.append(sid)
        g.add_node(sid, labels=":Station", name=n, zone=rnd.randint(1, 4),
                   step_free=rnd.choice(["yes", "no", "no"]), daily_boardings=rnd.randint(400, 42000),
                   opened=_day(rnd, date(1921, 1, 1), 36000))
        g.add_edge(sid, f"dist-{rnd.randrange(len(DISTRICTS)):02d}", label="LOCATED_IN")
    lines = []
    for i, (name, mode, colour) in enumerate(LINES):
        lid = f"line-{i:02d}"
        lines.append((lid, mode))
        g.add_node(lid, labels=":Line", name=name, mode=mode, colour=colour,
                   length_km=round(rnd.uniform(6.0, 38.0), 1), opened=_day(rnd, date(1930, 1, 1), 33000))
        g.add_edge(lid, f"op-{rnd.choice(LINE_OPERATOR[mode])}", label="OPERATED_BY")
        n_stops = {"metro": (10, 16), "tram": (7, 12), "bus": (8, 14)}[mode]
        route = rnd.sample(stations, rnd.randint(*n_stops))
        for k, sid in enumerate(route):
            g.add_edge(lid, sid, label="STOPS_AT", stop_number=k + 1)
        for a, b in zip(route, route[1:], strict=False):
            if not g.has_edge(a, b) and not g.has_edge(b, a):
                g.add_edge(a, b, label="CONNECTS_TO", minutes=rnd.randint(1, 9))
    for i, (name, di) in enumerate(DEPOTS):
        g.add_node(f"depot-{i}", labels=":Depot", name=name, capacity=rnd.randint(30, 120),
                   opened=_day(rnd, date(1950, 1, 1), 25000))
        g.add_edge(f"depot-{i}", f"dist-{di:02d}", label="SITUATED_IN")
    vehicles = []
    fleet_no = {"metro": 1000, "tram": 3000, "bus": 5000}
    noun = {"metro": "Train", "tram": "Tram", "bus": "Bus"}
    for lid, mode in lines:
        for _ in range(rnd.randint(8, 15)):
            fleet_no[mode] += rnd.randint(1, 7)
            vid = f"veh-{len(vehicles):03d}"
            vehicles.append(vid)
            g.add_node(vid, labels=":Vehicle", name=f"{noun[mode]} {fleet_no[mode]}", model=rnd.choice(MODELS[mode]),
                       build_year=rnd.randint(1998, 2024), capacity=rnd.randint(60, 900 if mode == "metro" else 250))
            g.add_edge(vid, lid, label="ASSIGNED_TO")
            g.add_edge(vid, f"depot-{rnd.randrange(len(DEPOTS))}", label="KEPT_AT")
    for i in range(320):
        iid = f"inc-{i:03d}"
        vid = rnd.choice(vehicles)
        line = next(v for v in g.successors(vid) if g.edges[vid, v]["label"] == "ASSIGNED_TO")
        stops = [v for v in g.successors(line) if g.edges[line, v]["label"] == "STOPS_AT"]
        day = _day(rnd, date(2021, 1, 1), 1400)
        g.add_node(iid, labels=":Incident", name=f"Incident {day[:4]}-{4100 + i}", severity=rnd.choice(
            ["minor", "minor", "minor", "moderate", "moderate", "major"]), cause=rnd.choice(CAUSES),
            reported=day, delay_minutes=rnd.randint(2, 180))
        g.add_edge(iid, rnd.choice(stops), label="OCCURRED_AT")
        g.add_edge(iid, vid, label="INVOLVED")
    return g


def write_graphml(out: Path, seed: int = 11) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    path = out / "transit.graphml"
    nx.write_graphml(generate(seed), path)
    return path


if __name__ == "__main__":
    print(write_graphml(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/byog2")))
