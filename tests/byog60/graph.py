"""Deterministic generator of a ski-resort-group property graph as Neo4j admin-import CSV with ID spaces.

    python tests/byog60/graph.py OUT_DIR [--seed N]

writes OUT_DIR/skiresort_csv/ (one CSV per node type and per relationship type). Stdlib random + networkx only.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import random
from pathlib import Path

import networkx as nx

FOLDER = "skiresort_csv"

VALLEYS = ["Kestrel Valley", "Ombra Vale", "Talbach Valley", "Glenmire Basin", "Larchwood Valley",
           "Silberthal", "Riven Gorge", "Coldwater Valley"]
RESORTS = ["Paradise", "Horizon", "Crestmoor", "Whitepeak", "Altenau", "Snowhaven", "Blue Lantern", "Lynx Ridge",
           "Bellhorn", "Frosthold", "Edelgrat", "Sunday Mountain", "Piz Lumen", "Gravel Creek", "Kingsfell",
           "Owl Summit", "Marmotte", "Teapot Dome", "Val Corvo", "Stormcrest", "Hollowmere", "Saint Aubel",
           "Ironpine", "Juniper Heights"]
LIFT_WORDS = ["Eagle", "Sunrise", "Falcon", "Granite", "Aurora", "Meadow", "Thunder", "Comet", "Pioneer", "Glacier",
              "Orchard", "Nugget", "Lantern", "Sparrow", "Cobalt", "Timber", "Ridgeline", "Vista", "Boulder",
              "Quartz", "Heron", "Maple", "Saddle", "Beacon", "Willow", "Copper", "Harvest", "Rocket", "Chamois",
              "Ibex", "Alder", "Cedar", "Zenith", "Polar", "Raven", "Badger", "Otter", "Jubilee", "Marigold",
              "Pinnacle", "Tundra", "Lookout", "Breakfast", "Skyway", "Edelweiss", "Gentian", "Arnica", "Bramble",
              "Cinder", "Dolomite", "Ember", "Fjord", "Gable", "Hazel", "Indigo", "Juniper", "Kingfisher", "Lark",
              "Moraine", "Nimbus"]
LIFT_KINDS = [("chairlift", "Chair", (2, 4)), ("chairlift", "Quad", (4, 4)), ("chairlift", "Express", (6, 8)),
              ("gondola", "Gondola", (8, 10)), ("drag", "T-Bar", (2, 2)), ("drag", "Poma", (1, 1)),
              ("magic carpet", "Carpet", (1, 1))]
SLOPE_SINGLE = ["Highway", "Toboggan", "Staircase", "Elevator", "Bathtub", "Spaghetti", "Lullaby", "Sandwich"]
SLOPE_ADJ = ["Wild", "Silent", "Crooked", "Golden", "Hidden", "Lazy", "Frozen", "Broken", "Whispering", "Howling",
             "Shadow", "Velvet", "Rusty", "Misty", "Dancing", "Lonely", "Jagged", "Sleepy", "Roaring", "Gentle",
             "Fox", "Wolf", "Bear", "Elk", "Stag", "Hawk", "Owl", "Lynx", "Bison", "Moose", "Pine", "Spruce",
             "Birch", "Aspen", "Larch", "Flint", "Slate", "Amber", "Crystal", "Ivory"]
SLOPE_NOUN = ["Run", "Chute", "Glade", "Descent", "Trail", "Bowl", "Couloir", "Alley", "Traverse", "Piste", "Schuss",
              "Gully"]
FIRST = ["Anna", "Lukas", "Sofia", "Jonas", "Marie", "Felix", "Lena", "Elias", "Clara", "Noah", "Emma", "Leon",
         "Hanna", "Paul", "Mia", "Ben", "Lea", "Finn", "Ida", "Theo", "Nora", "Oskar", "Greta", "Emil", "Ella",
         "Anton", "Frieda", "Jakob", "Mila", "Moritz", "Camille", "Louis", "Chloe", "Hugo", "Margaux", "Jules",
         "Giulia", "Matteo", "Chiara", "Luca", "Aurora", "Marco", "Ingrid", "Sven", "Astrid", "Nils", "Freya",
         "Oliver", "Amelia", "Harry", "Isla", "George", "Ava", "Jack", "Grace", "Thomas", "Ruby", "Samuel",
         "Priya", "Kenji", "Yuki", "Mateo", "Lucia", "Pablo", "Elena", "Tomas", "Zofia", "Piotr", "Katya",
         "Dmitri"]
LAST = ["Huber", "Gruber", "Wieser", "Moser", "Steiner", "Hofer", "Egger", "Berger", "Pichler", "Brunner", "Fischer",
        "Weber", "Wagner", "Baumann", "Keller", "Frei", "Meier", "Schmid", "Rossi", "Bianchi", "Ferrari", "Conti",
        "Ricci", "Moretti", "Dubois", "Laurent", "Girard", "Bonnet", "Fontaine", "Rousseau", "Lambert", "Blanc",
        "Andersson", "Lindqvist", "Berg", "Nilsson", "Dahl", "Holm", "Strand", "Larsen", "Smith", "Jones",
        "Taylor", "Brown", "Walker", "Wright", "Hughes", "Clarke", "Turner", "Parker", "Collins", "Murphy",
        "Kelly", "Walsh", "Byrne", "Tanaka", "Sato", "Suzuki", "Novak", "Kowalski", "Horvat", "Kovac", "Dvorak",
        "Sokolov", "Ivanova", "Petrov", "Garcia", "Lopez", "Martin", "Ortega", "Navarro", "Santos", "Costa",
        "Silva", "Pereira", "Oliveira", "Hansen", "Jensen", "Nielsen", "Lund", "Kaufmann", "Vogel", "Zimmermann",
        "Lehmann", "Krause", "Hartmann", "Winter", "Sommer", "Frost", "Schnee"]
SHOP_WORDS = ["Alpine Edge", "Powder Hut", "Carve Corner", "Summit Gear", "Snowline", "Rip & Ride", "Boot Doctor",
              "Edge Lab", "Mogul Shack", "Freeheel", "Glide Box", "Wax Works", "Twin Tip", "Sidecut", "Base Camp",
              "First Tracks", "Bluebird", "Chairlift Charlie", "Après Outfitters", "Gear Garage", "Frostbite",
              "Snowdrift", "Tele Tent", "Peak Rentals", "The Ski Cellar", "Kicker Shop", "Slalom Stall",
              "Backcountry Barn", "Shred Depot", "Piste Pantry", "Groomer's Den", "Cornice Cabin", "Flurry",
              "Switchback", "Whiteout", "Avalanche Annie", "Ptarmigan", "Cold Feet", "Bunny Hill Hire",
              "Steep & Deep"]
SHOP_SUFFIX = ["Rentals", "Ski Hire", "Sports", "Rent", "Outfitters"]
BRANDS = ["Kestra", "Volant", "Nordik", "Alpenstahl", "Rossmont", "Blizzara", "Hexa", "Faction Nine", "Elanor",
          "Dynafit Pro", "Sölden Works", "Tecton"]
MODELS = ["Vortex", "Apex", "Drift", "Rebel", "Nova", "Cirrus", "Titan", "Venture", "Pulse", "Strider", "Phantom",
          "Rally", "Sabre", "Meridian", "Echo", "Halo", "Vector", "Quest", "Mirage", "Scout"]
EQUIP = [("skis", (90.0, 900.0)), ("snowboard", (150.0, 700.0)), ("boots", (120.0, 650.0)),
         ("helmet", (40.0, 260.0)), ("poles", (20.0, 140.0))]
DISCIPLINES = ["Carving", "Powder", "Freestyle", "Mogul", "Telemark", "Snowboard", "Off-Piste", "Racing"]
FORMATS = ["private", "group", "kids"]
CERTS = ["Level 1", "Level 2", "Level 3", "ISIA"]
SKILLS = ["beginner", "intermediate", "advanced", "expert"]
COUNTRIES = ["AT", "CH", "DE", "FR", "IT", "GB", "NL", "US", "SE", "PL"]
TIERS = ["premium", "standard", "family"]
WINDS = ["calm", "moderate", "strong", "storm"]


def day(base: dt.date, rng: random.Random, span: int) -> str:
    return (base + dt.timedelta(days=rng.randrange(span))).isoformat()


class Names:
    """Display names unique across the graph: no name equals a run of whole words inside another name."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.grams: set[str] = set()

    @staticmethod
    def _grams(name: str) -> set[str]:
        w = name.lower().split()
        return {" ".join(w[i:j]) for i in range(len(w)) for j in range(i + 1, len(w) + 1)}

    def take(self, name: str) -> bool:
        key = name.lower()
        g = self._grams(name)
        if key in self.grams or g & self.names:
            return False
        self.names.add(key)
        self.grams |= g
        return True


