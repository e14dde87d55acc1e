"""Project status reports (two layouts): customer, region and vendors from the graph; PM and milestone from facts."""

from __future__ import annotations

from datetime import date

from core.dataset.documents.common import Writer, discussion, fmt_date, fmt_money, paragraphs
from core.dataset.documents.narrative import NARRATIVE_DETAIL, project_sections

RAG = {"Planned": "Green", "Active": None, "On Hold": "Amber", "Completed": "Green"}
RISKS = (
    "Key customer-side staff are also busy with their year-end freeze.",
    "Test environments are shared with another initiative, which slows validation.",
    "Scope for the reporting workstream is still being negotiated.",
    "Vendor lead times for new environments are longer than planned.",
    "Security review of the integration design is pending.",
    "Data quality in the legacy system needs more cleanup than expected.",
)


def _milestone(status: str, milestone: str) -> str:
    if status == "Completed":
        return f"The project closed out after its last milestone, {milestone}."
    if status == "Planned":
        return f"First milestone once work starts: {milestone}."
    return f"Next milestone: {milestone}."


def project_status(wr: Writer, pid: str, k: int, detail: int) -> tuple[str, str]:
    w = wr.w
    p = w[pid]
    a = p.attrs
    f = w.facts[pid]
    cid = w.out(pid, "FOR_CUSTOMER")[0]
    region = w.out(pid, "IN_REGION")[0]
    vendors = w.out(pid, "USES_VENDOR")
    rag = RAG[a["status"]] or wr.choice(("Green", "Amber"))
    week = (date.fromisoformat(a["start_date"]).isocalendar().week + 3 * (k + 1)) % 52 + 1
    codename = wr.mention(pid, f["codename"])
    title = wr.choice((f"Status report: {wr.full(pid)}", f"{codename} weekly status, week {week}",
                       f"{wr.id(pid)} project update"))
    dates = f"Start {fmt_date(wr.rng, a['start_date'])}, planned end {fmt_date(wr.rng, a['end_date'])}."
    risks = "\n".join(f"- {r}" for r in wr.rng.sample(RISKS, min(len(RISKS), 1 + detail)))
    extra = [discussion(wr.rng, w.facts[cid]["sponsor"].name, wr.name(f["manager"])) for _ in range(max(0, detail - 1))]
    if wr.maybe(0.5):
        body = paragraphs(
            f"Project: {wr.ref(pid, 'full')}, codename {codename}\nCustomer: {wr.ref(cid, 'full')}\n"
            f"Region: {wr.ref(region, 'full')}\nVendors: {wr.join(vendors, 'full')}\nStatus: {a['status']} ({rag})\n"
            f"Project manager: {wr.ref(f['manager'], 'full')}\nBudget: {fmt_money(wr.rng, a['budget'])}",
            dates,
            _milestone(a["status"], f["milestone"]),
            "Risks\n" + risks,
            *extra,
        )
    else:
        body = paragraphs(
            wr.choice((
                f"{wr.full(pid)}, also called {codename}, is the {f['kind']} for {wr.ref(cid)}.",
                f"This is the status of {codename} ({wr.id(pid)}), our {f['kind']} engagement with {wr.ref(cid)}.",
            )),
            wr.choice((
                f"It runs in {wr.ref(region)} and is built on {wr.join(vendors)}.",
                f"Deployment region is {wr.ref(region)}; the solution uses {wr.join(vendors)}.",
            )),
            f"Overall status: {a['status']}, rated {rag}. {dates} Budget {fmt_money(wr.rng, a['budget'])}.",
            f"{wr.ref(f['manager'], wr.choice(('name', 'full')))} manages the project. " + _milestone(a["status"], f["milestone"]),
            "Open risks:\n" + risks,
            *extra,
        )
    if detail >= NARRATIVE_DETAIL:  # full scale: workstreams, budget, milestones, vendors, incidents, steering
        body = paragraphs(body, *project_sections(wr, pid, k, detail))
    return title, body
