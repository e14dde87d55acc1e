"""Render the world's documents, one at a time (the full scale is streamed to disk, never held in memory).

Each document gets its own rng seeded by (seed, document id), so its text does not depend on any other document.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from core.dataset.documents.accounts import account_note, qbr_note
from core.dataset.documents.common import Writer
from core.dataset.documents.compliance import compliance_report
from core.dataset.documents.incidents import postmortem
from core.dataset.documents.projects import project_status
from core.dataset.documents.tickets import ticket_thread
from core.dataset.documents.vendors import region_overview, vendor_profile
from core.dataset.scales import Scale
from core.dataset.world import World
from core.records import Document

Render = Callable[[Writer, str, int, int], tuple[str, str]]

# kind -> (subject entity type, renderer, documents per subject from the scale)
KINDS: dict[str, tuple[str, Render, Callable[[Scale], int]]] = {
    "region_overview": ("Region", region_overview, lambda s: 1),
    "vendor_profile": ("Vendor", vendor_profile, lambda s: 1),
    "account_note": ("Customer", account_note, lambda s: s.account_notes),
    "qbr_note": ("Customer", qbr_note, lambda s: s.qbr_notes),
    "postmortem": ("Outage", postmortem, lambda s: 1),
    "ticket_thread": ("Ticket", ticket_thread, lambda s: 1),
    "compliance_report": ("ComplianceCase", compliance_report, lambda s: 1),
    "project_status": ("Project", project_status, lambda s: s.status_reports),
}


def plan(world: World, scale: Scale) -> Iterator[tuple[str, str, int]]:
    """(kind, subject id, k-th document for that subject) in document-id order."""
    for kind, (etype, _, per) in KINDS.items():
        for k in range(per(scale)):
            for eid in world.ids(etype):
                yield kind, eid, k


def iter_documents(world: World, scale: Scale, seed: int) -> Iterator[Document]:
    for n, (kind, eid, k) in enumerate(plan(world, scale), 1):
        doc_id = f"DOC-{n:05d}"
        writer = Writer(world, random.Random(f"hoplens:{seed}:doc:{doc_id}"))
        title, text = KINDS[kind][1](writer, eid, k, scale.detail)
        (title, text), ids = writer.resolve(title, text)
        yield Document(doc_id, kind, title, text, ids)
