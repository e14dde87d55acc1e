"""From a Reading to walks: which route each named entity takes to the target (typed paths, the derived relation,
self-relations), which anchors unite or are excluded, which nouns are stops and which are conditions.
"""

from __future__ import annotations

import re

from core.hierarchy import noun_side, side_of
from core.records import Entity, PathStep, Plan, Stage, Walk
from core.retrieval.planning import lexicon as lx
from core.retrieval.planning.paths import (
    stages,
    tied,
    wants_derived,
)
from core.retrieval.planning.reading import Noun, Reading
from core.retrieval.planning.results import on_path_types
from core.retrieval.planning.values import NUMBER_WORDS, edge_attrs
from core.type_synonyms import is_english_word, is_modifier_word


def counted_noun(r: Reading, target: Noun) -> Noun | None:
    """The noun a count superlative counts ("the customer that opened the most tickets")."""
    return next((n for n in r.nouns if n.start > target.start and n.type != target.type
                 and n.type not in r.anchor_types), None)


def walk_from(r: Reading, anchor: Entity, target: str, mentioned: set[str], vocab=None) -> Walk | None:
    impact_said = bool(lx.impact_positions(r.onto, r.words))
    order: dict[str, int] = {}
    for n in r.nouns:
        order.setdefault(n.type, n.start)
    a_pos = r.anchor_at.get(anchor.id, -1)
    t_pos = next((n.start for n in r.nouns if n.type == target), -1)
    order[""] = 1 if a_pos <= t_pos else -1  # which way the question reads from the anchor to the target
    said = dict(r.explained)
    levels = level_walk(r, anchor) if target == anchor.type else None
    first = self_step(r, anchor) if levels is None else None
    chain = self_chain(r, anchor, first.edge) if first is not None and target == anchor.type else None
    if levels is not None:
        legs = [Stage([levels], target)]  # "the adjusters two levels below X in the reporting line"
    elif chain is not None:
        # "who referred the person who referred X", "who mentored X's mentor": the relation said twice or more
        legs = [Stage([chain], target)]
    elif first is not None and target == anchor.type:
        # "Who reports to X?", "papers that X cites"; "the prerequisites of the prerequisites of X": two hops
        hops = [PathStep(first.edge, first.direction, first.target) for _ in range(self_hops(r, anchor, first))]
        legs = [Stage([hops], target)]
        head = lx.words_of(first.edge.replace("_", " "))[0]
        if any(i not in r.explained and lx.says_relation(w, head) for i, w in enumerate(r.words)) and \
                "how often?" not in r.doubts:
            # "what do the *dependencies* of X themselves depend on": the relation said again as a noun — which way
            # and how many times is a guess
            r.doubts.append("how often?")
    elif target == anchor.type and any(e.src == e.dst == target and not e.structural for e in r.onto.edge_types):
        legs = stages(r.onto, anchor.type, target, r.verb_words, mentioned, impact_said, order)
        if legs and len(legs[0].paths[0]) == 1 and r.onto.edges(legs[0].paths[0][0].edge)[0].src == target:
            if "direction?" not in r.doubts:  # a self-relation no verb directs: either way would be a guess
                r.doubts.append("direction?")
    else:
        legs = stages(r.onto, anchor.type, target, r.verb_words, mentioned, impact_said, order, r.subject_edge)
        alike = tied(r.onto, anchor.type, target, r.verb_words, mentioned, order=order, through=r.subject_edge) \
            if legs and len(legs) == 1 and len(legs[0].paths) == 1 else []
        if alike:
            # two relations join the types and no word picks one: the one that gives every asked-for entity
            # exactly one partner (a player's club, not the clubs that signed them) is what "X's players" means
            home = vocab.sole_partner([s.edge for s in alike], target) if vocab is not None else None
            pick = next((s for s in alike if s.edge == home), None)
            if pick is not None:
                legs = [Stage([[PathStep(pick.edge, pick.direction, pick.target)]], target)]
            elif len({s.direction for s in alike}) > 1 and "which relation?" not in r.doubts:
                # one each way ("the club signed the player" / "the player plays for the club"): a guess; two the
                # same way keep the schema's first, its main relation by convention (the CRM's account manager)
                r.doubts.append("which relation?")
        relation_noun = first is not None and (is_relation_noun(r.onto, first.edge) or r.role_noun)
        # a noun of the anchor's type that is not the anchor's own label ("buyer X") is a second one of its kind:
        # "the researchers who report to X", "the buyer who referred X"
        # a plural noun right before the name is no label of it: "the customers X referred belong to"
        second = any(n.type == anchor.type and (n.plural or n.end < a_pos or n.start > a_pos + 1)
                     and (n.end != a_pos or n.plural) for n in r.nouns) or bool(set(r.words) & lx.PEOPLE_WORDS)
        end = end_self_hop(r, anchor, target, legs) if first is None and legs else None
        if end is not None:
            # "who mentors the agents at X", "investigators mentored by someone working at S": the target's own
            # self-relation after the route, directed by which side of the verb the target stands on
            legs = [*legs, Stage([[end]], target)]
        elif first is not None and legs and (relation_noun or second):
            # "the researchers who report to X authored …"; "who directed the sequel to X" (the sequel is a film);
            # "courses taught by the teachers X's mentor mentors": the relation said twice opens the route twice
            chain = self_chain(r, anchor, first.edge, route=True)
            legs = [Stage([chain or [first]], anchor.type), *legs]
        elif first is not None:
            # the self-relation was said ("X's mentor") but the route does not walk it: its words stay unexplained
            r.explained = said
            if f"{first.edge}?" not in r.doubts:
                r.doubts.append(f"{first.edge}?")
    if not legs:
        return None
    for st in legs:
        for p in st.paths:
            edge_attrs(r, p, vocab)
    if wants_derived(r.onto, anchor.type, target, mentioned, impact_said) is not None:
        for i in lx.impact_positions(r.onto, r.words):
            r.use(i, i + 1, "impact")
    return Walk([anchor.id], legs)


