"""A generated mixed corpus for measuring extraction + entity resolution, with the hidden truth kept here.

``make_corpus(seed)`` writes short business documents (account notes, meeting notes, partnership news, emails) about
generated companies, their people, products and home cities. Planted on purpose:
- near-duplicates of one company: legal-form variants ("X Logistics Inc.", "X Logistics Holdings", "X Logistics
  Corp"), upper case, the bare stem when no other company shares it, an abbreviated descriptor ("Tech"), and typos
  (one letter dropped or doubled) in documents that also name that company's people;
- look-alike but different companies: the same stem with another descriptor ("X Logistics" vs "X Analytics") and
  stems one or two letters apart ("Northwind" vs "Northwood" style); people who share a last name.
The truth (which entity each surface form names, which entities each document mentions) never leaves this module
and the tests that import it. Names are built from syllables by a seeded RNG, so nothing here is handwritten gold.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

SYLLABLES = ("ko", "va", "ra", "zen", "trix", "bel", "mo", "quin", "tal", "dar", "row", "sel", "vin", "lum", "ta",
             "cor", "ven", "ax", "pel", "ori", "nor", "dex", "mar", "lo", "fen", "ric", "sto", "gal", "bri", "ton")
DESCRIPTORS = ("Logistics", "Analytics", "Foods", "Robotics", "Capital", "Health", "Energy", "Media", "Outfitters",
               "Collective", "Technologies", "Works", "Mills", "Brewing")
ABBREV = {"Technologies": "Tech"}
LEGAL = ("Inc.", "Corp", "Holdings", "Ltd", "GmbH", "LLC")
FIRST = ("Maria", "Peter", "Aiko", "Jonas", "Leila", "Tomas", "Grace", "Omar", "Ines", "Victor", "Nadia", "Hugo",
         "Sara", "Felix", "Rosa", "Ivan", "Clara", "Emil", "Dana", "Pavel")
TITLES = ("VP Sales", "CTO", "Head of Procurement", "CFO", "Director of Operations", "Product Manager", "CEO",
          "Lead Engineer")
TOPICS = ("pricing for next year", "the integration roadmap", "data residency", "delivery delays", "a pilot in the "
          "spring", "support response times", "the renewal terms", "a joint marketing plan")
PRODUCT_WORDS = ("Flow", "Beacon", "Ledger", "Pulse", "Atlas", "Harbor", "Signal", "Canvas", "Relay", "Summit")
PRODUCT_TAILS = ("Pro", "Cloud", "One", "Studio", "Edge")


@dataclass
class TrueEntity:
    id: str
    type: str  # Company | Person | Product | Location
    name: str  # canonical
    variants: list[str] = field(default_factory=list)  # planted near-duplicate spellings (not the canonical)


@dataclass
class Corpus:
    docs: dict[str, str]  # file name -> text
    entities: dict[str, TrueEntity]
    surface_truth: dict[str, str]  # exact surface text used in a document -> true entity id
    doc_mentions: dict[str, set[str]]  # file name -> true entity ids it mentions
    company_of: dict[str, str]  # person/product id -> company id
    lookalikes: list[tuple[str, str]]  # planted pairs of different companies with similar names


def _stem(rng: random.Random) -> str:
    return "".join(rng.sample(SYLLABLES, rng.choice((2, 3)))).capitalize()


def _near(stem: str, rng: random.Random) -> str:
    """A different stem one or two letters away ("Northwind" -> "Northwood")."""
    for _ in range(50):
        chars = list(stem)
        i = rng.randrange(2, len(chars))
        chars[i] = rng.choice([c for c in "aeiouylnrst" if c != chars[i].lower()])
        if rng.random() < 0.5 and len(chars) > 4:
            j = rng.randrange(2, len(chars))
            if j != i:
                chars[j] = rng.choice([c for c in "aeiouylnrst" if c != chars[j].lower()])
        out = "".join(chars).capitalize()
        if out.lower() != stem.lower():
            return out
    raise RuntimeError("could not make a look-alike stem")


def _typo(word: str, rng: random.Random) -> str:
    i = rng.randrange(2, len(word) - 1)
    return word[:i] + word[i] + word[i:] if rng.random() < 0.5 else word[:i] + word[i + 1 :]


def make_corpus(seed: int = 11, n_companies: int = 24, n_docs: int = 160) -> Corpus:
    rng = random.Random(seed)
    ents: dict[str, TrueEntity] = {}
    lookalikes: list[tuple[str, str]] = []
    stems: list[str] = []
    used_stems: set[str] = set()
    companies: list[str] = []
    # companies: some share a stem with another descriptor, some get a near-identical stem
    while len(companies) < n_companies:
        stem = _stem(rng)
        if stem in used_stems or len(stem) < 5:
            continue
        d1, d2 = rng.sample(DESCRIPTORS, 2)
        group = [(stem, d1)]
        kind = rng.random()
        if kind < 0.3:
            group.append((stem, d2))  # same stem, different business
        elif kind < 0.55:
            near = _near(stem, rng)
            if near in used_stems:
                continue
            group.append((near, d1 if rng.random() < 0.5 else d2))  # near-identical stem
        ids = []
        for st, desc in group:
            used_stems.add(st)
            stems.append(st)
            cid = f"c{len(companies)}"
            companies.append(cid)
            ents[cid] = TrueEntity(cid, "Company", f"{st} {desc}")
            ids.append(cid)
        if len(ids) == 2:
            lookalikes.append((ids[0], ids[1]))
    stem_count: dict[str, int] = {}
    for cid in companies:
        st = ents[cid].name.split()[0]
        stem_count[st] = stem_count.get(st, 0) + 1
    near_stems = {ents[b].name.split()[0] for a, b in lookalikes} | {ents[a].name.split()[0] for a, b in lookalikes}
    for cid in companies:
        e = ents[cid]
        st, desc = e.name.split(" ", 1)
        variants = [f"{e.name} {leg}" for leg in rng.sample(LEGAL, 2)] + [e.name.upper()]
        if desc in ABBREV:
            variants.append(f"{st} {ABBREV[desc]}")
        if stem_count[st] == 1 and st not in near_stems:
            variants.append(st)  # the bare stem is unambiguous only when no other company is called like it
        e.variants = variants
    # people (some share a last name), products and cities
    people: list[str] = []
    company_of: dict[str, str] = {}
    last_names = [_stem(rng) for _ in range(n_companies * 2)]
    for cid in companies:
        for _ in range(rng.choice((2, 3))):
            pid = f"p{len(people)}"
            first = rng.choice(FIRST)
            last = rng.choice(last_names)
            name = f"{first} {last}"
            if any(ents[p].name == name for p in people):
                continue
            people.append(pid)
            ents[pid] = TrueEntity(pid, "Person", name, [f"Dr. {name}"] if rng.random() < 0.2 else [])
            company_of[pid] = cid
    products: list[str] = []
    for cid in companies:
        if rng.random() < 0.7:
            prid = f"r{len(products)}"
            name = f"{rng.choice(PRODUCT_WORDS)}{rng.choice(('', 'ly', 'io'))} {rng.choice(PRODUCT_TAILS)}"
            if any(ents[p].name == name for p in products):
                continue
            products.append(prid)
            ents[prid] = TrueEntity(prid, "Product", name)
            company_of[prid] = cid
    cities = []
    for _ in range(max(4, n_companies // 4)):
        lid = f"l{len(cities)}"
        name = _stem(rng) + rng.choice(("burg", "ton", "vik", "field", "port"))
        cities.append(lid)
        ents[lid] = TrueEntity(lid, "Location", name)
    home = {cid: rng.choice(cities) for cid in companies}

    surface_truth: dict[str, str] = {}
    docs: dict[str, str] = {}
    doc_mentions: dict[str, set[str]] = {}
    staff = {cid: [p for p in people if company_of[p] == cid] for cid in companies}
    made = {cid: [p for p in products if company_of[p] == cid] for cid in companies}

    def say(eid: str, allow_variant: bool = True, typo: bool = False) -> str:
        e = ents[eid]
        text = e.name
        if e.type == "Company" and typo:
            st, desc = e.name.split(" ", 1)
            text = f"{_typo(st, rng)} {desc}"
        elif allow_variant and e.variants and rng.random() < 0.45:
            text = rng.choice(e.variants)
        surface_truth.setdefault(text, eid)
        if surface_truth[text] != eid:
            raise RuntimeError(f"surface {text!r} would name two entities; change the seed")
        mentioned.add(eid)
        return text

    for n in range(n_docs):
        mentioned: set[str] = set()
        cid = companies[n % len(companies)] if n < len(companies) * 2 else rng.choice(companies)
        team = staff[cid] or []
        p1 = rng.choice(team) if team else None
        other = rng.choice([c for c in companies if c != cid])
        kind = rng.randrange(5)
        topic = rng.choice(TOPICS)
        title = rng.choice(TITLES)
        typo = n >= len(companies) * 2 and rng.random() < 0.12 and p1 is not None
        comp = say(cid, typo=typo)
        if kind == 0 and p1:
            text = (f"Account note. We met {say(p1)}, {title} at {comp}, in their {say(home[cid])} office. "
                    f"The main topic was {topic}.")
            if made[cid]:
                text += f" They showed the latest release of {say(made[cid][0])}."
        elif kind == 1:
            text = f"Partnership update: {comp} and {say(other)} agreed to work together on {topic}."
            if p1:
                text += f" {say(p1)} will lead the work for {say(cid)}."
        elif kind == 2 and p1:
            text = (f"Hi team, quick update on {comp}: {say(p1)} confirmed that {topic} is on track. "
                    f"Their office in {say(home[cid])} will host the next review.")
        elif kind == 3:
            text = f"{comp} is headquartered in {say(home[cid])}."
            if made[cid]:
                text += f" The company launched {say(made[cid][0])} this quarter."
            if p1:
                text += f" {say(p1)}, {title}, presented the plan."
        else:
            text = f"Meeting notes: {comp} raised concerns about {topic} with {say(other)}."
            if p1:
                text += f" Follow-up owner on their side: {say(p1)} ({title})."
        name = f"note-{n:03d}.md" if n % 3 else f"note-{n:03d}.txt"
        docs[name] = text
        doc_mentions[name] = set(mentioned)
    return Corpus(docs, ents, surface_truth, doc_mentions, company_of, lookalikes)


# ---- tests of the generator itself ------------------------------------------------------------------------------


def test_corpus_is_deterministic():
    a, b = make_corpus(seed=5), make_corpus(seed=5)
    assert a.docs == b.docs and a.surface_truth == b.surface_truth
    assert make_corpus(seed=6).docs != a.docs


def test_corpus_plants_duplicates_and_lookalikes():
    c = make_corpus()
    assert len(c.lookalikes) >= 3
    variant_surfaces = [s for s, e in c.surface_truth.items() if c.entities[e].type == "Company" and s != c.entities[e].name]
    assert len(variant_surfaces) >= 20  # near-duplicates really occur in the text
    for a, b in c.lookalikes:
        assert c.entities[a].name != c.entities[b].name
    # every recorded surface really occurs in some document
    text = "\n".join(c.docs.values())
    assert all(s in text for s in c.surface_truth)
