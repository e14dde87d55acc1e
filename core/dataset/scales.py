"""Dataset sizes. ``demo`` matches the published CRM case study; ``full`` reaches ~100k documents."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Scale:
    name: str
    regions: int
    vendors: int
    customers: int
    outages: int
    employees: int
    tickets: int
    compliance_cases: int
    projects: int
    account_notes: int  # documents per customer
    qbr_notes: int  # documents per customer
    status_reports: int  # documents per project
    detail: int  # extra paragraphs / thread messages per document: drives document length

    def planned_documents(self) -> int:
        return (
            self.regions
            + self.vendors
            + self.customers * (self.account_notes + self.qbr_notes)
            + self.outages
            + self.tickets
            + self.compliance_cases
            + self.projects * self.status_reports
        )


SCALES: dict[str, Scale] = {
    "tiny": Scale("tiny", regions=4, vendors=8, customers=30, outages=16, employees=24, tickets=150,
                  compliance_cases=12, projects=12, account_notes=1, qbr_notes=1, status_reports=1, detail=0),
    "demo": Scale("demo", regions=10, vendors=50, customers=250, outages=100, employees=200, tickets=3200,
                  compliance_cases=120, projects=150, account_notes=2, qbr_notes=1, status_reports=1, detail=1),
    "full": Scale("full", regions=20, vendors=300, customers=5000, outages=2000, employees=2000, tickets=65000,
                  compliance_cases=2500, projects=3000, account_notes=3, qbr_notes=2, status_reports=2, detail=7),
}


def get_scale(name: str) -> Scale:
    try:
        return SCALES[name]
    except KeyError:
        raise ValueError(f"unknown scale {name!r}: choose one of {', '.join(SCALES)}") from None