LEVEL_NOUNS = frozenset("level levels rung rungs step steps tier tiers rank ranks layer layers".split())
BELOW_WORDS = frozenset("below under beneath down".split())
ABOVE_WORDS = frozenset("above over up".split())
# the line itself, said around the levels ("in the reporting line", "down the chain of command")
LINE_WORDS = frozenset("sit sits sitting are is reporting line chain command hierarchy org chart organisation "
                       "organization escalation tree ladder from of".split())


def rank_side(edge_name: str) -> str | None:
    """Which end of a self-relation is the higher: a reporting line (``core.hierarchy``), or an escalation (the
    one escalated to is above)."""
    side = side_of(edge_name)
    if side is None and edge_name.lower().startswith("escalat"):
        side = "subordinate" if not edge_name.lower().endswith("_by") else "superior"
    return side


def level_walk(r: Reading, anchor: Entity, mark: bool = True) -> list[PathStep] | None:
    """ "two levels below X", "three rungs down the chain of command from X", "who sits one level above X": that
    many hops of the anchor type's one ranked self-relation (a reporting line or an escalation), down or up."""
    ranked = [e for e in r.onto.edge_types if not e.structural and e.src == e.dst == anchor.type
              and rank_side(e.name) is not None]
    if len(ranked) != 1:
        return None
    e = ranked[0]
    w = r.words
    for i in range(len(w) - 2):
        n = int(w[i]) if w[i].isdigit() else NUMBER_WORDS.get(w[i])
        if n is None or not 1 <= n <= MAX_SELF_HOPS or w[i + 1] not in LEVEL_NOUNS or w[i + 2] not in BELOW_WORDS | ABOVE_WORDS:
            continue
        below = w[i + 2] in BELOW_WORDS
        down = "out" if rank_side(e.name) == "superior" else "in"  # from the one above to the ones below
        direction = down if below else ("in" if down == "out" else "out")
        if mark:
            r.use(i, i + 3, f"edge {e.name}")
            for j, x in enumerate(w):
                if x in LINE_WORDS and j not in r.explained:
                    r.use(j, j + 1, f"edge {e.name}")
        return [PathStep(e.name, direction, anchor.type) for _ in range(n)]
    return None


