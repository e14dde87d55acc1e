"""Pure drawing helpers for the app: records in, HTML / plotly figures / table rows out.

Nothing here imports streamlit or touches a store, so every function is unit-testable with hand-built records.
The subgraph HTML is self-contained (vis-network inlined from the pyvis package, no CDN links): the app must
render with no network at all.
"""

from __future__ import annotations

import html as html_lib
import io
import json
import math
import re
import zlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pandas as pd
import plotly.graph_objects as go

from core.pipelines import COLOURS, LABELS, display_order
from core.records import (
    Answer,
    ContextItem,
    Entity,
    Evidence,
    Plan,
    Subgraph,
    SubgraphEdge,
    SubgraphNode,
    Timings,
    Usage,
)

# ---- palette and labels -------------------------------------------------------------------------------------------

# Pipeline labels and colours come from the one registry (core/pipelines.py).
PIPELINE_LABELS: dict[str, str] = LABELS
PIPELINE_COLORS: dict[str, str] = COLOURS

# One colour per vertex type (colour-blind-friendly Tableau-like palette); unknown types fall back to grey.
TYPE_COLORS: dict[str, str] = {
    "Customer": "#4C78A8",
    "Vendor": "#F58518",
    "Region": "#54A24B",
    "Outage": "#E45756",
    "Employee": "#72B7B2",
    "Ticket": "#B8A01B",
    "ComplianceCase": "#B279A2",
    "Project": "#FF9DA6",
    "Document": "#9D755D",
    "Chunk": "#BAB0AC",
}
DEFAULT_COLOR = "#8C8C8C"
SEED_BORDER = "#1B1B1B"

TIMING_STAGES: tuple[tuple[str, str], ...] = (
    ("embed_ms", "embed"),
    ("seed_ms", "seed"),
    ("expand_ms", "expand"),
    ("rank_ms", "rank"),
    ("generate_ms", "generate"),
)


def pipeline_label(name: str) -> str:
    return PIPELINE_LABELS.get(name, name)


# Colours for vertex types the CRM palette does not know (imported graphs): distinct from TYPE_COLORS.
EXTRA_COLORS: tuple[str, ...] = (
    "#1F77B4", "#2CA02C", "#D62728", "#9467BD", "#17BECF", "#BCBD22", "#E377C2", "#8C564B",
    "#393B79", "#637939", "#AD494A", "#7B4173", "#3182BD", "#E6550D", "#31A354", "#756BB1",
)


def _name_hash(name: str) -> int:
    return zlib.crc32(name.encode("utf-8"))  # stable across processes (unlike hash())


def _hue_color(name: str) -> str:
    """A mid-tone colour from the name's hash, for palettes larger than EXTRA_COLORS."""
    import colorsys

    h = (_name_hash(name) % 360) / 360.0
    r, g, b = colorsys.hls_to_rgb(h, 0.45, 0.55)
    return f"#{round(r * 255):02X}{round(g * 255):02X}{round(b * 255):02X}"


def type_color(type_name: str, palette: Mapping[str, str] | None = None) -> str:
    """The colour of a vertex type: from ``palette`` (``type_palette`` of the store's ontology) when it has the type,
    else the CRM colour, else a deterministic colour from the type's name."""
    if palette and type_name in palette:
        return palette[type_name]
    if type_name in TYPE_COLORS:
        return TYPE_COLORS[type_name]
    if not type_name or type_name == "?":
        return DEFAULT_COLOR
    return EXTRA_COLORS[_name_hash(type_name) % len(EXTRA_COLORS)]


def type_palette(type_names: Iterable[str]) -> dict[str, str]:
    """One distinct colour per type of an ontology, deterministic for the same set of names: CRM types keep their
    colours; the others take their name's slot in EXTRA_COLORS, or the next free one (sorted by name, so the
    order the names come in does not matter), then hue-from-hash colours once the palette is used up."""
    names = sorted(set(type_names))
    out = {t: TYPE_COLORS[t] for t in names if t in TYPE_COLORS}
    used = set(out.values())
    for t in names:
        if t in out:
            continue
        start = _name_hash(t) % len(EXTRA_COLORS)
        free = next((EXTRA_COLORS[(start + i) % len(EXTRA_COLORS)] for i in range(len(EXTRA_COLORS))
                     if EXTRA_COLORS[(start + i) % len(EXTRA_COLORS)] not in used), None)
        out[t] = free or _hue_color(t)
        used.add(out[t])
    return out


# ---- stats line and small tables -----------------------------------------------------------------------------------


def stats_line(usage: Usage, timings: Timings) -> str:
    """The one-line cost summary shown under every answer: "N tokens · M calls · S s"."""
    tokens = usage.prompt_tokens + usage.completion_tokens
    calls = "call" if usage.calls == 1 else "calls"
    return f"{tokens:,} tokens · {usage.calls} {calls} · {timings.total_ms / 1000:.2f} s"


def format_ms(ms: float) -> str:
    """Milliseconds for a metric tile: one decimal below 100 ms (0.3 ms is not "0 ms"), whole numbers above."""
    return f"{ms:,.1f} ms" if ms < 100 else f"{ms:,.0f} ms"


def hop_score_rows(subgraph: Subgraph | None) -> list[dict[str, Any]]:
    """The accumulator view of a subgraph: one row per node, seeds first, then by hop and falling hop score."""
    if subgraph is None:
        return []
    nodes = sorted(subgraph.nodes, key=lambda n: (n.hop, -n.hop_score, n.id))
    return [
        {
            "entity": n.id,
            "name": n.label,
            "type": n.type,
            "hop": n.hop,
            "hop score": round(n.hop_score, 4),
            "seed": n.hop == 0,
            "reached from": n.reached_from or "",
            "via edge": n.via_edge or "",
            "similarity": None if n.similarity is None else round(n.similarity, 4),
            "seeds": ", ".join(n.seeds),
        }
        for n in nodes
    ]


def context_rows(context: Sequence[ContextItem]) -> list[dict[str, Any]]:
    """The exact context sent to the generator, in order, with token counts."""
    return [
        {"#": i, "kind": c.kind, "source": c.source, "tokens": c.tokens, "score": round(c.score, 4), "text": c.text}
        for i, c in enumerate(context, 1)
    ]


