"""Customer documents: account notes (three layouts) and QBR notes (two layouts)."""

from __future__ import annotations

from datetime import date, timedelta

from core.dataset.documents.common import (
    Writer,
    action_items,
    discussion,
    fmt_date,
    fmt_hours,
    fmt_money,
    paragraphs,
    person,
    sentence_case,
)
from core.dataset.documents.narrative import NARRATIVE_DETAIL, customer_sections
from core.dataset.world import TODAY, WINDOW_START, World


def customer_outages(w: World, cid: str) -> list[str]:
    """Outages that impacted the customer: its vendor's outages in its region (IMPACT_PATHS)."""
    region = w.region_of(cid)
    return sorted(o for v in w.out(cid, "DEPENDS_ON") for o in w.out(v, "EXPERIENCED") if w.region_of(o) == region)


def _note_date(wr: Writer, k: int) -> date:
    # Successive notes for one customer fall in successive periods of the window.
    span = (TODAY - WINDOW_START).days // 3
    start = WINDOW_START + timedelta(days=(k % 3) * span)
    return start + timedelta(days=wr.rng.randint(0, span))


def _stack_sentence(wr: Writer, cid: str) -> str:
    w = wr.w
    primary = w.primary_vendor(cid)
    others = [v for v in w.out(cid, "DEPENDS_ON") if v != primary]
    cat = w[primary].attrs["category"]
    p = wr.ref(primary)
    if not others:
        return wr.choice((
            f"Their stack is built on {p}, their primary {cat.lower()} provider; no other vendors are in the picture.",
            f"{sentence_case(p)} is their sole critical vendor ({cat.lower()}).",
            f"They depend on {p} as primary vendor for {cat.lower()}.",
        ))
    o = wr.join(others)
    return wr.choice((
        f"They run primarily on {p} ({cat.lower()}) and also rely on {o} as secondary providers.",
        f"Primary vendor: {p}. Secondary vendors: {o}.",
        f"Critical dependencies: {p} is the primary {cat.lower()} provider, with {o} in a secondary role.",
    ))


def _region_sentence(wr: Writer, cid: str) -> str:
    region = wr.w.region_of(cid)
    r = wr.w[region]
    ref = wr.ref(region)
    return wr.choice((
        f"Their production workloads are hosted in {ref} (data center {r.attrs['data_center']}).",
        f"The account is located in {ref}, availability zone {r.attrs['availability_zone']}.",
        f"Everything they run with us sits in {ref}.",
    ))


def _people(wr: Writer, cid: str) -> tuple[str, str]:
    am = wr.w.inn(cid, "MANAGES_ACCOUNT")[0]
    csm = wr.w.inn(cid, "CSM_FOR")[0]
    return am, csm


def _incident_paragraph(wr: Writer, cid: str, before: date) -> str | None:
    """One past incident the customer felt, stated only as the graph has it (never how many)."""
    w = wr.w
    outages = [o for o in customer_outages(w, cid) if date.fromisoformat(w[o].attrs["started_at"]) < before]
    if not outages:
        return None
    oid = wr.choice(outages)
    tickets = [t for t in w.inn(cid, "OPENED_BY") if oid in w.out(t, "CAUSED_BY")]
    o = w[oid]
    system = wr.choice(o.attrs["affected_systems"])
    vendor = w.vendor_of(oid)
    text = wr.choice((
        f"They felt {wr.ref(oid)} on {fmt_date(wr.rng, o.attrs['started_at'])}, when {wr.ref(vendor)} had trouble with {system}.",
        f"The {wr.ref(oid, 'name')} ({wr.id(oid)}) hit their {system}; they depend on {wr.ref(vendor)} in that region.",
        f"{sentence_case(wr.ref(oid))} came up: {wr.ref(vendor)} had degraded {system} for {fmt_hours(o.attrs['duration_hours'])}.",
    ))
    if tickets:
        t = wr.choice(tickets)
        text += " " + wr.choice((
            f"Their team logged {wr.ref(t)} at the time.",
            f"See {wr.ref(t)} for their report.",
            f"{wr.ref(t)} captured the customer-side symptoms.",
        ))
    return text


def _renewal(wr: Writer, cid: str) -> str:
    c = wr.w[cid]
    f = wr.w.facts[cid]
    when = fmt_date(wr.rng, c.attrs["renewal_date"])
    return wr.choice((
        f"Renewal is due on {when}. Renewal risk: {f['renewal_risk']} ({f['risk_reason']}).",
        f"We rate the renewal risk as {f['renewal_risk'].lower()}: {f['risk_reason']}. The contract renews {when}.",
        f"Renewal date {when}; risk {f['renewal_risk']} - {f['risk_reason']}.",
    ))


