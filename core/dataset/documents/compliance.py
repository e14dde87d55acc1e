"""Compliance reports: case facts from the graph, owner / regulator / reference / deadline from World.facts."""

from __future__ import annotations

from datetime import date, timedelta

from core.dataset.documents.common import Writer, fmt_date, paragraphs, sentence_case
from core.dataset.documents.narrative import NARRATIVE_DETAIL, compliance_sections

FINDINGS = {
    "Incident Notification": ("Notification to the customer went out within the contractual window.",
                              "The customer asked for a written incident report for their regulator."),
    "SLA Breach Review": ("Measured availability for the period fell below the contracted SLA.",
                          "Service credits are being calculated under the master agreement."),
    "Data Residency": ("No customer data left the region during failover.",
                       "Backups created during recovery were verified to stay in-region."),
    "DORA Incident Report": ("The incident was classified against the DORA major-incident criteria.",
                             "An intermediate report is required with root cause and recovery details."),
    "GDPR Data Subject Request": ("The request covers access to and deletion of personal data.",
                                  "Identity of the requester was verified before processing."),
    "SOC 2 Evidence Review": ("Evidence for access reviews and change management was requested.",
                              "Two control descriptions need updating before the auditor's visit."),
    "PCI DSS Assessment": ("Scope covers the cardholder data environment and its network segmentation.",
                           "Quarterly scans passed; one policy document is out of date."),
    "HIPAA Review": ("The business associate agreement was reviewed and is current.",
                     "Access logging for protected health information was sampled."),
    "ISO 27001 Audit": ("Surveillance audit of the information security management system.",
                        "A minor nonconformity was raised on supplier reviews."),
    "Vendor Risk Assessment": ("The customer's questionnaire covers subprocessors and hosting locations.",
                               "Our hosting providers' certifications were attached as evidence."),
}
BACKGROUND = {
    "Incident Notification": "Contracts require written notice of service incidents that affect customer data or availability.",
    "SLA Breach Review": "The master agreement defines monthly availability targets and the credits owed when they are missed.",
    "Data Residency": "The customer's contract pins their data to a named hosting region, including backups and replicas.",
    "DORA Incident Report": "Financial entities in the EU must classify ICT incidents and report major ones to their authority.",
    "GDPR Data Subject Request": "Data subjects may request access to, correction of or deletion of their personal data.",
    "SOC 2 Evidence Review": "The customer relies on our SOC 2 report and asks for bridging evidence between audit periods.",
    "PCI DSS Assessment": "Card data handling is in scope for the annual assessment against the PCI DSS requirements.",
    "HIPAA Review": "Protected health information is processed under a business associate agreement.",
    "ISO 27001 Audit": "The customer's certification scope includes their use of our platform.",
    "Vendor Risk Assessment": "The customer's procurement team reassesses critical suppliers every year.",
}
EVIDENCE = ("access review exports", "change records for the period", "data flow diagrams", "the subprocessor list",
            "key management records", "backup restore test results", "security training completion records",
            "firewall rule reviews", "the incident response runbook")
RISK_NOTES = ("Residual risk is rated acceptable once the remediation items close.",
              "Risk remains elevated until the customer confirms the corrected evidence.",
              "No indication of data exposure was found; risk is procedural.",
              "The main risk is the deadline, not the substance of the findings.")
REMEDIATION = (
    "Update the control narrative and re-submit evidence",
    "Confirm data locations with the hosting provider in writing",
    "Brief the customer's DPO on the outcome",
    "Add the finding to the quarterly risk register",
    "Re-run the access review for privileged accounts",
    "Share the final report with the account team",
)


