"""Deterministic mining-company property graph for the byog49 hold-out set.

    python tests/byog49/graph.py OUT_DIR [--seed N]

writes OUT_DIR/mining.graphml (networkx.write_graphml; node type and edge type in the attribute ``label``).
Only the standard library's ``random.Random(seed)`` and networkx are used.
"""

from __future__ import annotations

import argparse
import random
import re
from datetime import date, timedelta
from pathlib import Path

import networkx as nx

FILE_NAME = "mining.graphml"

MINE_STEMS = [
    "Kestrel Ridge", "Copperhead", "Endeavour", "Black Swan", "Ironbark", "Saltbush Flats", "Granite Creek",
    "Windara", "Mount Coolon", "Lazarus Gully", "Redcliffe", "Bluebush", "Tinker Valley", "Yarrabee",
    "Harmony", "Warrior", "Pinnacle Bore", "Emu Springs",
]
COUNTRIES = ["Australia", "Chile", "Canada", "Peru", "Ghana"]
PIT_WORDS = [
    "Falcon", "Magpie", "Quartz", "Jubilee", "Sunrise", "Federation", "Patience", "Bullseye", "Comet", "Orchid",
    "Lantern", "Tamarind", "Boomerang", "Cobalt Flats", "Dingo", "Echo", "Firetail", "Galah", "Heron", "Ibis",
    "Jarrah", "Kookaburra", "Larrikin", "Marri", "Numbat", "Quokka", "Rosella", "Spinifex", "Tuart", "Ularu",
    "Wandoo", "Banksia", "Corella", "Dunnart", "Eureka", "Gidgee", "Hakea", "Kurrajong", "Mallee", "Nardoo",
    "Oriole", "Pardalote", "Quandong", "Robin", "Sandpiper", "Thornbill", "Wagtail", "Yellowtail", "Zircon",
    "Anvil", "Bellbird", "Crosscut", "Drover", "Emerald Bend", "Flintlock", "Gauntlet", "Hammerhead", "Isis",
    "Jackpot", "Keystone", "Lodestar", "Mariner", "Nugget", "Outback", "Prospector", "Quarry Bay", "Rampart",
    "Sovereign", "Tempest", "Union", "Vanguard", "Wombat", "Yeoman", "Zenith", "Aurora", "Bravo", "Citadel",
    "Dynamo", "Ember", "Fortune", "Garnet", "Horizon Deep", "Ironstone", "Jasper", "Kingfisher", "Liberty",
]
PIT_KINDS = [("open pit", "Pit"), ("shaft", "Shaft"), ("decline", "Decline")]
PIT_STATUS = ["active", "active", "active", "care and maintenance", "closed"]
ORE_FIRST = [
    "Bonanza", "Lucky Strike", "Hidden Valley", "Golden Mile", "Silver Star", "Deep Lead", "Blue Moon",
    "Crown Jewel", "Red October", "Morning Glory", "Last Chance", "Big Bell", "Great Western", "Rising Sun",
    "Old Timer", "Long Shot", "Wild Card", "Sleeping Giant", "Main Chance", "High Road", "Paddy's Flat",
    "Happy Jack", "Sixteen Mile", "Devil's Elbow", "Tin Dish", "Cornucopia", "Black Diamond", "White Feather",
    "Copper Kettle", "Iron Duke", "Sapphire", "Ruby Tuesday", "Thunderbox", "Mount Pleasant", "Welcome Stranger",
]
ORE_SUFFIX = ["Reef", "Lode", "Deposit", "Zone"]
COMMODITIES = ["copper", "gold", "zinc", "nickel", "lithium"]
FIRST_NAMES = [
    "Amara", "Bruno", "Chloe", "Dmitri", "Elena", "Farid", "Grace", "Hiroshi", "Ines", "Jonah", "Kalinda",
    "Liam", "Mei", "Nikolai", "Olivia", "Pedro", "Quinn", "Rania", "Samuel", "Tahlia", "Umar", "Valentina",
    "Wiremu", "Xavier", "Yasmin", "Zane", "Akosua", "Bianca", "Callum", "Daniela", "Eamon", "Fiona", "Gustavo",
    "Hana", "Isaac", "Jade", "Kwame", "Lucia", "Mateo", "Noor",
]
LAST_NAMES = [
    "Abernethy", "Baptiste", "Castellanos", "Donnelly", "Eriksen", "Fitzgerald", "Gallagher", "Haddad",
    "Iwasaki", "Jovanovic", "Kowalczyk", "Lindqvist", "Mahlangu", "Nakamura", "Okonkwo", "Pereira", "Quispe",
    "Rasmussen", "Sandoval", "Thorburn", "Ulloa", "Vasquez", "Whitlock", "Yilmaz", "Zhao", "Achterberg",
    "Bramwell", "Cardoso", "Dunstan", "Esposito", "Fairweather", "Gunawardena", "Holloway", "Ibarra",
    "Kirkpatrick", "Larkin", "Mendoza", "Nwosu", "Ostrowski", "Penhaligon", "Ramsbottom", "Sithole", "Tremayne",
    "Underwood", "Villanueva", "Wetherby", "Yeo", "Zielinski", "Asante", "Blackwood",
]
ROLES = ["geologist", "geologist", "mining engineer", "metallurgist", "surveyor", "shift supervisor"]
SHIFTS = ["day", "night", "rotating"]
CAMPAIGN_BIRDS = [
    "Osprey", "Pelican", "Cormorant", "Albatross", "Brolga", "Curlew", "Dotterel", "Egret", "Frigate", "Gannet",
    "Harrier", "Jabiru", "Kite", "Lapwing", "Merlin", "Nightjar", "Owlet", "Plover", "Rail", "Shearwater",
]
CAMPAIGN_PHASES = ["Infill", "Extension", "Step-out", "Resource Definition", "Greenfields", "Geotech"]
DRILL_METHODS = ["diamond", "reverse circulation", "air core"]
PLANTS = [
    ("Horizon Concentrator", "flotation"), ("Bluewater Mill", "flotation"), ("Eastgate Leach Facility", "heap leach"),
    ("Red Rock CIL Plant", "carbon-in-leach"), ("Stockman Smelter", "smelter"), ("Tallawang Refinery", "refinery"),
    ("Nullagine Processing Hub", "flotation"), ("Coppermoon Works", "smelter"), ("Westbrook Hydromet", "heap leach"),
    ("Dunmore Crushing Station", "carbon-in-leach"), ("Cascade Beneficiation Plant", "flotation"),
    ("Silverton Tailings Retreatment", "carbon-in-leach"),
]
TRANSPORT = ["conveyor", "rail", "road"]
EQUIP_KINDS = [("haul truck", "HT"), ("haul truck", "HT"), ("haul truck", "HT"), ("excavator", "EX"),
               ("wheel loader", "WL"), ("drill rig", "DR")]
