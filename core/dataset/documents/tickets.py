"""Ticket threads: the customer's report, the assignee's replies, internal notes and a status-consistent ending."""

from __future__ import annotations

from datetime import date, timedelta

from core.dataset.documents.common import Writer, fmt_date, paragraphs, person
from core.dataset.documents.narrative import NARRATIVE_DETAIL, ticket_turns
from core.dataset.world import TODAY

REPORTS = {
    "Availability": ("Since this morning parts of the service are unreachable for our users.",
                     "We are getting intermittent errors and some pages do not load at all.",
                     "Several of our scheduled jobs failed overnight with connection errors."),
    "Performance": ("Everything is painfully slow today; pages take far longer than usual.",
                    "Response times have degraded badly and our team cannot work normally.",
                    "Searches and reports are timing out for our staff."),
    "Billing": ("Our latest invoice does not look right and finance has asked us to query it.",
                "Could you check the charges on our last invoice? Something seems off.",
                "We need the invoice corrected before our finance team can pay it."),
    "Access": ("Some of our users cannot sign in anymore.",
               "Our admins have been locked out since this morning.",
               "New joiners are not getting access even though they are set up correctly."),
    "Integration": ("Our integration stopped syncing and records are piling up.",
                    "The connector throws errors and nothing reaches our downstream systems.",
                    "Since yesterday the sync job fails with errors we have not seen before."),
    "Data": ("The numbers in our reports do not match what we export.",
             "Some records seem to be missing after the last sync.",
             "We need help with a data request from one of our end users."),
    "Feature Request": ("We would like to request an improvement that would help our team a lot.",
                        "Is this on your roadmap? It would simplify our workflow.",
                        "Our users keep asking for this capability."),
    "Security": ("Our security team has a question we need answered quickly.",
                 "We noticed something unusual and want your assessment.",
                 "Our auditors asked for documentation on this topic."),
}
AGENT_QUESTIONS = (
    "Could you share the exact time you first noticed this and an example request ID?",
    "Can you confirm which users or workflows are affected?",
    "Would you be able to send a screenshot or the full error message?",
    "Could you tell us whether anything changed on your side recently?",
    "Does the problem reproduce for every user, or only some?",
    "Can you try again in a private browser window and tell us if it behaves differently?",
    "Would a call later today work for a quick walkthrough?",
    "Could you export the failing records so that we can reproduce this?",
)
CUSTOMER_FOLLOWUPS = (
    "Attached the logs you asked for; the errors started right after our morning batch.",
    "It affects most of our team, not just admins.",
    "Nothing changed on our side as far as we know.",
    "Here is the request ID from one of the failures.",
    "We tried again after clearing caches; same result.",
    "Our leadership is asking for an update, so anything you can share helps.",
    "We can join a screen-share this afternoon if that speeds things up.",
    "The problem seems worse in the mornings, when most of our team logs in.",
    "One of our admins thinks it started after the weekend maintenance.",
    "We have a deadline on Friday, so a workaround would already help.",
    "Confirmed it happens in both the browser and the mobile app.",
    "Sorry for the slow reply, we were collecting examples from the team.",
    "We checked with our network team and they see nothing unusual.",
)
INTERNAL_NOTES = (
    "Reproduced in staging with the customer's configuration.",
    "Checked recent deploys; nothing obvious on our side.",
    "Added the customer's details to the engineering escalation.",
    "Customer is sensitive to delays; keep updates frequent.",
    "Matched the symptoms against known issues in the knowledge base.",
    "Pulled request logs for the reported window.",
    "Asked the on-call engineer to take a look at the traces.",
    "Similar symptoms were reported by another workspace last month; fix notes attached to the KB article.",
    "Account team informed, since the renewal conversation is coming up.",
    "Escalation criteria not met yet; keeping it at the current priority.",
    "Will follow up tomorrow morning if there is no reply.",
)
TROUBLESHOOTING = {
    "Availability": ("We checked our status dashboards and the error rates for your workspace.",
                     "Our logs show connection resets between the application tier and an upstream dependency.",
                     "A failover was triggered automatically and we are watching whether it holds.",
                     "Health checks from several probes confirm the symptom you describe."),
    "Performance": ("We profiled the slow requests and most of the time is spent waiting on a backend call.",
                    "Query plans for your largest reports changed after the last index rebuild.",
                    "We see higher than usual queue depth on the workers that serve your workspace.",
                    "Caching for your dashboards was disabled by a configuration flag; we re-enabled it."),
    "Billing": ("The duplicate line comes from a plan change that was applied twice on the same day.",
                "Finance confirmed the usage figures and is preparing a corrected invoice.",
                "Your purchase order number was missing from the billing profile, so it did not print.",
                "We compared the invoice with the contract and the overage rate is the one agreed."),
    "Access": ("The identity provider is sending an attribute we do not map, so the role falls back to viewer.",
               "Your SSO certificate expired yesterday; rotating it on your side should restore logins.",
               "SCIM requests are reaching us but are rejected because the group name changed.",
               "We cleared the stuck MFA enrolment for the affected user."),
    "Integration": ("The connector's token was revoked when the service account password changed.",
                    "Webhook deliveries fail because the receiving endpoint returns a TLS error.",
                    "The sync job hits the API rate limit at the top of each hour; spreading the schedule helps.",
                    "The import rejects rows whose date column uses a different format than the template."),
    "Data": ("Totals differ because the export includes archived records and the report does not.",
             "The nightly sync skipped records that were modified while it was running.",
             "We located the data subject's records and started the deletion workflow.",
             "The export was stuck behind a large job; we moved it to a dedicated queue."),
    "Feature Request": ("Product management reviewed the request and added it to the discovery backlog.",
                        "A similar capability is in beta; we can enable it for your workspace.",
                        "We shared a workaround using the API until the feature ships.",
                        "The request was discussed in the monthly roadmap review."),
    "Security": ("The alerts come from logins through a new VPN egress address on your side.",
                 "The latest penetration test summary is available under NDA; we sent the request form.",
                 "Data at rest is encrypted with AES-256 and keys are rotated every year.",
                 "We completed the questionnaire and attached our SOC 2 report."),
}
RESOLUTIONS = {
    "Availability": "Traffic was moved to healthy capacity and the dependency recovered.",
    "Performance": "Response times returned to normal after the configuration change.",
    "Billing": "A corrected invoice was issued and the duplicate charge credited.",
    "Access": "Logins work again after the mapping and certificate were fixed.",
    "Integration": "The integration resumed syncing once credentials were renewed.",
    "Data": "The records were reconciled and the export completed.",
    "Feature Request": "The request is tracked on the roadmap; the customer accepted the interim workaround.",
    "Security": "The customer's security team confirmed they have what they need.",
}
OUTAGE_STEPS = ("We are tracking the provider's incident bridge and will share their next update.",
                "Retries on our side are enabled, so some requests will succeed while the provider recovers.",
                "We confirmed the errors line up with the provider's incident window.",
                "No data loss is expected; failed operations can be retried once service is back.")
