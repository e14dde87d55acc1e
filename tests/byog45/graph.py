"""Deterministic restaurant-group property graph for the byog45 hold-out set.

Usage: python tests/byog45/graph.py OUT_DIR [--seed N]  ->  OUT_DIR/restaurants.graphml

Node type in an APOC-style ``labels`` attribute (":Restaurant"), edge type in the edge attribute ``label``.
Only stdlib ``random.Random(seed)`` and networkx are used.
"""

from __future__ import annotations

import argparse
import random
from datetime import date, timedelta
from pathlib import Path

import networkx as nx

RESTAURANT_NAMES = [
    "The Anchor", "Ember", "Harvest Table", "Copper Pot", "Juniper", "The Larder", "Wildflower", "Brass Monkey",
    "Olive Grove", "Saltbox", "Fig and Thistle", "Blue Door", "Little Bear", "Northern Light", "Marrow",
    "Tidewater", "Orchard House", "The Gannet", "Rook", "Stone Oven", "Lantern", "Driftwood", "Kettle Yard",
    "Sorrel", "The Pantry", "Magpie", "Bramble", "Cinder", "Quayside Grill", "Hearth", "Wren", "Kiln",
    "The Sparrow", "Goldfinch", "Paper Moon", "Silk Road Kitchen", "Cask", "Honeycomb", "Fernleaf", "The Mill",
    "Salt Marsh", "Pelican", "Greenhouse", "Velvet", "Flint",
]
NEIGHBOURHOOD_NAMES = [
    "Harbourside", "Old Town", "Riverbank", "Castlegate", "Spitalfield", "Northgate", "Canal Quarter",
    "St Brides", "Ropewalk", "Highcross", "Elmwood", "Fishergate", "Bellhaven", "Southmere", "Tannery Row",
    "Kingsmead", "Westcliff", "Abbeyfields", "Marketplace", "Docklands", "Priory Park", "Lowtown", "Saltergate",
    "Brewery Lane",
]
CITIES = ["Ashbury", "Port Lorne", "Kelby", "Dunmore"]
FIRST = [
    "Ana", "Tomas", "Priya", "Kenji", "Lucia", "Omar", "Ingrid", "Mateo", "Zara", "Felix", "Amara", "Jonas",
    "Leila", "Rafael", "Sofia", "Declan", "Mei", "Idris", "Greta", "Hugo", "Nadia", "Callum", "Yara", "Bruno",
    "Esme", "Tariq", "Freya", "Diego", "Hana", "Niall", "Olga", "Pablo", "Rosa", "Stefan", "Talia", "Viktor",
    "Wanda", "Xavier", "Yusuf", "Agnes", "Bastian", "Chloe", "Dmitri", "Elif", "Fabio", "Gemma", "Hamid",
    "Iris", "Joaquin", "Kasia", "Luca", "Marta", "Nico", "Orla", "Pietro", "Quinn", "Rhea", "Sven", "Tove",
]
LAST = [
    "Lima", "Okafor", "Brennan", "Sato", "Moreau", "Haddad", "Lindqvist", "Rossi", "Kowalski", "Nakamura",
    "Ferreira", "Dubois", "Schmidt", "Novak", "Petrov", "Alvarez", "Mensah", "Fitzgerald", "Yilmaz", "Costa",
    "Andersen", "Baptiste", "Castellano", "Delacroix", "Eriksen", "Farouk", "Gallagher", "Horvath", "Iqbal",
    "Jovanovic", "Kaur", "Lefebvre", "Marchetti", "Nilsson", "Oyelaran", "Pham", "Quiroga", "Ramires",
    "Szabo", "Takahashi", "Ulrich", "Varga", "Whitlock", "Xu", "Yamada", "Zielinski", "Abernathy", "Bianchi",
    "Crowley", "Dantas", "Esposito", "Forsyth", "Grieve", "Hartmann", "Ivers", "Juarez", "Kilbride", "Lorne",
]
DISH_STYLE = [
    "Smoked", "Charred", "Braised", "Crispy", "Slow Roast", "Grilled", "Cured", "Pickled", "Blackened",
    "Glazed", "Poached", "Torched", "Spiced", "Confit", "Steamed", "Wood Fired",
]
DISH_NOUN = [
    "Duck", "Octopus", "Venison", "Cod", "Halibut", "Aubergine", "Squash", "Mushroom", "Celeriac", "Quail",
    "Rabbit", "Prawn", "Crab", "Lobster", "Hake", "Chicken", "Beef Cheek", "Short Rib", "Trout", "Salmon",
    "Tofu", "Lentil", "Polenta", "Ricotta",
]
DISH_FORM = [
    "Risotto", "Tartare", "Ravioli", "Skewers", "Pie", "Terrine", "Salad", "Broth", "Tart", "Dumplings",
    "Croquettes", "Curry", "Stew", "Gnocchi", "Bao", "Tacos", "Carpaccio", "Fritters", "Ragout", "Parfait",
]
ING_ORIGIN = [
    "Cornish", "Sicilian", "Breton", "Alpine", "Kentish", "Andalusian", "Highland", "Normandy", "Basque",
    "Tuscan", "Hokkaido", "Kerala",
]
ING_ITEM = [
    "Lemons", "Sea Salt", "Butter", "Cream", "Honey", "Saffron", "Shallots", "Garlic", "Chanterelles", "Leeks",
    "Lamb Shoulder", "Pork Belly", "Scallops", "Mussels", "Oats", "Barley", "Rye Flour", "Cider Vinegar",
    "Olive Oil", "Tomatoes", "Capers", "Anchovies", "Chickpeas", "Pistachios", "Hazelnuts", "Rhubarb", "Quince",
    "Fennel", "Beetroot", "Parsnips",
]
SUP_PREFIX = [
    "Green Valley", "Northfield", "Hollow Creek", "Red Barn", "Silver Birch", "Millbrook", "Oakridge",
    "Westcombe", "Fairhaven", "Lowland", "Brackenridge", "Three Rivers", "Sunny Acre", "Heron Bay", "Coldwater",
]
SUP_SUFFIX = ["Farms", "Dairy", "Fisheries", "Provisions", "Growers", "Trading", "Mills", "Produce"]