def self_step(r: Reading, anchor: Entity) -> PathStep | None:
    """A self-relation of the anchor's type that the question's verb names, directed by where the anchor sits:
    "Who reports to X?" (X after a forward verb: X is the far end) -> in; "Whom does X report to?" -> out."""
    at = r.anchor_at.get(anchor.id, -1)
    stems = [lx.stem(w) for w in r.verb_words]
    for e in r.onto.edge_types:
        if e.structural or e.src != anchor.type or e.dst != anchor.type:
            continue
        # longest phrase first, whichever reading it belongs to: "mentored by" (reverse) before "mentored" (forward)
        readings = sorted([(v, True) for v in e.verbs] + [(v, False) for v in e.reverse_verbs],
                          key=lambda t: -len(lx.words_of(t[0])))
        for v, forward in readings:
            p = [lx.stem(w) for w in lx.words_of(v)]
            if len(p) >= 2 and p[-1] == "of" and at >= 0:
                # "courses that have X as a prerequisite": X is the relation noun's subject (X prerequisite of …)
                end = at
                while end + 1 < len(r.words) and r.words[end + 1] == "_":
                    end += 1  # past the whole mention
                tail = stems[end + 1 : end + 4]
                if tail[:1] == ["as"] and p[0] in tail[1:]:
                    r.use(end + 1, end + 1 + tail.index(p[0]) + 1, f"edge {e.name}")
                    return PathStep(e.name, "out" if forward else "in", anchor.type)
            if at >= 0 and is_active_head(v):
                role = role_noun(r, lx.words_of(v)[0])
                if role is not None:
                    i, patient, first = role
                    r.use(first, i + 1, f"edge {e.name}")
                    r.role_noun = True
                    # the active verb's agent is the source when read forward: "X's mentor" (an agent noun) is the
                    # one whose relation reaches X, "X's mentees" (a patient noun) the ones X's relation reaches
                    mine = patient if _owns_role(r, at, i, first) else not patient  # "is A a mentor to B": A is one
                    return PathStep(e.name, "out" if forward == mine else "in", anchor.type)
            for i in range(len(stems) - len(p) + 1):
                # a relation noun takes other prepositions too: "the sequel *to* X" reads as "sequel of"
                noun_phrase = (len(p) == 2 and p[-1] == "of" and stems[i] == p[0]
                               and stems[i + 1] in ("to", "for", "of", "from"))
                # "referred *anyone* to", "sent *referrals* to": the verb (or its noun) and its preposition with
                # up to two words between that name nothing of their own
                gapped = len(p) == 2 and (stems[i] == p[0] or lx.says_relation(r.verb_words[i], p[0])) and any(
                    i + g < len(stems) and stems[i + g] == p[1]
                    and all(r.verb_words[j] != "_" for j in range(i + 1, i + g)) for g in (1, 2, 3))
                if stems[i : i + len(p)] == p or noun_phrase or gapped:
                    before_anchor = i < at
                    span = next((g + 1 for g in (1, 2, 3) if gapped and i + g < len(stems) and stems[i + g] == p[1]),
                                len(p))
                    r.use(i, i + span, f"edge {e.name}")
                    if forward and len(p) == 1 and _under_of(r.words, i):
                        forward = False  # "X is under the command *of* Y": Y commands X, as "commanded by Y"
                        r.use(i + 1, i + 2, f"edge {e.name}")
                    out = (not before_anchor) if forward else before_anchor
                    return PathStep(e.name, "out" if out else "in", anchor.type)
    return None



