"""Superlatives and attributes over a computed set: most/fewest by a count (or a sum) along a path, the extreme of
a numeric or date attribute, the attribute a later clause asks about.
"""

from __future__ import annotations

from typing import Any

from core.records import Plan, Walk
from core.retrieval import facts
from core.retrieval.planning import lexicon as lx
from core.retrieval.planning.execute import walk_ids
from core.retrieval.planning.paths import (
    render_filters,
    render_walk,
    stages,
)
from core.retrieval.planning.reading import Noun, Reading
from core.retrieval.planning.results import Context, PlanResult, as_float, describe
from core.retrieval.planning.values import attr_filters, lookup_attr, numeric_attr
from core.schema import DATE, FLOAT, INT
from core.store.filters import matches

GROUP_LIMIT = 2_000  # candidates ranked for "which X has the most Y"
TIE_DOUBT = facts.MAX_LISTED  # more winners tied at the top than an answer lists: the measure is likely not meant


def ranked(ctx: Context, r: Reading, target: Noun, counted: Noun, among: list[str] | None = None,
           measure: str | None = None, highest: bool = True, legs: list | None = None) -> PlanResult | None:
    """Which target has the most / fewest of the counted type (among a computed set, or all of the type); with
    ``measure``, ranked by the sum of that attribute over them ("the customer with the highest total of invoices");
    ``legs``: the route to what is counted when the caller knows it (a self-relation's direction)."""
    legs = legs or stages(r.onto, target.type, counted.type, r.verb_words, {target.type, counted.type},
                          bool(lx.impact_positions(r.onto, r.words)))
    if not legs:
        return None
    path = [s for st in legs for s in st.paths[0]]
    filters = attr_filters(ctx.vocab, r, r.onto.vertex_type(counted.type), counted.start)
    if among is None:
        cand_filters = attr_filters(ctx.vocab, r, r.onto.vertex_type(target.type), target.start,
                                    scope=(max(0, target.start - 3), target.end + 4))
        candidates = [c.id for c in ctx.store.list_entities(target.type, limit=GROUP_LIMIT)
                      if all(matches(c, f) for f in cand_filters)]
    else:
        cand_filters, candidates = [], list(among)
    if measure is None:
        counts = {c: len(walk_ids(ctx.store, Walk([c], legs), filters)) for c in candidates}
    else:
        counts = {}
        for c in candidates:
            vals = [as_float(e.attrs.get(measure)) for e in ctx.store.get_entities(walk_ids(ctx.store, Walk([c], legs), filters))
                    if e is not None]
            counts[c] = round(sum(v for v in vals if v is not None), 6)
    if not counts:
        return None
    fewest = r.superlative == "fewest" if measure is None else not highest
    pick = min(counts.values()) if fewest else max(counts.values())
    winners = sorted(i for i, n in counts.items() if n == pick)
    if len(winners) > TIE_DOUBT and "tie?" not in r.doubts:
        r.doubts.append("tie?")  # a measure that ranks many equal is likely not the one the question means
    names = ctx.names(winners[: facts.MAX_LISTED])
    order = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]) if fewest else (-kv[1], kv[0]))
    runners = "; ".join(f"{i} {n}" for i, n in order[len(winners) : len(winners) + 3])
    walk = Walk(stages=legs, seed_type=target.type, seed_filters=cand_filters)
    desc = render_walk(walk) + ("; filter: " + render_filters(filters) if filters else "")
    word = (r.superlative or "most") if measure is None else f"{'highest' if highest else 'lowest'} total {measure} of"
    for n in (target, counted):
        r.use(n.start, n.end, f"type {n.type}")
    plan = Plan("aggregate", target_type=target.type, path=path, filters=filters,
                operator="argmin" if fewest else "argmax", walks=[walk],
                explanation=f"{word} {counted.type} per {target.type} over {len(counts)} {target.type} entities ({desc})")
    listed = facts.listing(winners, names)
    return PlanResult(plan, [facts.ranked(word, counted.type, target.type, pick, desc, runners, listed)], winners)