def compliance_report(wr: Writer, comp: str, k: int, detail: int) -> tuple[str, str]:
    w = wr.w
    c = w[comp]
    a = c.attrs
    f = w.facts[comp]
    cid = w.out(comp, "CONCERNS")[0]
    region = w.out(comp, "IN_REGION")[0]
    outage = (w.out(comp, "TRIGGERED_BY") or [None])[0]
    case_type = a["case_type"]
    title = wr.choice((f"Compliance report {wr.id(comp)}: {case_type}", f"{case_type} - {wr.name(cid)} ({wr.id(comp)})",
                       f"Case file {wr.id(comp)}"))
    facts = wr.choice((
        f"Case {wr.full(comp)} concerns {wr.ref(cid)} and is filed in {wr.ref(region)}. Type: {case_type}. "
        f"Severity: {a['severity']}. Status: {a['status']}. Opened {fmt_date(wr.rng, a['opened_at'])}.",
        f"Case: {wr.id(comp)}\nCustomer: {wr.ref(cid, 'full')}\nRegion: {wr.ref(region, 'full')}\nType: {case_type}\n"
        f"Severity: {a['severity']}\nStatus: {a['status']}\nOpened: {a['opened_at']}",
        f"{sentence_case(wr.ref(comp, 'id'))} is a {a['severity'].lower()}-severity {case_type} case about {wr.ref(cid)}, "
        f"opened on {fmt_date(wr.rng, a['opened_at'])} in {wr.ref(region)}; it is currently {a['status'].lower()}.",
    ))
    trigger = None
    if outage:
        vendor = w.vendor_of(outage)
        trigger = wr.choice((
            f"The case was triggered by {wr.ref(outage)}, an outage at {wr.ref(vendor)}.",
            f"Trigger: {wr.ref(outage, 'full')} ({w[outage].attrs['severity']}), experienced by {wr.ref(vendor)}.",
            f"It follows {wr.ref(outage)}: the customer depends on {wr.ref(vendor, 'name')} in that region.",
        ))
    owner = wr.choice((
        f"Case owner: {wr.ref(f['owner'], 'full')}. Regulator or reviewing body: {f['regulator']}. "
        f"Reference {f['reference']}; response due {f['deadline']}.",
        f"{wr.ref(f['owner'], 'name')} owns the case (reference {f['reference']}) and reports to the {f['regulator']}; "
        f"the deadline is {fmt_date(wr.rng, f['deadline'])}.",
    ))
    findings = " ".join(FINDINGS.get(case_type, ("Review in progress.",)))
    steps = "\n".join(f"- {s}" for s in wr.rng.sample(REMEDIATION, min(len(REMEDIATION), 2 + detail)))
    notes = None
    if detail:
        notes = wr.choice((
            "Working notes: evidence requests were sent to the owning teams and tracked in the compliance tracker.",
            "Working notes: the customer's legal team asked to review the draft before submission.",
            "Working notes: we aligned wording with the account team so that the customer hears one story.",
        ))
    evidence = timeline = background = None
    if detail >= 2:
        items = wr.rng.sample(EVIDENCE, min(len(EVIDENCE), 2 + detail // 2))
        if outage:
            items.append(f"the postmortem for {wr.ref(outage, 'id')}")
        evidence = "Evidence reviewed\n" + "\n".join(f"- {sentence_case(i)}" for i in items) + "\n" + wr.choice(RISK_NOTES)
        opened = date.fromisoformat(a["opened_at"])
        timeline = "Timeline\n" + "\n".join((
            f"- {a['opened_at']}: case opened",
            f"- {(opened + timedelta(days=3)).isoformat()}: evidence requested from the owning teams",
            f"- {(opened + timedelta(days=10)).isoformat()}: draft response reviewed by the case owner",
            f"- {f['deadline']}: response due",
        ))
    if detail >= 4:
        background = "Background\n" + BACKGROUND.get(case_type, "")
    more = compliance_sections(wr, comp, detail) if detail >= NARRATIVE_DETAIL else ()  # full scale only
    return title, paragraphs(facts, trigger, background, "Findings\n" + findings, evidence, owner, timeline, *more,
                             "Remediation plan\n" + steps, notes)