def timing_rows(timings: Timings) -> list[dict[str, Any]]:
    """Latency breakdown by stage; "other" is total time not attributed to a stage (prompt assembly, planning)."""
    rows = [{"stage": label, "ms": round(getattr(timings, attr), 2)} for attr, label in TIMING_STAGES]
    other = timings.total_ms - sum(getattr(timings, attr) for attr, _ in TIMING_STAGES)
    rows.append({"stage": "other", "ms": round(max(other, 0.0), 2)})
    rows.append({"stage": "total", "ms": round(timings.total_ms, 2)})
    return rows


def _path_text(plan: Plan) -> str:
    parts: list[str] = []
    for step in plan.path:
        arrow = f"-[{step.edge}]->" if step.direction == "out" else f"<-[{step.edge}]-"
        parts.append(f"{arrow} {step.target}")
    return " ".join(parts)


def plan_rows(plan: Plan | None) -> list[tuple[str, str]]:
    """(field, value) pairs describing what the planner understood; empty fields are left out."""
    if plan is None:
        return []
    rows: list[tuple[str, str]] = [("kind", plan.kind)]
    if plan.anchors:
        rows.append(("anchors", ", ".join(plan.anchors)))
    if plan.target_type:
        rows.append(("target type", plan.target_type))
    if plan.path:
        rows.append(("path", _path_text(plan)))
    if plan.filters:
        rows.append(("filters", "; ".join(f"{f.attr} {f.op} {f.value}" for f in plan.filters)))
    if plan.operator:
        rows.append(("operator", plan.operator))
    if plan.attribute:
        rows.append(("attribute", plan.attribute))
    if plan.conditions:
        from core.retrieval.planning.paths import render_condition

        rows.append(("conditions", "; ".join(render_condition(c) for c in plan.conditions)))
    if plan.unresolved:
        rows.append(("not in the store", ", ".join(plan.unresolved)))
    if plan.explanation:
        rows.append(("explanation", plan.explanation))
    if plan.kind not in ("unanswerable",) and (plan.confidence < 1.0 or plan.unexplained):
        rows.append(("confidence", f"{plan.confidence:.0%}"))
        rows.append(("not understood", ", ".join(plan.unexplained) or "—"))
    rows.append(("planner", plan.planner))
    return rows


def entity_type_rows(stats: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Entities per type from ``GraphStore.stats()``, largest first."""
    ents = stats.get("entities") or {}
    return [{"type": t, "entities": int(n)} for t, n in sorted(ents.items(), key=lambda kv: (-int(kv[1]), kv[0]))]


def _total(value: Any) -> int:
    if isinstance(value, Mapping):
        return int(sum(int(v) for v in value.values()))
    return int(value or 0)


def kb_totals(stats: Mapping[str, Any]) -> dict[str, int]:
    """Headline counts for the overview: entities, edges, documents, chunks, tokens."""
    return {
        "entities": _total(stats.get("entities")),
        "edges": _total(stats.get("edges")),
        "documents": _total(stats.get("documents")),
        "chunks": _total(stats.get("chunks")),
        "tokens": _total(stats.get("tokens")),
    }


# ---- subgraph HTML (pyvis, made self-contained) -------------------------------------------------------------------

# Physics for ~200 nodes: forceAtlas2 spreads hubs well; a bounded stabilisation, then physics is switched off
# (injected script below) so the layout stays still while an analyst reads it.
PHYSICS: dict[str, Any] = {
    "enabled": True,
    "solver": "forceAtlas2Based",
    "forceAtlas2Based": {
        "gravitationalConstant": -60,
        "centralGravity": 0.01,
        "springLength": 110,
        "springConstant": 0.08,
        "damping": 0.6,
        "avoidOverlap": 0.3,
    },
    "maxVelocity": 60,
    "minVelocity": 1.0,
    "timestep": 0.4,
    "adaptiveTimestep": True,
    "stabilization": {"enabled": True, "iterations": 250, "updateInterval": 25, "fit": True},
}

_EXTERNAL_TAG_RES = (
    re.compile(r"<link\b[^>]*\bhref\s*=\s*[\"']?(?:https?:)?//[^>]*>", re.I),
    re.compile(r"<script\b[^>]*\bsrc\s*=\s*[\"']?(?:https?:)?//[^>]*>\s*</script\s*>", re.I),
)
# Any attribute or CSS reference that would make the browser fetch from the network.
_EXTERNAL_REF_RE = re.compile(
    r"""(?:\b(?:src|href)\s*=\s*["']?|@import\s+(?:url\()?\s*["']?|url\(\s*["']?)((?:https?:)?//[^"')\s>]+)""",
    re.I,
)
_EMPTY_HEADING_RE = re.compile(r"<center>\s*<h1>\s*</h1>\s*</center>", re.I)


def external_resources(page: str) -> list[str]:
    """URLs a page would fetch from the network (script/link/img src/href, CSS url()/@import)."""
    # Only markup and CSS can trigger fetches; string literals inside inline JS (licence URLs, the SVG namespace)
    # are data, so inline <script> bodies are skipped.
    without_js = re.sub(r"(<script\b[^>]*>)(.*?)(</script\s*>)", r"\1\3", page, flags=re.I | re.S)
    return _EXTERNAL_REF_RE.findall(without_js)


def make_self_contained(page: str) -> str:
    """Remove every external <link>/<script src> pyvis adds (Bootstrap, CDNs); fail loudly if any reference is left."""
    for pattern in _EXTERNAL_TAG_RES:
        page = pattern.sub("", page)
    page = _EMPTY_HEADING_RE.sub("", page)
    left = external_resources(page)
    if left:
        raise RuntimeError(f"subgraph HTML still references the network: {left[:3]} (pyvis template changed?)")
    return page


def _node_title(n: SubgraphNode) -> str:
    lines = [f"{n.label} ({n.id})" if n.label and n.label != n.id else n.id, f"type: {n.type}"]
    if n.hop == 0:
        lines.append("seed" + (f" · similarity {n.similarity:.3f}" if n.similarity is not None else ""))
    else:
        lines.append(f"hop {n.hop} · hop score {n.hop_score:.3f}")
        if n.via_edge:
            lines.append(f"via {n.via_edge} from {n.reached_from or '?'}")
    return "\n".join(lines)


def _rgba(hex_color: str, alpha: float) -> str:
    h = hex_color.lstrip("#")
    r, g, b = int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)
    return f"rgba({r},{g},{b},{alpha:.2f})"