def _under_of(words: list[str], i: int) -> bool:
    """The verb at ``i`` said as a noun inside "under the ... of" ("under the direct *command* of Y", "under the
    *supervision* of Y"): the one after "of" is the agent."""
    return i + 1 < len(words) and words[i + 1] == "of" and "under" in words[max(0, i - 3) : i]


def end_self_hop(r: Reading, anchor: Entity, target: str, legs) -> PathStep | None:
    """A self-relation of the target's type said between the target and the anchor and walked by no leg: the
    target is the verb's subject ("*who* mentors the agents at X", "*investigators* were mentored by someone at
    S"), the route reaches its object, so one more hop leads from the object to the subject."""
    if anchor.type == target or not legs or legs[-1].reached != target:
        return None
    a_pos = r.anchor_at.get(anchor.id, -1)
    asked = next((i for i in range(r.ask_from, len(r.words)) if r.words[i] != "_"), r.ask_from)
    t_pos = asked if r.words[asked] in ("who", "whom") else next((n.start for n in r.nouns if n.type == target),
                                                                   asked)
    stems = [lx.stem(w) for w in r.verb_words]
    for e in r.onto.edge_types:
        if e.structural or not (e.src == e.dst == target):
            continue
        readings = sorted([(v, True) for v in e.verbs] + [(v, False) for v in e.reverse_verbs],
                          key=lambda t: -len(lx.words_of(t[0])))
        for v, forward in readings:
            p = [lx.stem(w) for w in lx.words_of(v)]
            for i in range(max(0, t_pos + 1), min(a_pos, len(stems)) - len(p) + 1):
                if stems[i : i + len(p)] == p and i not in r.explained:
                    r.use(i, i + len(p), f"edge {e.name}")
                    for j, w in enumerate(r.words):
                        if w in lx.PEOPLE_WORDS:
                            r.use(j, j + 1, f"type {target}")  # "mentored by *someone* working at S"
                    # the subject of a forward reading is the source: from the object, walk against the edge
                    return PathStep(e.name, "in" if forward else "out", target)
    return None


AGENT_BEFORE = frozenset("s the a an their his her its whose my our your".split())


def is_active_head(phrase: str) -> bool:
    """A verb phrase whose first word is an active verb ("mentors", "depends on", "reports to"; not "mentored by")."""
    w = lx.words_of(phrase)
    return len(w) == 1 or (len(w) == 2 and w[1] in ("on", "to", "for", "at", "in", "with", "from", "into"))


def role_noun(r: Reading, verb: str) -> tuple[int, bool, int] | None:
    """(position, is a patient noun, where its phrase begins) of the active ``verb``'s agent or patient noun said
    as a noun of someone (with up to two qualifying words before it: "X's doctoral advisor"):
    "X's mentor", "the mentor of X", "X's supervisor" (agents); "X's mentees", "the supervisees of X" (patients).
    A word after "who" or a type noun is the verb itself ("who mentors X")."""
    if len(verb) < 4 or verb.endswith("ing"):
        return None
    root = lx.role_root(verb)
    line = side_of(verb)  # a reporting line's verb: "X's boss", "X's direct reports" name its two ends too
    for i, w in enumerate(r.words):
        said = noun_side(w) if line else None
        if w == "_" or i in r.explained or len(w) < 4 or (lx.role_root(w) != root and said is None):
            continue
        first = _role_modifiers(r, i)
        if said is not None and first == i and i > 0 and noun_side(f"{r.words[i - 1]} {w}") == said:
            first = i - 1  # "X's *line* manager"
        after_of = i + 1 < len(r.words) and r.words[i + 1] in ("of", "to", "for") and "_" in r.words[i + 2 : i + 4]
        owner = (first > 1 and r.words[first - 1] == "s" and r.words[first - 2] == "_") or (
            i > 0 and r.words[i - 1] == "_" and re.search(rf"\w['’]\s+{re.escape(w)}\b", r.question, re.I) is not None)
        counted = r.count and w.endswith("s") and i > 0 and r.words[i - 1] not in ("who", "which", "that")
        if said is not None and (r.words[i + 1 : i + 2] == ["to"] or (said == "subordinate" and not w.endswith("s"))):
            continue  # "does X *report* to Y" is the verb; "X's direct *reports*" the noun
        if owner or after_of or counted:  # "X's mentor", "the mentor of X", "how many dependencies does X have"
            singular = w[:-1] if w.endswith("s") and not w.endswith("ss") else w
            if singular.endswith("ie"):
                singular = singular[:-2] + "y"  # "dependencies"
            first = first if owner or counted else i  # "X's *doctoral* advisor", "how many *direct* dependencies"
            if said is not None:  # the verb's subject is its agent: the boss of "manages", the reports of "reports to"
                if first == i and i > 0 and noun_side(f"{r.words[i - 1]} {w}") == said:
                    first = i - 1  # "X's *line* manager", "the *direct* reports of X"
                return i, said != line, first
            if singular.endswith(lx.PATIENT_ENDINGS):
                return i, True, first
            if singular.endswith(lx.AGENT_ENDINGS):
                return i, False, first
    return None