ENVIRONMENTS = (
    ("Chrome 126 on Windows 11", "Firefox 127 on macOS", "Edge on Windows 10", "Safari 17 on macOS", "the mobile app"),
    ("production workspace", "EU production workspace", "sandbox workspace", "staging workspace"),
    ("REST API v2", "the CRM connector", "SCIM provisioning", "scheduled exports", "webhooks"),
)
IMPACT_NOTES = (
    "The issue blocked their finance team's month-end work.",
    "Field staff could not update records while it lasted.",
    "Their own customers noticed, so they are under pressure internally.",
    "It is an inconvenience rather than a blocker for them.",
    "Their operations team had to fall back to spreadsheets.",
)
ENDINGS = {
    "Open": ("We are still waiting on the details requested above before we can continue.",
             "Ticket stays open while we gather more information.",
             "Awaiting a reply from the customer."),
    "In Progress": ("Engineering is working on a fix; next update within one business day.",
                    "We have identified the likely cause and are testing a change.",
                    "Work is in progress; we will update this thread as soon as we know more."),
    "Resolved": ("The fix has been deployed; please confirm things look good on your side.",
                 "We have resolved the issue and are waiting for your confirmation.",
                 "Resolution applied; marking this as resolved."),
    "Closed": ("Customer confirmed the fix. Closing the ticket.",
               "No further issues reported after the fix, so we are closing this ticket.",
               "Closed after confirmation from the customer."),
}