def generate(seed: int) -> tuple[dict, dict]:
    rng = random.Random(seed)
    names = Names()
    nodes: dict[str, list[dict]] = {}
    rels: dict[str, list[dict]] = {}

    def named(cands):
        for c in cands:
            if names.take(c):
                return c
        return None

    # valleys
    nodes["Valley"] = []
    for i, v in enumerate(VALLEYS, 1):
        assert names.take(v)
        nodes["Valley"].append({"id": i, "name": v, "country": rng.choice(["AT", "CH", "FR", "IT"]),
                                "area_km2": round(rng.uniform(80, 900), 1), "protected": rng.random() < 0.4,
                                "valley_code": f"VL{rng.randrange(100, 999)}{chr(65 + i)}"})
    # resorts
    nodes["Resort"] = []
    rels["LOCATED_IN"] = []
    for i, r in enumerate(RESORTS, 1):
        assert names.take(r)
        base = rng.randrange(700, 1800)
        nodes["Resort"].append({"id": i, "name": r, "summit_m": base + rng.randrange(600, 2200), "base_m": base,
                                "opened": day(dt.date(1935, 1, 1), rng, 365 * 70),
                                "night_skiing": rng.random() < 0.35, "snow_cm": round(rng.uniform(40, 320), 1),
                                "tier": rng.choice(TIERS), "resort_code": f"RS-{rng.randrange(1000, 9999)}"})
        valley = i if i <= len(VALLEYS) else rng.randrange(1, len(VALLEYS) + 1)
        rels["LOCATED_IN"].append({"s": i, "e": valley})
    n_res = len(RESORTS)
    # slopes
    nodes["Slope"] = []
    rels["PART_OF"] = []
    pairs = [f"{a} {b}" for a in SLOPE_ADJ for b in SLOPE_NOUN]
    rng.shuffle(pairs)
    cand = SLOPE_SINGLE + pairs
    diffs = ["green", "blue", "red", "black"]
    slope_res: dict[int, int] = {}
    for i in range(1, 301):
        nm = None
        while nm is None:
            nm = named([cand.pop(0)])
        d = rng.choices(diffs, weights=[2, 4, 3, 2])[0]
        length = round(rng.uniform(0.4, 2.5) * (1 + diffs.index(d) * 0.35), 2)
        nodes["Slope"].append({"id": i, "name": nm, "difficulty": d, "length_km": length,
                               "vertical_drop_m": rng.randrange(80, 400) + diffs.index(d) * rng.randrange(40, 160),
                               "groomed": rng.random() < 0.7, "opened": day(dt.date(1950, 1, 1), rng, 365 * 70),
                               "piste_code": f"P{rng.randrange(10, 99)}-{d[0].upper()}{i}"})
        r = (i - 1) % n_res + 1 if i <= n_res * 2 else rng.randrange(1, n_res + 1)
        slope_res[i] = r
        rels["PART_OF"].append({"s": i, "e": r})
    slopes_of: dict[int, list[int]] = {}
    for s, r in slope_res.items():
        slopes_of.setdefault(r, []).append(s)
    # lifts
    nodes["Lift"] = []
    rels["OPERATED_BY"] = []
    rels["SERVES"] = []
    lift_cands = [(w, k) for w in LIFT_WORDS for k in LIFT_KINDS]
    rng.shuffle(lift_cands)
    lift_res: dict[int, int] = {}
    for i in range(1, 161):
        while True:
            w, (ltype, kword, seats) = lift_cands.pop(0)
            nm = f"{w} {kword}"
            if names.take(nm):
                break
        r = (i - 1) % n_res + 1 if i <= n_res * 2 else rng.randrange(1, n_res + 1)
        lift_res[i] = r
        nodes["Lift"].append({"id": i, "name": nm, "lift_type": ltype, "seats": rng.randint(*seats),
                              "capacity_per_hour": rng.randrange(400, 3600, 10),
                              "length_m": round(rng.uniform(150, 3200), 1), "built": day(dt.date(1965, 1, 1), rng,
                                                                                          365 * 58),
                              "heated_seats": ltype == "chairlift" and rng.random() < 0.3,
                              "lift_code": f"L{r:02d}{rng.choice('ABCDEFGH')}{i}"})
        rels["OPERATED_BY"].append({"s": i, "e": r})
        own = slopes_of[r]
        for s in sorted(rng.sample(own, min(len(own), rng.randint(1, 4)))):
            rels["SERVES"].append({"s": i, "e": s})
    # instructors
    people = [f"{f} {la}" for f in FIRST for la in LAST]
    rng.shuffle(people)

    def person():
        while True:
            nm = people.pop()
            if names.take(nm):
                return nm.split(" ", 1)

    nodes["Instructor"] = []
    rels["WORKS_AT"] = []
    rels["TRAINED"] = []
    inst_res: dict[int, list[int]] = {}
    n_inst = 210
    for i in range(1, n_inst + 1):
        f, la = person()
        hired = dt.date(1995, 1, 1) + dt.timedelta(days=int((i - 1) * 28.5 + rng.randrange(20)))
        nodes["Instructor"].append({"id": i, "first_name": f, "last_name": la, "certification": rng.choice(CERTS),
                                    "years_experience": max(1, (2026 - hired.year) + rng.randrange(0, 6)),
                                    "hired": hired.isoformat(), "freeride_certified": rng.random() < 0.3,
                                    "instructor_code": f"SI{rng.randrange(10000, 99999)}"})
        home = rng.randrange(1, n_res + 1) if i > n_res else i
        rs = [home] + ([rng.randrange(1, n_res + 1)] if rng.random() < 0.2 else [])
        rs = sorted(set(rs))
        inst_res[i] = rs
        for r in rs:
            rels["WORKS_AT"].append({"s": i, "e": r, "since": day(hired, rng, 900),
                                     "full_time": rng.random() < 0.6,
                                     "day_rate_eur": round(rng.uniform(180, 520), 2)})
        if i > 12:
            trainers = sorted(set(rng.sample(range(max(1, i - 60), i), rng.choice([1, 1, 1, 2]))))
            if rng.random() < 0.12:
                trainers = []
            for t in trainers:
                rels["TRAINED"].append({"s": t, "e": i, "year": hired.year + rng.randrange(0, 2),
                                        "discipline": rng.choice(["ski", "snowboard", "telemark"])})
    # guests
    nodes["Guest"] = []
    for i in range(1, 721):
        f, la = person()
        nodes["Guest"].append({"id": i, "first_name": f, "last_name": la, "skill_level": rng.choice(SKILLS),
                               "age": rng.randrange(6, 78), "member_since": day(dt.date(2008, 1, 1), rng, 365 * 17),
                               "newsletter": rng.random() < 0.45, "home_country": rng.choice(COUNTRIES),
                               "guest_code": f"G{rng.randrange(100000, 999999)}"})
    rels["HOLDS_PASS"] = []
    for g in range(1, 721):
        k = rng.choices([0, 1, 2], weights=[3, 6, 1])[0]
        for r in sorted(rng.sample(range(1, n_res + 1), k)):
            pt = rng.choices(["season", "weekly", "day"], weights=[3, 4, 3])[0]
            price = {"season": 690, "weekly": 290, "day": 58}[pt] * rng.uniform(0.8, 1.3)
            rels["HOLDS_PASS"].append({"s": g, "e": r, "pass_type": pt, "price_eur": round(price, 2),
                                       "valid_from": day(dt.date(2024, 11, 15), rng, 90)})
    # lessons
    nodes["Lesson"] = []
    rels["TAUGHT_BY"] = []
    rels["HELD_ON"] = []
    rels["BOOKED"] = []
    season = dt.date(2024, 12, 1)
    for i in range(1, 901):
        fmt = rng.choices(FORMATS, weights=[3, 4, 2])[0]
        disc = rng.choice(DISCIPLINES)
        size = 1 if fmt == "private" else rng.randint(2, 4)
        ins = rng.randrange(1, n_inst + 1)
        r = rng.choice(inst_res[ins])
        s = rng.choice(slopes_of[r])
        title = f"{fmt.capitalize()} {disc} Lesson {i + 100}"
        assert names.take(title)
        d = season + dt.timedelta(days=rng.randrange(120))
        nodes["Lesson"].append({"id": i, "title": title, "lesson_date": d.isoformat(), "format": fmt,
                                "duration_h": rng.choice([1.0, 1.5, 2.0, 2.5, 3.0, 4.0]), "group_size": size,
                                "cancelled": rng.random() < 0.07, "booking_ref": f"BK{rng.randrange(10**6, 10**7)}"})
        rels["TAUGHT_BY"].append({"s": i, "e": ins})
        rels["HELD_ON"].append({"s": i, "e": s})
        for g in sorted(rng.sample(range(1, 721), size)):
            rels["BOOKED"].append({"s": g, "e": i, "paid_eur": round(rng.uniform(45, 160) * (2.2 if size == 1 else 1),
                                                                      2),
                                   "channel": rng.choice(["online", "desk", "phone"]),
                                   "booked_on": (d - dt.timedelta(days=rng.randrange(1, 40))).isoformat()})
    # rental shops and equipment
    nodes["Equipment"] = []
    eq_cands = [f"{b} {m}" for b in BRANDS for m in MODELS]
    rng.shuffle(eq_cands)
    for i in range(1, 131):
        nm = named([eq_cands.pop() for _ in range(1)])
        while nm is None:
            nm = named([eq_cands.pop()])
        cat, (lo, hi) = rng.choice(EQUIP)
        length = rng.randrange(140, 195) if cat in ("skis", "snowboard") else (rng.randrange(110, 135)
                                                                               if cat == "poles" else 0)
        nodes["Equipment"].append({"id": i, "name": nm, "category": cat, "price_eur": round(rng.uniform(lo, hi), 2),
                                   "length_cm": length, "released": day(dt.date(2015, 1, 1), rng, 365 * 10),
                                   "rental_only": rng.random() < 0.25, "sku": f"SKU{rng.randrange(10**5, 10**6)}"})
    nodes["RentalShop"] = []
    rels["OPERATES_AT"] = []
    rels["STOCKS"] = []
    for i, w in enumerate(SHOP_WORDS, 1):
        nm = None
        for suf in rng.sample(SHOP_SUFFIX, len(SHOP_SUFFIX)):
            nm = named([f"{w} {suf}"])
            if nm:
                break
        assert nm
        nodes["RentalShop"].append({"id": i, "name": nm, "opened": day(dt.date(1975, 1, 1), rng, 365 * 48),
                                    "rating": round(rng.uniform(2.8, 5.0), 2), "boot_fitting": rng.random() < 0.5,
                                    "staff": rng.randrange(2, 25), "shop_code": f"RS{i:02d}{rng.randrange(100, 999)}"})
        r = (i - 1) % n_res + 1 if i <= n_res else rng.randrange(1, n_res + 1)
        rels["OPERATES_AT"].append({"s": i, "e": r})
        for e in sorted(rng.sample(range(1, 131), rng.randint(4, 12))):
            rels["STOCKS"].append({"s": i, "e": e, "quantity": rng.randrange(2, 60),
                                   "daily_rate_eur": round(rng.uniform(8, 65), 2)})
    # avalanche / safety reports
    nodes["SafetyReport"] = []
    rels["COVERS"] = []
    for i in range(1, 161):
        title = f"Avalanche Bulletin {i + 300}"
        assert names.take(title)
        r = rng.randrange(1, n_res + 1)
        danger = rng.choices([1, 2, 3, 4, 5], weights=[3, 4, 3, 2, 1])[0]
        nodes["SafetyReport"].append({"id": i, "title": title, "issued": day(season, rng, 130),
                                      "avalanche_danger": danger, "new_snow_cm": round(rng.uniform(0, 85), 1),
                                      "wind": rng.choice(WINDS), "closure_recommended": danger >= 4 and
                                      rng.random() < 0.7, "report_code": f"AV{rng.randrange(1000, 9999)}"})
        own = slopes_of[r]
        for s in sorted(rng.sample(own, min(len(own), rng.randint(1, 3)))):
            rels["COVERS"].append({"s": i, "e": s, "closed": danger >= 4 and rng.random() < 0.5})
    return nodes, rels