def node_style(node: SubgraphNode, max_score: float, palette: Mapping[str, str] | None = None) -> dict[str, Any]:
    """vis-network options for one node: colour by type, size/opacity by hop score, seeds as bordered stars."""
    base = type_color(node.type, palette)
    if node.hop == 0:
        return {
            "shape": "star",
            "size": 24,
            "borderWidth": 1.5,
            "color": {"background": base, "border": SEED_BORDER, "highlight": {"background": base, "border": SEED_BORDER}},
            "font": {"size": 14, "color": "#111111", "strokeWidth": 3, "strokeColor": "#ffffff"},
        }
    share = node.hop_score / max_score if max_score > 0 else 0.0
    alpha = 0.35 + 0.65 * share
    return {
        "shape": "dot",
        "size": round(8 + 18 * math.sqrt(share), 2),
        "borderWidth": 1,
        "color": {"background": _rgba(base, alpha), "border": _rgba(base, min(1.0, alpha + 0.2)),
                  "highlight": {"background": base, "border": SEED_BORDER}},
        "font": {"size": 11, "color": _rgba("#222222", max(0.55, alpha))},
    }


def _type_items(types: Iterable[str], palette: Mapping[str, str] | None = None) -> str:
    return "".join(
        f'<span class="hl-item"><span class="hl-dot" style="background:{type_color(t, palette)}"></span>'
        f'{html_lib.escape(t)}</span>'
        for t in types
    )


def _legend_html(types: Iterable[str], palette: Mapping[str, str] | None = None) -> str:
    items = _type_items(types, palette)
    return (
        '<div id="hl-legend">'
        f"{items}"
        '<span class="hl-item"><span class="hl-star">&#9733;</span>seed</span>'
        '<span class="hl-item hl-note">size &amp; opacity = hop score · hover a node for details</span>'
        '<span class="hl-item" id="hl-status">laying out…</span>'
        "</div>"
    )


_EXTRA_CSS = """
<style>
  html, body { overflow: hidden; }
  body { margin: 0; font-family: -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
  .card { border: none; }
  #mynetwork { float: none !important; box-sizing: border-box; border: 1px solid #e3e6ea !important; border-radius: 6px; }
  #hl-legend { display: flex; flex-wrap: wrap; gap: 4px 14px; align-items: center; font-size: 12px;
               color: #333; padding: 4px 2px 6px 2px; }
  .hl-item { display: inline-flex; align-items: center; gap: 5px; white-space: nowrap; }
  .hl-dot { width: 11px; height: 11px; border-radius: 50%; display: inline-block; }
  .hl-star { font-size: 14px; color: #1b1b1b; }
  .hl-note { color: #777; }
  .vis-tooltip { white-space: pre-line !important; font-size: 12px !important; }
  /* pyvis' full-screen loading overlay hides the graph while it settles; a quiet status in the legend instead */
  #loadingBar { display: none !important; }
  #hl-status { color: #2E86AB; }
</style>
"""

# Freeze the layout once it has settled so nodes do not drift while the analyst reads; marks the page as ready
# (tests wait for data-ready on <body>).
_FREEZE_JS = """
<script type="text/javascript">
  (function () {
    function ready() {
      document.body.setAttribute("data-ready", "1");
      var status = document.getElementById("hl-status");
      if (status) { status.textContent = ""; }
    }
    if (typeof network === "undefined" || !network) { ready(); return; }
    network.once("stabilizationIterationsDone", function () { network.setOptions({ physics: false }); ready(); });
    setTimeout(ready, 8000);
  })();
</script>
"""


def subgraph_html(subgraph: Subgraph, height_px: int = 560, physics: bool = True,
                  palette: Mapping[str, str] | None = None) -> str:
    """A self-contained interactive HTML page drawing ``subgraph`` (pyvis / vis-network, no network access needed).

    Colour encodes the vertex type (``palette``: ``type_palette`` of the store's ontology), size and opacity the hop score relative to the best-scored node, seeds are
    bordered stars, edges carry their type. Edges whose endpoints are not in ``subgraph.nodes`` are dropped.
    """
    from pyvis.network import Network  # heavy-ish import, only when drawing

    if height_px < 100:
        raise ValueError(f"height_px must be at least 100 (got {height_px})")
    net = Network(height=f"{height_px}px", width="100%", directed=True, cdn_resources="in_line", bgcolor="#ffffff")
    max_score = max((n.hop_score for n in subgraph.nodes if n.hop > 0), default=0.0)
    titles = {n.id: _node_title(n) for n in subgraph.nodes}
    # pyvis switches to an innerHTML popup for every node when any title contains "href"; escape titles then.
    if any("href" in t for t in titles.values()):
        titles = {k: html_lib.escape(v).replace("\n", "<br>") for k, v in titles.items()}
    for n in subgraph.nodes:
        net.add_node(n.id, label=n.label or n.id, title=titles[n.id], **node_style(n, max_score, palette))
    ids = {n.id for n in subgraph.nodes}
    seen: set[tuple[str, str, str]] = set()
    for e in subgraph.edges:
        key = (e.src, e.type, e.dst)
        if e.src in ids and e.dst in ids and key not in seen:
            seen.add(key)
            net.add_edge(e.src, e.dst, label=e.type, title=f"{e.src} -{e.type}-> {e.dst}")
    options = {
        "physics": {**PHYSICS, "enabled": physics and len(subgraph.nodes) > 1},
        "edges": {
            "arrows": {"to": {"enabled": True, "scaleFactor": 0.5}},
            "color": {"color": "#B0B7C0", "highlight": "#2E86AB", "inherit": False},
            "font": {"size": 9, "align": "middle", "color": "#555555", "strokeWidth": 2},
            "smooth": False,
            "width": 1,
        },
        "interaction": {"hover": True, "tooltipDelay": 120, "hideEdgesOnDrag": True, "navigationButtons": False},
        "nodes": {"borderWidthSelected": 3},
    }
    net.set_options(json.dumps(options))
    page = net.generate_html(notebook=False)
    page = make_self_contained(page)
    present = list(dict.fromkeys(n.type for n in sorted(subgraph.nodes, key=lambda n: (n.hop, n.type))))
    page = page.replace("</head>", _EXTRA_CSS + "</head>", 1)
    page = re.sub(r"(<body[^>]*>)", lambda m: m.group(1) + _legend_html(present, palette), page, count=1)
    page = page.replace("</body>", _FREEZE_JS + "</body>", 1)
    return page


