"""Vendor profiles and region briefs. Lists name members (regions a vendor serves); they never state counts."""

from __future__ import annotations

from core.dataset.documents.common import Writer, fmt_date, paragraphs, person, sentence_case

VENDOR_NOTES = (
    "Contract renewal with the vendor is handled by procurement; technical escalations go through the TAM.",
    "Status page subscriptions are set up for the on-call channel.",
    "The vendor publishes formal RCAs within ten business days of a major incident.",
    "Pricing is usage-based with committed-spend discounts.",
    "Their security documentation (SOC 2 Type II, ISO 27001) is on file with the compliance team.",
    "Quarterly service reviews with the vendor cover incidents, roadmap and credits.",
)


def vendor_profile(wr: Writer, vid: str, k: int, detail: int) -> tuple[str, str]:
    w = wr.w
    v = w[vid]
    a = v.attrs
    f = w.facts[vid]
    regions = w.out(vid, "OPERATES_IN")
    title = wr.choice((f"Vendor profile: {wr.full(vid)}", f"{wr.name(vid)} - supplier overview", f"Vendor sheet {wr.id(vid)}"))
    intro = wr.choice((
        f"{wr.full(vid)} is a {a['category'].lower()} vendor founded in {a['founded_year']}, on a {a['sla_tier']} SLA tier.",
        f"Vendor: {wr.ref(vid, 'full')}\nAlso known as: {', '.join(v.aliases)}\nCategory: {a['category']}\n"
        f"SLA tier: {a['sla_tier']}\nFounded: {a['founded_year']}",
        f"We buy {a['category'].lower()} services from {wr.full(vid)} under a {a['sla_tier']} SLA. "
        f"The company was founded in {a['founded_year']}.",
    ))
    presence = wr.choice((
        f"{sentence_case(wr.ref(vid, 'alias'))} operates in {wr.join(regions)}.",
        f"Regions served: {wr.join(regions)}.",
        f"Their footprint covers {wr.join(regions)}.",
    ))
    contact = wr.choice((
        f"Escalation contact: {person(f['escalation_contact'], wr.rng)}. Support hours: {f['support_hours']}.",
        f"For escalations we go to {f['escalation_contact'].name}, their technical account manager; "
        f"support is {f['support_hours']}.",
    ))
    outages = w.out(vid, "EXPERIENCED")
    history = None
    if outages:
        o = wr.choice(outages)
        history = wr.choice((
            f"Notable incident: {wr.ref(o, 'full')} on {fmt_date(wr.rng, w[o].attrs['started_at'])} "
            f"({w[o].attrs['root_cause']}).",
            f"Incidents on record include {wr.ref(o)}, a {w[o].attrs['severity']} event in {wr.ref(w.region_of(o), 'name')}.",
        ))
    customers = w.inn(vid, "DEPENDS_ON")
    accounts = None
    if customers:
        picks = wr.rng.sample(customers, min(2, len(customers)))
        accounts = wr.choice((
            f"Accounts that rely on them include {wr.join(picks)}.",
            f"Among the customers depending on this vendor: {wr.join(picks)}.",
        ))
    notes = " ".join(wr.rng.sample(VENDOR_NOTES, min(len(VENDOR_NOTES), 1 + detail)))
    return title, paragraphs(intro, presence, contact, history, accounts, notes)


def region_overview(wr: Writer, rid: str, k: int, detail: int) -> tuple[str, str]:
    w = wr.w
    r = w[rid]
    a = r.attrs
    countries = w.facts[rid]["countries"]
    vendors = w.inn(rid, "OPERATES_IN")
    picks = wr.rng.sample(vendors, min(3, len(vendors)))
    title = wr.choice((f"Region brief: {wr.full(rid)}", f"{wr.name(rid)} region overview", f"Hosting region {wr.id(rid)}"))
    return title, paragraphs(
        wr.choice((
            f"{wr.full(rid)} is served from data center {a['data_center']} in availability zone "
            f"{a['availability_zone']} ({a['geo']}).",
            f"Region: {wr.id(rid)}\nName: {wr.name(rid)}\nGeo: {a['geo']}\nAvailability zone: {a['availability_zone']}\n"
            f"Data center: {a['data_center']}\nAliases: {', '.join(r.aliases)}",
        )),
        f"Customers headquartered in {', '.join(countries)} are usually hosted here.",
        f"Providers with a presence in {wr.name(rid)} include {wr.join(picks)}." if picks else None,
        wr.choice((
            "Change freezes follow the local holiday calendar.",
            "Maintenance windows are Sunday 02:00-04:00 local time.",
            "Data stays in-region unless a customer opts into cross-region backups.",
        )),
    )