def ticket_thread(wr: Writer, tid: str, k: int, detail: int) -> tuple[str, str]:
    w = wr.w
    t = w[tid]
    a = t.attrs
    cid = w.out(tid, "OPENED_BY")[0]
    agent = w.out(tid, "ASSIGNED_TO")[0]
    outage = (w.out(tid, "CAUSED_BY") or [None])[0]
    reporter = w.facts[tid]["reporter"]
    opened = date.fromisoformat(a["opened_at"])
    agent_name = wr.name(agent)
    title = wr.choice((f"{wr.id(tid)}: {a['title']}", f"[{a['priority']}] {a['title']} ({wr.id(tid)})",
                       f"Support thread {wr.id(tid)} - {a['title']}"))
    header = wr.choice((
        f"Ticket {wr.id(tid)} | Priority {a['priority']} | Category {a['category']} | Status {a['status']} | "
        f"Opened {a['opened_at']}",
        f"Ticket: {wr.id(tid)}\nCustomer: {wr.ref(cid, 'full')}\nPriority: {a['priority']}\nCategory: {a['category']}\n"
        f"Status: {a['status']}\nAssigned to: {wr.ref(agent, 'full')}",
        f"{wr.id(tid)} was opened on {fmt_date(wr.rng, a['opened_at'])} by {wr.ref(cid)} "
        f"({a['category'].lower()}, {a['priority']}); current status: {a['status']}.",
    ))
    report = wr.choice(REPORTS[a["category"]])
    if outage:
        o = w[outage]
        region = w.region_of(outage)
        report = wr.choice((
            f"Our users in {wr.name(region)} are seeing errors with {wr.choice(o.attrs['affected_systems'])}. {report}",
            f"{a['title']}. {report}",
        ))
    messages = [
        f"From {person(reporter, wr.rng)} at {wr.ref(cid)}:\n{report} {wr.choice(('Please advise.', 'Thanks in advance.', 'This is urgent for us.'))}",
        f"From {wr.ref(agent, wr.choice(('name', 'full')))}, support:\nThanks for reaching out, {reporter.name.split()[0]}. "
        f"{wr.choice(AGENT_QUESTIONS)}",
    ]
    if outage:
        vendor = w.vendor_of(outage)
        messages.append(f"Internal note ({agent_name}):\n" + wr.choice((
            f"This matches {wr.ref(outage)}, an incident at {wr.ref(vendor)} in {wr.ref(w.region_of(outage))}. Linking the ticket to it.",
            f"Caused by {wr.ref(outage)}; the customer depends on {wr.ref(vendor, 'name')} in that region.",
            f"Root cause is the vendor incident {wr.ref(outage)} ({w[outage].attrs['root_cause']}).",
        )))
        messages.append(f"From {agent_name}, support:\n" + wr.choice((
            "We have confirmed this is caused by an incident at one of our infrastructure providers. "
            "Their engineers are working on it and we will keep you posted.",
            "This is part of a wider provider incident in your region. We will update you as soon as it is mitigated.",
        )))
    if detail >= 2:
        browser, workspace, channel = (wr.choice(pool) for pool in ENVIRONMENTS)
        messages.insert(1, f"Environment: {browser}; {workspace}; affected path: {channel}. {wr.choice(IMPACT_NOTES)}")
    steps = list(OUTAGE_STEPS if outage else TROUBLESHOOTING[a["category"]])
    wr.rng.shuffle(steps)
    for i in range(detail + wr.rng.randint(0, 1)):
        if i % 3 == 0:
            messages.append(f"From {reporter.name}:\n" + " ".join(wr.rng.sample(CUSTOMER_FOLLOWUPS, 2)))
        elif i % 3 == 1:
            step = steps[(i // 3) % len(steps)]
            messages.append(f"From {agent_name}, support:\n{step} {wr.choice(AGENT_QUESTIONS)}")
        else:
            messages.append(f"Internal note ({agent_name}):\n" + " ".join(wr.rng.sample(INTERNAL_NOTES, 2)))
    first_response = w.facts[tid]["response_hours"]
    messages.append(f"From {agent_name}, support:\n{wr.choice(ENDINGS[a['status']])}")
    sla = wr.choice((f"First response within {first_response:g} hours of opening.",
                     f"SLA note: first reply went out {first_response:g} hours after the ticket was opened."))
    closing = None
    if a["status"] in ("Resolved", "Closed"):
        done = min(TODAY, opened + timedelta(days=wr.rng.randint(0, 6)))
        closing = f"Resolution recorded on {done.isoformat()} by {wr.ref(agent, 'name')}."
        if detail >= 3:
            summary = "The provider's incident was resolved and service recovered." if outage else RESOLUTIONS[a["category"]]
            closing = f"Resolution summary: {summary}\n{closing}"
    if detail >= NARRATIVE_DETAIL:  # full scale: stamped turns with their own facts, before the closing message
        messages[-1:-1] = ticket_turns(wr, tid, detail)
    return title, paragraphs(header, *messages, sla, closing)

