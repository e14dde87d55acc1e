"""Long, fact-bearing sections for the ``full`` scale (``detail >= NARRATIVE_DETAIL``): more thread turns, longer
postmortems, account/QBR notes, status reports and case files that each say something new.

Every sentence here carries at least one specific value (an entity, a date, a clock time, an amount, a reference, a
measurement), so sentences do not repeat across documents: the corpus grows without growing its boilerplate
(sentences found verbatim in many documents, core/ingest/boilerplate.py). The rules of common.py hold: facts come from
the graph, ``World.facts`` or values fixed per entity (``stable``: the same seat count in every note of a customer);
document-local details (request ids, clock times, measurements) are drawn from the document's rng; entities are only
those the graph relates to the subject; no sentence states a count of entities.

These sections are appended after the shorter scales' text is drawn, so ``tiny`` and ``demo`` (detail below the
threshold) never call them and stay byte-identical.
"""

from __future__ import annotations

import random
from datetime import date, datetime, timedelta

from core.dataset import vocab
from core.dataset.documents.common import Writer, fmt_date, fmt_hours, fmt_money, person, sentence_case
from core.dataset.world import TODAY

NARRATIVE_DETAIL = 5  # the detail level from which documents carry these sections (only ``full`` reaches it)


def stable(wr: Writer, eid: str, tag: str) -> random.Random:
    """An rng fixed per entity (and seed, through the entity's name): values every document of it agrees on."""
    return random.Random(f"hoplens:stable:{eid}:{wr.w[eid].name}:{tag}")


def hexid(rng: random.Random, n: int = 8) -> str:
    return f"{rng.getrandbits(4 * n):0{n}x}"


def stamp(t: datetime) -> str:
    return t.strftime("%Y-%m-%d %H:%M UTC")


def _pct(rng: random.Random, lo: float, hi: float) -> str:
    return f"{rng.uniform(lo, hi):.1f}%"


def _ms(rng: random.Random, lo: int, hi: int) -> str:
    v = rng.randint(lo, hi)
    return f"{v / 1000:.1f} s" if v >= 1000 else f"{v} ms"


def _num(rng: random.Random, lo: int, hi: int) -> str:
    return f"{rng.randint(lo, hi):,}"


def _domain(wr: Writer, cid: str) -> str:
    return wr.w.facts[cid]["brand"].lower() + ".example"


def _someone(rng: random.Random) -> tuple[str, str]:
    return rng.choice(vocab.FIRST_NAMES), rng.choice(vocab.LAST_NAMES)


def _workspace(wr: Writer, cid: str) -> str:
    return "ws-" + hexid(stable(wr, cid, "workspace"), 6)


def _seats(wr: Writer, cid: str) -> int:
    seg = wr.w[cid].attrs["segment"]
    lo, hi = {"Enterprise": (900, 12000), "Mid-Market": (150, 1500), "SMB": (15, 220)}[seg]
    return stable(wr, cid, "seats").randint(lo, hi)


STAFF = {
    "Retail": "store managers", "Healthcare": "clinical staff", "Financial Services": "analysts",
    "Insurance": "claims handlers", "Manufacturing": "plant supervisors", "Logistics": "dispatchers",
    "Media": "editors", "Education": "teachers", "Energy": "field engineers", "Telecommunications": "agents",
    "Software": "developers", "Pharmaceuticals": "researchers", "Automotive": "dealership staff",
    "Travel & Hospitality": "front-desk staff", "Public Sector": "caseworkers",
}
ENDPOINTS = ("/api/v2/records", "/api/v2/search", "/reports/export", "/sync/batch", "/auth/session", "/dashboards",
             "/api/v2/attachments", "/webhooks/deliveries", "/api/v2/bulk", "/admin/users")
ERRORS = ("HTTP 502 Bad Gateway", "HTTP 503 Service Unavailable", "HTTP 504 Gateway Timeout", "ECONNRESET",
          "a read timeout after 30 s", "HTTP 500 with error code E-{code}", "HTTP 429 Too Many Requests")
IDPS = ("Okta", "Microsoft Entra ID", "Ping Identity", "Google Workspace", "OneLogin", "JumpCloud")
CONNECTORS = ("Salesforce", "NetSuite", "SAP S/4HANA", "Snowflake", "HubSpot", "Workday", "ServiceNow", "Zendesk",
              "BigQuery", "Microsoft Dynamics 365")
LINE_ITEMS = ("platform subscription", "additional sandbox", "API overage", "premium support", "extra storage",
              "professional services hours", "SSO add-on", "audit log retention")
REPORTS = ("monthly revenue by region", "open pipeline by owner", "renewals due this quarter", "SLA compliance",
           "agent productivity", "churn cohort", "inventory ageing", "claims backlog")
FIELDS = ("created_at", "owner_id", "region_code", "amount_eur", "status", "close_date", "account_tier",
          "external_ref")
CONTROLS = ("CC6.1", "CC6.2", "CC6.3", "CC7.2", "CC7.4", "CC8.1", "A.5.15", "A.5.23", "A.8.16", "A.8.32",
            "PCI-7.2", "PCI-10.4", "PCI-11.3")
WORKSTREAMS = ("data migration", "integration build", "user training", "testing", "cutover planning",
               "security review", "reporting", "environment setup")


# ---- ticket threads ---------------------------------------------------------------------------------------------------


