"""Generate the byog11 online-marketplace property graph as GraphML.

Usage: python tests/byog11/graph.py DIR [--seed N]   ->   DIR/marketplace.graphml

Deterministic for a given seed (random.Random(seed), default 11). Schema in README.md.
"""

from __future__ import annotations

import argparse
import random
from datetime import date, timedelta
from pathlib import Path

import networkx as nx

DEPARTMENTS: dict[str, dict[str, list[str]]] = {
    "Electronics": {
        "Audio": ["Headphones", "Bluetooth Speakers"],
        "Computer Accessories": ["Keyboards", "Computer Mice"],
        "Cameras & Photo": ["Camera Lenses", "Tripods"],
    },
    "Home & Kitchen": {
        "Cookware": ["Frying Pans", "Dutch Ovens"],
        "Small Appliances": ["Coffee Makers", "Blenders"],
        "Bedding": ["Duvet Covers", "Pillows"],
    },
    "Sports & Outdoors": {
        "Camping Gear": ["Tents", "Sleeping Bags"],
        "Cycling": ["Bike Helmets", "Bike Lights"],
        "Fitness": ["Yoga Mats", "Dumbbells"],
    },
    "Toys & Games": {
        "Board Games": ["Strategy Games", "Party Games"],
        "Building Toys": ["Construction Sets", "Marble Runs"],
    },
    "Beauty & Personal Care": {
        "Skin Care": ["Moisturizers", "Sunscreens"],
        "Hair Care": ["Shampoos", "Hair Dryers"],
    },
    "Pet Supplies": {
        "Dog Supplies": ["Dog Beds", "Dog Leashes"],
        "Cat Supplies": ["Cat Trees", "Cat Litter"],
    },
    "Garden & Patio": {
        "Gardening Tools": ["Pruning Shears", "Garden Hoses"],
        "Outdoor Furniture": ["Patio Chairs", "Hammocks"],
    },
}

LEAF_NOUNS: dict[str, list[str]] = {
    "Headphones": ["Over-Ear Headphones", "Wireless Earbuds", "Studio Monitor Headphones"],
    "Bluetooth Speakers": ["Portable Speaker", "Waterproof Speaker", "Bookshelf Speaker"],
    "Keyboards": ["Mechanical Keyboard", "Compact Keyboard", "Ergonomic Keyboard"],
    "Computer Mice": ["Wireless Mouse", "Vertical Mouse", "Gaming Mouse"],
    "Camera Lenses": ["Prime Lens", "Zoom Lens", "Macro Lens"],
    "Tripods": ["Travel Tripod", "Carbon Tripod", "Tabletop Tripod"],
    "Frying Pans": ["Cast Iron Skillet", "Nonstick Frying Pan", "Carbon Steel Wok"],
    "Dutch Ovens": ["Enameled Dutch Oven", "Braiser", "Stock Pot"],
    "Coffee Makers": ["Pour-Over Kettle", "Drip Coffee Maker", "Espresso Machine"],
    "Blenders": ["Personal Blender", "High-Speed Blender", "Immersion Blender"],
    "Duvet Covers": ["Linen Duvet Cover", "Percale Duvet Cover", "Flannel Duvet Cover"],
    "Pillows": ["Memory Foam Pillow", "Down Pillow", "Body Pillow"],
    "Tents": ["Backpacking Tent", "Family Tent", "Rooftop Tent"],
    "Sleeping Bags": ["Mummy Sleeping Bag", "Down Sleeping Bag", "Kids Sleeping Bag"],
    "Bike Helmets": ["Road Helmet", "Commuter Helmet", "Trail Helmet"],
    "Bike Lights": ["Rechargeable Headlight", "Tail Light", "Light Set"],
    "Yoga Mats": ["Cork Yoga Mat", "Travel Yoga Mat", "Thick Yoga Mat"],
    "Dumbbells": ["Adjustable Dumbbells", "Hex Dumbbells", "Neoprene Dumbbells"],
    "Strategy Games": ["Strategy Board Game", "Deck-Building Game", "Cooperative Game"],
    "Party Games": ["Party Card Game", "Trivia Game", "Drawing Game"],
    "Construction Sets": ["Brick Set", "Magnetic Tiles", "Engineering Kit"],
    "Marble Runs": ["Marble Run", "Gravity Maze", "Marble Tower"],
    "Moisturizers": ["Face Cream", "Night Cream", "Hydrating Gel"],
    "Sunscreens": ["Mineral Sunscreen", "Sport Sunscreen", "Tinted Sunscreen"],
    "Shampoos": ["Clarifying Shampoo", "Shampoo Bar", "Volumizing Shampoo"],
    "Hair Dryers": ["Ionic Hair Dryer", "Travel Hair Dryer", "Diffuser Dryer"],
    "Dog Beds": ["Orthopedic Dog Bed", "Bolster Dog Bed", "Dog Crate Mat"],
    "Dog Leashes": ["Rope Leash", "Retractable Leash", "Hands-Free Leash"],
    "Cat Trees": ["Cat Tree", "Wall Cat Shelf", "Scratching Post"],
    "Cat Litter": ["Clumping Litter", "Pine Litter", "Crystal Litter"],
    "Pruning Shears": ["Bypass Pruner", "Anvil Pruner", "Loppers"],
    "Garden Hoses": ["Expandable Hose", "Rubber Hose", "Soaker Hose"],
    "Patio Chairs": ["Adirondack Chair", "Folding Patio Chair", "Rocking Chair"],
    "Hammocks": ["Rope Hammock", "Camping Hammock", "Hammock Chair"],
}