REL_ENDS = {
    "LOCATED_IN": ("Resort", "Valley"), "PART_OF": ("Slope", "Resort"), "OPERATED_BY": ("Lift", "Resort"),
    "SERVES": ("Lift", "Slope"), "WORKS_AT": ("Instructor", "Resort"), "TRAINED": ("Instructor", "Instructor"),
    "HOLDS_PASS": ("Guest", "Resort"), "TAUGHT_BY": ("Lesson", "Instructor"), "HELD_ON": ("Lesson", "Slope"),
    "BOOKED": ("Guest", "Lesson"), "OPERATES_AT": ("RentalShop", "Resort"), "STOCKS": ("RentalShop", "Equipment"),
    "COVERS": ("SafetyReport", "Slope"),
}
NODE_FILES = {"Valley": "valleys.csv", "Resort": "resorts.csv", "Slope": "slopes.csv", "Lift": "lifts.csv",
              "Instructor": "instructors.csv", "Guest": "guests.csv", "Lesson": "lessons.csv",
              "Equipment": "equipment.csv", "RentalShop": "rental_shops.csv", "SafetyReport": "safety_reports.csv"}


def typed(key: str, value) -> str:
    if isinstance(value, bool):
        return f"{key}:boolean"
    if isinstance(value, int):
        return f"{key}:int"
    if isinstance(value, float):
        return f"{key}:float"
    if key in ("opened", "built", "hired", "member_since", "lesson_date", "released", "issued", "since",
               "valid_from", "booked_on"):
        return f"{key}:date"
    return f"{key}:string"