def _customer_evidence(wr: Writer, cat: str, cid: str, t0: datetime) -> str:
    rng = wr.rng
    a, b = t0 - timedelta(minutes=rng.randint(20, 300)), t0 - timedelta(minutes=rng.randint(1, 19))
    req = "req-" + hexid(rng)
    fails, total = rng.randint(3, 400), rng.randint(500, 40000)
    first, last = _someone(rng)
    user = f"{first}.{last}@{_domain(wr, cid)}".lower()
    if cat in ("Availability", "Performance"):
        err = rng.choice(ERRORS).format(code=rng.randint(1000, 9999))
        return rng.choice((
            f"Between {a:%H:%M} and {b:%H:%M} UTC we logged {fails} failed calls out of roughly {total:,} on "
            f"{rng.choice(ENDPOINTS)}, most of them returning {err}. One example is {req}.",
            f"Our monitoring shows {err} on {rng.choice(ENDPOINTS)} since {a:%H:%M} UTC, median page load went from "
            f"{_ms(rng, 300, 900)} to {_ms(rng, 2500, 14000)}. Request {req} is a typical failure.",
            f"The slowest screen is the {rng.choice(REPORTS)} report, which now takes {_ms(rng, 9000, 60000)} to render, "
            f"it took about {_ms(rng, 800, 3000)} last week. Trace id {req}, user {user}.",
        ))
    if cat == "Billing":
        year = t0.year
        inv, expected = f"INV-{year}-{rng.randint(10000, 99999)}", rng.randint(40, 900) * 50
        billed = expected + rng.randint(2, 80) * 25
        return rng.choice((
            f"Invoice {inv} dated {t0.date().replace(day=1).isoformat()} shows ${billed:,} while our order form says "
            f"${expected:,}, the difference sits on the {rng.choice(LINE_ITEMS)} line.",
            f"Finance flagged {inv}: the {rng.choice(LINE_ITEMS)} line is charged twice, ${billed - expected:,} each, "
            f"and purchase order PO-{rng.randint(100000, 999999)} is missing from the header.",
            f"We were billed ${billed:,} on {inv} for {t0:%B %Y}, our contract puts the monthly fee at ${expected:,} "
            f"and we did not add any {rng.choice(LINE_ITEMS)}.",
        ))
    if cat == "Access":
        return rng.choice((
            f"{user} gets an error from {rng.choice(IDPS)} when signing in, the sign-in log shows code "
            f"{rng.choice(('AADSTS50105', 'E0000004', 'SAML-403', 'invalid_grant', 'MFA-TIMEOUT'))} at {b:%H:%M} UTC.",
            f"Since {a:%H:%M} UTC members of the group {first.lower()}-{rng.choice(('ops', 'finance', 'sales', 'it'))}"
            f"-users land on the viewer role, {user} is one of them. Correlation id {req}.",
            f"Our {rng.choice(IDPS)} admin rotated the signing certificate on {(t0 - timedelta(days=rng.randint(1, 9))).date()};"
            f" since then {fails} of our {STAFF[wr.w[cid].attrs['industry']]} cannot log in, {user} among them.",
        ))
    if cat == "Integration":
        conn = rng.choice(CONNECTORS)
        return rng.choice((
            f"The {conn} sync has not completed since {stamp(a)}, {_num(rng, 200, 90000)} records are queued and job "
            f"{hexid(rng, 6)} ends with {rng.choice(ERRORS).format(code=rng.randint(1000, 9999))}.",
            f"Webhook deliveries to our {conn} endpoint fail with a TLS error since {a:%H:%M} UTC, delivery id {req}.",
            f"The last good run of the {conn} connector was {stamp(a)}, after that {fails} batches failed and the "
            f"retry queue holds {_num(rng, 1000, 50000)} events.",
        ))
    if cat == "Data":
        field = rng.choice(FIELDS)
        return rng.choice((
            f"The {rng.choice(REPORTS)} report shows {_num(rng, 1000, 90000)} rows but the export for the same period "
            f"has {_num(rng, 1000, 90000)}, the gap is in rows with an empty {field}.",
            f"Export job exp-{hexid(rng, 6)} from {stamp(a)} dropped every record whose {field} changed during the run.",
            f"A data subject, {first} {last}, asked for deletion on {(t0 - timedelta(days=rng.randint(1, 20))).date()}, "
            f"we need confirmation for our reference DSR-{rng.randint(1000, 9999)}.",
        ))
    if cat == "Feature Request":
        feature = rng.choice(vocab.PRODUCT_FEATURES)
        return rng.choice((
            f"Our {STAFF[wr.w[cid].attrs['industry']]} spend about {rng.randint(2, 30)} hours a week working around "
            f"{feature}, an option to filter by {rng.choice(FIELDS)} would remove most of it.",
            f"{first} {last} from our {rng.choice(('ops', 'finance', 'sales', 'IT'))} team would like {feature} to support "
            f"{rng.choice(FIELDS)}, around {fails} people would use it daily.",
        ))
    ip = f"{rng.choice(('203.0.113', '198.51.100', '192.0.2'))}.{rng.randint(1, 254)}"
    return rng.choice((
        f"Our SOC saw {fails} sign-ins to the workspace from {ip} between {a:%H:%M} and {b:%H:%M} UTC, the address "
        f"is not on our allow-list.",
        f"Our auditors need your answers to questionnaire SQ-{rng.randint(1000, 9999)} by "
        f"{(t0 + timedelta(days=rng.randint(5, 20))).date()}, including controls {', '.join(rng.sample(CONTROLS, 2))}.",
        f"An API token created by {user} was used from {ip} at {b:%H:%M} UTC, please confirm whether it should be revoked.",
    ))