EQUIP_MODELS = {
    "haul truck": ["CAT 793F", "Komatsu 930E", "Liebherr T 284", "Hitachi EH5000"],
    "excavator": ["Komatsu PC8000", "Hitachi EX5600", "Liebherr R 9800"],
    "wheel loader": ["CAT 994K", "Komatsu WE1850"],
    "drill rig": ["Epiroc Pit Viper 271", "Sandvik DR412i"],
}
NICKNAMES = [
    "Thunder", "Old Faithful", "Bulldog", "Rosie", "Goliath", "Moonshine", "Harvest", "Big Red", "Brutus",
    "Daisy", "Ironclad", "Mammoth", "Nightingale", "Pathfinder", "Rumble", "Stubborn", "Titan", "Warhorse",
    "Tortoise", "Boxer", "Juggernaut", "Clydesdale", "Maverick", "Sundowner", "Buttercup", "Tiny", "Diesel Dan",
    "Gravel Gertie", "Workhorse", "Blue Heeler",
]
BUYERS = [
    ("Nippon Smelting Corporation", "Japan"), ("Hanseatic Metals AG", "Germany"),
    ("Jiangxi Copper Trading", "China"), ("Pacific Rim Commodities", "Singapore"),
    ("Nordvik Battery Materials", "Sweden"), ("Gangnam Alloys", "South Korea"), ("Trafalgar Metals Ltd", "UK"),
    ("Mumbai Bullion Exchange", "India"), ("Rotterdam Ore Traders", "Netherlands"),
    ("Yangtze Nonferrous Group", "China"), ("Osaka Cathode Works", "Japan"), ("Great Lakes Refining", "USA"),
    ("Antwerp Precious Metals", "Belgium"), ("Perth Mint Refinery", "Australia"), ("Geneva Gold Vault", "Switzerland"),
    ("Volta Cells Inc", "USA"), ("Busan Zinc Company", "South Korea"), ("Shenzhen Lithium Chemicals", "China"),
    ("Ruhr Stahlwerke", "Germany"), ("Quebec Nickel Traders", "Canada"), ("Santiago Metales SA", "Chile"),
    ("Istanbul Copper Foundry", "Turkey"), ("Jakarta Smelter Group", "Indonesia"), ("Bavarian Battery GmbH", "Germany"),
    ("Cape Refiners", "South Africa"),
]
RATINGS = ["AA", "A", "BBB", "BB"]
INCOTERMS = ["FOB", "CIF", "DAP"]
PERMIT_KINDS = ["Water Extraction Licence", "Native Vegetation Clearing Permit", "Tailings Storage Approval",
                "Air Emissions Licence", "Blasting Permit", "Groundwater Discharge Permit",
                "Rehabilitation Bond Approval", "Heritage Site Clearance"]
