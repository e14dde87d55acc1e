"""The rule-based planner: question -> Reading -> Plan -> exact graph computation -> computed facts.

A general mechanism over the ontology in ``core.schema`` (docs/retrieval.md § Planner):
1. ``reading.read`` finds anchors, the asking clause, type nouns, the target, the answer form and references;
2. ``KINDS`` picks the first handler whose test fits the reading (portfolio, comparison, yes/no between two
   entities, yes/no on a value, attribute lookup, traversal, questions over a whole type); adding a kind of question
   is one handler and one entry;
3. ``reading.account`` checks that the plan accounts for the question's content words; below
   ``settings.plan_min_confidence`` the result is not stated as exact (an "unsure" line says what was and was not
   understood, and the reader answers from text with a hedge). A wrong exact answer is worse than "not sure".
The Planner holds only shared, read-only state (the store, the linker, the vocabulary of observed values).
"""

from __future__ import annotations

from collections.abc import Callable

from core.config import Settings
from core.llm.forms import PORTFOLIO
from core.ontology import CRM, Ontology, split_camel
from core.records import UNSURE_PREFIX, Plan
from core.retrieval import facts
from core.retrieval.linking import Linked
from core.retrieval.planning import handlers as h
from core.retrieval.planning import lexicon as lx
from core.retrieval.planning.execute import execute_plan, validate_plan
from core.retrieval.planning.paths import typed_paths
from core.retrieval.planning.ranking import superlative
from core.retrieval.planning.reading import (
    INDEFINITES,
    NUMBER_MISSED_CONFIDENCE,
    WH_TYPES,
    Noun,
    Reading,
    account,
    choose_target,
    read,
    slot_doubts,
)
from core.retrieval.planning.results import Context, PlanResult, describe
from core.retrieval.planning.values import (
    Vocabulary,
    attr_filters,
    capacity_attr,
    edge_attr_phrases,
    find_flag,
    flag_phrases,
    flag_values,
    lookup_attr,
    numeric_attr,
)
from core.retrieval.planning.walks import edge_noun, is_active_head, level_walk, role_noun
from core.type_synonyms import gloss_says, is_plural_noun, is_verb_form, is_verb_word, names_no_agent


def target_from_verbs(r: Reading, anchor_type: str, exclude: set[str] = frozenset(), near: int | None = None,
                      all_best: bool = False):
    """The type a relation verb points to from the anchor's type ("Who handles TICK-1?" -> Employee); with
    ``near``, the verb closest to that word wins ("who *handles* the tickets raised by …")."""
    stems = [lx.stem(w) for w in r.words]
    best: tuple[int, int, str] | None = None
    keys: list[tuple[int, int, str]] = []
    # a type noun's word ("customer" in "customer success manager for") is the noun, not the relation's word
    noun_stems = {lx.stem(w) for noun in lx.nouns(r.onto) for w in noun.split()}
    in_nouns = {i for n in r.nouns for i in range(n.start, n.end)}
    for e in r.onto.edge_types:
        if e.structural or anchor_type not in (e.src, e.dst):
            continue
        for other, verbs in ((e.dst, e.reverse_verbs + e.verbs), (e.src, e.verbs + e.reverse_verbs)):
            if (other == anchor_type and e.src != e.dst) or other in exclude:  # a self-relation may point back
                continue
            for v in verbs:
                if v in lx.WEAK_VERBS:
                    continue
                p = [lx.stem(w) for w in v.split()]
                if (len(p) > 1 and len(p[0]) >= 4 and p[0] in stems and p[0] not in noun_stems
                        and not any(stems[i : i + len(p)] == p for i in range(len(stems)))
                        and stems.index(p[0]) not in in_nouns):
                    # "the support rep of X": the relation's own word ("supported by") without its preposition
                    i = stems.index(p[0])
                    key = (-abs(i - near) if near is not None else 0, len(p[0]), other)
                    keys.append(key)
                    if best is None or key > best:
                        best = key
                    continue
                for i in range(len(stems) - len(p) + 1):
                    if stems[i : i + len(p)] == p:
                        key = (-abs(i - near) if near is not None else 0, len(v), other)
                        keys.append(key)
                        if best is None or key > best:
                            best = key
    if all_best:  # every type tied with the best (same distance and verb length)
        return sorted({k[2] for k in keys if best is not None and k[:2] == best[:2]})
    return Noun(best[2], -1, -1, False) if best else None


def _condition_edges(conds) -> set[str]:
    return {c.edge for c in conds} | {e for c in conds for e in _condition_edges(c.conditions)}


RESULT_IDS_KEPT = 200  # result ids a plan carries (the count stays exact)


# "which is *older*", "the *newest*": a date or year on the entity's card answers them
_AGE_WORDS = frozenset({"older", "oldest", "newer", "newest", "younger", "youngest", "earlier", "later", "old", "new"})