def _agent_analysis(wr: Writer, cat: str, cid: str, t0: datetime) -> str:
    rng = wr.rng
    ws = _workspace(wr, cid)
    if cat in ("Availability", "Performance"):
        return rng.choice((
            f"Traces for {ws} show p95 latency of {_ms(rng, 1500, 20000)} against a baseline of {_ms(rng, 150, 900)}, "
            f"with {_pct(rng, 40, 95)} of the time spent in {rng.choice(ENDPOINTS)}.",
            f"Error rate for {ws} peaked at {_pct(rng, 2, 35)} at {t0:%H:%M} UTC, node pool np-{hexid(rng, 4)} was "
            f"restarted and we are watching whether the rate stays under {_pct(rng, 0.1, 1)}.",
            f"The slow queries on {ws} scan about {_num(rng, 1, 90)} million rows, an index on "
            f"{rng.choice(FIELDS)} brought the test run down to {_ms(rng, 200, 1500)}.",
        ))
    if cat == "Billing":
        return rng.choice((
            f"Billing profile for {ws} had the plan change applied on {(t0 - timedelta(days=rng.randint(2, 40))).date()} "
            f"and again on {(t0 - timedelta(days=rng.randint(1, 2))).date()}, credit note CN-{rng.randint(10000, 99999)} "
            f"is in preparation.",
            f"Usage for {ws} in {t0:%B} was {_num(rng, 100, 9000)} GB of storage and {_num(rng, 1, 90)} million API "
            f"calls, so the overage charge is correct under the contract rate.",
        ))
    if cat == "Access":
        return rng.choice((
            f"The SAML assertion for {ws} carries the attribute {rng.choice(('memberOf', 'groups', 'role', 'dept'))} in a "
            f"format we do not map, so {_pct(rng, 5, 60)} of sign-ins since {t0:%H:%M} UTC fell back to viewer.",
            f"SCIM calls from the identity provider to {ws} were rejected {_num(rng, 10, 900)} times in the last "
            f"{rng.randint(2, 48)} hours because the group id changed.",
        ))
    if cat == "Integration":
        return rng.choice((
            f"The connector for {ws} hits the rate limit of {rng.choice((100, 250, 500, 1000))} requests per minute at "
            f"the top of each hour, moving the schedule to :{rng.randint(5, 55):02d} spreads the load.",
            f"The service account token for {ws} was revoked at {stamp(t0 - timedelta(hours=rng.randint(2, 30)))} "
            f"after a password change, which matches the first failed job.",
        ))
    if cat == "Data":
        return rng.choice((
            f"For {ws}, the export includes {_num(rng, 100, 9000)} archived records that the report filters out, "
            f"which explains the difference.",
            f"The nightly job on {ws} ran from {t0 - timedelta(hours=rng.randint(5, 9)):%H:%M} to "
            f"{t0 - timedelta(hours=rng.randint(1, 4)):%H:%M} UTC and skipped rows modified while it was running.",
        ))
    if cat == "Feature Request":
        return rng.choice((
            f"Request logged as FR-{rng.randint(1000, 9999)} for {ws}, product reviews it in the "
            f"{(t0 + timedelta(days=rng.randint(7, 40))):%B %Y} roadmap session.",
            f"A beta flag, {rng.choice(FIELDS)}_filter_v{rng.randint(2, 4)}, is available, enabling it on {ws} lets "
            f"the team try the behaviour before general availability.",
        ))
    return rng.choice((
        f"Sign-in logs for {ws} show the traffic came through a VPN egress range registered on "
        f"{(t0 - timedelta(days=rng.randint(1, 30))).date()}, so it looks legitimate.",
        f"We revoked token tk-{hexid(rng, 6)} on {ws} at {t0:%H:%M} UTC and sent the audit trail for the last "
        f"{rng.randint(7, 90)} days.",
    ))


