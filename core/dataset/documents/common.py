"""Shared pieces for document templates: a writer that records every entity it mentions, and text helpers.

Rule for every template: state facts from the graph (or ``World.facts``) only, and never write a count of entities
("7 customers", "three tickets"): aggregates must come from traversing the graph (docs/data.md § Documents).
"""

from __future__ import annotations

import random
import re
from datetime import date

from core.dataset import vocab
from core.dataset.world import Contact, World

# How an entity is named in text, per type: (style, weight). Styles: id "CUST-0042"; full "Acme Corp (CUST-0042)";
# name "Acme Corp"; alias "Acme"; id_alias "CUST-0042 (Acme)".
STYLES: dict[str, tuple[tuple[str, float], ...]] = {
    "Customer": (("id", 0.25), ("full", 0.35), ("name", 0.15), ("alias", 0.15), ("id_alias", 0.1)),
    "Vendor": (("id", 0.25), ("full", 0.35), ("name", 0.2), ("alias", 0.1), ("id_alias", 0.1)),
    "Region": (("id", 0.35), ("full", 0.3), ("name", 0.25), ("alias", 0.1)),
    "Employee": (("full", 0.5), ("name", 0.35), ("id", 0.15)),
    "Outage": (("id", 0.35), ("full", 0.45), ("name", 0.2)),
    "Ticket": (("id", 0.7), ("full", 0.3)),
    "ComplianceCase": (("id", 0.6), ("full", 0.4)),
    "Project": (("id", 0.3), ("full", 0.4), ("name", 0.15), ("alias", 0.15)),
}


# Private-use code points: never in real text, and (unlike \x1c-\x1f) not stripped as whitespace by str.strip.
_OPEN, _CLOSE = "\ue000", "\ue001"
_MARK = re.compile(_OPEN + r"(\d+)" + _CLOSE)


class Writer:
    """Writes one document: picks phrasings with a per-document rng and records the entities it mentions.

    ``ref`` returns a placeholder, not the text: templates build alternatives eagerly and keep one, so an entity
    counts as mentioned only when its placeholder survives into the final text (``resolve``).
    """

    def __init__(self, world: World, rng: random.Random):
        self.w = world
        self.rng = rng
        self._refs: list[tuple[str, str]] = []

    def resolve(self, *parts: str) -> tuple[list[str], list[str]]:
        """Final texts with placeholders replaced, and the sorted ids of the entities they mention."""
        used: set[str] = set()

        def put(m: re.Match[str]) -> str:
            eid, text = self._refs[int(m.group(1))]
            used.add(eid)
            return text

        return [_MARK.sub(put, p) for p in parts], sorted(used)

    def ref(self, eid: str, style: str | None = None) -> str:
        """Mention an entity by id, name or alias (random per the type's STYLES unless ``style`` is given)."""
        e = self.w[eid]
        if style is None:
            styles = STYLES[e.type]
            style = self.rng.choices([s for s, _ in styles], weights=[x for _, x in styles])[0]
        if style in ("alias", "id_alias") and not e.aliases:
            style = "full"
        if style == "id":
            text = eid
        elif style == "name":
            text = e.name
        elif style == "alias":
            text = self.rng.choice(e.aliases)
        elif style == "id_alias":
            text = f"{eid} ({self.rng.choice(e.aliases)})"
        elif e.type == "Ticket":
            text = f'{eid} ("{e.name}")'
        else:
            text = f"{e.name} ({eid})"
        self._refs.append((eid, text))
        return f"{_OPEN}{len(self._refs) - 1}{_CLOSE}"

    def name(self, eid: str) -> str:
        return self.ref(eid, "name")

    def mention(self, eid: str, text: str) -> str:
        """A mention with explicit wording (a brand, a codename) that still records the entity."""
        self._refs.append((eid, text))
        return f"{_OPEN}{len(self._refs) - 1}{_CLOSE}"

    def full(self, eid: str) -> str:
        return self.ref(eid, "full")

    def id(self, eid: str) -> str:
        return self.ref(eid, "id")

    def choice(self, options):
        return self.rng.choice(options)

    def maybe(self, p: float) -> bool:
        return self.rng.random() < p

    def join(self, eids: list[str], style: str | None = None) -> str:
        """'A', 'A and B', 'A, B and C' (never a number: the reader sees the members, not a count)."""
        refs = [self.ref(e, style) for e in eids]
        return refs[0] if len(refs) == 1 else ", ".join(refs[:-1]) + " and " + refs[-1]


# ---- formatting -----------------------------------------------------------------------------------------------------


def fmt_date(rng: random.Random, iso: str) -> str:
    d = date.fromisoformat(iso)
    return rng.choice((iso, f"{d.day} {d.strftime('%B %Y')}", f"{d.strftime('%B')} {d.day}, {d.year}"))


def fmt_money(rng: random.Random, amount: float) -> str:
    exact = f"${amount:,.0f}"
    if amount >= 1_000_000 and rng.random() < 0.3:
        return f"{exact} (about ${amount / 1e6:.1f}M)"
    return exact


def fmt_hours(hours: float) -> str:
    h = f"{hours:g}"
    return f"{h} hour" if hours == 1 else f"{h} hours"


def person(c: Contact, rng: random.Random) -> str:
    """A customer- or vendor-side contact with their title (contacts are not graph entities)."""
    return rng.choice((f"{c.name} ({c.title})", f"{c.title} {c.name}"))


def sentence_case(text: str) -> str:
    return text[:1].upper() + text[1:]


def paragraphs(*parts: str | None) -> str:
    return "\n\n".join(p.strip() for p in parts if p and p.strip())


# ---- free-text fillers (no entity facts, no counts) -------------------------------------------------------------------


def discussion(rng: random.Random, who: str, owner: str) -> str:
    """A paragraph of meeting discussion: product usage, asks and concerns. ``owner`` is one of our people."""
    feature, other = rng.sample(vocab.PRODUCT_FEATURES, 2)
    benefit = rng.choice(vocab.BENEFITS)
    concern = rng.choice(vocab.CONCERNS)
    pct = rng.randint(4, 38)
    frames = (
        f"{who} walked us through how their team uses {feature} today and asked whether it could help {benefit}.",
        f"We demoed {feature}; {who} was keen to pilot it to {benefit}.",
        f"Usage of {feature} is up {pct}% quarter over quarter, driven mostly by their operations group.",
        f"{who} raised {concern}. {owner} agreed to follow up in writing before the next check-in.",
        f"The team asked for a refresher session on {other} for new starters; {owner} will schedule it.",
        f"There is interest in combining {feature} with {other} to {benefit}.",
        f"Feedback on {other} was positive overall, with a request for clearer error messages.",
        f"{who} flagged {concern} as the main topic for their leadership this half.",
        f"We agreed to share a short write-up on best practices for {feature}.",
    )
    return " ".join(rng.sample(frames, 3))


def action_items(rng: random.Random, owners: list[str], contact_name: str) -> str:
    feature = rng.choice(vocab.PRODUCT_FEATURES)
    items = [
        f"{rng.choice(owners)} to send a recap and the updated success plan",
        f"{contact_name} to confirm attendees for the roadmap preview",
        f"{rng.choice(owners)} to set up a working session on {feature}",
        f"{rng.choice(owners)} to review open support requests with the support lead",
        f"{contact_name} to share their internal timeline for the renewal decision",
        f"{rng.choice(owners)} to draft an adoption plan for {feature}",
    ]
    return "\n".join(f"- {sentence_case(i)}" for i in rng.sample(items, 3))