def fmt(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def check_paths(nodes: dict, rels: dict) -> None:
    """A 4-hop path Guest -BOOKED-> Lesson -HELD_ON-> Slope -PART_OF-> Resort -LOCATED_IN-> Valley exists."""
    g = nx.DiGraph()
    for t, (a, b) in REL_ENDS.items():
        for r in rels[t]:
            g.add_edge(f"{a}:{r['s']}", f"{b}:{r['e']}", type=t)
    booked = rels["BOOKED"][0]
    walk = [f"Guest:{booked['s']}", f"Lesson:{booked['e']}"]
    for nxt in ("Slope", "Resort", "Valley"):
        walk.append(next(f"{nxt}:{v.split(':')[1]}" for v in g.successors(walk[-1]) if v.startswith(nxt + ":")))
    assert nx.is_path(g, walk) and len(walk) == 5


def write(out_dir: Path, seed: int) -> Path:
    nodes, rels = generate(seed)
    check_paths(nodes, rels)
    folder = out_dir / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    for label, rows in nodes.items():
        keys = [k for k in rows[0] if k != "id"]
        id_col = label[0].lower() + label[1:] + "Id"
        header = [f"{id_col}:ID({label})"] + [typed(k, rows[0][k]) for k in keys] + [":LABEL"]
        with open(folder / NODE_FILES[label], "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(header)
            for r in rows:
                w.writerow([r["id"]] + [fmt(r[k]) for k in keys] + [label])
    for t, rows in rels.items():
        a, b = REL_ENDS[t]
        keys = [k for k in rows[0] if k not in ("s", "e")]
        header = [f":START_ID({a})", f":END_ID({b})", ":TYPE"] + [typed(k, rows[0][k]) for k in keys]
        with open(folder / f"rel_{t.lower()}.csv", "w", newline="", encoding="utf-8") as fh:
            w = csv.writer(fh)
            w.writerow(header)
            for r in rows:
                w.writerow([r["s"], r["e"], t] + [fmt(r[k]) for k in keys])
    return folder


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=60)
    a = ap.parse_args()
    print(write(Path(a.out_dir), a.seed))


if __name__ == "__main__":
    main()