def _profile(wr: Writer, cid: str) -> str:
    a = wr.w[cid].attrs
    money = fmt_money(wr.rng, a["arr"])
    return wr.choice((
        f"{a['industry']} account in the {a['segment']} segment, headquartered in {a['country']}; ARR {money}.",
        f"Segment: {a['segment']}. Industry: {a['industry']}. Country: {a['country']}. Annual recurring revenue: {money}.",
        f"A {a['segment']} {a['industry'].lower()} business based in {a['country']}, worth {money} in ARR.",
    ))


def account_note(wr: Writer, cid: str, k: int, detail: int) -> tuple[str, str]:
    w = wr.w
    c = w[cid]
    f = w.facts[cid]
    when = _note_date(wr, k)
    am, csm = _people(wr, cid)
    sponsor = person(f["sponsor"], wr.rng)
    other = f["contacts"][k % len(f["contacts"])]
    layout = (k + wr.rng.randint(0, 2)) % 3
    extra = [discussion(wr.rng, wr.choice((f["sponsor"].name, other.name)), wr.name(wr.choice((am, csm))))
             for _ in range(detail + wr.rng.randint(0, 1))]
    if detail >= NARRATIVE_DETAIL:  # full scale: sections stating the customer's facts (adoption, history, ...)
        extra += customer_sections(wr, cid, when, detail)
    if layout == 0:  # narrative call notes
        title = wr.choice((f"Account note: {wr.name(cid)}", f"{wr.name(cid)} - account check-in {when.isoformat()}",
                           f"Call notes with {wr.ref(cid, 'alias')} ({when.isoformat()})"))
        intro = wr.choice((
            f"Spoke with {sponsor}, executive sponsor at {wr.full(cid)}, on {fmt_date(wr.rng, when.isoformat())}.",
            f"Check-in call with {wr.full(cid)}. On their side: {sponsor} (executive sponsor) and {person(other, wr.rng)}.",
            f"{wr.ref(am, 'name')} and {wr.ref(csm, 'name')} met {sponsor} from {wr.full(cid)} to review the account.",
        ))
        body = paragraphs(
            intro,
            _profile(wr, cid) + " " + _stack_sentence(wr, cid),
            _region_sentence(wr, cid),
            _incident_paragraph(wr, cid, when),
            *extra,
            f"Health score: {c.attrs['health_score']}. " + _renewal(wr, cid),
            f"Preferred channel for updates: {f['channel']}.",
            "Next steps:\n" + action_items(wr.rng, [wr.name(am), wr.name(csm)], other.name),
            f"- {wr.ref(am, 'name')}",
        )
    elif layout == 1:  # CRM record export with a summary
        title = wr.choice((f"CRM account summary - {wr.id(cid)}", f"Account record: {wr.name(cid)}",
                           f"{wr.name(cid)} account snapshot"))
        fields = "\n".join((
            f"Account: {wr.full(cid)}",
            f"Also known as: {', '.join(c.aliases)}",
            f"Industry: {c.attrs['industry']}",
            f"Segment: {c.attrs['segment']}",
            f"Region: {wr.ref(w.region_of(cid), 'full')}",
            f"Account executive: {wr.ref(am, 'full')}",
            f"Customer success manager: {wr.ref(csm, 'full')}",
            f"Primary vendor: {wr.ref(w.primary_vendor(cid), 'full')}",
            f"Executive sponsor: {f['sponsor'].name}, {f['sponsor'].title}",
            f"ARR: {fmt_money(wr.rng, c.attrs['arr'])}",
            f"Health score: {c.attrs['health_score']}",
            f"Renewal date: {c.attrs['renewal_date']}",
            f"Renewal risk: {f['renewal_risk']}",
        ))
        body = paragraphs(
            fields,
            "Summary\n" + wr.choice((
                f"{sentence_case(wr.ref(cid, 'alias'))} remains a {c.attrs['segment']} account with {f['renewal_risk'].lower()} renewal risk ({f['risk_reason']}).",
                f"Relationship owner is {wr.ref(am, 'name')}; day-to-day success work is with {wr.ref(csm, 'name')}. Risk view: {f['risk_reason']}.",
                f"As of {fmt_date(wr.rng, when.isoformat())}, the sponsor relationship with {f['sponsor'].name} is steady; main theme: {f['risk_reason']}.",
            )),
            _stack_sentence(wr, cid),
            _incident_paragraph(wr, cid, when),
            *extra,
        )
    else:  # internal e-mail update
        title = wr.choice((f"Internal update: {wr.ref(cid, 'alias')}", f"Re: {wr.name(cid)} renewal planning",
                           f"FYI - {wr.ref(cid, 'alias')} account status"))
        body = paragraphs(
            wr.choice(("Hi team,", "Hello all,", "Quick update for the account team:")),
            wr.choice((
                f"Sharing where we stand with {wr.full(cid)} after my conversation with {sponsor}.",
                f"Here is a short status on {wr.full(cid)} ahead of the renewal discussions.",
                f"Following up on {wr.full(cid)}: notes from this week's call with {person(other, wr.rng)}.",
            )),
            _renewal(wr, cid) + " " + _region_sentence(wr, cid),
            _stack_sentence(wr, cid),
            _incident_paragraph(wr, cid, when),
            *extra,
            wr.choice((f"{wr.ref(csm, 'full')} owns the success plan; I will keep the commercial thread.",
                       f"Please loop in {wr.ref(csm, 'full')} on anything adoption-related.",
                       f"CSM on the account is {wr.ref(csm, 'full')}.")),
            wr.choice(("Thanks,", "Best,", "Cheers,")) + f"\n{wr.ref(am, 'name')}",
        )
    return title, body