N_CHEFS, N_CRITICS, N_DISHES, N_INGREDIENTS, N_SUPPLIERS = 420, 36, 560, 180, 45
N_INSPECTIONS, N_REVIEWS, N_MENUS = 300, 380, 90


def _day(rng: random.Random, start: date, span_days: int) -> str:
    return (start + timedelta(days=rng.randrange(span_days))).isoformat()


class _Names:
    """Display names unique across the graph, none inside another (case-insensitive)."""

    def __init__(self) -> None:
        self.low: list[str] = []

    def ok(self, name: str) -> bool:
        n = name.lower()
        return not any(n in o or o in n for o in self.low)

    def add(self, name: str) -> None:
        self.low.append(name.lower())


def build(seed: int) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()
    names = _Names()

    def node(nid: str, label: str, display: str, **attrs) -> None:
        assert names.ok(display), display
        names.add(display)
        g.add_node(nid, labels=":" + label, **attrs)

    def edge(src: str, dst: str, label: str, **attrs) -> None:
        assert not g.has_edge(src, dst), (src, dst)
        g.add_edge(src, dst, label=label, **attrs)

    hoods = []
    for i, nm in enumerate(NEIGHBOURHOOD_NAMES, 1):
        nid = f"neighbourhood-{i}"
        pc = f"{nm[:2].upper()}{rng.randint(1, 19)} {rng.randint(1, 9)}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}{rng.choice('ABDEFGHJLNPQRSTUWXYZ')}"
        node(nid, "Neighbourhood", nm, name=nm, postcode=pc, population=rng.randint(4000, 60000),
             city=CITIES[i % len(CITIES)], pedestrianised=rng.random() < 0.3)
        hoods.append(nid)

    rests = []
    for i, nm in enumerate(RESTAURANT_NAMES, 1):
        nid = f"restaurant-{i}"
        node(nid, "Restaurant", nm, name=nm, branch_code=f"RST-{1000 + i * 37}",
             opened_on=_day(rng, date(2004, 1, 1), 7000), seats=rng.randint(24, 180),
             avg_check=round(rng.uniform(18, 140), 2), has_terrace=rng.random() < 0.4,
             cuisine=rng.choice(["Italian", "Japanese", "French", "Levantine", "Modern British", "Mexican"]),
             price_band=rng.choice(["budget", "mid", "premium"]))
        rests.append(nid)
        edge(nid, rng.choice(hoods), "LOCATED_IN")

    people: set[str] = set()

    def person() -> tuple[str, str]:
        while True:
            f, la = rng.choice(FIRST), rng.choice(LAST)
            if (f, la) not in people and names.ok(f"{f} {la}"):
                people.add((f, la))
                return f, la

    chefs = []
    heads: set[str] = set()
    for i in range(1, N_CHEFS + 1):
        nid = f"chef-{i}"
        f, la = person()
        hired = _day(rng, date(2008, 1, 1), 5800)
        node(nid, "Chef", f"{f} {la}", first_name=f, last_name=la, staff_code=f"KS-{rng.randint(10000, 99999)}-{i:03d}",
             hired_on=hired, salary=rng.randrange(24000, 92000, 250), skill_rating=round(rng.uniform(2.0, 9.9), 1),
             hygiene_certified=rng.random() < 0.7,
             station=rng.choice(["Grill", "Pastry", "Sauce", "Garde Manger", "Fish", "Line", "Prep"]))
        chefs.append(nid)
        r = rests[(i - 1) % len(rests)] if i <= len(rests) else rng.choice(rests)
        is_head = r not in heads
        heads.add(r)
        edge(nid, r, "WORKS_AT", start_date=hired, hours_per_week=rng.choice([20, 24, 30, 36, 40, 45, 48]),
             is_head=is_head)
    for i, nid in enumerate(chefs):
        if i >= 50 and rng.random() < 0.8:
            j = int(rng.random() ** 1.6 * i)
            edge(nid, chefs[j], "TRAINED_BY", years=rng.randint(1, 6), formal_apprenticeship=rng.random() < 0.5)

    critics = []
    for i in range(1, N_CRITICS + 1):
        nid = f"critic-{i}"
        f, la = person()
        node(nid, "Critic", f"{f} {la}", first_name=f, last_name=la, press_id=f"PR-{rng.randint(100, 999)}{i:02d}",
             followers=rng.randint(800, 250000), outlet=rng.choice(["The Courier", "Daily Plate", "FoodWire",
                                                                   "Gastro Monthly"]),
             freelance=rng.random() < 0.35)
        critics.append(nid)

    dishes = []
    for i in range(1, N_DISHES + 1):
        nid = f"dish-{i}"
        while True:
            nm = f"{rng.choice(DISH_STYLE)} {rng.choice(DISH_NOUN)} {rng.choice(DISH_FORM)}"
            if names.ok(nm):
                break
        node(nid, "Dish", nm, name=nm, sku=f"DSH-{i:04d}{rng.choice('ABCDEFGHJK')}", price=round(rng.uniform(5.5, 48), 2),
             calories=rng.randint(120, 1400), is_vegan=rng.random() < 0.2,
             course=rng.choice(["Starter", "Main", "Main", "Dessert", "Side"]), launched_on=_day(rng, date(2012, 1, 1), 4300))
        dishes.append(nid)
        edge(rng.choice(chefs), nid, "CREATED")

    ings = []
    combos = [(o, it) for o in ING_ORIGIN for it in ING_ITEM]
    rng.shuffle(combos)
    for o, it in combos:
        if len(ings) == N_INGREDIENTS:
            break
        nm = f"{o} {it}"
        if not names.ok(nm):
            continue
        nid = f"ingredient-{len(ings) + 1}"
        node(nid, "Ingredient", nm, name=nm, ingredient_code=f"ING-{rng.randint(100, 999)}-{len(ings) + 1:03d}",
             cost_per_kg=round(rng.uniform(0.8, 95), 2), is_organic=rng.random() < 0.35,
             allergen=rng.choice(["none", "none", "gluten", "dairy", "nuts", "shellfish", "fish"]),
             shelf_life_days=rng.randint(2, 720))
        ings.append(nid)
    weights = [1.0 / (k + 1) ** 0.8 for k in range(len(ings))]
    for d in dishes:
        for ing in dict.fromkeys(rng.choices(ings, weights=weights, k=rng.randint(2, 6))):
            edge(d, ing, "CONTAINS", grams=rng.randint(5, 400), optional=rng.random() < 0.1)

    sups = []
    combos2 = [(p, s) for p in SUP_PREFIX for s in SUP_SUFFIX]
    rng.shuffle(combos2)
    for p, s in combos2:
        nm = f"{p} {s}"
        if len(sups) == N_SUPPLIERS:
            break
        if not names.ok(nm):
            continue
        nid = f"supplier-{len(sups) + 1}"
        node(nid, "Supplier", nm, name=nm, vat_number=f"GB{rng.randint(100000000, 999999999)}",
             founded=rng.randint(1921, 2019), reliability=round(rng.uniform(0.55, 0.995), 3),
             region=rng.choice(["North", "South", "East", "West", "Coastal"]), family_owned=rng.random() < 0.5)
        sups.append(nid)
        edge(nid, rng.choice(hoods), "BASED_IN")
    for k, ing in enumerate(ings):
        for s in dict.fromkeys(rng.choices(sups, k=1 + (k % 3 == 0) + (k % 5 == 0))):
            edge(s, ing, "SUPPLIES", price_per_kg=round(rng.uniform(0.9, 110), 2),
                 contract_start=_day(rng, date(2015, 1, 1), 3300), exclusive=rng.random() < 0.25,
                 tier=rng.choice(["gold", "silver", "bronze"]))

    for i in range(1, N_INSPECTIONS + 1):
        nid = f"inspection-{i}"
        score = rng.randint(52, 100)
        node(nid, "Inspection", f"Inspection INS-{i:04d}", title=f"Inspection INS-{i:04d}", score=score,
             inspected_on=_day(rng, date(2016, 1, 1), 3200),
             grade="A" if score >= 85 else "B" if score >= 70 else "C", follow_up=score < 70 or rng.random() < 0.1,
             inspector_ref=f"EHO-{rng.randint(10, 99)}{rng.choice('XYZ')}")
        edge(nid, rests[(i - 1) % len(rests)] if i <= len(rests) else rng.choice(rests), "ASSESSES")

    for i in range(1, N_REVIEWS + 1):
        nid = f"review-{i}"
        node(nid, "Review", f"Review RV-{i:04d}", title=f"Review RV-{i:04d}", stars=rng.randint(1, 5),
             published_on=_day(rng, date(2017, 1, 1), 3000), word_count=rng.randint(250, 2400),
             online_only=rng.random() < 0.45, tone=rng.choice(["glowing", "mixed", "scathing", "measured"]))
        edge(rng.choice(critics), nid, "WROTE")
        r = rng.choice(rests)
        edge(nid, r, "ABOUT", visit_date=_day(rng, date(2016, 6, 1), 3000), party_size=rng.randint(1, 8))
        if rng.random() < 0.7:
            edge(nid, rng.choice(dishes), "PRAISES")

    for i in range(1, N_MENUS + 1):
        nid = f"menu-{i}"
        node(nid, "Menu", f"Menu MN-{i:03d}", title=f"Menu MN-{i:03d}",
             season=rng.choice(["Spring", "Summer", "Autumn", "Winter"]), year=rng.randint(2019, 2025),
             tasting=rng.random() < 0.25, courses=rng.randint(3, 9))
        edge(rests[(i - 1) % len(rests)], nid, "OFFERS")
        for d in rng.sample(dishes, rng.randint(5, 11)):
            edge(nid, d, "FEATURES", menu_price=round(rng.uniform(6, 55), 2), special=rng.random() < 0.15)
    return g


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out_dir")
    ap.add_argument("--seed", type=int, default=45)
    a = ap.parse_args()
    out = Path(a.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    nx.write_graphml(build(a.seed), out / "restaurants.graphml")


if __name__ == "__main__":
    main()