AUTHORITIES = ["State EPA", "Water Authority", "Department of Mines", "Heritage Council"]

_BOUNDARY = re.compile(r"\w+")


def _pieces(name: str) -> set[str]:
    """Every piece of ``name`` that starts and ends on a word boundary (lower case), the whole name included."""
    low = name.lower()
    spans = [(m.start(), m.end()) for m in _BOUNDARY.finditer(low)]
    return {low[s:e] for i, (s, _) in enumerate(spans) for (_, e) in spans[i:]}


class Names:
    """Display names unique across the graph; no name is a word-bounded piece of another."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.pieces: set[str] = set()

    def take(self, name: str) -> bool:
        low = name.lower()
        own = _pieces(name)
        if low in self.names or low in self.pieces or (own - {low}) & self.names:
            return False
        self.names.add(low)
        self.pieces |= own
        return True


def _day(rng: random.Random, start: date, end: date) -> str:
    return (start + timedelta(days=rng.randrange((end - start).days))).isoformat()


def build(seed: int = 49) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()
    names = Names()

    def node(nid: str, label: str, **attrs) -> None:
        g.add_node(nid, label=label, **attrs)

    def edge(a: str, b: str, label: str, **attrs) -> None:
        assert not g.has_edge(a, b), (a, b)
        g.add_edge(a, b, label=label, **attrs)

    # mines
    mines = []
    for i, stem in enumerate(MINE_STEMS, 1):
        name = f"{stem} Mine"
        assert names.take(name), name
        nid = f"mine-{i}"
        node(nid, "Mine", name=name, mine_code=f"MC-{rng.randint(100, 999)}{chr(65 + i)}",
             country=rng.choice(COUNTRIES), opened=_day(rng, date(1968, 1, 1), date(2019, 1, 1)),
             annual_capacity_mtpa=round(rng.uniform(0.8, 42.0), 2), underground=rng.random() < 0.4,
             workforce=rng.randint(120, 2400))
        mines.append(nid)

    # processing plants
    plants = []
    for i, (name, kind) in enumerate(PLANTS, 1):
        assert names.take(name), name
        nid = f"plant-{i}"
        node(nid, "ProcessingPlant", name=name, plant_type=kind, throughput_tpd=round(rng.uniform(2000, 95000), 1),
             commissioned=_day(rng, date(1975, 1, 1), date(2022, 1, 1)), iso_certified=rng.random() < 0.6,
             site_code=f"PP{rng.randint(10, 99)}-{chr(75 + i)}")
        plants.append(nid)

    # buyers
    buyers = []
    for i, (name, country) in enumerate(BUYERS, 1):
        assert names.take(name), name
        nid = f"buyer-{i}"
        node(nid, "Buyer", name=name, country=country, credit_rating=rng.choice(RATINGS),
             customer_since=_day(rng, date(1995, 1, 1), date(2023, 1, 1)), strategic=rng.random() < 0.35,
             account_ref=f"OFT-{rng.randint(1000, 9999)}")
        buyers.append(nid)

    # pits
    words = PIT_WORDS[:]
    rng.shuffle(words)
    pits, pit_mine = [], {}
    for i in range(1, 81):
        kind, suffix = rng.choice(PIT_KINDS)
        while True:
            name = f"{words.pop()} {suffix}"
            if names.take(name):
                break
        nid = f"pit-{i}"
        node(nid, "Pit", name=name, excavation_type=kind, status=rng.choice(PIT_STATUS),
             depth_m=rng.randint(60, 1900), commissioned=_day(rng, date(1970, 1, 1), date(2024, 1, 1)),
             strip_ratio=round(rng.uniform(1.5, 12.0), 2), dewatered=rng.random() < 0.5,
             pit_code=f"PT-{rng.randint(10000, 99999)}")
        mine = mines[(i - 1) % len(mines)] if i <= len(mines) * 2 else rng.choice(mines)
        edge(mine, nid, "HAS_PIT")
        pits.append(nid)
        pit_mine[nid] = mine

    # ore bodies
    combos = [f"{a} {b}" for a in ORE_FIRST for b in ORE_SUFFIX]
    rng.shuffle(combos)
    ores, ore_pit = [], {}
    for i in range(1, 101):
        while True:
            name = combos.pop()
            if names.take(name):
                break
        nid = f"ore-{i}"
        node(nid, "OreBody", name=name, commodity=rng.choice(COMMODITIES),
             tonnage_mt=round(rng.uniform(0.4, 380.0), 2), discovered=_day(rng, date(1890, 1, 1), date(2021, 1, 1)),
             jorc_reserve=rng.random() < 0.55, avg_grade=round(rng.uniform(0.2, 9.5), 3),
             deposit_id=f"DEP-{rng.randint(100000, 999999)}")
        pit = pits[i - 1] if i <= len(pits) else rng.choice(pits)
        edge(pit, nid, "EXTRACTS_FROM")
        ores.append(nid)
        ore_pit[nid] = pit

    # staff and the reporting lines (subordinate -REPORTS_TO-> manager, within one mine)
    people = [(f, s) for f in FIRST_NAMES for s in LAST_NAMES]
    rng.shuffle(people)
    staff, staff_mine, geologists = [], {}, {m: [] for m in mines}
    for mine in mines:
        size = rng.randint(10, 14)
        crew = []
        for k in range(size):
            while True:
                first, last = people.pop()
                if names.take(f"{first} {last}"):
                    break
            nid = f"staff-{len(staff) + 1}"
            role = "geologist" if k in (2, 3, 4) else rng.choice(ROLES)
            node(nid, "Staff", first_name=first, last_name=last, role=role,
                 hired=_day(rng, date(1990, 1, 1), date(2024, 6, 1)), years_experience=rng.randint(1, 38),
                 chartered=rng.random() < 0.45, staff_no=f"SN-{rng.randint(10000, 99999)}")
            edge(nid, mine, "WORKS_AT", since=_day(rng, date(2000, 1, 1), date(2024, 6, 1)),
                 full_time=rng.random() < 0.8, shift=rng.choice(SHIFTS), fte=round(rng.choice([0.5, 0.8, 1.0, 1.0]), 1))
            staff.append(nid)
            crew.append(nid)
            staff_mine[nid] = mine
            if role == "geologist":
                geologists[mine].append(nid)
        boss = crew[0]
        leads = crew[1:4]
        for lead in leads:
            edge(lead, boss, "REPORTS_TO")
        for p in crew[4:]:
            edge(p, rng.choice(leads), "REPORTS_TO")

    # equipment deployed to pits
    nick = NICKNAMES[:]
    rng.shuffle(nick)
    equipment = []
    for i in range(1, 201):
        kind, prefix = rng.choice(EQUIP_KINDS)
        while True:
            name = nick.pop() if nick and rng.random() < 0.2 else f"{prefix}-{rng.randint(100, 999)}"
            if names.take(name):
                break
        nid = f"equip-{i}"
        node(nid, "Equipment", name=name, equipment_type=kind, model=rng.choice(EQUIP_MODELS[kind]),
             payload_t=rng.randint(90, 400) if kind == "haul truck" else rng.randint(20, 80),
             purchased=_day(rng, date(2005, 1, 1), date(2024, 6, 1)), autonomous=rng.random() < 0.3,
             engine_hours=rng.randint(1500, 88000), serial_no=f"SER{rng.randint(1000000, 9999999)}")
        edge(nid, rng.choice(pits), "DEPLOYED_AT")
        equipment.append(nid)

    # drill campaigns, their leads, targets and assay samples
    titles = [f"{b} {p} {y}" for b in CAMPAIGN_BIRDS for p in CAMPAIGN_PHASES for y in range(2012, 2025)]
    rng.shuffle(titles)
    n_samples = 0
    for i in range(1, 151):
        while True:
            title = titles.pop()
            if names.take(title):
                break
        nid = f"campaign-{i}"
        year = int(title.rsplit(" ", 1)[1])
        node(nid, "DrillCampaign", title=title, campaign_code=f"DC{year % 100:02d}-{rng.randint(100, 999)}",
             start_date=_day(rng, date(year, 1, 1), date(year, 12, 1)), method=rng.choice(DRILL_METHODS),
             metres_drilled=round(rng.uniform(800, 42000), 1), budget_musd=round(rng.uniform(0.3, 18.0), 2),
             completed=rng.random() < 0.7)
        first = ores[(i - 1) % len(ores)] if i <= len(ores) else rng.choice(ores)
        mine = pit_mine[ore_pit[first]]
        same_mine = [o for o in ores if pit_mine[ore_pit[o]] == mine and o != first]
        targets = [first] + (rng.sample(same_mine, 1) if same_mine and rng.random() < 0.35 else [])
        for o in targets:
            edge(nid, o, "TARGETS", holes=rng.randint(3, 120), priority=rng.choice(["high", "medium", "low"]),
                 approved=_day(rng, date(year - 1, 6, 1), date(year, 1, 1)))
        edge(nid, rng.choice(geologists[mine]), "LED_BY")
        for _ in range(rng.randint(5, 12)):
            n_samples += 1
            while True:
                sname = f"AS-{rng.randint(10000, 99999)}"
                if names.take(sname):
                    break
            sid = f"assay-{n_samples}"
            node(sid, "AssaySample", name=sname, element=g.nodes[first]["commodity"],
                 grade=round(rng.lognormvariate(0.0, 0.9), 3), from_depth_m=round(rng.uniform(2, 900), 1),
                 sampled_on=_day(rng, date(year, 1, 1), date(year, 12, 28)), qaqc_passed=rng.random() < 0.85,
                 lab_ref=f"LAB/{rng.choice('KPRT')}{rng.randint(1000, 9999)}")
            edge(nid, sid, "PRODUCED")
            edge(sid, rng.choice(geologists[mine]), "LOGGED_BY")

    # mines feed plants; plants sell to buyers
    for mine in mines:
        for p in rng.sample(plants, rng.choice([1, 1, 2])):
            edge(mine, p, "SUPPLIES", tonnes_kt=round(rng.uniform(150, 9000), 1), transport=rng.choice(TRANSPORT),
                 since=_day(rng, date(1990, 1, 1), date(2023, 1, 1)), tolling=rng.random() < 0.25)
    for p in plants:
        if not any(g.edges[m, p]["label"] == "SUPPLIES" for m in g.predecessors(p)):
            edge(rng.choice(mines), p, "SUPPLIES", tonnes_kt=round(rng.uniform(150, 9000), 1),
                 transport=rng.choice(TRANSPORT), since=_day(rng, date(1990, 1, 1), date(2023, 1, 1)),
                 tolling=rng.random() < 0.25)
        for b in rng.sample(buyers, rng.randint(2, 5)):
            edge(p, b, "SELLS_TO", contract_value_musd=round(rng.uniform(4.0, 650.0), 2),
                 tonnes_per_year=rng.randint(5000, 400000), signed=_day(rng, date(2010, 1, 1), date(2025, 1, 1)),
                 exclusive=rng.random() < 0.3, incoterm=rng.choice(INCOTERMS))

    # environmental permits
    for i in range(1, 46):
        while True:
            title = f"{rng.choice(PERMIT_KINDS)} {rng.randint(1000, 9999)}"
            if names.take(title):
                break
        nid = f"permit-{i}"
        issued = _day(rng, date(2005, 1, 1), date(2023, 1, 1))
        node(nid, "Permit", title=title, permit_no=f"EP/{rng.randint(100, 999)}/{issued[:4]}",
             authority=rng.choice(AUTHORITIES), issued=issued,
             expires=(date.fromisoformat(issued) + timedelta(days=365 * rng.randint(3, 15))).isoformat(),
             renewable=rng.random() < 0.6, annual_fee_aud=round(rng.uniform(1500, 250000), 2))
        edge(mines[(i - 1) % len(mines)] if i <= len(mines) else rng.choice(mines), nid, "HOLDS")
    return g


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=49)
    args = ap.parse_args(argv)
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    nx.write_graphml(build(args.seed), out / FILE_NAME)


if __name__ == "__main__":
    main()