def _quarter(d: date) -> str:
    return f"Q{(d.month - 1) // 3 + 1} {d.year}"


def qbr_note(wr: Writer, cid: str, k: int, detail: int) -> tuple[str, str]:
    w = wr.w
    c = w[cid]
    f = w.facts[cid]
    when = _note_date(wr, k + 1)
    am, csm = _people(wr, cid)
    title = wr.choice((f"QBR {_quarter(when)} - {wr.name(cid)}",
                       f"Quarterly business review: {wr.ref(cid, 'alias')} ({_quarter(when)})",
                       f"{wr.name(cid)} QBR notes, {_quarter(when)}"))
    attendees = [f"{f['sponsor'].name} ({f['sponsor'].title}, executive sponsor)"]
    attendees += [f"{x.name} ({x.title})" for x in f["contacts"]]
    attendees += [f"{wr.ref(am, 'full')}, account executive", f"{wr.ref(csm, 'full')}, CSM"]
    recent = sorted(t for t in w.inn(cid, "OPENED_BY") if w[t].attrs["opened_at"] < when.isoformat())[-2:]
    service = [wr.choice((
        f"Service review: support requests this quarter included {wr.join(recent)}." if recent else
        "Service review: no escalations were raised in the meeting.",
        f"On support, we walked through {wr.join(recent)}." if recent else
        "On support, the team had nothing to escalate.",
    ))]
    incident = _incident_paragraph(wr, cid, when)
    if incident:
        service.append(incident)
    extra = [discussion(wr.rng, f["sponsor"].name, wr.name(csm)) for _ in range(detail + 1)]
    more = customer_sections(wr, cid, when, detail) if detail >= NARRATIVE_DETAIL else []  # full scale only
    if wr.rng.random() < 0.5:
        body = paragraphs(
            f"Account: {wr.full(cid)}\nDate: {fmt_date(wr.rng, when.isoformat())}",
            "Attendees\n" + "\n".join(f"- {a}" for a in attendees),
            "Business context\n" + _profile(wr, cid) + " " + _region_sentence(wr, cid),
            "Service review\n" + " ".join(service),
            "Roadmap and asks\n" + "\n\n".join(extra),
            *more,
            "Commercials\n" + _renewal(wr, cid),
            "Action items\n" + action_items(wr.rng, [wr.name(am), wr.name(csm)], f["sponsor"].name),
        )
    else:
        body = paragraphs(
            wr.choice((
                f"We held the {_quarter(when)} business review with {wr.full(cid)} on {fmt_date(wr.rng, when.isoformat())}.",
                f"{_quarter(when)} QBR with {wr.full(cid)}, led by {wr.ref(am, 'name')} and {wr.ref(csm, 'name')}.",
            )),
            f"Their executive sponsor, {f['sponsor'].name} ({f['sponsor'].title}), opened with business priorities for the next two quarters.",
            _stack_sentence(wr, cid),
            *service,
            *extra,
            *more,
            f"Health score stands at {c.attrs['health_score']}. " + _renewal(wr, cid),
            wr.choice(("Follow-ups are tracked in the success plan.", "We will reconvene next quarter.",
                       "Both sides agreed on the next review date.")),
        )
    return title, body
