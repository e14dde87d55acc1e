"""Outage documents: postmortems in three layouts (formal review, narrative e-mail, status-page log + RCA).

Impact is described by its rule (customers in the region that depend on the vendor), never by a count.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from core.dataset.documents.common import Writer, fmt_date, fmt_hours, paragraphs, sentence_case
from core.dataset.documents.narrative import NARRATIVE_DETAIL, postmortem_sections

SYMPTOMS = {
    "compute": "failed deployments and unreachable instances",
    "storage": "failed uploads and slow reads",
    "CDN": "stale content and TLS handshake failures at the edge",
    "payments": "declined checkouts and delayed payouts",
    "identity": "login failures and expired sessions",
    "network": "packet loss and intermittent connectivity",
    "database": "write errors and replication lag",
    "monitoring": "missing metrics and delayed alerts",
    "email": "delayed and bounced messages",
    "security": "blocked legitimate traffic and slow secret lookups",
}
FOLLOW_UPS = (
    "Vendor to add a canary stage before configuration pushes reach every zone",
    "Add synthetic checks for the affected path from inside the region",
    "Review the failover runbook with the vendor's technical account manager",
    "Tighten alert thresholds so that the first page fires earlier",
    "Agree a customer communication template for vendor incidents",
    "Request the vendor's formal RCA and SLA credit calculation",
    "Schedule a game day that rehearses this failure mode",
    "Document the manual workaround in the support knowledge base",
)
LESSONS = (
    "Detection was fast, but the first customer update went out later than our target.",
    "The status page and the support macros disagreed for a while; comms should come from one source.",
    "Having the vendor's escalation path documented saved time during the first hour.",
    "Dashboards showed the symptom clearly; what we lacked was a view of which dependency was at fault.",
    "The workaround in the knowledge base was out of date and had to be rewritten during the incident.",
    "Support handled the inbound volume well by pinning a single public update.",
    "We should rehearse vendor failover outside business hours as well.",
    "Runbooks assumed the vendor's control plane would stay reachable; it did not.",
)


def _times(iso_day: str, start: str, hours: float) -> tuple[datetime, datetime]:
    begin = datetime.fromisoformat(f"{iso_day}T{start[:5]}")
    return begin, begin + timedelta(hours=hours)


def _clock(t: datetime, day0: datetime) -> str:
    return t.strftime("%H:%M UTC") if t.date() == day0.date() else t.strftime("%Y-%m-%d %H:%M UTC")


def postmortem(wr: Writer, oid: str, k: int, detail: int) -> tuple[str, str]:
    w = wr.w
    o = w[oid]
    a = o.attrs
    f = w.facts[oid]
    vendor, region = w.vendor_of(oid), w.region_of(oid)
    brand = wr.mention(vendor, w.facts[vendor]["brand"])
    word = w.facts[vendor]["category"].outage_word
    begin, end = _times(a["started_at"], f["start_time"], a["duration_hours"])
    systems = ", ".join(a["affected_systems"])
    sev = a["severity"]
    when = fmt_date(wr.rng, a["started_at"])
    symptom = SYMPTOMS.get(word, "errors and timeouts")
    rname = wr.name(region)

    summary = wr.choice((
        f"On {when}, starting {f['start_time']}, {wr.ref(vendor)} suffered a {sev} outage in {wr.ref(region)}. "
        f"Affected systems: {systems}. Service was restored after {fmt_hours(a['duration_hours'])}.",
        f"{wr.full(oid)} was a {sev} incident at {wr.ref(vendor)} in {wr.ref(region)}, lasting "
        f"{fmt_hours(a['duration_hours'])} from {f['start_time']} on {when}. It affected {systems}.",
        f"Between {_clock(begin, begin)} and {_clock(end, begin)} on {when}, {systems} provided by {wr.ref(vendor)} "
        f"were degraded in {wr.ref(region)}. We classified it as {sev}.",
    ))
    impact = wr.choice((
        f"Customers located in {rname} that depend on {brand} saw {symptom}. Accounts in other regions, and accounts "
        f"in {rname} without a dependency on {brand}, were not affected.",
        f"Impact was limited to accounts that both run in {wr.ref(region, 'name')} and rely on {wr.ref(vendor, 'name')}: "
        f"they experienced {symptom}.",
        f"Any customer hosted in {rname} with {brand} in its vendor stack was exposed; the visible symptoms were {symptom}.",
    ))
    tickets = w.inn(oid, "CAUSED_BY")
    if tickets:
        t = wr.choice(tickets)
        cust = w.out(t, "OPENED_BY")[0]
        impact += " " + wr.choice((
            f"For example, {wr.ref(cust)} reported it in {wr.ref(t)}.",
            f"{sentence_case(wr.ref(t))}, opened by {wr.ref(cust)}, is a representative customer report.",
            f"Support linked customer reports such as {wr.ref(t)} from {wr.ref(cust)} to this incident.",
        ))
    cause = wr.choice((
        f"Root cause: {a['root_cause']}.",
        f"The vendor's analysis points to {a['root_cause']} as the root cause.",
        f"{brand} confirmed the root cause as {a['root_cause']}.",
    ))
    commander = f["commander"]
    roles = wr.choice((
        f"Incident commander: {wr.ref(commander, 'full')}. Vendor reference: {f['vendor_ref']}.",
        f"{wr.ref(commander, 'full')} ran the incident bridge; the vendor tracked it as {f['vendor_ref']}.",
    ))
    detect = begin + timedelta(minutes=wr.rng.randint(3, 15))
    escalate = detect + timedelta(minutes=wr.rng.randint(5, 20))
    mitigate = begin + (end - begin) * 0.7
    timeline = [
        f"{_clock(begin, begin)} - first errors on {a['affected_systems'][0]}",
        f"{_clock(detect, begin)} - detected by {f['detected_by']}",
        f"{_clock(escalate, begin)} - escalated to {brand} ({f['vendor_ref']}); {wr.name(commander)} takes command",
        f"{_clock(mitigate, begin)} - mitigation in place, error rates falling",
        f"{_clock(end, begin)} - full recovery confirmed",
    ]
    follow = [f"- {x}" for x in wr.rng.sample(FOLLOW_UPS, 3 + min(detail, 3))]
    lessons = " ".join(wr.rng.sample(LESSONS, min(len(LESSONS), 2 + detail)))
    layout = wr.rng.randint(0, 2)
    if layout == 0:
        title = wr.choice((f"Postmortem: {wr.full(oid)}", f"Incident review {wr.id(oid)}: {wr.name(oid)}",
                           f"RCA - {wr.name(oid)}"))
        body = paragraphs(
            f"Incident: {wr.id(oid)}\nSeverity: {sev}\nVendor: {wr.ref(vendor, 'full')}\nRegion: {wr.ref(region, 'full')}",
            "Summary\n" + summary, "Customer impact\n" + impact, "Timeline\n" + "\n".join(timeline),
            "Root cause\n" + cause, roles, "Follow-ups\n" + "\n".join(follow),
            ("Lessons learned\n" + lessons) if detail else None,
        )
    elif layout == 1:
        title = wr.choice((f"Incident summary: {wr.name(oid)}", f"What happened during {wr.id(oid)}",
                           f"{word.capitalize()} outage in {rname} - summary"))
        body = paragraphs(
            wr.choice(("Hi all,", "Team,", "Hello everyone,")),
            wr.choice((f"Here is the write-up for {wr.full(oid)}.", f"Summary of {wr.ref(oid)}, for the record.",
                       f"As promised, the post-incident summary for {wr.full(oid)}.")),
            summary, impact, cause, roles,
            "What we are changing:\n" + "\n".join(follow),
            lessons if detail else None,
            wr.choice(("Thanks to everyone who helped.", "Questions welcome in the incident channel.")),
        )
    else:
        title = wr.choice((f"{wr.id(oid)} status log and RCA", f"Status updates: {wr.name(oid)}",
                           f"{wr.name(oid)}: log and root cause"))
        updates = [
            f"[{_clock(detect, begin)}] Investigating - we are seeing {symptom} for customers in {wr.ref(region, 'name')}.",
            f"[{_clock(escalate, begin)}] Identified - the issue is with {wr.ref(vendor, 'name')}; they are working on a fix.",
            f"[{_clock(mitigate, begin)}] Monitoring - a mitigation is in place and error rates are dropping.",
            f"[{_clock(end, begin)}] Resolved - {systems} are operating normally.",
        ]
        body = paragraphs(
            f"{wr.full(oid)} - {sev}",
            "Status page updates\n" + "\n".join(updates),
            "Root cause analysis\n" + summary + " " + cause,
            impact, roles, "\n".join(follow), lessons if detail > 1 else None,
        )
    if detail >= NARRATIVE_DETAIL:  # full scale: detailed timeline, metrics, vendor follow-up, actions, reports
        body = paragraphs(body, *postmortem_sections(wr, oid, detail))
    return title, body