def _owns_role(r: Reading, at: int, i: int, first: int) -> bool:
    """Whether the mention at ``at`` is the role noun's owner ("*X*'s mentor", "the mentor of *X*"), not the one
    said to be it ("is *A* a mentor to B", "is *A* B's mentor"): the owner is the mention right before "'s" or the
    one right after "of"/"to"/"for"."""
    starts = sorted(set(r.anchor_at.values()))
    mentions = []  # (start, end) of each named one's first mention
    for s in starts:
        e = s
        while e < len(r.words) and r.words[e] == "_" and (e == s or e not in starts):
            e += 1
        mentions.append((s, e))
    owner = None
    if first > 1 and r.words[first - 1] == "s" and r.words[first - 2] == "_":
        owner = next((m for m in mentions if m[1] == first - 1), None)
    elif i + 1 < len(r.words) and r.words[i + 1] in ("of", "to", "for"):
        owner = next((m for m in mentions if i + 2 <= m[0] <= i + 3), None)
    elif i > 0 and r.words[i - 1] == "_":
        owner = next((m for m in mentions if m[1] == i), None)
    return owner is None or owner[0] <= at < owner[1]


def _role_modifiers(r: Reading, i: int) -> int:
    """Where the role noun at ``i`` begins with up to two words before it that only qualify it: an adjective or a
    word no dictionary knows ("X's *doctoral* advisor", "X's *PhD* students"); ``i`` when there are none."""
    first = i
    while first > 0 and i - first < 2:
        w = r.words[first - 1]
        if w in ("_", "s") or first - 1 in r.explained or len(w) < 2 or w in lx.FUNCTION_WORDS:
            break
        if not (is_modifier_word(w) or not is_english_word(w)):
            break
        first -= 1
    return first


