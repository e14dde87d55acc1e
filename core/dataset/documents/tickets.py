"""Ticket threads: the customer's report, the assignee's replies, internal notes and a status-consistent ending."""

from __future__ import annotations

from datetime import date, timedelta

from core.dataset.documents.common import Writer, fmt_date, paragraphs, person
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
)
CUSTOMER_FOLLOWUPS = (
    "Attached the logs you asked for; the errors started right after our morning batch.",
    "It affects most of our team, not just admins.",
    "Nothing changed on our side as far as we know.",
    "Here is the request ID from one of the failures.",
    "We tried again after clearing caches; same result.",
    "Our leadership is asking for an update, so anything you can share helps.",
)
INTERNAL_NOTES = (
    "Reproduced in staging with the customer's configuration.",
    "Checked recent deploys; nothing obvious on our side.",
    "Added the customer's details to the engineering escalation.",
    "Customer is sensitive to delays; keep updates frequent.",
    "Matched the symptoms against known issues in the knowledge base.",
    "Pulled request logs for the reported window.",
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
    for i in range(detail + wr.rng.randint(0, 1)):
        if i % 2 == 0:
            messages.append(f"From {reporter.name}:\n{wr.choice(CUSTOMER_FOLLOWUPS)}")
        else:
            messages.append(f"Internal note ({agent_name}):\n{wr.choice(INTERNAL_NOTES)}")
    first_response = w.facts[tid]["response_hours"]
    messages.append(f"From {agent_name}, support:\n{wr.choice(ENDINGS[a['status']])}")
    sla = wr.choice((f"First response within {first_response:g} hours of opening.",
                     f"SLA note: first reply went out {first_response:g} hours after the ticket was opened."))
    closing = None
    if a["status"] in ("Resolved", "Closed"):
        done = min(TODAY, opened + timedelta(days=wr.rng.randint(0, 6)))
        closing = f"Resolution recorded on {done.isoformat()} by {wr.ref(agent, 'name')}."
    return title, paragraphs(header, *messages, sla, closing)