class Planner:
    """Shared by threads: per-question state lives in the Reading and the Plan, never here."""

    def __init__(self, store, link: Callable[[str], Linked], min_confidence: float | None = None,
                 onto: Ontology = CRM, observed_values: int | None = None):
        self.store = store
        self.link = link
        # the defaults live in core/config.py (HOPLENS_PLAN_MIN_CONFIDENCE, HOPLENS_PLAN_OBSERVED_VALUES)
        self.min_confidence = Settings.model_fields["plan_min_confidence"].default if min_confidence is None else min_confidence
        self.onto = onto
        self.ctx = Context(store, Vocabulary(store, onto, observed_values), onto)

    def _type(self, name: str | None):
        """The entity type of the store's ontology, or None (extracted types the ontology does not declare)."""
        return next((v for v in self.onto.entity_types() if v.name == name), None)

    def read(self, question: str, linked: Linked | None = None) -> Reading:
        linked = linked or self.link(question)
        anchors = [e for e in self.store.get_entities(linked.ids) if e is not None]
        return read(question, linked, anchors, self.onto)

    def plan(self, question: str, linked: Linked | None = None) -> PlanResult:
        r = self.read(question, linked)
        result = self._plan(r)
        return self._finish(r, result)

    def _value_owners(self, r: Reading) -> set[str]:
        """Types one of whose closed values the question names (as whole words)."""
        words = {f for w in r.words if w != "_" and w not in lx.FUNCTION_WORDS for f in lx.plural_forms(w)}
        return {vt.name for vt in self.onto.entity_types() for vals in self.ctx.vocab.values(vt).values() for v in vals
                if lx.words_of(v) and set(lx.words_of(v)) <= words}

    def _type_of_words(self, r: Reading) -> Noun | None:
        """No type noun and no named entity: the one type that owns both a closed value and an attribute word the
        question uses ("Enterprise renewals" -> Customer: segment value, renewal date)."""
        words = {f for w in r.words if w != "_" and w not in lx.FUNCTION_WORDS for f in lx.plural_forms(w)}
        stems = {lx.stem(w) for w in words}
        fits = []
        for vt in self.onto.entity_types():
            values = any(lx.words_of(v) and set(lx.words_of(v)) <= words
                         for vals in self.ctx.vocab.values(vt).values() for v in vals)
            attrs = [a for a in vt.attrs if any({lx.stem(w) for w in lx.words_of(ph)} <= stems for ph in a.words if ph)]
            if values and attrs:
                fits.append(vt.name)
        flagged = self._type_of_flag(r)
        if flagged is not None and (not fits or fits == [flagged.type]):
            return flagged  # the flag's phrase stands for its owner ("board members"); its filter reads the phrase
        if len(fits) != 1:
            return None
        vt = self.onto.vertex_type(fits[0])
        vals = self.ctx.vocab.values(vt)
        # a yes/no attribute's word is a property ("*neutered* dogs"), never the noun for its owner
        mine = {lx.stem(w) for a in vt.attrs if flag_values(vals.get(a.name, ())) is None
                for ph in a.words for w in lx.words_of(ph)}
        at = next((i for i, w in enumerate(r.words) if lx.stem(w) in mine), None)
        if at is None:
            # "how many neutered *dogs*": the plural of a one-word closed value is the noun, and the value
            singles = {v.casefold() for a in vt.attrs for v in vals.get(a.name, ()) if len(lx.words_of(v)) == 1}
            at = next((i for i, w in enumerate(r.words) if w.endswith("s") and w not in singles
                       and lx.plural_forms(w) & singles), None)
            if at is None:
                return None
            noun = Noun(fits[0], at, at + 1, True, value=True)
            r.nouns = sorted([*r.nouns, noun], key=lambda n: n.start)
            return noun
        noun = Noun(fits[0], at, at + 1, True)  # the attribute word stands for its owner ("renewals")
        r.nouns = sorted([*r.nouns, noun], key=lambda n: n.start)
        return noun

    def _relation_noun_after(self, r: Reading, noun: Noun) -> bool:
        """ "how many incident *assignments*": right after the type noun, the own noun of a relation of that type."""
        if noun.end < 0 or noun.end >= len(r.words):
            return False
        w = r.words[noun.end]
        return len(w) >= 5 and not is_verb_form(w) and any(not e.structural and noun.type in (e.src, e.dst)
                                   and lx.says_relation(w, lx.words_of(e.name.replace("_", " "))[0])
                                   for e in self.onto.edge_types)

    def _type_of_flag(self, r: Reading) -> Noun | None:
        """ "how many *board members* are there": a yes/no attribute's whole phrase, of two or more words and
        ending in a noun, said as the set asked for, names the one type that has it (the filter then keeps it)."""
        hits = []
        for vt in self.onto.entity_types():
            for a in vt.attrs:
                if flag_values(self.ctx.vocab.values(vt).get(a.name, ())) is None:
                    continue
                for p in flag_phrases(a):
                    if len(p) < 2 or p[-1].endswith(("ed", "ing")):
                        continue
                    hit = find_flag(r.words, p, r.ask_from, len(r.words), set())
                    if hit is not None and not hit[2]:
                        hits.append((vt.name, hit))
                        break
        if len({t for t, _ in hits}) != 1:
            return None
        t, (start, end, _neg) = hits[0]
        return Noun(t, end - 1, end, r.words[end - 1].endswith("s"))

    def _counts_edge_number(self, r: Reading, noun: Noun) -> bool:
        """ "how many loyalty *points* does X have": the plural word after the type noun is a number an edge of
        that type holds, so the count asks for that number, not for the type's entities."""
        if noun.end >= len(r.words) or not r.words[noun.end].endswith("s"):
            return False
        forms = set(lx.plural_forms(r.words[noun.end]))
        return any(forms & set(lx.words_of(ph)) for e in self.onto.edge_types if noun.type in (e.src, e.dst)
                   for a in e.attrs if a.kind in ("int", "float") for ph in (a.name.replace("_", " "), *a.words))

    def _type_of_measure(self, r: Reading, anchor_type: str) -> Noun | None:
        """A total/average of a numeric attribute another type owns names that type ("how much ARR …" -> Customer),
        when the anchor's type relates to it (an edge or a derived relation)."""
        words = set(r.words)
        roots = {lx.role_root(w) for w in r.words if len(w) > 4}
        scored: dict[str, int] = {}
        for vt in self.onto.entity_types():
            if vt.name == anchor_type:
                continue
            related = self.onto.relation(anchor_type, vt.name) is not None or any(
                {e.src, e.dst} == {anchor_type, vt.name} for e in self.onto.edge_types)
            if not related:
                continue
            for a in vt.attrs:
                if a.kind not in ("int", "float"):
                    continue
                # the attribute's whole name said beats one of its words ("nights" is Booking.nights before
                # LoyaltyTier.min_nights); a verb of the type's own root ("*booked*" for Booking) adds
                score = 2 if set(lx.words_of(a.name.replace("_", " "))) <= words else (
                    1 if any(set(lx.words_of(ph)) <= words for ph in a.words) else 0)
                if score:
                    score += int(any(lx.role_root(n.split()[-1]) in roots for n in vt.nouns if n))
                    scored[vt.name] = max(scored.get(vt.name, 0), score)
        if not scored:
            return None
        best = max(scored.values())
        top = [t for t, n in scored.items() if n == best]
        return Noun(top[0], -1, -1, True) if len(top) == 1 else None

    def _unknown_asked_noun(self, r: Reading) -> str | None:
        """The plural noun a set question asks for ("which lecturers …", "how many moveis …") when it is no type,
        attribute, value or relation word of this graph: the planner cannot say what is counted or listed."""
        rest = [i for i in range(r.ask_from, len(r.words)) if r.words[i] != "_"]
        words = [r.words[i] for i in rest]
        if len(words) >= 2 and words[0] in ("which", "what"):
            at = 2 if len(words) > 2 and words[1] in ("other", "else", "more", "kinds", "kind", "sort", "type") else 1
        elif len(words) >= 3 and words[:2] == ["how", "many"]:
            at = 2
        elif len(words) >= 2 and words[0] in ("list", "show", "name", "give", "find"):
            # "List the dev-scope dependencies of X.": the first content word after the request
            at = next((k for k in range(1, len(words)) if words[k] not in lx.FUNCTION_WORDS and words[k].endswith("s")),
                      len(words))
            if at >= len(words):
                return None
        elif words and words[0] not in lx.FUNCTION_WORDS | lx.WH_WORDS:
            at = 0  # a terse "deps of X?"
        else:
            return None
        known = self.ctx.vocab.known_words() | lx.attribute_words(self.onto) | set(lx.nouns(self.onto))
        # "which fulfillment centers …": the head of a two- or three-word noun is its plural last word
        for k in range(at, min(at + 3, len(words))):
            if (words[k] in lx.FUNCTION_WORDS or any(f in known for f in lx.plural_forms(words[k]))
                    or any(n.start == rest[k] for n in r.nouns)):
                break
            if words[k].endswith("s"):
                at = k
                break
        w = words[at]
        verbs = {x for ph, _e, _w in lx.verb_phrases(self.onto) for x in ph.split()}
        heads = {lx.words_of(e.name.replace("_", " "))[0] for e in self.onto.edge_types if not e.structural}
        if words[:2] == ["how", "many"] and any(lx.says_relation(w, h) for h in heads):
            return None  # "how many enrolments": a relation's own noun (count_edges, edge_noun)
        if lx.role_root(w) in {lx.role_root(ph.split()[0]) for ph, _e, weak in lx.verb_phrases(self.onto) if not weak}:
            return None  # "the dependencies of X", "X's mentees": a relation's agent or patient noun
        if w in lx.UNIT_WORDS:
            return None  # "how many days did X stay": a unit of an attribute, not a kind of thing
        if (w.endswith("s") and (len(w) > 3 or (len(w) == 3 and is_plural_noun(w) and not is_verb_word(w)))  # ads
                and not any(f in known for f in lx.plural_forms(w)) and w not in verbs
                and w not in lx.FUNCTION_WORDS
                and w not in lx.GENERIC_NOUNS and not any(n.start == rest[at] for n in r.nouns)):
            return w
        return None

    def _person_with_attribute(self, r: Reading) -> Noun | None:
        """The one person type (first and last names) owning a number or date the question names: "who" then
        asks for those people ("who has the lowest billing rate", "who joined most recently")."""
        fits = []
        for vt in self.onto.entity_types():
            if not {"first_name", "last_name"} <= {a.name for a in vt.attrs}:
                continue
            probe = Reading(r.question, r.masked, r.low, list(r.words), onto=r.onto)
            if numeric_attr(probe, vt) is not None or superlative(probe, vt) is not None:
                fits.append(vt.name)
        return Noun(fits[0], -1, -1, True) if len(fits) == 1 else None

    def _agent_of(self, r: Reading, thing: Noun, said_only: bool = False) -> Noun | None:
        """ "Who has written the most papers?", "who logged the most EVA hours over the missions they crewed":
        "who" ranks people, and the thing named is what is counted or summed. The one type of people joined to
        the thing's type by a relation, of those whose relation is said when several are; else None."""
        people = {vt.name for vt in self.onto.entity_types() if {"first_name", "last_name"} <= {a.name for a in vt.attrs}}
        if thing.type in people:
            return None
        joined = [e for e in self.onto.edge_types if not e.structural and e.src != e.dst
                  and {e.src, e.dst} & people and thing.type in (e.src, e.dst)]
        stems = [lx.stem(w) for w in r.words]
        said = [e for e in joined if h.relation_said(r, e) or any(
            h.find_stems(stems, p) >= 0 for a in e.attrs for p in edge_attr_phrases(a))]
        pick = {e.src if e.src in people else e.dst for e in (said if said_only else said or joined)}
        if len(pick) > 1 and not said:
            # "who has *written* the most papers" with authors, editors and reviewers joined to papers: the kind of
            # people whose noun's definition says the verb (an author is "someone who writes")
            verbs = [w for i, w in enumerate(r.words) if i not in r.explained and is_verb_form(w)
                     and w not in lx.FUNCTION_WORDS]
            defined = {t for t in pick for n in (*self.onto.vertex_type(t).nouns, split_camel(t))
                       if any(gloss_says(n, v) for v in verbs)}
            pick = defined if len(defined) == 1 else pick
        return Noun(pick.pop(), -1, -1, True) if len(pick) == 1 else None

    def _who_of_a_thing(self, r: Reading, plan: Plan) -> list[str]:
        """ "Who …" answered with things no one would call a who (incidents, listings): another reading was meant
        ("who reports to X" read through the incidents X reported)."""
        asked = [w for w in r.words[r.ask_from :] if w != "_"]
        vt = self._type(plan.target_type) if plan.target_type else None
        if asked[:1] not in (["who"], ["whom"]) or vt is None or plan.kind in ("portfolio", "comparison"):
            return []  # "who handles more tickets, A or B": the answer is one of the named people
        if {"first_name", "last_name"} & {a.name for a in vt.attrs}:
            return []
        return ["who?"] if all(names_no_agent(n) for n in (vt.nouns[:1] or (split_camel(vt.name),))) else []

    def _says_own_flag(self, r: Reading, type_name: str) -> bool:
        """A yes/no attribute of the type is said by its own words ("elite" for is_elite)."""
        vt = self._type(type_name)
        return vt is not None and any(
            flag_values(self.ctx.vocab.values(vt).get(a.name, ())) is not None
            and any(lx.find_phrase(r.words, " ".join(p)) >= 0 for p in flag_phrases(a)) for a in vt.attrs)

    def _asks_own_attribute(self, r: Reading) -> bool:
        """A word of the question shares a stem with an attribute of a named entity's type, or an adjective names
        what one measures ("when did X *open*" for opened, "how *severe*" for severity, "how *long*" for length_km):
        that entity's card may hold the answer."""
        stems = {lx.stem(w) for w in r.words if w != "_" and w not in lx.FUNCTION_WORDS}
        types = r.anchor_types
        # "how did X *vote* in division D": a relation between the named ones is said, not one card's attribute
        joining = {lx.stem(w) for e in self.onto.edge_types if not e.structural and len(types) > 1
                   and {e.src, e.dst} <= types for v in (*e.verbs, *e.reverse_verbs) for w in lx.words_of(v)
                   if w not in lx.FUNCTION_WORDS}
        if stems & joining:
            return False
        for a in r.anchors:
            vt = self._type(a.type)
            # the type's own noun inside an attribute's name ("ministry_code") is no word of what is asked
            own = {lx.stem(w) for n in (*vt.nouns, vt.name) for w in lx.words_of(n)} if vt is not None else set()
            for at in vt.attrs if vt is not None else ():
                words = {lx.stem(w) for ph in (at.name.replace("_", " "), *at.words) for w in lx.words_of(ph)} - own
                units = {u for m, us in lx.MEASURES.items() if any(s.startswith(m) for s in stems) for u in us}
                close = any(len(w) >= 5 and len(x) >= 5 and w[:5] == x[:5] for w in words for x in stems)  # severe
                dated = at.kind in ("date", "int") and bool(stems & _AGE_WORDS) and (at.kind == "date" or "year" in at.name)
                if words & stems or close or dated or lx.names_measure(at.name, units):
                    return True
        return False

    def _from_text(self, r: Reading, why: str) -> PlanResult:
        """A question the planner cannot compute goes to the reader over retrieved text. With no named entity and no
        documents (an imported graph has its entities' cards only) there is nothing to read an answer from, so the
        answer is "not sure" with what was understood, never a guess from some cards."""
        plan = Plan("lookup", anchors=[a.id for a in r.anchors], explanation=why)
        if self.store.document_hashes() or (r.anchors and self._asks_own_attribute(r)):
            return PlanResult(plan)  # a named entity's own card may hold the answer ("when did X open?")
        plan.confidence, plan.unexplained = 0.0, ["no text to read"]
        plan.explanation = f"unsure: {why}, and this graph has no documents to read"
        understood = ["anchors " + ", ".join(a.id for a in r.anchors)] if r.anchors else []
        return PlanResult(plan, [facts.unsure(understood, ["a computation for this question"])], [])

    def _unsure_of(self, r: Reading, word: str, why: str = "names no type of this graph") -> PlanResult:
        understood = ["anchors " + ", ".join(a.id for a in r.anchors)] if r.anchors else []
        plan = Plan("lookup", anchors=[a.id for a in r.anchors], confidence=0.0, unexplained=[word],
                    explanation=f"unsure: '{word}' {why}")
        return PlanResult(plan, [facts.unsure(understood, [word])], [])

    def _type_of_edge_noun(self, r: Reading, anchor_type: str) -> Noun | None:
        """A relation's own word used as a noun names its far end ("how many stops does the Jade Line have?":
        STOPS_AT's stations). Only when exactly one edge of the anchor's type has that word."""
        return edge_noun(r, anchor_type, r.ask_from)

    def _type_of_value(self, r: Reading, anchor_type: str) -> Noun | None:
        """A closed value with no noun names its type ("ever had a P0": severity of an Outage); of the types that
        have the value, the one the anchor's type has an edge to."""
        for i, w in enumerate(r.words):
            if w == "_" or w in lx.FUNCTION_WORDS:
                continue
            types = [vt.name for vt in self.onto.entity_types() if vt.name != anchor_type and any(
                lx.words_of(v) == [w] for vals in self.ctx.vocab.values(vt).values() for v in vals)]
            near = [t for t in types if any({e.src, e.dst} == {anchor_type, t} for e in self.onto.edge_types)]
            if len(near) == 1:
                return Noun(near[0], i + 1, i + 1, False)  # the value sits right before this (missing) noun
        return None

    def _wh(self, word: str) -> tuple[str, ...] | None:
        """The types a wh-word may mean in this ontology: the CRM's reading where those types exist, else any entity
        type (the verb decides: "Who reports to X?" in a graph of researchers)."""
        if word not in WH_TYPES:
            return None
        known = tuple(t for t in WH_TYPES[word] if self._type(t) is not None)
        return known or tuple(v.name for v in self.onto.entity_types())

    def _wh_type(self, wh: tuple[str, ...], anchor_type: str, r: Reading | None = None) -> str:
        """Of the types a wh-word may mean, the first one the anchor's type is directly related to (an edge, or a
        derived relation: "who was hit by the outage?" means customers), else the first."""
        related = [t for t in wh if t != anchor_type and (self.onto.relation(anchor_type, t) is not None or any(
            {e.src, e.dst} == {anchor_type, t} for e in self.onto.edge_types if not e.structural))]
        if r is not None and len(related) > 1 and not any(self._type(t) is None for t in related):
            # "who was the most recent hire in X": of the related types, the one owning an attribute the question
            # names, then a person (first/last name attributes) for who/whom
            stems = {lx.stem(w) for w in r.words}
            def rank(t: str) -> tuple[bool, bool]:
                vt = self._type(t)
                named = any({lx.stem(w) for w in lx.words_of(ph)} <= stems
                            for a in vt.attrs if a.name not in ("name", "title") for ph in (a.name.replace("_", " "), *a.words))
                person = {"first_name", "last_name", "surname", "given_name"} & {a.name for a in vt.attrs}
                return named, bool(person)
            best = max(rank(t) for t in related)
            tied = [t for t in related if rank(t) == best]
            generic = set(wh) == {v.name for v in self.onto.entity_types()}  # not the CRM's own reading of who
            if generic and len(tied) > 1 and f"{'/'.join(tied)}?" not in r.doubts:
                r.doubts.append(f"{'/'.join(tied)}?")  # "who's in the cast of X": actor, director or composer?
            return tied[0]
        return related[0] if related else wh[0]

    def _resolve_generic(self, r: Reading, noun: Noun) -> Noun | None:
        """A generic noun ("companies", "anyone") takes the type a relation verb gives from a named entity, or
        from another type noun of the question."""
        bases = list(dict.fromkeys([a.type for a in r.anchors] + [n.type for n in r.nouns]))
        verb_at = lx.verb_positions(self.onto, r.words)
        after = sorted(i for i in verb_at if i > noun.start and i not in r.explained)
        if after:
            # "everyone who *spoke in* debates on bill B": the verb right after the generic noun is its own, so a
            # type that verb joins is what types it (not the bill's relation to the debates)
            ends = {t for e in self.onto.edges(verb_at[after[0]]) for t in (e.src, e.dst)}
            bases.sort(key=lambda t: t not in ends)
        for base in bases:
            fits = target_from_verbs(r, base, near=noun.start, all_best=True)
            if not fits:
                # "the most members": the noun is the relation's own word ("member of") -> its other end
                w = lx.stem(r.words[noun.start])
                fits = sorted({(e.src if e.dst == base else e.dst) for e in self.onto.edge_types
                               if not e.structural and base in (e.src, e.dst) and e.src != e.dst
                               and any(lx.stem(lx.words_of(v)[0]) == w for v in (*e.verbs, *e.reverse_verbs) if v)})
            if not fits and lx.impact_positions(r.onto, r.words):
                # "did anybody feel the outage?": the derived relation's other end
                fits = sorted({t for d in self.onto.derived if d.source == base for t in d.targets})
            owners = self._value_owners(r)
            if owners and not set(fits or []) & owners:
                # "the Telecommunications names we serve out of Singapore": the type that owns the value named, when
                # it is related to the named entity (a verb pointing elsewhere does not outvote the value)
                near = [t for t in sorted(owners) if t != base and (self.onto.relation(base, t) is not None or any(
                    {e.src, e.dst} == {base, t} for e in self.onto.edge_types if not e.structural))]
                fits = near[:1] if len(near) == 1 else fits
            if fits:
                # several types fit the verb ("depend on": customers and projects): the one whose closed values the
                # question names, else the ontology's hub (the type with the most relations)
                words = set(r.words) - lx.FUNCTION_WORDS
                degree = {t: sum(t in (e.src, e.dst) for e in self.onto.edge_types) for t in fits}
                named = {t: any(w in words for vals in self.ctx.vocab.values(self.onto.vertex_type(t)).values()
                                for v in vals for w in lx.words_of(v)) for t in fits}
                pick = max(fits, key=lambda t: (named[t], degree[t], t))
                r.use(noun.start, noun.end, f"type {pick}")
                return Noun(pick, noun.start, noun.end, noun.plural, generic=True)
        return None

    def filters_for(self, reading: Reading, type_name: str, position: int) -> list:
        """Attribute filters the question puts on ``type_name`` (the noun at word ``position``)."""
        vt = self._type(type_name)
        return attr_filters(self.ctx.vocab, reading, vt, position) if vt is not None else []

    # ---- dispatch ----------------------------------------------------------------------------------------------

    def _plan(self, r: Reading) -> PlanResult:
        ctx = self.ctx
        if r.unresolved and not r.anchors:
            missing = ", ".join(r.unresolved)
            return PlanResult(Plan("unanswerable", unresolved=r.unresolved, explanation=f"{missing} is not in the knowledge graph"),
                              [facts.not_found(f"no entity {missing}")])
        unknown = ctx.vocab.unknown_name(r.masked if r.anchors else r.question)
        if unknown:
            return PlanResult(Plan("unanswerable", anchors=[a.id for a in r.anchors], unresolved=[unknown],
                                   explanation=f"no entity named {unknown!r}"),
                              [facts.not_found(f"no entity named '{unknown}'")])
        by_value = h.edges_by_value(ctx, r) if r.count else None
        if by_value is not None:  # "how many supply contracts are exclusive?": a relation's records with a value
            return by_value
        target = choose_target(r)
        first = next((w for w in r.words[r.ask_from :] if w != "_"), "")
        if (target is None or target.generic) and r.count:
            whole = h.dataset_size(ctx, r)  # "how many nodes does this graph contain?"
            if whole is not None:
                return whole
        if target is None or target.generic:
            common = h.most_common_type(ctx, r)  # "which kind of entity is most common in this graph?"
            if common is not None:
                return common
        if first in ("which", "what") and target is not None and target.start > r.ask_from + 1:
            unknown = self._unknown_asked_noun(r)  # "which fulfillment centers shipped orders …": the set asked for
            if unknown is not None:  # is no type of ours, whatever later noun the route could end at
                return self._unsure_of(r, unknown)
        if r.count and first == "how":
            unknown = self._unknown_asked_noun(r)  # "how many dollars …": what is counted is no type of ours
            if unknown is not None:
                return self._unsure_of(r, unknown)
        if target is not None and target.generic:
            target = self._resolve_generic(r, target) or choose_target(r, generic=False)
        elif target is None and r.anchors and {"else", "other", "others"} & set(r.words[r.ask_from :]) and first in WH_TYPES:
            # "X was hit by O. Who else was?": more of the first named entity's type, reached from the others
            at = next(i for i in range(r.ask_from, len(r.words)) if r.words[i] in ("else", "other", "others"))
            r.use(at, at + 1, "exclusion")
            target = Noun(r.anchors[0].type, at, at + 1, False)
        if not r.anchors:
            if target is None:
                target = next((n for n in r.nouns if n.start >= r.ask_from), r.nouns[0] if r.nouns else None)
            if target is None:
                target = self._type_of_words(r)  # "Which Enterprise renewals come up before DATE?"
            if first in ("who", "whom") and (target is None or self._who_of_a_thing(r, Plan("", target_type=target.type))):
                # "who has the lowest billing rate?": people, not the billing entries "billing" names
                person = self._person_with_attribute(r)
                if person is not None and target is not None:
                    r.nouns = [n for n in r.nouns if n.type != target.type]  # "billing" only qualified the rate
                target = person or target
            if first in ("who", "whom") and target is not None and (r.superlative or set(r.words) & lx.TOP_WORDS):
                target = self._agent_of(r, target) or target  # "who has written the most papers"
            if target is not None and r.superlative:
                # "Which lab has the most members?": a generic noun after the target is what is counted
                for g in [i for i in r.generic if i > target.start]:
                    counted = self._resolve_generic(r, Noun("*", g, g + 1, r.words[g].endswith("s"), generic=True))
                    if counted is not None and counted.type != target.type:
                        r.nouns = sorted([*r.nouns, counted], key=lambda n: n.start)
                        break
            if r.count and (target is None or self._relation_noun_after(r, target)):
                edges = h.count_edges(ctx, r)  # "how many enrolments are recorded?", "how many incident *assignments*"
                if edges is not None:
                    return edges

            planned = h.whole_type(ctx, r, target) if target is not None else None
            unknown = self._unknown_asked_noun(r) if planned is None and target is None else None
            if unknown is not None:
                return self._unsure_of(r, unknown)
            return planned or self._from_text(r, "no entity named; answering from retrieved text")
        other_nouns = [n for n in r.nouns if n.type not in r.anchor_types]
        wh = self._wh(first)
        # "where does the *chef* who trained X work": another of X's own kind, over a self-relation
        kin = [n for n in r.nouns if n.type in r.anchor_types and not n.plural and any(
            e.src == e.dst == n.type and not e.structural for e in self.onto.edge_types)]
        if target is None and wh and (other_nouns or (kin and first == "where")):
            via = target_from_verbs(r, (other_nouns or kin)[0].type, exclude=r.anchor_types, near=r.ask_from + 1)
            target = via if via is not None and via.type in wh else Noun(self._wh_type(wh, r.anchors[0].type, r), -1, -1, False)
        anchor = r.anchors[0]
        if r.portfolio and not other_nouns:
            return h.portfolio(ctx, anchor)
        if all(n.type == anchor.type for n in other_nouns) and target is None or (
                target is not None and target.type == anchor.type):
            shared = h.co_relation(ctx, r, anchor)  # "who has X co-authored with": others at the same far end
            if shared is not None:
                return shared
        if len({n.type for n in other_nouns}) <= 1:
            over_edges = h.edge_aggregate(ctx, r, other_nouns[0].type if other_nouns else None)  # "the average mark in X", "who got the top mark in X"
            if over_edges is not None:
                return over_edges
        if not (r.count and other_nouns) or self._counts_edge_number(r, other_nouns[0]):
            on_edge = h.edge_value(ctx, r)  # "how many minutes from A to B?", "which room is X taught in?"
            if on_edge is not None:
                return on_edge
        same_type = [a for a in r.anchors if a.type == anchor.type]
        if len(same_type) >= 2 and r.compare and target is not None and not r.count:
            return h.comparison(ctx, r, same_type[:2], target)
        asks_a_set = target is not None and (target.generic or (r.any and target.plural))
        if asks_a_set and target.generic and not target.plural and any(a.type == target.type for a in r.anchors[1:]):
            asks_a_set = False  # "Is X a Gold *member*?": the relation's word, and the named tier is its other end
        if (r.yesno and len(r.anchors) == 1 and self._type(anchor.type) is not None and other_nouns
                and all(n.value for n in other_nouns) and self._says_own_flag(r, anchor.type)):
            # "Is X classed as an *elite* athlete?" with X's own is_elite: X's flag, not a related club's tier
            checked = h.value_check(ctx, r, anchor)
            if checked is not None:
                return checked
        self_rel = any(e.src == e.dst == anchor.type and not e.structural for e in self.onto.edge_types)
        if r.yesno and len(r.anchors) >= 2 and self_rel and len(r.anchor_types) == 1 and not (
                asks_a_set and not target.generic):  # "Has A ever referred anyone to B?": anyone is the relation's object
            return h.reach(ctx, r, r.anchors[0], r.anchors[1])  # "Does A report to B?", "Does paper A cite B?"
        if r.yesno and len(r.anchor_types) >= 2 and not asks_a_set:
            return h.reach(ctx, r, r.anchors[0], r.anchors[1])
        if r.yesno and len(r.anchors) == 1 and self._type(anchor.type) is not None and not other_nouns:
            checked = h.value_check(ctx, r, anchor)
            if checked is not None:
                return checked
        vt_anchor = self._type(anchor.type)
        capacity = capacity_attr(r, vt_anchor) if vt_anchor is not None and r.count else None
        if capacity is not None:
            if target is not None:
                r.use(target.start, target.end, f"type {target.type}")
            return h.lookup(ctx, anchor, capacity)  # "how many vehicles can the depot hold?"
        if target is None and r.aggregate:
            target = self._type_of_measure(r, anchor.type)  # "how much ARR was exposed when O happened?"
        if target is None:
            vt = self._type(anchor.type)
            # "Who opened TICK-1?" asks for an entity, not the ticket's opening date
            attr = lookup_attr(r, vt) if vt is not None and first not in ("who", "whom") else None
            if attr and not r.count:
                a = vt.attr(attr)
                named = {w for ph in (attr.replace("_", " "), *(a.words if a else ())) for w in lx.words_of(ph)}
                said = {v for v in ctx.vocab.values(vt).get(attr, ()) if lx.words_of(v)
                        and lx.find_phrase(r.words, " ".join(lx.words_of(v))) >= 0
                        and not set(lx.words_of(v)) <= named | lx.FUNCTION_WORDS | set(lx.nouns(self.onto))}
                if said:  # "what top-level *department* does category X belong to": a value of the attribute is
                    # said, so the question asks for something that has it, not for X's own value
                    return self._unsure_of(r, sorted(said)[0], "is a value of the attribute looked up")
                return h.lookup(ctx, anchor, attr)
            asked = [w for w in r.words[r.ask_from :] if w != "_"]
            if asked[:1] in (["who"], ["whom"]) and asked[1:2] in (["is"], ["are"], ["was"], ["were"]) and \
                    self._says_role_noun(r, anchor.type):  # "Who are X's mentees?": others of X's own kind
                target = Noun(anchor.type, -1, -1, True)
            if target is None and asked[:1] in (["who"], ["whom"]) and level_walk(r, anchor, mark=False):
                target = Noun(anchor.type, -1, -1, True)  # "who sits two levels above X": others of X's kind
            if target is None and asked[:1] in (["who"], ["whom"]):
                target = self._verb_subject(r, anchor.type)  # "who bought house H": the buyer, through the sale
            target = target or target_from_verbs(r, anchor.type)
            if target is None and self._says_role_noun(r, anchor.type):
                target = Noun(anchor.type, -1, -1, True)  # "the dependencies of X", "how many mentees has X"
            if target is None and wh and self._wh_type(wh, anchor.type, r) != anchor.type:
                target = Noun(self._wh_type(wh, anchor.type, r), -1, -1, False)
        if target is None:
            target = self._type_of_edge_noun(r, anchor.type)  # "how many stops does the line have?"
        if target is None:
            target = self._type_of_value(r, anchor.type)  # "has Baytree DB ever had a P0?"
        if target is None:
            unknown = self._unknown_asked_noun(r)
            if unknown is not None:  # "Which moveis has X appeared in?": a set of a type we cannot name
                return self._unsure_of(r, unknown)
            asked = " ".join(r.words[r.ask_from:])
            form = next((m.group(0) for rx in (lx.COUNT, lx.SUPERLATIVE, *lx.AGGREGATES.values())
                         for m in rx.finditer(asked)), None)
            if form is not None:  # "average seat count across X's fleet": a number over a set we could not name
                return self._unsure_of(r, form, "asks for a count, total or extreme over a set no type names")
            return self._from_text(r, "no target type recognised")
        if self._type(target.type) is None or any(self._type(a.type) is None for a in r.anchors):
            return PlanResult(Plan("lookup", anchors=[a.id for a in r.anchors], explanation="no typed path for extracted types"))
        if first in ("who", "whom") and target.start >= 0 and not (r.superlative or r.count or r.aggregate) and \
                self._who_of_a_thing(r, Plan("", target_type=target.type)):
            # "who was *involved* in incidents at site S": the people of the relation said, through the incidents
            target = self._agent_of(r, target, said_only=True) or target
        return h.traverse(ctx, r, target)

    # ---- confidence ---------------------------------------------------------------------------------------------

    def _finish(self, r: Reading, result: PlanResult) -> PlanResult:
        plan = result.plan
        if plan.kind == "unanswerable" or not result.facts or result.facts[0].startswith(UNSURE_PREFIX):
            return result
        used = {s.edge for w in plan.walks for st in w.stages for p in st.paths for s in p}
        used |= {s.edge for s in plan.path} | _condition_edges(plan.conditions)
        types = ({plan.target_type} | r.anchor_types | {c.other for c in plan.conditions}
                 | {s.target for w in plan.walks for st in w.stages for p in st.paths for s in p}
                 | {w.seed_type for w in plan.walks if w.seed_type})
        for n in r.nouns:
            if n.type in types:
                r.use(n.start, n.end, f"type {n.type}")
        if plan.kind == "portfolio":
            for m in PORTFOLIO.finditer(" ".join(r.words)):
                start = len(" ".join(r.words)[: m.start()].split())
                r.use(start, start + len(m.group(0).split()), "portfolio")
        # the derived relation is the only stage that intersects several paths
        impact = any(len(st.paths) > 1 for w in plan.walks for st in w.stages) or any(c.paths for c in plan.conditions)
        tvt = self._type(plan.target_type) if plan.target_type else None
        scene = frozenset(w for vals in (self.ctx.vocab.values(tvt).values() if tvt is not None else ())
                          for v in vals for w in lx.words_of(v))  # a value of the asked type said early is a filter
        asked = [i for i in range(r.ask_from, len(r.words)) if r.words[i] != "_"]
        if asked and r.words[asked[0]] == "whose" and any(
                n.start == asked[0] + 1 and n.type == plan.target_type for n in r.nouns) and "whose?" not in r.doubts:
            r.doubts.append("whose?")  # "whose orders add up to …" asks for the orders' owner, not the orders
        confidence, unexplained = account(r, used, impact, plan.target_type, scene)
        if plan.operator == "value" or plan.kind == "portfolio":
            # One entity's attribute, or everything about it: no path or filter to misread, so only words that
            # name another attribute or a value could mean a different question.
            vt = self._type(plan.target_type) if plan.target_type else None
            own = ({w for a in vt.attrs for ph in (a.name.replace("_", " "), *a.words) for w in lx.words_of(ph)}
                   if vt is not None else lx.attribute_words(self.onto))  # another type's words don't compete
            asked = {w for v in (self.ctx.vocab.values(vt).get(plan.attribute or "", ()) if vt is not None else ())
                     for w in lx.words_of(v)}  # "market segment": the asked attribute's own values don't compete
            signal = own | (self.ctx.vocab.value_words() - asked)
            unexplained = [w for w in unexplained if w in signal]
            confidence = 1.0 if not unexplained else confidence
        slots = slot_doubts(r, unexplained, plan.operator) + self._unsaid_route(r, plan, unexplained)
        slots += self._who_of_a_thing(r, plan)
        if slots:
            confidence, unexplained = min(confidence, NUMBER_MISSED_CONFIDENCE), unexplained + slots
        plan.confidence, plan.unexplained = confidence, unexplained
        plan.understood = sorted({how for how in r.explained.values() if how and how != "anchor"})
        if r.anchors:
            plan.understood.insert(0, "anchors " + ", ".join(a.id for a in r.anchors))
        if confidence >= self.min_confidence:
            plan.result_ids, plan.result_count = result.result_ids[:RESULT_IDS_KEPT], len(result.result_ids)
            return result
        # Not sure: say what was understood instead of stating an exact result.
        plan.explanation = f"unsure ({confidence:.0%} of the question accounted for): {plan.explanation}"
        return PlanResult(plan, [facts.unsure(plan.understood, unexplained)], [])

    def _verb_subject(self, r: Reading, anchor_type: str) -> Noun | None:
        """The subject type of the one relation verb said right after "who" when that relation does not touch the
        anchor's type ("who *bought* H": Sale -BOUGHT_BY-> Buyer, read "Buyer bought Sale"): the route gets there."""
        stems = [lx.stem(w) for w in r.verb_words]
        k = next((i for i in range(r.ask_from, len(stems)) if r.words[i] not in ("who", "whom", "_")), None)
        if k is None:
            return None
        subjects = set()
        for e in self.onto.edge_types:
            if e.structural or anchor_type in (e.src, e.dst):
                continue
            for v, forward in [(v, True) for v in e.verbs] + [(v, False) for v in e.reverse_verbs]:
                p = [lx.stem(w) for w in lx.words_of(v)]
                if p and stems[k : k + len(p)] == p and p[0] not in lx.WEAK_VERBS:
                    subjects.add((e.src if forward else e.dst, e.name))
        if len({t for t, _e in subjects}) != 1 or len(subjects) != 1 or any(e.src == e.dst for e in self.onto.edges(
                next(iter(subjects))[1])):
            return None  # a self-relation ("who *mentored* the manager of C") is walked after the route instead
        t, r.subject_edge = subjects.pop()
        return Noun(t, -1, -1, True)  # the verb stays to be explained by the route that walks it

    def _says_role_noun(self, r: Reading, type_name: str) -> bool:
        """The question names a self-relation of the type by its agent or patient noun ("X's mentor", "mentees")."""
        return any(role_noun(r, w) is not None for e in self.onto.edge_types
                   if e.src == e.dst == type_name and not e.structural
                   for v in (*e.verbs, *e.reverse_verbs) for w in lx.words_of(v)[:1] if is_active_head(v))

    def _unsaid_route(self, r: Reading, plan: Plan, unexplained: list[str]) -> list[str]:
        """A waypoint the question never mentions, while a verb is left unexplained: a type on the route that no
        noun names, reached and left by relations no word says ("the cities X's mentor has *flown* to" walked
        through the mentor's airline and its headquarters). The route is the planner's guess at that word."""
        if not unexplained or plan.kind in ("portfolio", "lookup"):
            return []
        said = {how.split()[1] for how in r.explained.values() if how.startswith("edge ")}
        said |= set(lx.verb_positions(self.onto, r.verb_words).values())
        named = {n.type for n in r.nouns} | r.anchor_types
        paths = [p for w in plan.walks for st in w.stages if len(st.paths) == 1 for p in st.paths] or [plan.path]
        hops = [sum(len(st.paths[0]) for st in w.stages if st.paths) for w in plan.walks] or [len(plan.path)]
        if set(r.words) & INDEFINITES and all(n <= 1 for n in hops):
            return ["something?"]  # "services that *rely* on something the team owns": a thing the route skipped
        if not any(is_verb_form(w) for w in unexplained):
            return []  # an unread noun ("machines", "winners") often names the waypoint; an unread verb does not
        starts = [w.seed_type or (r.anchors[0].type if r.anchors else "") for w in plan.walks] or [
            r.anchors[0].type if r.anchors else ""]
        for steps, start in zip(paths, starts + [starts[-1]] * len(paths), strict=False):
            for k, (a, b) in enumerate(zip(steps, steps[1:], strict=False)):
                before = steps[k - 1].target if k else start
                if a.target not in named and a.edge not in said and b.edge not in said and not self._sole_bridge(
                        before, b.target):
                    return ["route?"]
        return []

    def _sole_bridge(self, src: str, dst: str) -> bool:
        """The two hops src -> waypoint -> dst are the only way between the two types in two hops or fewer
        ("tracks X *bought*": Customer <- Invoice -> Track), so the unread verb can mean nothing else."""
        if not src or not dst:
            return False
        return len(typed_paths(self.onto, src, dst, max_len=2)) == 1

    def evidence(self, plan: Plan, cap: int = 40):
        """Path instances behind an exact plan's result (``planning.evidence.trace``); None for other plans."""
        from core.retrieval.planning.evidence import trace

        if not plan.walks or not plan.result_ids or plan.kind in ("unanswerable", "lookup"):
            return None
        return trace(self.store, plan, plan.result_ids, cap)

    # ---- plans proposed elsewhere (the LLM planner) ------------------------------------------------------------

    def run_proposal(self, proposal: Plan) -> PlanResult | None:
        """Run a proposed count/list plan with the same exact machinery; None when it does not fit the ontology."""
        anchors = [e for e in self.store.get_entities(proposal.anchors) if e is not None]
        if not anchors or proposal.operator not in ("count", "list") or not proposal.path or not proposal.target_type:
            return None
        from core.records import Stage, Walk

        proposal.walks = [Walk([anchors[0].id], [Stage([proposal.path], proposal.target_type)])]
        vt = self._type(proposal.target_type)
        if vt is None or validate_plan(self.onto, self.store, proposal) is not None:
            return None
        proposal.filters = [f for f in proposal.filters if vt.attr(f.attr) is not None]
        ids = execute_plan(self.store, proposal)
        desc = describe(proposal)
        proposal.explanation = desc
        if proposal.operator == "count":
            return PlanResult(proposal, [facts.count(len(ids), proposal.target_type, desc)], ids)
        names = self.ctx.names(ids[: facts.MAX_LISTED])
        return PlanResult(proposal, [facts.members(ids, names, proposal.target_type, desc)], ids)