# ---- the evidence graph ------------------------------------------------------------------------------------------

RESULT_BORDER = "#D7263D"


def evidence_subgraph(evidence: Evidence, entities: Mapping[str, Entity]) -> Subgraph:
    """The path instances as a drawable subgraph: anchors at hop 0, each intermediate entity at its position on
    the path, results last (``hop_score`` 1.0 marks a result, 0.5 an intermediate). Edges keep the stored
    direction (an "in" step is drawn from the entity that owns the edge)."""
    results, anchors = set(evidence.results), set(evidence.anchors)
    hop: dict[str, int] = {}
    edges: dict[tuple[str, str, str], None] = {}
    for p in evidence.paths:
        for i, node in enumerate(p.nodes):
            hop[node] = min(hop.get(node, i), i)
        for i, edge in enumerate(p.edges):
            a, b = p.nodes[i], p.nodes[i + 1]
            inward = i < len(p.directions) and p.directions[i] == "in"
            edges.setdefault((b, edge, a) if inward else (a, edge, b), None)
    nodes = []
    for node, h in sorted(hop.items(), key=lambda kv: (kv[1], kv[0])):
        ent = entities.get(node)
        role = 0 if node in anchors else None
        nodes.append(SubgraphNode(node, ent.type if ent else "?", ent.name if ent else node,
                                  0 if role == 0 else max(h, 1), 1.0 if node in results else 0.5))
    return Subgraph(nodes, [SubgraphEdge(a, t, b) for a, t, b in edges])