BRANDS = [
    "Aurora", "Birchwood", "Cobalt", "Driftline", "Emberly", "Foxglove", "Granite Peak", "Halcyon", "Ironbark",
    "Juniper", "Kestrel", "Lumen", "Mistral", "Northway", "Oakhollow", "Pinecrest", "Quillon", "Redfern",
    "Saltmarsh", "Tidewater", "Umbra", "Verdant", "Willowby", "Yarrow", "Zephyr", "Alder & Ash", "Bramble",
    "Copperline", "Dovetail", "Evergreen Co",
]
MODIFIERS = ["Pro", "Lite", "Classic", "Max", "Mini", "Plus", "Studio", "Trail", "Everyday", "Signature"]

SHOP_FIRST = [
    "Harbor", "Blue Fern", "Copper Kettle", "Maple Lane", "Silver Birch", "Red Barn", "Golden Hour", "Stone Bridge",
    "Wild Thyme", "Quiet Creek", "North Star", "Lantern", "Hollow Oak", "Seabright", "Twin Pines", "Meadowlark",
    "Crescent", "Brightwater", "Old Mill", "Fox Run", "Cedar Point", "Sunny Acre", "Iron Gate", "Juniper Hill",
    "Ravenwood",
]
SHOP_SECOND = [
    "Goods", "Outfitters", "Supply Co", "Trading", "Emporium", "Mercantile", "Home Store", "Gear", "Collective",
    "Workshop", "Depot", "Market",
]
COUNTRIES = ["United States", "Canada", "United Kingdom", "Germany", "Netherlands", "Australia", "Japan"]
TIERS = ["Bronze", "Silver", "Gold", "Platinum"]