def self_chain(r: Reading, anchor: Entity, edge: str, route: bool = False) -> list[PathStep] | None:
    """A self-relation said two to four times as verbs or agent nouns, each hop directed by its own clause:
    "who referred [the person who referred X]" (in, in), "[the people X referred] ... refer" (out, out),
    "who mentored [X's mentor]" (in, in), "mentored by [the people that X mentors]" (out, out). From the anchor
    outward, each mention's known side is where the anchor (then the previous mention) sits: an active verb with
    the known side after it reaches its subject ("in"), before it its object ("out"); a passive ("mentored by")
    the other way; an agent noun ("X's mentor", "the mentor of X") its agent ("in"). None unless every mention is
    of this one edge and there are at least two; ``route``: the chain opens a longer route ("courses taught by the
    teachers X's mentor mentors"), so the route's other verbs may be said too."""
    e = r.onto.edges(edge)[0]
    at = r.anchor_at.get(anchor.id, -1)
    if at < 0:
        return None
    words = r.verb_words
    stems = [lx.stem(w) for w in words]
    heads = {lx.stem(lx.words_of(v)[0]) for v in e.verbs}
    roots = {lx.role_root(lx.words_of(v)[0]) for v in e.verbs if is_active_head(v) and len(lx.words_of(v)[0]) >= 4}
    # every phrase of either reading, longest first: the forward ones have the edge's source as their subject
    # ("supervises", "managed by" of REPORTS_TO), the reverse ones its target ("supervised by", "reports to")
    phrases = sorted({(tuple(lx.stem(w) for w in lx.words_of(v)), fwd) for vs, fwd in ((e.verbs, True),
                      (e.reverse_verbs, False)) for v in vs if len(lx.words_of(v)) >= 2 or not fwd},
                     key=lambda t: -len(t[0]))
    line = side_of(edge)
    mentions: list[tuple[int, int, str]] = []  # (position, width, kind)
    taken: set[int] = set()
    for i in range(len(stems)):
        if i in taken or words[i] == "_":
            continue
        for p, fwd in phrases:
            # "report *directly* to": an adverb inside the phrase
            gap = 1 if (len(p) >= 2 and i + 1 < len(words) and words[i + 1].endswith("ly") and len(words[i + 1]) > 4
                        and stems[i] == p[0] and stems[i + 2 : i + 1 + len(p)] == list(p[1:])) else 0
            if stems[i : i + len(p)] == list(p) or gap:
                mentions.append((i, len(p) + gap, "active" if fwd else "passive"))
                taken |= set(range(i, i + len(p) + gap))
                break
        else:
            said = noun_side(words[i]) if line else None
            if said is not None and ((i > 0 and words[i - 1] in AGENT_BEFORE | {"direct", "line"})
                                     or words[i + 1 : i + 2] == ["of"]):
                # "X's boss", "the line manager of X", "X's direct reports": the one above or the ones below
                wide = 1 if i > 0 and words[i - 1] in ("direct", "line") else 0
                mentions.append((i - wide, 1 + wide, "agent" if (said == "superior") == (line == "superior")
                                 else "patient"))
                taken.add(i)
            elif stems[i] in heads:
                # a noun when a determiner or possessive comes before it or "of" after it ("X's mentor", "the
                # mentor of X"); else the verb ("who mentors X", "the people X mentors")
                agent = (i > 0 and words[i - 1] in AGENT_BEFORE) or words[i + 1 : i + 2] == ["of"]
                mentions.append((i, 1, "agent" if agent else "active"))
                taken.add(i)
            elif (len(words[i]) > 4 and lx.role_root(words[i]) in roots and (
                    (i > 0 and words[i - 1] in AGENT_BEFORE) or words[i + 1 : i + 2] == ["of"])):
                # "the mentees of X's mentees", "the supervisor of X's supervisor": the verb's patient or agent noun
                one = words[i][:-1] if words[i].endswith("s") and not words[i].endswith("ss") else words[i]
                if one.endswith(lx.PATIENT_ENDINGS) or one.endswith(lx.AGENT_ENDINGS):
                    mentions.append((i, 1, "patient" if one.endswith(lx.PATIENT_ENDINGS) else "agent"))
                    taken.add(i)
    if not 2 <= len(mentions) <= MAX_SELF_HOPS:
        return None
    # the other edges' verbs must not be said: a chain of this relation only
    others = {v for v in lx.verb_positions(r.onto, r.words).values() if v != edge}
    if others and not route:
        return None
    hops: list[PathStep] = []
    ref, left = at, list(mentions)
    while left:
        pos, width, kind = min(left, key=lambda m: abs(m[0] - ref))
        left.remove((pos, width, kind))
        known_after = ref > pos
        if kind == "agent":
            direction = "in"
        elif kind == "patient":
            direction = "out"
        elif kind == "active":
            direction = "in" if known_after else "out"
        else:
            direction = "out" if known_after else "in"
        hops.append(PathStep(edge, direction, anchor.type))
        r.use(pos, pos + width, f"edge {edge}")
        ref = pos
    return hops