def asked_attribute(r: Reading, vt) -> str | None:
    """An attribute the asking clause asks for about a set named earlier (no type noun in the asking clause)."""
    if any(n.start >= r.ask_from for n in r.nouns) or r.ask_from == 0:
        return None
    clause = Reading(r.question, r.masked, r.low, ["_"] * r.ask_from + r.words[r.ask_from :], onto=r.onto)
    attr = lookup_attr(clause, vt)
    if attr is not None:
        for i, how in clause.explained.items():
            r.use(i, i + 1, how)
    return attr


def _is_year(attr) -> bool:
    """An integer attribute that holds a year: "year" in its name ("birth_year"), or its name is a participle of
    when something began ("founded", "opened", "established" kept as 1996)."""
    toks = lx.words_of(attr.name.replace("_", " "))
    return "year" in toks or (len(toks) == 1 and len(toks[0]) > 5 and toks[0].endswith("ed"))


# Heads that stand for one of the ranked set itself ("the youngest *member* of the cast", "the oldest *one*")
_ONE_OF = frozenset("one ones member members person people".split())


def _LOOSE_HEADS(r: Reading) -> set[str]:
    """Words a superlative may modify that are no type's noun but a relation's ("stop" of STOPS_AT/SERVES' stop
    order) or unknown: any content word not naming a type."""
    return {w for w in r.words if w != "_" and w not in lx.FUNCTION_WORDS and w not in lx.nouns(r.onto)}