FIRST_NAMES = [
    "Maya", "Liam", "Olivia", "Noah", "Ava", "Ethan", "Sofia", "Lucas", "Isabella", "Mason", "Mia", "Logan",
    "Amelia", "Elijah", "Harper", "Oliver", "Evelyn", "Aiden", "Abigail", "James", "Emily", "Benjamin", "Ella",
    "Daniel", "Chloe", "Henry", "Grace", "Samuel", "Zoe", "Owen", "Nora", "Caleb", "Leah", "Isaac", "Aria",
    "Julian", "Hannah", "Gabriel", "Layla", "Wyatt", "Priya", "Ravi", "Mei", "Kenji", "Fatima", "Omar", "Ingrid",
    "Tomas", "Aisha", "Diego",
]
LAST_NAMES = [
    "Anderson", "Bennett", "Castillo", "Dawson", "Ellison", "Fischer", "Gallagher", "Hughes", "Ishikawa", "Jensen",
    "Kowalski", "Lindqvist", "Moreno", "Nakamura", "O'Brien", "Patel", "Quinn", "Rossi", "Sandoval", "Thornton",
    "Underwood", "Vasquez", "Whitaker", "Xu", "Yilmaz", "Zimmerman", "Abernathy", "Brooks", "Chandra", "Delgado",
    "Everett", "Fontaine", "Greer", "Halvorsen", "Iverson", "Jovanovic", "Keller", "Lowell", "Mbeki", "Novak",
]
CITIES = [
    "Portland", "Austin", "Denver", "Chicago", "Boston", "Seattle", "Atlanta", "Phoenix", "Toronto", "Vancouver",
    "Manchester", "Leeds", "Berlin", "Hamburg", "Rotterdam", "Melbourne", "Osaka", "Minneapolis", "Raleigh",
    "San Diego",
]
WAREHOUSES = [
    ("Reno", "Nevada"), ("Memphis", "Tennessee"), ("Allentown", "Pennsylvania"), ("Dallas", "Texas"),
    ("Houston", "Texas"), ("Columbus", "Ohio"), ("Stockton", "California"), ("Savannah", "Georgia"),
    ("Joliet", "Illinois"), ("Tacoma", "Washington"), ("Indianapolis", "Indiana"), ("San Antonio", "Texas"),
]
REVIEW_HEADS = [
    "Exactly as described", "Great value", "Would buy again", "Not what I expected", "Solid build quality",
    "Arrived damaged", "Five stars", "Decent but overpriced", "Better than the reviews say", "Stopped working",
    "Perfect gift", "Fine for the price", "Love it", "Returned it", "Does the job", "Surprisingly good",
    "Cheaply made", "Fast shipping, nice product", "Instructions were confusing", "My new favourite",
]
ORDER_STATUSES = ["Delivered", "Delivered", "Delivered", "Delivered", "Shipped", "Processing", "Cancelled",
                  "Returned"]
PAYMENTS = ["Card", "Card", "Card", "PayPal", "Gift Card", "Bank Transfer"]
CARRIERS = ["UPS", "FedEx", "DHL", "USPS"]
CONDITIONS = ["New", "New", "New", "Refurbished", "Used"]

N_SELLERS = 60
N_PRODUCTS = 360
N_BUYERS = 260
N_ORDERS = 520
N_REVIEWS = 420


def _day(rng: random.Random, start: date, end: date) -> date:
    return start + timedelta(days=rng.randrange((end - start).days + 1))