def is_relation_noun(onto, edge: str) -> bool:
    """SEQUEL_OF, PREREQUISITE_OF, MEMBER_OF: the relation is named by a noun for its source ("a sequel")."""
    toks = lx.words_of(edge.replace("_", " "))
    return len(toks) >= 2 and toks[-1] in ("of", "to", "for") and not toks[0].endswith(("ed", "s")) and len(toks[0]) > 3


def self_hops(r: Reading, anchor: Entity, step: PathStep) -> int:
    """How many times the question walks a self-relation: its relation noun said again before the anchor
    ("the managers of the managers of X", "prerequisites of the prerequisites of X") -> 2, at most 4."""
    e = r.onto.edges(step.edge)[0]
    at = r.anchor_at.get(anchor.id, len(r.words))
    stems = [lx.stem(w) for w in r.verb_words[:at]]
    best = 1
    for v in (*e.verbs, *e.reverse_verbs):
        p = [lx.stem(w) for w in lx.words_of(v)]
        if len(p) < 2 or p[-1] != "of":
            continue  # only a relation noun ("X of") repeats in a chain; verbs do not ("reports to")
        hits = [i for i in range(len(stems) - len(p) + 1) if stems[i : i + len(p)] == p]
        if len(hits) > 1:
            for i in hits:
                r.use(i, i + len(p), f"edge {step.edge}")
        best = max(best, min(len(hits), MAX_SELF_HOPS))
    return best


MAX_SELF_HOPS = 4


def route_nouns(r: Reading) -> list[Noun]:
    """Nouns that can lie on a walk: not conditions (negated, modifiers) and not unconstrained ("any region")."""
    return [n for n in r.nouns if not (n.negated or n.modifier or n.unconstrained)]


def local_mentioned(r: Reading, anchor: Entity, target: Noun, group: list[Entity]) -> set[str]:
    """With several anchors, each one's route reads the type nouns between it and the target noun, and the nouns
    right after a reference to it ("the outage's region")."""
    nouns = route_nouns(r)
    mentioned = {n.type for n in nouns}
    a_pos, t_pos = r.anchor_at.get(anchor.id, -1), target.start
    if len(r.anchors) == len(group) and a_pos >= 0 and t_pos >= 0:
        # one anchor: nouns beyond the anchor-target span that existence words introduce ("led to at least one
        # ticket") are conditions on the target, not stops on the route
        lo, hi = sorted((a_pos, t_pos))
        return {n.type for n in nouns if lo < n.start < hi or not existential(r, n)} | {target.type}
    if len(r.anchors) > len(group):
        a_pos, t_pos = r.anchor_at.get(anchor.id, -1), max(target.start, 0)
        if a_pos >= 0:
            lo, hi = sorted((a_pos, t_pos))
            # only the asking clause steers routes; a scene-setting clause ("X had an outage, O.") names anchors
            mentioned = {n.type for n in nouns if lo < n.start < hi and n.start >= r.ask_from} | {target.type}
            for n in r.nouns:
                if n.type == anchor.type and n.start != target.start:
                    mentioned |= {m.type for m in nouns if n.end <= m.start <= n.end + 2}
    return mentioned


def other_than_own(r: Reading, plan: Plan, target: Noun) -> None:
    """"Which *other* vendors operate there, *besides the one* that went down?": leave out the target-type entities
    the anchor is linked to directly."""
    before = r.words[max(0, target.start - 1) : target.start] if target.start >= 0 else []
    besides = " ".join(r.words[r.ask_from :])
    if "other" not in before and not re.search(r"\b(besides|apart from|except|other than) (the|its|their) (one|ones)\b", besides):
        return
    for a in r.anchors:
        if a.type == target.type:
            continue
        for e in r.onto.edge_types:
            if e.structural or {e.src, e.dst} != {a.type, target.type}:
                continue
            step = PathStep(e.name, "out" if e.src == a.type else "in", target.type)
            plan.walks.append(Walk([a.id], [Stage([[step]], target.type)], exclude=True))
            for w in ("other", "besides", "one", "ones", "apart", "except"):
                r.use_phrase(w, "exclusion")
            return