def superlative(r: Reading, vt) -> tuple[str, str, bool] | None:
    """(word, attribute, highest?) for "the longest", "the biggest ... by ARR", "the first/most recent"."""
    words = r.words
    for i, w in enumerate(words):
        if i and words[i - 1] == "at":
            continue  # "at least", "at most"
        nxt = words[i + 1] if i + 1 < len(words) else ""
        if w in lx.DATE_TOP | lx.DATE_BOTTOM and (w != "last" or nxt in lx.nouns(r.onto) or nxt == "one"):
            # a date, or a year kept as an integer ("founded first", "the oldest vehicle" by build year)
            yearly = [a for a in vt.attrs if a.kind == INT and _is_year(a)]
            dates = [a for a in vt.attrs if a.kind == DATE] + yearly
            named = [a for a in vt.attrs if a.kind in (DATE, INT)
                     and any(lx.find_stemmed(words, lx.phrase_of(p)) >= 0 for p in (a.name.replace("_", " "), *a.words))
                     and (a.kind == DATE or a in yearly or w in ("first", "earliest", "latest", "last"))]
            own = {n for n, t in lx.nouns(r.onto).items() if t == vt.name}
            if not named and nxt and nxt not in own | _ONE_OF and nxt in _LOOSE_HEADS(r) and i + 1 not in r.expanded:
                continue  # "the first *stop* on line L": the order of a relation, not the station's own date
            if named or dates:
                attr = (named or dates)[0]
                for p in (attr.name.replace("_", " "), *attr.words):
                    at = lx.find_stemmed(words, lx.phrase_of(p))
                    if at >= 0:
                        r.use(at, at + len(lx.words_of(p)), f"attribute {attr.name}")
                return w, attr.name, w in lx.DATE_TOP
        if w in lx.TOP_WORDS | lx.BOTTOM_WORDS:
            attr = numeric_attr(r, vt)
            base = w[:-3] if w.endswith("est") else w
            measured = next((k for k in lx.MEASURES if nxt.startswith(k) and len(nxt) <= len(k) + 3), None) or (
                nxt if w in ("most", "least") and lx.measures(nxt) else None)  # "the most *durable*" by WordNet
            if w in ("most", "least") and measured:  # "the most expensive product": the adjective after says what
                base = measured
                r.use(i + 1, i + 2, "superlative")
            if attr is None:  # "the longest outage": the adjective names the attribute ("how long")
                fits = [a.name for a in vt.attrs if a.kind in (INT, FLOAT) and len(base) >= 3
                        and any(base in lx.words_of(ph) for ph in a.words)]
                if not fits:  # or the attribute measures what the adjective says ("longest" -> milliseconds)
                    units = lx.measures(base) or (lx.measures(base[:-1] + "y") if base.endswith("i") else ())  # heavy
                    fits = [a.name for a in vt.attrs if a.kind in (INT, FLOAT)
                            and lx.names_measure(a.name, units)]
                    fits = fits or [a.name for a in vt.attrs if a.kind in (INT, FLOAT)  # mass_kg's words: weight
                                    and any(u in lx.words_of(ph) and lx.names_measure(ph.replace(" ", "_"), [u])
                                            for u in units for ph in a.words)]
                if not fits and w in ("most", "least") and len(nxt) >= 6:
                    # "the most *populous* district": an adjective made from the attribute's word (population)
                    fits = [a.name for a in vt.attrs if a.kind in (INT, FLOAT) and any(
                        len(x) >= 6 and x[:5] == nxt[:5] for ph in (a.name.replace("_", " "), *a.words)
                        for x in lx.words_of(ph))]
                    if len(fits) == 1:
                        r.use(i + 1, i + 2, "superlative")
                attr = fits[0] if len(fits) == 1 else None
            if attr is None and w == "longest":
                # "which agency has been around *the longest*", "who has been with us longest, going by hire
                # date": no length or duration to rank, so how long it has been, from its one (or named) date
                dates = [a for a in vt.attrs if a.kind == DATE]
                named = [a for a in dates if any(lx.find_stemmed(words, lx.phrase_of(p)) >= 0
                                                 for p in (a.name.replace("_", " "), *a.words))]
                # only how long something has *been* ("been around", "been with us", "longest-serving") or a date
                # named: "which article is the longest" asks for a length no attribute says
                durative = "been" in words or nxt in ("serving", "standing", "running")
                since = named if len(named) == 1 else dates if len(dates) == 1 and durative else []
                if since:
                    for p in (since[0].name.replace("_", " "), *since[0].words):
                        at = lx.find_stemmed(words, lx.phrase_of(p))
                        if at >= 0:
                            r.use(at, at + len(lx.words_of(p)), f"attribute {since[0].name}")
                    return w, since[0].name, False
            if attr is not None:
                return w, attr, lx.highest_for(w, attr) if w in lx.SPEED_WORDS else w in lx.TOP_WORDS
    return None


def top_by_attribute(ctx: Context, r: Reading, plan: Plan, ids: list[str]) -> PlanResult | None:
    """"Which of X's outages lasted longest?", "the biggest customer by ARR", "the first outage in R": the
    extreme of a numeric or date attribute over the computed set."""
    target = plan.target_type or ""
    if not ids or r.count or not target:
        return None
    found = superlative(r, r.onto.vertex_type(target))
    if found is None:
        return None
    word, attr, highest = found
    kind = r.onto.vertex_type(target).attr(attr).kind
    values: dict[str, Any] = {}
    for e in ctx.store.get_entities(ids):
        v = e.attrs.get(attr) if e is not None else None
        v = str(v) if kind == DATE and v not in (None, "") else as_float(v)
        if v is not None and e is not None:
            values[e.id] = v
    if not values:
        return None
    pick = (max if highest else min)(values.values())
    winners = sorted(i for i, v in values.items() if v == pick)
    r.use_phrase(word, "superlative")
    r.use_phrase("recent", "superlative")
    plan.kind, plan.operator, plan.attribute = "aggregate", "argmax" if highest else "argmin", attr
    desc = describe(plan) + f"; {word} {attr}"
    plan.explanation = desc
    return PlanResult(plan, [facts.members(winners, ctx.names(winners), target, desc)], winners)