def build(seed: int = 11) -> nx.DiGraph:
    rng = random.Random(seed)
    g = nx.DiGraph()

    def node(nid: str, label: str, **attrs) -> str:
        g.add_node(nid, labels=":" + label, **attrs)
        return nid

    def edge(a: str, b: str, label: str, **attrs) -> None:
        assert not g.has_edge(a, b), (a, b)
        g.add_edge(a, b, label=label, **attrs)

    # categories: department > category > leaf category (SUBCATEGORY_OF points child -> parent)
    leaves: list[str] = []
    leaf_name: dict[str, str] = {}
    k = 0
    for dept, subs in DEPARTMENTS.items():
        k += 1
        d = node(f"category-{k}", "Category", name=dept, level="Department")
        for sub, leafs in subs.items():
            k += 1
            s = node(f"category-{k}", "Category", name=sub, level="Category")
            edge(s, d, "SUBCATEGORY_OF")
            for leaf in leafs:
                k += 1
                lf = node(f"category-{k}", "Category", name=leaf, level="Subcategory")
                edge(lf, s, "SUBCATEGORY_OF")
                leaves.append(lf)
                leaf_name[lf] = leaf

    # warehouses
    warehouses = []
    for i, (city, state) in enumerate(WAREHOUSES, 1):
        w = node(f"warehouse-{i}", "Warehouse", name=f"{city} Fulfillment Center", city=city, state=state,
                 capacity_sqft=rng.randrange(120, 900) * 1000,
                 opened=_day(rng, date(2008, 1, 1), date(2021, 12, 31)).isoformat(),
                 climate_controlled=rng.random() < 0.5)
        warehouses.append(w)

    # sellers
    sellers = []
    shop_names = set()
    while len(shop_names) < N_SELLERS:
        shop_names.add(f"{rng.choice(SHOP_FIRST)} {rng.choice(SHOP_SECOND)}")
    shop_order = sorted(shop_names)  # a set's order varies with the hash seed; sort, then shuffle with rng
    rng.shuffle(shop_order)
    for i, nm in enumerate(shop_order, 1):
        s = node(f"seller-{i}", "Seller", name=nm, country=rng.choice(COUNTRIES),
                 rating=round(rng.uniform(3.0, 5.0), 2),
                 joined=_day(rng, date(2015, 1, 1), date(2023, 6, 30)).isoformat(),
                 verified=rng.random() < 0.65, tier=rng.choice(TIERS))
        sellers.append(s)
        for w in rng.sample(warehouses, rng.randint(1, 3)):
            edge(s, w, "USES_WAREHOUSE", since=_day(rng, date(2016, 1, 1), date(2024, 6, 30)).isoformat(),
                 exclusive=rng.random() < 0.2)

    # products
    products = []
    product_names = set()
    price: dict[str, float] = {}
    i = 0
    while len(products) < N_PRODUCTS:
        leaf = rng.choice(leaves)
        nm = f"{rng.choice(BRANDS)} {rng.choice(LEAF_NOUNS[leaf_name[leaf]])}"
        if rng.random() < 0.5:
            nm += " " + rng.choice(MODIFIERS)
        # no name may be another's word prefix ("Aurora Cat Tree" vs "Aurora Cat Tree Pro"): names stay unambiguous
        if nm in product_names or any(o.startswith(nm + " ") or nm.startswith(o + " ") for o in product_names):
            continue
        product_names.add(nm)
        i += 1
        p = node(f"product-{i}", "Product", name=nm, price=round(rng.uniform(6, 450), 2),
                 weight_kg=round(rng.uniform(0.1, 25.0), 2),
                 launched=_day(rng, date(2016, 1, 1), date(2024, 10, 31)).isoformat(),
                 condition=rng.choice(CONDITIONS), handmade=rng.random() < 0.12)
        price[p] = g.nodes[p]["price"]
        products.append(p)
        edge(p, leaf, "IN_CATEGORY")
        seller = rng.choice(sellers)
        edge(seller, p, "SELLS", listed_on=_day(rng, date(2016, 1, 1), date(2024, 10, 31)).isoformat())
        own = [w for w in g.successors(seller) if g.nodes[w]["labels"] == ":Warehouse"]
        for w in rng.sample(own, rng.randint(1, len(own))):
            edge(p, w, "STOCKED_AT", units=rng.randrange(0, 800),
                 last_restocked=_day(rng, date(2024, 1, 1), date(2024, 12, 31)).isoformat())

    # buyers
    buyers = []
    buyer_names = set()
    while len(buyers) < N_BUYERS:
        fn, ln = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
        if (fn, ln) in buyer_names:
            continue
        buyer_names.add((fn, ln))
        b = node(f"buyer-{len(buyers) + 1}", "Buyer", first_name=fn, last_name=ln, city=rng.choice(CITIES),
                 member_since=_day(rng, date(2017, 1, 1), date(2024, 6, 30)).isoformat(),
                 premium=rng.random() < 0.3, loyalty_points=rng.randrange(0, 5000))
        buyers.append(b)
    # referrals: a buyer may have been referred by an earlier buyer (no cycles)
    for idx, b in enumerate(buyers[1:], 1):
        if rng.random() < 0.35:
            ref = buyers[rng.randrange(max(0, idx - 80), idx)]
            edge(ref, b, "REFERRED", referred_on=_day(rng, date(2018, 1, 1), date(2024, 6, 30)).isoformat(),
                 bonus_paid=rng.random() < 0.6)
    for b in buyers:
        for s in rng.sample(sellers, rng.choice([0, 0, 1, 1, 2, 3])):
            edge(b, s, "FOLLOWS")

    # orders and shipments
    n_ship = 0
    for i in range(1, N_ORDERS + 1):
        b = rng.choice(buyers)
        status = rng.choice(ORDER_STATUSES)
        when = _day(rng, date(2022, 1, 1), date(2024, 12, 31))
        lines = rng.sample(products, rng.choice([1, 1, 1, 2, 2, 3, 4]))
        o = f"order-{i}"
        node(o, "Order", name=f"PO-{40000 + i * 7 + rng.randrange(7)}", order_date=when.isoformat(), total=0.0,
             status=status, payment_method=rng.choice(PAYMENTS), gift=rng.random() < 0.1)
        edge(b, o, "PLACED")
        total = 0.0
        for p in lines:
            q = rng.choice([1, 1, 1, 2, 2, 3, 5])
            unit = round(price[p] * rng.choice([1.0, 1.0, 0.9, 0.85, 1.05]), 2)
            edge(o, p, "CONTAINS", quantity=q, unit_price=unit)
            total += q * unit
        g.nodes[o]["total"] = round(total, 2)
        if status in ("Processing", "Cancelled"):
            continue
        # one shipment per order, or two when the order has several lines
        parts = 2 if len(lines) > 2 and rng.random() < 0.4 else 1
        for _ in range(parts):
            n_ship += 1
            sh = node(f"shipment-{n_ship}", "Shipment", name=f"{rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ')}"
                      f"{rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ')}{700000000 + n_ship * 131 + rng.randrange(131)}",
                      carrier=rng.choice(CARRIERS), express=rng.random() < 0.25,
                      shipped_on=(when + timedelta(days=rng.randint(0, 3))).isoformat(),
                      weight_kg=round(rng.uniform(0.2, 30.0), 2))
            edge(o, sh, "SHIPPED_IN")
            stocked = sorted({w for p in lines for w in g.successors(p) if g.nodes[w]["labels"] == ":Warehouse"})
            edge(sh, rng.choice(stocked), "SHIPPED_FROM")

    # reviews: by a buyer, of a product (mostly ones they ordered)
    bought = sorted({(b, p) for b in buyers for o in g.successors(b) for p in g.successors(o)
                     if g.nodes[p]["labels"] == ":Product"})
    for i in range(1, N_REVIEWS + 1):
        if rng.random() < 0.85 and bought:
            b, p = bought.pop(rng.randrange(len(bought)))
            verified = True
        else:
            b, p = rng.choice(buyers), rng.choice(products)
            verified = False
        r = node(f"review-{i}", "Review", title=rng.choice(REVIEW_HEADS), stars=rng.choice([1, 2, 3, 4, 4, 5, 5, 5]),
                 posted=_day(rng, date(2022, 1, 15), date(2025, 1, 31)).isoformat(), verified_purchase=verified,
                 helpful_votes=rng.randrange(0, 60))
        edge(b, r, "WROTE")
        edge(r, p, "REVIEWS")
    return g


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("--seed", type=int, default=11)
    a = ap.parse_args(argv)
    a.dir.mkdir(parents=True, exist_ok=True)
    out = a.dir / "marketplace.graphml"
    nx.write_graphml(build(a.seed), out)
    # networkx writes Python ints as GraphML "long"; "int" is the type the brief names (both read back as int)
    out.write_text(out.read_text(encoding="utf-8").replace('attr.type="long"', 'attr.type="int"'), encoding="utf-8")
    print(out)


if __name__ == "__main__":
    main()