def _a(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def _account_context(wr: Writer, cid: str, tid: str) -> str:
    c = wr.w[cid]
    a, f = c.attrs, wr.w.facts[cid]
    return wr.choice((
        f"For context on {wr.id(tid)}, {wr.ref(cid)} is {_a(a['segment'])} {a['industry'].lower()} account in {a['country']} worth "
        f"{fmt_money(wr.rng, a['arr'])} a year, with health score {a['health_score']} and renewal on "
        f"{fmt_date(wr.rng, a['renewal_date'])}.",
        f"The account team rates the renewal risk of {wr.ref(cid)} {f['renewal_risk'].lower()} ({f['risk_reason']}), "
        f"it renews on {fmt_date(wr.rng, a['renewal_date'])}, so replies on {wr.id(tid)} should stay prompt.",
        f"For {wr.id(tid)}, note that {wr.ref(cid)} has {_seats(wr, cid):,} licensed seats on workspace {_workspace(wr, cid)}, "
        f"updates go out by {f['channel']}.",
    ))


def _outage_relay(wr: Writer, oid: str, t0: datetime) -> str:
    w = wr.w
    o, f = w[oid], w.facts[oid]
    brand = w.facts[w.vendor_of(oid)]["brand"]
    return wr.choice((
        f"At {t0:%H:%M} UTC the provider lists this as {f['vendor_ref']}, starting {f['start_time']} on "
        f"{o.attrs['started_at']} ({o.attrs['severity']}), affected systems are {', '.join(o.attrs['affected_systems'])}.",
        f"{brand} reported the root cause as {o.attrs['root_cause']}, service came back after "
        f"{fmt_hours(o.attrs['duration_hours'])}, and requests that failed before {t0:%H:%M} UTC can be retried.",
        f"Update from {brand} under {f['vendor_ref']}: {o.attrs['affected_systems'][0]} in "
        f"{w[w.region_of(oid)].attrs['data_center']} is recovering, with {_pct(wr.rng, 50, 99)} of traffic healthy "
        f"at {t0:%H:%M} UTC.",
    ))


def _customer_impact(wr: Writer, cid: str, t0: datetime) -> str:
    rng = wr.rng
    staff = STAFF[wr.w[cid].attrs["industry"]]
    seats = _seats(wr, cid)
    hit = max(1, int(seats * rng.uniform(0.02, 0.7)))
    return rng.choice((
        f"Around {hit:,} of our {staff} were affected by {t0:%H:%M} UTC, out of {seats:,} people on the platform.",
        f"Until {(t0 + timedelta(hours=rng.randint(2, 30))):%A %H:%M} UTC our {staff} can work around it manually, "
        f"but that costs us roughly {rng.randint(2, 60)} person-hours a day.",
        f"Our {staff} have {rng.randint(2, 90)} orders stuck since {t0 - timedelta(hours=rng.randint(1, 9)):%H:%M} "
        f"UTC, about ${rng.randint(5, 400) * 100:,} of value.",
    ))


def _agent_plan(wr: Writer, status: str, reporter_first: str, t0: datetime) -> str:
    rng = wr.rng
    nxt = t0 + timedelta(hours=rng.randint(2, 26))
    if status in ("Resolved", "Closed"):
        return rng.choice((
            f"{reporter_first}, the change went live at {t0:%H:%M} UTC on {t0.date()}, request req-{hexid(rng)} "
            f"from your side now succeeds in {_ms(rng, 80, 700)}.",
            f"Fix {hexid(rng, 7)} was deployed at {t0:%H:%M} UTC, could you confirm by {nxt:%A} {nxt:%H:%M} UTC that "
            f"it works for you, {reporter_first}?",
        ))
    return rng.choice((
        f"{reporter_first}, our next update will be at {nxt:%H:%M} UTC on {nxt.date()} at the latest.",
        f"Engineering picked this up under ENG-{rng.randint(10000, 99999)} at {t0:%H:%M} UTC, next update by "
        f"{nxt:%A} {nxt:%H:%M} UTC, {reporter_first}.",
    ))


def _environment(wr: Writer, cid: str, t0: datetime) -> str:
    rng = wr.rng
    region = wr.w[wr.w.region_of(cid)]
    return rng.choice((
        f"We see it on app version {rng.randint(4, 7)}.{rng.randint(0, 30)}.{rng.randint(0, 9)} and in Chrome "
        f"{rng.randint(118, 131)}, our users connect to {wr.ref(region.id)} ({region.attrs['data_center']}) through "
        f"{rng.choice(('a corporate proxy', 'a VPN', 'direct internet access', 'a private link'))}.",
        f"Our tenant {_workspace(wr, cid)} is the one affected, the sandbox copy refreshed on "
        f"{(t0 - timedelta(days=rng.randint(2, 40))).date()} behaves normally.",
        f"We retried at {(t0 - timedelta(minutes=rng.randint(5, 50))):%H:%M} UTC from another network and got the "
        f"same result in {rng.randint(2, 9)} attempts out of {rng.randint(10, 12)}.",
    ))


def _pressure(wr: Writer, cid: str, t0: datetime) -> str:
    rng = wr.rng
    due = t0 + timedelta(days=rng.randint(1, 12))
    return rng.choice((
        f"Month-end close starts on {due.date()} and our finance team needs this working by then.",
        f"Our {rng.choice(('board', 'leadership team', 'auditors', 'regional directors'))} meet on {due:%A %d %B}, "
        f"and this is on their agenda.",
        f"We have a go-live for {rng.randint(30, 900)} new users on {due.date()}, which this blocks.",
    ))


def _kb(wr: Writer, cat: str, t0: datetime) -> str:
    rng = wr.rng
    return rng.choice((
        f"Knowledge base article KB-{rng.randint(10000, 99999)} (revised {(t0 - timedelta(days=rng.randint(3, 300))).date()}) "
        f"describes the {cat.lower()} workaround, steps {rng.randint(2, 4)} to {rng.randint(5, 8)} apply here.",
        f"I escalated to engineering as ENG-{rng.randint(10000, 99999)} with severity S{rng.randint(2, 4)} at "
        f"{t0:%H:%M} UTC, the on-call team acknowledged within {rng.randint(3, 40)} minutes.",
        f"A hotfix build {t0.year}.{rng.randint(1, 52)}.{rng.randint(1, 9)} is queued for the "
        f"{(t0 + timedelta(hours=rng.randint(3, 48))):%A} release window.",
    ))


def _log_excerpt(wr: Writer, cid: str, t0: datetime) -> str:
    rng = wr.rng
    return (f"Log excerpt from {_workspace(wr, cid)}, {(t0 - timedelta(seconds=rng.randint(60, 5400))):%H:%M:%S} UTC, "
            f"trace {hexid(rng, 16)}, span {hexid(rng, 8)}, status {rng.choice((500, 502, 503, 401, 403, 409, 429))}, "
            f"duration {_ms(rng, 20, 30000)}, pod {rng.choice(('api', 'sync', 'auth', 'report'))}-{hexid(rng, 5)}.")


def _sla_clock(wr: Writer, tid: str) -> str:
    a = wr.w[tid].attrs
    hours = wr.w.facts[tid]["response_hours"]
    opened = date.fromisoformat(a["opened_at"])
    return wr.choice((
        f"SLA clock for {wr.id(tid)} ({a['priority']}) started on {opened.isoformat()}, our first reply went out after "
        f"{fmt_hours(hours)}.",
        f"{wr.id(tid)}, a {a['priority']} {a['category'].lower()} request, was opened {opened:%A %d %B %Y} and answered "
        f"{fmt_hours(hours)} later.",
    ))


def _handoff(wr: Writer, cid: str, reporter: str, t0: datetime) -> str:
    f = wr.w.facts[cid]
    c = wr.choice([x for x in (f["sponsor"], *f["contacts"]) if x.name != reporter])
    email = f"{c.name.replace(' ', '.')}@{_domain(wr, cid)}".lower()
    return wr.choice((
        f"Please copy {c.name}, our {c.title}, on replies ({email}), I am out from {(t0 + timedelta(days=1)).date()} "
        f"to {(t0 + timedelta(days=wr.rng.randint(3, 10))).date()}.",
        f"{c.name} ({c.title}) will be our contact for the {t0:%A} call, reach them at {email} or extension "
        f"{wr.rng.randint(1000, 9999)}.",
    ))


def _test_result(wr: Writer, cat: str, t0: datetime) -> str:
    rng = wr.rng
    ok, tries = rng.randint(0, 9), rng.randint(10, 40)
    return rng.choice((
        f"We ran the {cat.lower()} check again at {t0:%H:%M} UTC: {ok} of {tries} attempts succeeded, the slowest "
        f"taking {_ms(rng, 2000, 45000)}.",
        f"After clearing the cache on {rng.randint(2, 40)} machines at {t0:%H:%M} UTC the error came back within "
        f"{rng.randint(2, 55)} minutes.",
    ))


WORKAROUNDS = {
    "Availability": "route traffic through the secondary endpoint {x}.api.hoplens-crm.example",
    "Performance": "limit the report to {n} days of data and schedule the full run after {h}:00 UTC",
    "Billing": "pay the undisputed part of the invoice and hold ${m:,} until the credit note arrives",
    "Access": "sign in with the break-glass account and re-run the group sync for {n} users",
    "Integration": "pause the connector, raise the batch interval to {n} minutes and replay from {h}:00 UTC",
    "Data": "export in slices of {n} days so that each job finishes before {h}:00 UTC",
    "Feature Request": "use the API filter parameter with a page size of {n}, which covers the use case for now",
    "Security": "restrict API tokens to the {x} IP allow-list and rotate them every {n} days",
}


def _workaround(wr: Writer, cat: str, t0: datetime) -> str:
    rng = wr.rng
    how = WORKAROUNDS[cat].format(x=hexid(rng, 4), n=rng.randint(3, 500), h=rng.randint(0, 23), m=rng.randint(2, 90) * 100)
    return rng.choice((
        f"Until the fix ships, the workaround is to {how}, that held for the last {rng.randint(2, 30)} hours in testing.",
        f"As a stopgap from {t0:%H:%M} UTC, please {how}.",
    ))


def _handover(wr: Writer, agent: str, t0: datetime) -> str:
    rng = wr.rng
    return rng.choice((
        f"Handing over to the {rng.choice(('EMEA', 'APAC', 'Americas'))} shift at {t0:%H:%M} UTC, "
        f"{rng.randint(2, 6)} checks remain on the runbook and the customer expects news by "
        f"{(t0 + timedelta(hours=rng.randint(2, 12))):%H:%M} UTC.",
        f"Time spent so far by {wr.ref(agent, 'name')} is {rng.randint(20, 400)} minutes, escalation threshold for "
        f"this priority is {rng.choice((4, 8, 24, 48))} hours.",
    ))


def ticket_turns(wr: Writer, tid: str, detail: int) -> list[str]:
    """Extra thread turns, each stamped and carrying values of its own (detail ``NARRATIVE_DETAIL`` and above)."""
    w = wr.w
    a = w[tid].attrs
    cat = a["category"]
    cid = w.out(tid, "OPENED_BY")[0]
    agent = w.out(tid, "ASSIGNED_TO")[0]
    outage = (w.out(tid, "CAUSED_BY") or [None])[0]
    reporter = w.facts[tid]["reporter"]
    first = reporter.name.split()[0]
    opened = date.fromisoformat(a["opened_at"])
    t = datetime(opened.year, opened.month, opened.day, wr.rng.randint(6, 17), wr.rng.randint(0, 59))
    # Each side has its own sources; a source is used once per thread, so a thread never repeats itself.
    customer = [lambda: _customer_evidence(wr, cat, cid, t), lambda: _customer_impact(wr, cid, t),
                lambda: _environment(wr, cid, t), lambda: _pressure(wr, cid, t), lambda: _handoff(wr, cid, reporter.name, t),
                lambda: _test_result(wr, cat, t)]
    agent_side = [lambda: _agent_analysis(wr, cat, cid, t), lambda: _kb(wr, cat, t), lambda: _workaround(wr, cat, t)]
    if outage:
        agent_side.insert(0, lambda: _outage_relay(wr, outage, t))
    internal = [lambda: _account_context(wr, cid, tid), lambda: _log_excerpt(wr, cid, t), lambda: _sla_clock(wr, tid),
                lambda: _handover(wr, agent, t)]
    rest = customer[1:]
    wr.rng.shuffle(rest)
    customer[1:] = rest
    wr.rng.shuffle(internal)
    n = detail + 3 + wr.rng.randint(0, 3)
    turns = []
    for i in range(n):
        t += timedelta(minutes=wr.rng.randint(7, 400))
        side = i % 3
        if side == 0 and customer:
            who = wr.choice((f"From {reporter.name} at {wr.ref(cid)}, {stamp(t)}:",
                             f"{stamp(t)} - {person(reporter, wr.rng)} wrote:",
                             f"Reply from {reporter.name} ({stamp(t)}):"))
            body = customer.pop(0)()
        elif side == 1 or (side == 0 and agent_side):
            who = wr.choice((f"From {wr.ref(agent, 'name')}, support, {stamp(t)}:",
                             f"{stamp(t)} - {wr.ref(agent, 'name')} (support) wrote:"))
            if not agent_side:
                body = _agent_plan(wr, a["status"], first, t)
            else:
                body = agent_side.pop(0)()
                if i >= n - 3:
                    body += " " + _agent_plan(wr, a["status"], first, t)
        elif internal:
            who = f"Internal note ({wr.ref(agent, 'name')}, {stamp(t)}):"
            body = internal.pop(0)()
        else:
            continue
        turns.append(f"{who}\n{body}")
    return turns


# ---- account and QBR notes ----------------------------------------------------------------------------------------------


def _adoption(wr: Writer, cid: str, when: date) -> str:
    rng = wr.rng
    seats = _seats(wr, cid)
    active = int(seats * rng.uniform(0.35, 0.97))
    feats = rng.sample(vocab.PRODUCT_FEATURES, 3)
    lines = [
        rng.choice((
            f"As of {when.isoformat()}, {active:,} of {seats:,} licensed seats were active in the last 30 days "
            f"({active / seats:.0%}).",
            f"Monthly active users reached {active:,} in {when:%B %Y}, against {seats:,} seats under contract.",
        )),
        f"{sentence_case(feats[0])} ran {_num(rng, 200, 90000)} times in {when:%B}, up "
        f"{rng.randint(3, 60)}% from {(when - timedelta(days=31)):%B}.",
        rng.choice((
            f"{sentence_case(feats[1])} is used by {int(active * rng.uniform(0.05, 0.6)):,} people, mostly in their "
            f"{STAFF[wr.w[cid].attrs['industry']]} teams.",
            f"Nobody has switched on {feats[2]} on workspace {_workspace(wr, cid)} yet, although it is part of their "
            f"plan since {(when - timedelta(days=rng.randint(40, 400))):%B %Y}.",
        )),
    ]
    return "Adoption\n" + " ".join(lines)


def _support_history(wr: Writer, cid: str, when: date) -> str | None:
    w = wr.w
    tickets = [t for t in w.inn(cid, "OPENED_BY") if w[t].attrs["opened_at"] < when.isoformat()]
    if not tickets:
        return None
    picks = wr.rng.sample(tickets, min(2, len(tickets)))
    lines = []
    for t in sorted(picks):
        a = w[t].attrs
        lines.append(wr.choice((
            f"{wr.id(t)} ({a['category'].lower()}, {a['priority']}) was opened on "
            f"{fmt_date(wr.rng, a['opened_at'])} about \"{a['title']}\".",
            f"On {fmt_date(wr.rng, a['opened_at'])} they raised {wr.id(t)}, a {a['priority']} "
            f"{a['category'].lower()} request titled \"{a['title']}\".",
        )))
    return "Support history\n" + " ".join(lines)


def _projects_par(wr: Writer, cid: str, when: date) -> str | None:
    w = wr.w
    projects = w.inn(cid, "FOR_CUSTOMER")
    if not projects:
        return None
    lines = []
    for p in sorted(wr.rng.sample(projects, min(2, len(projects)))):
        a, f = w[p].attrs, w.facts[p]
        codename = wr.mention(p, f["codename"])
        lines.append(wr.choice((
            f"{codename} ({wr.id(p)}), their {f['kind']}, runs from {fmt_date(wr.rng, a['start_date'])} to "
            f"{fmt_date(wr.rng, a['end_date'])} with a budget of {fmt_money(wr.rng, a['budget'])}, next milestone "
            f"{f['milestone']}.",
            f"The {f['kind']} ({wr.ref(p)}) is {a['status'].lower()} at snapshot time and is built on "
            f"{wr.join(w.out(p, 'USES_VENDOR'))}, budget {fmt_money(wr.rng, a['budget'])}.",
        )))
    return "Projects\n" + " ".join(lines)


def _compliance_par(wr: Writer, cid: str) -> str | None:
    w = wr.w
    cases = w.inn(cid, "CONCERNS")
    if not cases:
        return None
    comp = wr.choice(cases)
    a, f = w[comp].attrs, w.facts[comp]
    return "Compliance\n" + wr.choice((
        f"{sentence_case(wr.ref(comp))} ({a['case_type']}, {a['severity'].lower()} severity) was opened on "
        f"{fmt_date(wr.rng, a['opened_at'])} under reference {f['reference']}, the response to the {f['regulator']} "
        f"is due {fmt_date(wr.rng, f['deadline'])}.",
        f"Their {a['case_type']} case {wr.id(comp)} ({f['reference']}) is {a['status'].lower()}, deadline "
        f"{f['deadline']}, reviewing body {f['regulator']}.",
    ))


def _vendor_par(wr: Writer, cid: str) -> str:
    w = wr.w
    lines = []
    for v in sorted(wr.rng.sample(w.out(cid, "DEPENDS_ON"), min(2, len(w.out(cid, "DEPENDS_ON"))))):
        va, vf = w[v].attrs, w.facts[v]
        lines.append(wr.choice((
            f"{sentence_case(wr.ref(v))} supplies {va['category'].lower()} to workspace {_workspace(wr, cid)} on a "
            f"{va['sla_tier']} SLA, escalations go to {vf['escalation_contact'].name}, support hours {vf['support_hours']}.",
            f"For {va['category'].lower()} on {_workspace(wr, cid)} they use {wr.ref(v)}, founded in {va['founded_year']} "
            f"and contracted at the {va['sla_tier']} tier.",
        )))
    return "Vendor dependencies\n" + " ".join(lines)


def _stakeholders(wr: Writer, cid: str, when: date) -> str:
    f = wr.w.facts[cid]
    rng = wr.rng
    lines = [f"{c.name} ({c.title}) owns {rng.choice(WORKSTREAMS)} on their side and joined "
             f"{rng.randint(1, 12)} of the calls since {(when - timedelta(days=rng.randint(60, 300))):%B %Y}."
             for c in f["contacts"]]
    lines.append(f"{f['sponsor'].name}, their {f['sponsor'].title}, asked for a written summary by "
                 f"{(when + timedelta(days=rng.randint(3, 21))).isoformat()}.")
    return "Stakeholders\n" + " ".join(lines)


def _meeting(wr: Writer, cid: str, when: date) -> str:
    rng = wr.rng
    when = when - timedelta(days=rng.randint(0, 80))  # one of the working sessions since the previous note
    start = rng.randint(8, 16)
    feat = rng.choice(vocab.PRODUCT_FEATURES)
    lines = [
        f"The working session on {when.isoformat()} started at {start:02d}:{rng.choice(('00', '15', '30'))} local time and "
        f"ran {rng.randint(25, 95)} minutes.",
        rng.choice((
            f"They plan to roll {feat} out to another {rng.randint(20, 900):,} users by "
            f"{(when + timedelta(days=rng.randint(30, 150))):%B %Y}.",
            f"Their internal target is to cut {rng.choice(vocab.BENEFITS).split()[-1]} effort by {rng.randint(10, 45)}% "
            f"before {(when + timedelta(days=rng.randint(60, 240))):%B %Y}, with {feat} as the main lever.",
        )),
        f"A follow-up on {rng.choice(vocab.CONCERNS)} is booked for "
        f"{(when + timedelta(days=rng.randint(5, 40))).isoformat()}.",
    ]
    return " ".join(lines)


def _commercials(wr: Writer, cid: str, when: date) -> str:
    arr = wr.w[cid].attrs["arr"]
    lines = []
    for back in (1, 2):
        q = date(when.year, (when.month - 1) // 3 * 3 + 1, 1) - timedelta(days=92 * back - 45)
        label = f"Q{(q.month - 1) // 3 + 1} {q.year}"
        r = stable(wr, cid, f"invoice:{label}")
        amount = round(arr / 4 * r.uniform(0.97, 1.08), -1)
        paid = q + timedelta(days=r.randint(70, 120))
        lines.append(f"The {label} invoice of {fmt_money(wr.rng, amount)} was paid on {paid.isoformat()}"
                     + (f", {r.randint(2, 30)} days after its due date." if r.random() < 0.3 else ", on time."))
    return "Commercial history\n" + " ".join(lines)


def _exposure(wr: Writer, cid: str, when: date) -> str | None:
    w = wr.w
    region = w.region_of(cid)
    outages = sorted(o for v in w.out(cid, "DEPENDS_ON") for o in w.out(v, "EXPERIENCED")
                     if w.region_of(o) == region and w[o].attrs["started_at"] < when.isoformat())
    if not outages:
        return None
    o = wr.choice(outages)
    a, f = w[o].attrs, w.facts[o]
    return "Incident exposure\n" + wr.choice((
        f"{sentence_case(wr.ref(o))} began {f['start_time']} on {fmt_date(wr.rng, a['started_at'])} and lasted "
        f"{fmt_hours(a['duration_hours'])} ({a['severity']}) for workspace {_workspace(wr, cid)}, the provider's "
        f"reference is {f['vendor_ref']} and the root cause was {a['root_cause']}.",
        f"During {wr.ref(o)} ({a['severity']}, {fmt_hours(a['duration_hours'])} from {f['start_time']} on "
        f"{a['started_at']}), {', '.join(a['affected_systems'])} on {_workspace(wr, cid)} were degraded by "
        f"{a['root_cause']}.",
    ))


def customer_sections(wr: Writer, cid: str, when: date, detail: int) -> list[str]:
    """Account/QBR sections stating the customer's facts: adoption, support history, projects, cases, vendors."""
    parts = [
        _adoption(wr, cid, when),
        _support_history(wr, cid, when),
        _projects_par(wr, cid, when),
        _compliance_par(wr, cid),
        _vendor_par(wr, cid),
        _stakeholders(wr, cid, when),
        _commercials(wr, cid, when),
        _exposure(wr, cid, when),
    ]
    parts += [_meeting(wr, cid, when) for _ in range(max(1, detail - 4))]
    return [p for p in parts if p]


# ---- postmortems ---------------------------------------------------------------------------------------------------------


def postmortem_sections(wr: Writer, oid: str, detail: int) -> list[str]:
    w = wr.w
    o, f = w[oid], w.facts[oid]
    a = o.attrs
    vendor, region = w.vendor_of(oid), w.region_of(oid)
    va, vf, ra = w[vendor].attrs, w.facts[vendor], w[region].attrs
    rng = wr.rng
    m = stable(wr, oid, "metrics")  # the incident's numbers: every document quoting them agrees
    peak = f"{m.uniform(4, 80):.1f}%"
    begin = datetime.fromisoformat(f"{a['started_at']}T{f['start_time'][:5]}")
    end = begin + timedelta(hours=a["duration_hours"])
    steps = []
    t = begin
    span = (end - begin).total_seconds() / 60
    for k in range(detail + 2):
        t = begin + timedelta(minutes=span * (k + 1) / (detail + 3) + rng.randint(0, 4))
        sysname = rng.choice(a["affected_systems"])
        steps.append(rng.choice((
            f"{t:%H:%M} - error rate on {sysname} at {rng.uniform(0.5, 80):.1f}%, p99 latency {_ms(rng, 900, 30000)}",
            f"{t:%H:%M} - bridge call with {vf['brand']} ({f['vendor_ref']}), {rng.randint(3, 30)} people on the line",
            f"{t:%H:%M} - traffic for {sysname} shifted away from {ra['availability_zone']}, "
            f"{rng.randint(5, 95)}% moved",
            f"{t:%H:%M} - status page update posted, support macro {hexid(rng, 5)} pinned",
            f"{t:%H:%M} - {rng.randint(2, 60)} queued jobs replayed on {sysname}",
        )))
    month_hours = 24 * 30
    availability = 100 * (1 - a["duration_hours"] / month_hours)
    metrics = "Metrics\n" + " ".join((
        f"Peak error rate reached {peak} at {(begin + timedelta(minutes=m.randint(5, 60))):%H:%M} UTC.",
        f"Roughly {m.randint(2, 900) * 1000:,} requests failed in {ra['data_center']} during the window.",
        f"Time to detect was {m.randint(2, 25)} minutes and time to mitigate {fmt_hours(round(a['duration_hours'] * 0.7, 2))}.",
        f"Measured availability for {a['affected_systems'][0]} in {begin:%B %Y} comes to {availability:.3f}%.",
    ))
    vendor_par = "Vendor follow-up\n" + " ".join((
        f"{sentence_case(wr.ref(vendor))} is on the {va['sla_tier']} SLA tier, so the credit claim for "
        f"{f['vendor_ref']} goes to {vf['escalation_contact'].name} ({vf['escalation_contact'].title}).",
        f"Their formal RCA was requested on {(end + timedelta(days=rng.randint(0, 2))).date()} and is expected by "
        f"{(end + timedelta(days=rng.randint(5, 14))).date()}, support hours on their side are {vf['support_hours']}.",
    ))
    actions = "Action items\n" + "\n".join(
        f"- ACT-{rng.randint(1000, 9999)}: {item} (owner {wr.ref(f['commander'], 'name')}, due "
        f"{(end + timedelta(days=rng.randint(7, 60))).date()})"
        for item in rng.sample(("add a synthetic probe for " + a["affected_systems"][0] + " in " + ra["data_center"],
                                "alert when error rate on " + a["affected_systems"][-1] + " passes " + peak,
                                "rehearse failover out of " + ra["availability_zone"],
                                "review the " + va["sla_tier"] + " SLA terms with " + vf["brand"],
                                "update the runbook entry for " + a["root_cause"]), 3))
    parts = ["Detailed timeline (UTC)\n" + "\n".join(steps), metrics, vendor_par, actions]
    tickets = w.inn(oid, "CAUSED_BY")
    if tickets:
        cust = sorted({w.out(t, "OPENED_BY")[0] for t in tickets})[0]  # one customer: never a list of the impacted
        own = sorted(t for t in tickets if w.out(t, "OPENED_BY")[0] == cust)[:2]
        lines = [f"{wr.id(t)} (\"{w[t].attrs['title']}\", {w[t].attrs['priority']}) was opened on "
                 f"{fmt_date(rng, w[t].attrs['opened_at'])} and is now {w[t].attrs['status'].lower()}." for t in own]
        parts.append("Customer reports\n" + f"Reports from {wr.ref(cust)} show the customer side. " + " ".join(lines))
    return parts


# ---- project status ------------------------------------------------------------------------------------------------------


def project_sections(wr: Writer, pid: str, k: int, detail: int) -> list[str]:
    w = wr.w
    p, f = w[pid], w.facts[pid]
    a = p.attrs
    rng = wr.rng
    start, end = date.fromisoformat(a["start_date"]), date.fromisoformat(a["end_date"])
    report = max(start, min(TODAY, end) - timedelta(days=14 * (1 - k % 2)))  # the reports are recent: status is today's
    done = {"Planned": 0.0, "Completed": 1.0}.get(a["status"], min(0.95, (report - start).days / max(1, (end - start).days)))
    s = stable(wr, pid, "plan")
    streams = s.sample(WORKSTREAMS, 4)
    lines = [f"- {ws.capitalize()} at {min(100, round(100 * done * rng.uniform(0.7, 1.3)))}% complete, owner "
             f"{s.choice(vocab.FIRST_NAMES)} {s.choice(vocab.LAST_NAMES)}" for ws in streams]
    spent = a["budget"] * done * rng.uniform(0.8, 1.15)
    budget = "Budget\n" + " ".join((
        f"Spent to {report.isoformat()} is {fmt_money(rng, round(spent, -2))} of {fmt_money(rng, a['budget'])}.",
        f"{'Final cost' if a['status'] == 'Completed' else 'Forecast at completion'} is {fmt_money(rng, round(a['budget'] * rng.uniform(0.9, 1.2), -3))}, change "
        f"request CR-{rng.randint(100, 999)} adds {fmt_money(rng, rng.randint(2, 90) * 500)} for "
        f"{s.choice(WORKSTREAMS)}.",
    ))
    gates = []
    for j, name in enumerate(("design sign-off", f["milestone"], "hypercare exit")):
        d = start + (end - start) * (j + 1) // 4
        gates.append(f"- {sentence_case(name)} on {d.isoformat()}" + (
            f", passed {(d + timedelta(days=rng.randint(0, 6))).isoformat()}" if d <= report and a["status"] != "Planned"
            else ""))
    parts = ["Workstreams\n" + "\n".join(lines), budget, "Milestone plan\n" + "\n".join(gates)]
    vend = []
    for v in w.out(pid, "USES_VENDOR"):
        vend.append(rng.choice((
            f"{sentence_case(wr.ref(v, 'name'))} environment request VR-{rng.randint(10000, 99999)} was raised on "
            f"{(start + timedelta(days=rng.randint(1, 30))).isoformat()} for the {w[v].attrs['category'].lower()} tier.",
            f"{sentence_case(wr.ref(v, 'name'))} ({w[v].attrs['sla_tier']} SLA) confirmed capacity for the "
            f"{s.choice(WORKSTREAMS)} window starting {(report + timedelta(days=rng.randint(3, 40))).isoformat()}.",
        )))
    parts.append("Vendors\n" + " ".join(vend))
    cid = w.out(pid, "FOR_CUSTOMER")[0]
    region = w.out(pid, "IN_REGION")[0]
    hits = sorted(o for v in w.out(pid, "USES_VENDOR") for o in w.out(v, "EXPERIENCED")
                  if w.region_of(o) == region and a["start_date"] <= w[o].attrs["started_at"] <= report.isoformat())
    if hits:
        o = rng.choice(hits)
        parts.append(f"{sentence_case(wr.ref(o))} on {fmt_date(rng, w[o].attrs['started_at'])} paused "
                     f"{s.choice(WORKSTREAMS)} for {fmt_hours(w[o].attrs['duration_hours'])}.")
    sponsor = w.facts[cid]["sponsor"]
    parts.append(
        f"Steering meeting with {sponsor.name} ({sponsor.title}) on {(report + timedelta(days=rng.randint(2, 12))).isoformat()}"
        f", and {wr.ref(f['manager'], 'name')} will present the {s.choice(WORKSTREAMS)} plan."
    )
    return parts


# ---- compliance ----------------------------------------------------------------------------------------------------------


def compliance_sections(wr: Writer, comp: str, detail: int) -> list[str]:
    w = wr.w
    c, f = w[comp], w.facts[comp]
    a = c.attrs
    rng = wr.rng
    cid = w.out(comp, "CONCERNS")[0]
    opened = date.fromisoformat(a["opened_at"])
    contact = wr.choice(w.facts[cid]["contacts"])
    log = []
    d = opened
    for _ in range(detail - 2):
        d = d + timedelta(days=rng.randint(1, 9))
        log.append(rng.choice((
            f"- On {d.isoformat()} {contact.name} ({contact.title}) sent {rng.randint(2, 40)} documents under {f['reference']}",
            f"- Call with the {f['regulator']} on {d.isoformat()}, {rng.randint(20, 90)} minutes",
            f"- {wr.ref(f['owner'], 'name')} circulated draft v{rng.randint(2, 6)} for review on {d.isoformat()}",
            f"- Evidence pack EV-{rng.randint(1000, 9999)} uploaded to the case file on {d.isoformat()}",
        )))
    sampled, pop = rng.randint(10, 60), rng.randint(80, 4000)
    tests = "Control testing\n" + " ".join(
        f"Control {ctl} was tested on {sampled} of {pop:,} records with {rng.randint(0, 3)} exceptions."
        for ctl in rng.sample(CONTROLS, 2))
    parts = ["Correspondence log\n" + "\n".join(log), tests]
    outage = (w.out(comp, "TRIGGERED_BY") or [None])[0]
    if outage:
        o = w[outage]
        parts.append("Incident facts\n" + " ".join((
            f"The triggering incident began {w.facts[outage]['start_time']} on {o.attrs['started_at']} and lasted "
            f"{fmt_hours(o.attrs['duration_hours'])} ({o.attrs['severity']}).",
            f"Systems affected were {', '.join(o.attrs['affected_systems'])}, root cause {o.attrs['root_cause']}.",
        )))
        own = sorted(t for t in w.inn(cid, "OPENED_BY") if outage in w.out(t, "CAUSED_BY"))[:2]
        if own:
            parts.append("The customer's reports during the incident were " + wr.join(own) + ".")
    days = (date.fromisoformat(f["deadline"]) - opened).days
    parts.append(f"The response window for {f['reference']} is {days} days from {opened.isoformat()}, ending "
                 f"{fmt_date(rng, f['deadline'])}.")
    return parts