def evidence_node_style(node: SubgraphNode, results: set[str], palette: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Anchors are stars, results large with a red border, the entities on the way small and faded."""
    base = type_color(node.type, palette)
    if node.hop == 0:
        return node_style(node, 1.0, palette)
    if node.id in results:
        return {"shape": "dot", "size": 22, "borderWidth": 3,
                "color": {"background": base, "border": RESULT_BORDER, "highlight": {"background": base, "border": RESULT_BORDER}},
                "font": {"size": 13, "color": "#111111", "strokeWidth": 3, "strokeColor": "#ffffff"}}
    return {"shape": "dot", "size": 12, "borderWidth": 1,
            "color": {"background": _rgba(base, 0.55), "border": _rgba(base, 0.8), "highlight": {"background": base, "border": SEED_BORDER}},
            "font": {"size": 11, "color": "#444444"}}


def evidence_html(evidence: Evidence, entities: Mapping[str, Entity], height_px: int = 520,
                  palette: Mapping[str, str] | None = None) -> str:
    """A self-contained page drawing the evidence graph (anchor -> path -> each result), results highlighted."""
    from pyvis.network import Network

    sub = evidence_subgraph(evidence, entities)
    results = set(evidence.results)
    net = Network(height=f"{height_px}px", width="100%", directed=True, cdn_resources="in_line", bgcolor="#ffffff")
    for n in sub.nodes:
        role = "anchor" if n.hop == 0 else "result" if n.id in results else "on the path"
        title = f"{n.label} ({n.id})\ntype: {n.type}\n{role}"
        net.add_node(n.id, label=n.label or n.id, title=title, **evidence_node_style(n, results, palette))
    for e in sub.edges:
        docs = evidence.documents.get(f"{e.src}|{e.dst}") or evidence.documents.get(f"{e.dst}|{e.src}") or []
        net.add_edge(e.src, e.dst, label=e.type, title=f"{e.src} -{e.type}-> {e.dst}" + (f"\nstated in {', '.join(docs)}" if docs else ""))
    options = {"physics": {**PHYSICS, "enabled": len(sub.nodes) > 1},
               "edges": {"arrows": {"to": {"enabled": True, "scaleFactor": 0.5}}, "smooth": False, "width": 1.5,
                         "color": {"color": "#8A94A0", "highlight": "#2E86AB", "inherit": False},
                         "font": {"size": 9, "align": "middle", "color": "#555555", "strokeWidth": 2}},
               "interaction": {"hover": True, "tooltipDelay": 120}}
    net.set_options(json.dumps(options))
    page = make_self_contained(net.generate_html(notebook=False))
    present = list(dict.fromkeys(n.type for n in sub.nodes if n.type != "?"))
    legend = ('<div id="hl-legend">' + _type_items(present, palette)
              + '<span class="hl-item"><span class="hl-star">&#9733;</span>anchor</span>'
              f'<span class="hl-item"><span class="hl-dot" style="border:3px solid {RESULT_BORDER}"></span>result</span>'
              '<span class="hl-item hl-note">small = on the path · hover an edge for the documents that state it'
              + (f" · first {evidence.cap} results traced" if evidence.capped else "") + '</span>'
              '<span class="hl-item" id="hl-status">laying out…</span></div>')
    page = page.replace("</head>", _EXTRA_CSS + "</head>", 1)
    page = re.sub(r"(<body[^>]*>)", lambda m: m.group(1) + legend, page, count=1)
    return page.replace("</body>", _FREEZE_JS + "</body>", 1)


def provenance_rows(evidence: Evidence, entities: Mapping[str, Entity]) -> list[dict[str, Any]]:
    """One row per answer item: the path instance(s) that put it there and the documents stating each link."""
    rows = []
    for rid in evidence.results:
        paths = evidence.for_result(rid)
        shown = []
        docs: list[str] = []
        for p in paths[:3]:
            hops = [p.nodes[0]]
            for i, edge in enumerate(p.edges):
                arrow = f"<-{edge}-" if i < len(p.directions) and p.directions[i] == "in" else f"-{edge}->"
                hops.append(f"{arrow} {p.nodes[i + 1]}")
                docs += evidence.documents.get(f"{p.nodes[i]}|{p.nodes[i + 1]}", [])
            shown.append(" ".join(hops))
        ent = entities.get(rid)
        rows.append({"item": rid, "name": ent.name if ent else "", "path": " | ".join(shown) or "—",
                     "documents": ", ".join(dict.fromkeys(docs)) or "—"})
    return rows


# ---- plotly figures ------------------------------------------------------------------------------------------------

_LAYOUT = {"template": "plotly_white", "margin": {"l": 40, "r": 20, "t": 50, "b": 40}, "height": 360}


def _pipelines_in(summary: Mapping[str, Any]) -> list[str]:
    return display_order(list((summary.get("pipelines") or {}).keys()))


def _ci_errors(acc: float, ci: Sequence[float] | None) -> tuple[float, float]:
    if not ci or len(ci) != 2 or ci[0] is None or ci[1] is None:
        return 0.0, 0.0
    return max(0.0, float(ci[1]) - acc), max(0.0, acc - float(ci[0]))


def accuracy_figure(summary: Mapping[str, Any]) -> go.Figure:
    """Accuracy per pipeline with its 95% confidence interval as error bars."""
    names = _pipelines_in(summary)
    pipes = summary["pipelines"]
    acc = [float(pipes[n]["accuracy"]) for n in names]
    errs = [_ci_errors(a, pipes[n].get("ci95")) for a, n in zip(acc, names, strict=True)]
    fig = go.Figure(
        go.Bar(
            x=[pipeline_label(n) for n in names],
            y=acc,
            marker_color=[PIPELINE_COLORS.get(n, DEFAULT_COLOR) for n in names],
            error_y={"type": "data", "array": [e[0] for e in errs], "arrayminus": [e[1] for e in errs], "visible": True},
            text=[f"{a:.0%}" for a in acc],
            textposition="inside",
            hovertemplate="%{x}: %{y:.1%}<extra></extra>",
        )
    )
    fig.update_layout(title="Accuracy per pipeline (95% CI)", yaxis={"range": [0, 1.05], "tickformat": ".0%"}, **_LAYOUT)
    return fig


def accuracy_by_kind_figure(summary: Mapping[str, Any]) -> go.Figure:
    """Grouped bars: accuracy per question kind, one bar per pipeline, with confidence intervals."""
    names = _pipelines_in(summary)
    pipes = summary["pipelines"]
    kinds = sorted({k for n in names for k in (pipes[n].get("by_kind") or {})})
    fig = go.Figure()
    for n in names:
        by_kind = pipes[n].get("by_kind") or {}
        acc = [float(by_kind[k]["accuracy"]) if k in by_kind else None for k in kinds]
        errs = [_ci_errors(a, by_kind[k].get("ci95")) if a is not None else (0.0, 0.0) for a, k in zip(acc, kinds, strict=True)]
        fig.add_trace(
            go.Bar(
                name=pipeline_label(n),
                x=kinds,
                y=acc,
                marker_color=PIPELINE_COLORS.get(n, DEFAULT_COLOR),
                error_y={"type": "data", "array": [e[0] for e in errs], "arrayminus": [e[1] for e in errs]},
                customdata=[by_kind[k].get("n", "") if k in by_kind else "" for k in kinds],
                hovertemplate="%{x}: %{y:.1%} (n=%{customdata})<extra>" + pipeline_label(n) + "</extra>",
            )
        )
    fig.update_layout(title="Accuracy per question kind (95% CI)", barmode="group",
                      yaxis={"range": [0, 1.05], "tickformat": ".0%"}, **_LAYOUT)
    return fig


def token_distribution_figure(rows: pd.DataFrame) -> go.Figure:
    """Prompt tokens per question, one box per pipeline (every prompt token counted, see DESIGN fairness rule 4)."""
    _require_columns(rows, ("pipeline", "prompt_tokens"))
    fig = go.Figure()
    for n in display_order(list(rows["pipeline"].unique())):
        fig.add_trace(
            go.Box(
                name=pipeline_label(n),
                y=rows.loc[rows["pipeline"] == n, "prompt_tokens"],
                marker_color=PIPELINE_COLORS.get(n, DEFAULT_COLOR),
                boxpoints="outliers",
            )
        )
    fig.update_layout(title="Prompt tokens per question", yaxis_title="prompt tokens", showlegend=False, **_LAYOUT)
    return fig


def latency_figure(summary: Mapping[str, Any]) -> go.Figure:
    """Latency p50/p95 per pipeline: end to end and retrieval only (everything before generation)."""
    names = _pipelines_in(summary)
    pipes = summary["pipelines"]
    series = (
        ("retrieval p50", "retrieval_p50_ms", "#9ecae1"),
        ("retrieval p95", "retrieval_p95_ms", "#3182bd"),
        ("total p50", "latency_p50_ms", "#fdae6b"),
        ("total p95", "latency_p95_ms", "#e6550d"),
    )
    fig = go.Figure()
    for label, key, color in series:
        fig.add_trace(
            go.Bar(
                name=label,
                x=[pipeline_label(n) for n in names],
                y=[float(pipes[n].get(key) or 0.0) for n in names],
                marker_color=color,
                hovertemplate="%{x}: %{y:.1f} ms<extra>" + label + "</extra>",
            )
        )
    fig.update_layout(title="Latency p50 / p95", barmode="group", yaxis_title="ms", **_LAYOUT)
    return fig


def token_accuracy_figure(summary: Mapping[str, Any]) -> go.Figure:
    """Median prompt tokens against accuracy, one point per pipeline: up and to the left is better."""
    names = _pipelines_in(summary)
    pipes = summary["pipelines"]
    fig = go.Figure()
    for n in names:
        p = pipes[n]
        acc = float(p["accuracy"])
        up, down = _ci_errors(acc, p.get("ci95"))
        fig.add_trace(
            go.Scatter(
                name=pipeline_label(n),
                x=[float(p.get("prompt_tokens_median") or 0.0)],
                y=[acc],
                mode="markers+text",
                text=[pipeline_label(n)],
                textposition="top center",
                marker={"size": 16, "color": PIPELINE_COLORS.get(n, DEFAULT_COLOR)},
                error_y={"type": "data", "array": [up], "arrayminus": [down]},
                hovertemplate="%{x:.0f} tokens · %{y:.1%}<extra>" + pipeline_label(n) + "</extra>",
            )
        )
    fig.update_layout(title="Median prompt tokens vs accuracy", xaxis_title="median prompt tokens",
                      yaxis={"range": [0, 1.1], "tickformat": ".0%", "title": "accuracy"}, showlegend=False, **_LAYOUT)
    return fig


def compare_tokens_figure(answers: Mapping[str, Answer]) -> go.Figure:
    """Stacked prompt/completion tokens for one question across pipelines."""
    names = list(answers)
    labels = [pipeline_label(n) for n in names]
    fig = go.Figure(
        [
            go.Bar(name="prompt", x=labels, y=[answers[n].usage.prompt_tokens for n in names], marker_color="#2E86AB"),
            go.Bar(name="completion", x=labels, y=[answers[n].usage.completion_tokens for n in names],
                   marker_color="#F2A541"),
        ]
    )
    fig.update_layout(title="Tokens", barmode="stack", yaxis_title="tokens", **_LAYOUT)
    return fig


def compare_latency_figure(answers: Mapping[str, Answer]) -> go.Figure:
    """Stacked latency by stage for one question across pipelines."""
    names = list(answers)
    labels = [pipeline_label(n) for n in names]
    palette = ("#c6dbef", "#9ecae1", "#6baed6", "#3182bd", "#fd8d3c", "#d9d9d9")
    fig = go.Figure()
    stages = [*TIMING_STAGES, ("other", "other")]
    for (attr, label), color in zip(stages, palette, strict=True):
        if attr == "other":
            ys = [max(0.0, t.total_ms - sum(getattr(t, a) for a, _ in TIMING_STAGES)) for t in (answers[n].timings for n in names)]
        else:
            ys = [getattr(answers[n].timings, attr) for n in names]
        fig.add_trace(go.Bar(name=label, x=labels, y=ys, marker_color=color,
                             hovertemplate="%{x}: %{y:.1f} ms<extra>" + label + "</extra>"))
    fig.update_layout(title="Latency by stage", barmode="stack", yaxis_title="ms", **_LAYOUT)
    return fig


def timings_figure(timings: Timings) -> go.Figure:
    """Horizontal bars of one answer's latency by stage."""
    rows = [r for r in timing_rows(timings) if r["stage"] != "total"]
    fig = go.Figure(go.Bar(x=[r["ms"] for r in rows], y=[r["stage"] for r in rows], orientation="h",
                           marker_color="#2E86AB", hovertemplate="%{y}: %{x:.2f} ms<extra></extra>"))
    fig.update_layout(title=f"Latency breakdown ({timings.total_ms:.1f} ms total)", xaxis_title="ms",
                      **{**_LAYOUT, "height": 260})
    return fig


# ---- benchmark drill-down -------------------------------------------------------------------------------------------

RESULT_COLUMNS = (
    "question_id", "kind", "question", "pipeline", "answer", "verdict", "score", "reason", "prompt_tokens",
    "completion_tokens", "calls", "total_ms", "retrieval_ms", "plan_kind", "subgraph_nodes", "context_tokens", "error",
)


def _require_columns(rows: pd.DataFrame, columns: Iterable[str]) -> None:
    missing = [c for c in columns if c not in rows.columns]
    if missing:
        raise ValueError(f"results table lacks columns {missing}: was it written by `hoplens eval`?")


def filter_results(
    rows: pd.DataFrame,
    pipelines: Sequence[str] | None = None,
    kinds: Sequence[str] | None = None,
    verdicts: Sequence[str] | None = None,
    text: str = "",
) -> pd.DataFrame:
    """Rows matching every non-empty filter; ``text`` searches question id, question and answer, case-insensitive."""
    _require_columns(rows, ("pipeline", "kind", "verdict"))
    mask = pd.Series(True, index=rows.index)
    if pipelines:
        mask &= rows["pipeline"].isin(list(pipelines))
    if kinds:
        mask &= rows["kind"].isin(list(kinds))
    if verdicts:
        mask &= rows["verdict"].isin(list(verdicts))
    needle = text.strip().lower()
    if needle:
        hay = pd.Series("", index=rows.index)
        for col in ("question_id", "question", "answer"):
            if col in rows.columns:
                hay = hay + " " + rows[col].astype(str).str.lower()
        mask &= hay.str.contains(needle, regex=False)
    return rows.loc[mask]


def results_csv(rows: pd.DataFrame) -> bytes:
    buf = io.StringIO()
    rows.to_csv(buf, index=False)
    return buf.getvalue().encode("utf-8")


def summary_rows(summary: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One row per pipeline for the headline table of a benchmark run."""
    out = []
    for n in _pipelines_in(summary):
        p = summary["pipelines"][n]
        ci = p.get("ci95") or [None, None]
        out.append({
            "pipeline": pipeline_label(n),
            "n": p.get("n"),
            "accuracy": p.get("accuracy"),
            "ci95 low": ci[0],
            "ci95 high": ci[1],
            "prompt tokens (median)": p.get("prompt_tokens_median"),
            "prompt tokens (mean)": p.get("prompt_tokens_mean"),
            "latency p50 ms": p.get("latency_p50_ms"),
            "latency p95 ms": p.get("latency_p95_ms"),
            "retrieval p50 ms": p.get("retrieval_p50_ms"),
            "errors": p.get("errors"),
        })
    return out


# ---- reader-free context metrics (core/evaluation/context_metrics.py) ----------------------------------------------

CONTEXT_METRICS: tuple[tuple[str, str], ...] = (
    ("answer_in_context", "answer in context"),
    ("gold_recall", "gold recall"),
    ("context_precision", "context precision"),
)


def has_context_metrics(summary: Mapping[str, Any]) -> bool:
    return any("context" in p for p in (summary.get("pipelines") or {}).values())


def context_metric_rows(summary: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One row per pipeline: accuracy beside the reader-free context metrics, each with its 95% CI."""
    out = []
    for n in _pipelines_in(summary):
        p = summary["pipelines"][n]
        c = p.get("context") or {}
        row: dict[str, Any] = {"pipeline": pipeline_label(n), "accuracy": p.get("accuracy")}
        for key, label in CONTEXT_METRICS:
            block = c.get(key) or {}
            ci = block.get("ci95") or [None, None]
            row[label] = block.get("mean")
            row[f"{label} 95% CI"] = "-" if ci[0] is None else f"{ci[0]:.0%}–{ci[1]:.0%}"
        row["context tokens (mean)"] = c.get("context_tokens_mean")
        row["confident wrong"] = p.get("confident_wrong")
        out.append(row)
    return out


def context_metric_table(summary: Mapping[str, Any]) -> list[dict[str, Any]]:
    """``context_metric_rows`` with rates written as percentages, for a static table."""
    def pct(x: Any) -> str:
        return "-" if x is None else f"{float(x):.0%}"

    out = []
    for row in context_metric_rows(summary):
        shown = dict(row)
        for key in ("accuracy", *(label for _, label in CONTEXT_METRICS)):
            shown[key] = pct(row.get(key))
        tokens = row.get("context tokens (mean)")
        shown["context tokens (mean)"] = "-" if tokens is None else f"{tokens:.0f}"
        out.append(shown)
    return out


def context_figure(summary: Mapping[str, Any]) -> go.Figure:
    """Accuracy and answer-in-context side by side per pipeline, with 95% CIs: the gap between them is the reader's."""
    names = _pipelines_in(summary)
    pipes = summary["pipelines"]
    fig = go.Figure()
    series = (("accuracy", lambda p: (p.get("accuracy"), p.get("ci95"))),
              ("answer in context", lambda p: ((p.get("context") or {}).get("answer_in_context", {}).get("mean"),
                                               (p.get("context") or {}).get("answer_in_context", {}).get("ci95"))))
    for i, (label, get) in enumerate(series):
        vals = [get(pipes[n]) for n in names]
        y = [float(v or 0.0) for v, _ in vals]
        errs = [_ci_errors(a, ci) for a, (_, ci) in zip(y, vals, strict=True)]
        fig.add_trace(go.Bar(
            name=label, x=[pipeline_label(n) for n in names], y=y,
            marker_color=[PIPELINE_COLORS.get(n, DEFAULT_COLOR) for n in names],
            marker_pattern_shape="" if i == 0 else "/", opacity=1.0 if i == 0 else 0.75,
            error_y={"type": "data", "array": [e[0] for e in errs], "arrayminus": [e[1] for e in errs]},
            hovertemplate="%{x}: %{y:.1%}<extra>" + label + "</extra>",
        ))
    fig.update_layout(title="Accuracy vs answer in context (95% CI)", barmode="group",
                      yaxis={"range": [0, 1.05], "tickformat": ".0%"}, **_LAYOUT)
    return fig


def context_by_kind_figure(summary: Mapping[str, Any]) -> go.Figure:
    """Answer-in-context per question kind, one bar per pipeline (kinds without the metric are left out)."""
    names = _pipelines_in(summary)
    pipes = summary["pipelines"]
    kinds = sorted({k for n in names for k, b in (pipes[n].get("by_kind") or {}).items()
                    if ((b.get("context") or {}).get("answer_in_context") or {}).get("n")})
    fig = go.Figure()
    for n in names:
        by_kind = pipes[n].get("by_kind") or {}
        blocks = [((by_kind.get(k) or {}).get("context") or {}).get("answer_in_context") or {} for k in kinds]
        y = [b.get("mean") for b in blocks]
        errs = [_ci_errors(float(v), b.get("ci95")) if v is not None else (0.0, 0.0) for v, b in zip(y, blocks, strict=True)]
        fig.add_trace(go.Bar(
            name=pipeline_label(n), x=kinds, y=y, marker_color=PIPELINE_COLORS.get(n, DEFAULT_COLOR),
            error_y={"type": "data", "array": [e[0] for e in errs], "arrayminus": [e[1] for e in errs]},
            customdata=[b.get("n", "") for b in blocks],
            hovertemplate="%{x}: %{y:.1%} (n=%{customdata})<extra>" + pipeline_label(n) + "</extra>",
        ))
    fig.update_layout(title="Answer in context per question kind (95% CI)", barmode="group",
                      yaxis={"range": [0, 1.05], "tickformat": ".0%"}, **_LAYOUT)
    return fig


# ---- example questions from the ontology and the data (the overview) ----------------------------------------------

EXAMPLE_KINDS: tuple[tuple[str, str], ...] = (
    ("count", "counting"), ("relation", "relations"), ("attribute", "attributes"), ("relation_count", "counting a relation"),
)
_PREPOSITIONS = frozenset({"in", "on", "at", "of", "for", "about", "by", "with", "from", "to", "under", "near"})
_ATTR_KIND_RANK = {"int": 0, "float": 0, "date": 1, "datetime": 1, "string": 2}


def _noun(onto: Any, type_name: str) -> str:
    from core.ontology import split_camel

    vt = onto.vertex_type(type_name)
    return vt.nouns[0] if vt.nouns else split_camel(type_name)


def _plural(noun: str) -> str:
    from core.schema import plural

    return plural(noun)


def plural_verb(verbs: Sequence[str]) -> str | None:
    """How an edge's verb reads after a plural subject ("Which labs ___ X?"), from the ontology's verb forms:
    a base form whose "-s" form is listed too ("belong to" beside "belongs to"), a past tense ("authored"), a
    passive or prepositional reading with "are" ("are funded by", "are located in", "are about"); None without verbs."""
    verbs = [v for v in verbs if v.strip()]
    if not verbs:
        return None
    first = verbs[0].split()
    if len(first) == 1 and first[0].endswith("ed"):
        return verbs[0]  # "authored", "experienced"
    listed = set(verbs)

    def base_of(v: str) -> str | None:  # "depends on" -> "depend on" when both are listed; a base form itself
        w, *rest = v.split()
        third = w[:-1] + "ies" if w.endswith("y") and len(w) > 2 and w[-2] not in "aeiou" else w + "s"
        if not w.endswith("s") and " ".join([third, *rest]) in listed:
            return v
        for base in ((w[:-3] + "y") if w.endswith("ies") else None, w[:-1] if w.endswith("s") else None):
            if base and " ".join([base, *rest]) in listed:
                return " ".join([base, *rest])
        return None

    if base_of(verbs[0]):
        return base_of(verbs[0])  # "depend on", "belong to", "report to", "cite"
    if first[0] in _PREPOSITIONS:
        return "are " + verbs[0]  # "are in", "are about", "are by artist"
    if first[0].endswith("ed"):
        return "are " + verbs[0]  # "are funded by", "are located in", "are billed to"
    for v in verbs[1:]:
        if base_of(v) and not v.split()[0].endswith("ed"):
            return base_of(v)  # "csm for" -> "look after"
    w = first
    if len(w) == 2 and w[1] in ("of", "for") and not w[0].endswith("s"):
        return f"are {_plural(w[0])} {w[1]}"  # "are members of"
    return "are " + verbs[0]  # "are about", "are in"


def _good_attr(a: Any) -> bool:
    """An attribute whose word reads as a noun ("budget", "h index"; not "founded") and that is not an id or a part
    of the display name."""
    word = a.words[0] if a.words else a.name.replace("_", " ")
    return (a.name != "name" and a.kind in _ATTR_KIND_RANK and not a.name.endswith("_id") and not word.endswith("ed")
            and a.name not in ("first_name", "last_name", "email", "title"))


def example_questions(onto: Any, counts: Mapping[str, Any], edges: Sequence[tuple[Entity, str, Entity]],
                      per_kind: int = 3) -> list[dict[str, str]]:
    """Example questions written from the store's ontology and real records, never from a question suite.

    ``counts``: entities per type (``stats()["entities"]``); ``edges``: real (source entity, edge type, target
    entity) instances the caller read from the store, whose names it checked resolve to those entities. Kinds:
    "How many <plural noun> are there?" for the largest types; "Which <plural noun> <verb> <target name>?" and
    "How many <plural noun> <verb> <target name>?" from real edges; "What is the <attribute word> of <name>?" for
    an attribute an entity really has. Deterministic for the same input; at most ``per_kind`` of each kind."""
    out: list[dict[str, str]] = []
    types = {v.name for v in onto.entity_types()}
    counted = sorted(((int(n), t) for t, n in (counts or {}).items() if t in types and int(n) > 0), key=lambda x: (-x[0], x[1]))
    for _, t in counted[:per_kind]:
        out.append({"kind": "count", "question": f"How many {_plural(_noun(onto, t))} are there?"})
    relation: list[dict[str, str]] = []
    rel_count: list[dict[str, str]] = []
    seen_types: set[str] = set()
    for src, etype, dst in edges:
        if etype in seen_types or not dst.name or src.type not in types or dst.type not in types:
            continue
        et = next((e for e in onto.edges(etype) if e.src in (src.type, "*") and e.dst in (dst.type, "*")), None)
        verb = plural_verb(et.verbs) if et is not None and not et.structural else None
        if verb is None:
            continue
        seen_types.add(etype)
        noun = _plural(_noun(onto, src.type))
        relation.append({"kind": "relation", "question": f"Which {noun} {verb} {dst.name}?"})
        rel_count.append({"kind": "relation_count", "question": f"How many {noun} {verb} {dst.name}?"})
    out += relation[:per_kind]
    attrs: list[dict[str, str]] = []
    seen_attr: set[tuple[str, str]] = set()
    candidates = {e.id: e for pair in edges for e in (pair[2], pair[0])}
    for ent in sorted(candidates.values(), key=lambda e: (e.type, e.id)):
        if not ent.name or ent.type not in types:
            continue
        vt = onto.vertex_type(ent.type)
        good = sorted((a for a in vt.attrs if _good_attr(a) and ent.attrs.get(a.name) not in (None, "", [])),
                      key=lambda a: (_ATTR_KIND_RANK[a.kind], a.name))
        for a in good:
            if (ent.type, a.name) in seen_attr or any(k == ent.type for k, _ in seen_attr):
                continue
            seen_attr.add((ent.type, a.name))
            word = a.words[0] if a.words else a.name.replace("_", " ")
            attrs.append({"kind": "attribute", "question": f"What is the {word} of {ent.name}?"})
            break
    out += attrs[:per_kind]
    out += rel_count[:1]
    return out


# ---- an entity's attributes and relations (Explore) ---------------------------------------------------------------


def entity_attribute_rows(onto: Any, entity: Entity) -> list[dict[str, Any]]:
    """The entity's attributes in its type's declared order (with the ontology's kind), then any undeclared ones."""
    declared = {a.name: a for a in onto.vertex_type(entity.type).attrs} if onto.has_type(entity.type) else {}
    names = [n for n in declared if n in entity.attrs] + [n for n in entity.attrs if n not in declared]
    return [{"attribute": n, "kind": declared[n].kind if n in declared else "", "value": str(entity.attrs[n])}
            for n in names]


def entity_relation_rows(onto: Any, entity: Entity, neighbors: Iterable[tuple[Any, Entity]]) -> list[dict[str, Any]]:
    """One row per stored edge at the entity (``store.neighbors``): the relation in the ontology's words with an
    arrow for its direction ("belongs to →": this entity belongs to the other; "← belongs to": the other belongs to
    this one), the edge type, the other end, and the edge's attributes when any edge here has some."""
    rows = []
    for edge, other in neighbors:
        outward = edge.src == entity.id
        src, dst = (entity.type, other.type) if outward else (other.type, entity.type)
        et = next((e for e in onto.edges(edge.type) if e.src in (src, "*") and e.dst in (dst, "*")), None)
        verb = et.verbs[0] if et is not None and et.verbs else edge.type.lower().replace("_", " ")
        rows.append({"relation": f"{verb} →" if outward else f"← {verb}",
                     "edge": f"-[{edge.type}]->" if outward else f"<-[{edge.type}]-",
                     "entity": other.id, "name": other.name, "type": other.type,
                     "edge attributes": ", ".join(f"{k}={v}" for k, v in edge.attrs.items())})
    if not any(r["edge attributes"] for r in rows):
        for r in rows:
            del r["edge attributes"]
    rows.sort(key=lambda r: (r["edge"], r["type"], r["entity"]))
    return rows


# ---- the ontology (Data page; the same content as `hoplens ontology show`) ----------------------------------------


def ontology_rows(onto: Any) -> dict[str, list[dict[str, Any]]]:
    """The ontology as tables: "types" (nouns, attribute count), "attributes" (kind, words, closed values), "edges"
    (direction, verbs, reverse readings, edge attributes) and "derived" relations; structural edges left out."""
    types, attrs = [], []
    for v in onto.entity_types():
        types.append({"type": v.name, "nouns": ", ".join(v.nouns) or "-", "attributes": len(v.attrs)})
        for a in v.attrs:
            attrs.append({"type": v.name, "attribute": a.name, "kind": a.kind, "words": ", ".join(a.words),
                          "closed values": ", ".join(a.values)})
    edges = [{"edge": f"({e.src})-[{e.name}]->({e.dst})", "verbs": ", ".join(e.verbs) or "-",
              "reverse": ", ".join(e.reverse_verbs) or "-",
              "edge attributes": ", ".join(f"{a.name}:{a.kind}" for a in e.attrs)}
             for e in onto.edge_types if not e.structural]
    derived = [{"relation": d.name, "source": d.source, "targets": ", ".join(d.targets), "words": ", ".join(d.words),
                "paths": " AND ".join(" ".join(f"-[{s[0]}]->" if s[1] == "out" else f"<-[{s[0]}]-" for s in p)
                                      for ps in d.targets.values() for p in ps)}
               for d in onto.derived]
    return {"types": types, "attributes": attrs, "edges": edges, "derived": derived}