def is_excluded(r: Reading, anchor: Entity) -> bool:
    """"outside Oregon", "other than VEND-3", "leaving aside X" (the words are then accounted for)."""
    at = r.anchor_at.get(anchor.id, -1)
    if at < 0:
        return False
    m = lx.EXCLUSION.search(" ".join(r.words[max(0, at - 3) : at]))
    after = r.words[at + 1 : at + 5]
    aside = "aside" in after and not m
    if m:
        n = len(m.group(0).split())
        r.use(at - n, at, "exclusion")
    elif aside:
        r.use(at + 1 + after.index("aside"), at + 2 + after.index("aside"), "exclusion")
    if m or aside:
        return True
    # "customers that don't use X", "tickets not caused by X": a negated relation to the named entity
    lo = max(0, at - 5)
    neg = [j for j in range(lo, at) if r.words[j] in lx.NEGATION_WORDS - {"t"} | {"never"}
           or (r.words[j] == "t" and j and r.words[j - 1] == "won")]  # "won't"
    nouns_between = bool(neg) and any(neg[-1] < n.start < at for n in r.nouns)
    if neg and not nouns_between and "_" not in r.words[neg[-1] + 1 : at]:
        r.use(neg[-1], neg[-1] + 1, "exclusion")
        if neg[-1] + 1 < at and r.words[neg[-1] + 1] == "t":
            r.use(neg[-1] + 1, neg[-1] + 2, "exclusion")
        return True
    return False


def existential(r: Reading, n: Noun) -> bool:
    """A noun introduced by existence words ("at least one ticket") — unless it is tied to a named entity right
    next to it ("an outage at Meadowmark Pay"), which makes it a stop on that entity's route."""
    if any(0 <= a - n.end <= 2 or 0 <= n.start - a - 1 <= 1 for a in r.anchor_at.values()):
        return False
    before = " ".join(r.words[max(0, n.start - 4) : n.start])
    return bool(re.search(r"\b(at least one|at least a|a single|one or more|some|any|a|an)( \w+)?$", before))


def anchor_groups(r: Reading) -> list[list[Entity]]:
    """Anchors of one type joined by "or"/"and" ("in London or Sydney") form one group: their walks are united."""
    groups: list[list[Entity]] = []
    order = sorted(r.anchors, key=lambda a: r.anchor_at.get(a.id, 0))
    for a in order:
        last = groups[-1][-1] if groups else None
        if last is not None and last.type == a.type and "both" not in r.words:
            between = r.words[r.anchor_at.get(last.id, 0) + 1 : r.anchor_at.get(a.id, 0)]
            if between and set(between) <= {"or", "and", "either", "_", "nor"}:
                groups[-1].append(a)
                continue
        groups.append([a])
    return groups


def mark_walk_nouns(r: Reading, plan: Plan) -> None:
    types = on_path_types(plan) | {plan.target_type}
    for n in r.nouns:
        if n.type in types:
            r.use(n.start, n.end, f"type {n.type}")


def edge_noun(r: Reading, from_type: str, start: int = 0) -> Noun | None:
    """The first word (from ``start``) that is a relation's own word used as a noun ("stops" for STOPS_AT,
    "enrolment" for ENROLLED_IN) of exactly one edge of ``from_type``: a noun of the edge's far end."""
    typed = {i for n in r.nouns for i in range(n.start, n.end)}
    for i in range(start, len(r.words)):
        w = r.words[i]
        if w == "_" or i in typed or w in lx.FUNCTION_WORDS or len(w) < 4:
            continue
        fits = {(e.dst if e.src == from_type else e.src) for e in r.onto.edge_types
                if not e.structural and from_type in (e.src, e.dst) and e.src != e.dst
                and lx.says_relation(w, lx.words_of(e.name.replace("_", " "))[0])}
        if len(fits) == 1:
            r.use(i, i + 1, "relation")
            return Noun(fits.pop(), i, i + 1, w.endswith("s"))
    return None
