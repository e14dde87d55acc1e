"""Graph import: readers (GraphML, Neo4j admin-import CSV), inference rules, overrides, bad input."""

from __future__ import annotations

import json

import pytest

from core.config import Settings
from core.ingest.graph_import.overrides import apply_overrides
from core.ingest.graph_import.readers import read_graph
from core.ontology_infer import attr_words, edge_verbs, infer, noun_of, parse_date, with_unit_words
from core.rawgraph import GraphImportError
from core.schema import DATE, FLOAT, INT, LIST, STRING, Attr

S = Settings()

APOC = """<?xml version="1.0" encoding="UTF-8"?>
<graphml xmlns="http://graphml.graphdrawing.org/xmlns">
<key id="labels" for="node" attr.name="labels" attr.type="string"/>
<key id="name" for="node" attr.name="name" attr.type="string"/>
<key id="born" for="node" attr.name="born" attr.type="long"/>
<key id="released" for="node" attr.name="released" attr.type="string"/>
<key id="tagline" for="node" attr.name="tagline" attr.type="string"/>
<key id="label" for="edge" attr.name="label" attr.type="string"/>
<key id="roles" for="edge" attr.name="roles" attr.type="string"/>
<graph id="G" edgedefault="directed">
<node id="n0" labels=":Person"><data key="labels">:Person</data><data key="name">Keanu Reeves</data><data key="born">1964</data></node>
<node id="n1" labels=":Person:Director"><data key="labels">:Person:Director</data><data key="name">Lana Wachowski</data><data key="born">1965</data></node>
<node id="n2" labels=":Movie"><data key="labels">:Movie</data><data key="name">The Matrix</data><data key="released">1999-03-31</data>
<data key="tagline">Welcome to the Real World. Nothing is what it seems. The choice is yours and it always was, in every single one of the many worlds that the film imagines for us. It is a long tagline, written for this test.</data></node>
<edge id="e0" source="n0" target="n2" label="ACTED_IN"><data key="label">ACTED_IN</data><data key="roles">Neo</data></edge>
<edge id="e1" source="n1" target="n2" label="DIRECTED"><data key="label">DIRECTED</data></edge>
</graph></graphml>
"""


def _write(tmp_path, name, text, mode="w"):
    p = tmp_path / name
    if mode == "wb":
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return p


def test_apoc_graphml_types_labels_properties_and_text(tmp_path):
    g = read_graph(_write(tmp_path, "movies.graphml", APOC))
    assert [n.labels for n in g.nodes] == [("Person",), ("Person", "Director"), ("Movie",)]
    res = infer(g, S, "movies")
    onto = res.ontology
    assert {v.name for v in onto.entity_types()} == {"Person", "Movie"}
    assert onto.vertex_type("Person").attr("born").kind == INT
    assert onto.vertex_type("Movie").attr("released").kind == DATE
    assert onto.vertex_type("Movie").attr("tagline") is None  # long text: a document, not an attribute
    assert [d.entity_ids for d in res.documents] == [["n2"]]
    assert onto.edge_allowed("Person", "ACTED_IN", "Movie")
    assert "acted in" in onto.edges("ACTED_IN")[0].verbs
    assert "directed by" in onto.edges("DIRECTED")[0].reverse_verbs
    lana = next(e for e in res.entities if e.id == "n1")
    assert lana.type == "Person" and lana.name == "Lana Wachowski" and lana.attrs["labels"] == ["Person", "Director"]
    assert onto.vertex_type("Person").attr("labels").kind == LIST
    assert res.edges[0].attrs == {"roles": "Neo"}
    assert all(v.id_regex == "" for v in onto.vertex_types)


def test_neo4j_csv_groups_typed_headers_and_arrays(tmp_path):
    d = tmp_path / "csv"
    d.mkdir()
    _write(d, "people.csv", "personId:ID(Person),firstName,lastName,age:int,score:float,tags:string[],aliases,"
                            ":LABEL\n1,Ada,Lovelace,36,1.5,a;b,Countess,Person\n2,Alan,Turing,41,2,c,,Person\n")
    _write(d, "teams.csv", "teamId:ID(Team),name,since:date,:LABEL\n1,Engines,1843-01-01,Team\n")
    _write(d, "rels.csv", ":START_ID(Person),:END_ID(Person),:TYPE\n2,1,REPORTS_TO\n")
    _write(d, "member.csv", ":START_ID(Person),:END_ID(Team),:TYPE,role\n1,1,MEMBER_OF,lead\n")
    res = infer(read_graph(d), S)
    ids = {e.id: e for e in res.entities}
    assert set(ids) == {"Person:1", "Person:2", "Team:1"}  # id spaces keep Person 1 and Team 1 apart
    ada = ids["Person:1"]
    assert ada.name == "Ada Lovelace" and ada.aliases == ["Countess"] and ada.attrs["tags"] == ["a", "b"]
    p = res.ontology.vertex_type("Person")
    assert (p.attr("age").kind, p.attr("score").kind, p.attr("tags").kind) == (INT, FLOAT, LIST)
    assert res.ontology.vertex_type("Team").attr("since").kind == DATE
    assert res.ontology.edge_allowed("Person", "REPORTS_TO", "Person")
    assert {(e.src, e.type, e.dst) for e in res.edges} == {("Person:2", "REPORTS_TO", "Person:1"),
                                                           ("Person:1", "MEMBER_OF", "Team:1")}


def test_inference_words():
    assert edge_verbs("ON_ALBUM") == (("on album",), ("on album",))
    fwd, rev = edge_verbs("REPORTS_TO")
    assert {"reports to", "report to"} <= set(fwd) and "reported to by" in rev
    fwd, rev = edge_verbs("SUPPORTED_BY")
    assert fwd == ("supported by",) and {"support", "supports"} <= set(rev)
    assert "written by" in edge_verbs("WROTE")[1]
    assert "referred to by" in edge_verbs("REFERRED_TO")[1]  # the name's own participle, not a rebuilt "refered"
    # a doubled consonant is a regular past (WordNet's exception list files it too): the present reads as well
    assert {"ship to", "ships to"} <= set(edge_verbs("SHIPPED_TO")[0])
    assert "ride" not in edge_verbs("RODE")[0]  # an irregular past keeps its past forms only
    assert "led" in edge_verbs("LEADS")[0] and "led by" in edge_verbs("LEADS")[1]  # was "led_by", "led_by by"
    assert {"lead", "leads"} <= set(edge_verbs("LED_BY")[1])
    # the base a question uses, not a cut stem: "locate in", "handle", never "locat in", "handl"
    assert "locate in" in edge_verbs("LOCATED_IN")[0] and "locat in" not in edge_verbs("LOCATED_IN")[0]
    assert "handle" in edge_verbs("HANDLED_BY")[1] and "handl" not in edge_verbs("HANDLED_BY")[1]
    assert "attendance" in attr_words("attendance_pct")  # a percentage is a unit: the name says what it is of
    (took,) = with_unit_words([Attr("cycle_min", INT, attr_words("cycle_min"))])
    (rate,) = with_unit_words([Attr("capacity_per_day", INT, attr_words("capacity_per_day"))])
    assert "time" in took.words and "time" not in rate.words  # a unit of time names a duration; a rate is none
    assert attr_words("unit_price") == ("unit price", "price")
    assert attr_words("hire_date") == ("hire date", "hire")
    assert (noun_of("MediaType"), noun_of("Movies"), noun_of("Categories")) == ("media type", "movie", "category")
    assert parse_date("2002-08-14T00:00:00Z") == "2002-08-14"
    assert parse_date("2002-08-14T10:30:00") == "2002-08-14T10:30:00"
    assert parse_date("2002-13-01") is None and parse_date("soon") is None


def test_categorical_values_and_untyped_numbers(tmp_path):
    rows = "".join(f"{i},n{i},{['red', 'blue'][i % 2]},{i * 1.5},Item\n" for i in range(10))
    _write(tmp_path, "items.csv", "id:ID,name,colour,weight,:LABEL\n" + rows)
    onto = infer(read_graph(tmp_path / "items.csv"), S).ontology
    item = onto.vertex_type("Item")
    assert item.attr("colour").values == ("blue", "red") and item.attr("colour").kind == STRING
    assert item.attr("weight").kind == FLOAT


def test_apoc_labels_as_xml_attribute_only(tmp_path):
    text = ('<graphml xmlns="http://graphml.graphdrawing.org/xmlns"><graph><node id="a" labels=":City"/>'
            '<node id="b" labels=":City"/><edge source="a" target="b" label="ROAD_TO"/></graph></graphml>')
    res = infer(read_graph(_write(tmp_path, "x.graphml", text)), S)
    assert {e.type for e in res.entities} == {"City"} and res.edges[0].type == "ROAD_TO"


def test_gephi_label_as_name_not_type(tmp_path):
    nodes = "".join(f'<node id="{i}"><data key="l">Person number {i}</data></node>' for i in range(40))
    text = (f'<graphml xmlns="http://graphml.graphdrawing.org/xmlns"><key id="l" for="node" attr.name="label" '
            f'attr.type="string"/><graph edgedefault="undirected">{nodes}</graph></graphml>')
    res = infer(read_graph(_write(tmp_path, "g.graphml", text)), S)
    assert {e.type for e in res.entities} == {"Node"} and res.entities[3].name == "Person number 3"


@pytest.mark.parametrize(
    "name,content,match",
    [
        ("bad.graphml", "<graphml><graph><node id='a'></graph>", r"bad.graphml line 1 column \d+: malformed XML"),
        ("dangle.graphml", '<graphml xmlns="http://graphml.graphdrawing.org/xmlns"><graph><node id="a"/>'
                           '<edge id="e7" source="a" target="zz"/></graph></graphml>', r"edge e7: endpoint 'zz'"),
        ("dup.graphml", '<graphml xmlns="http://graphml.graphdrawing.org/xmlns"><graph><node id="a"/><node id="a"/>'
                        "</graph></graphml>", r"node a: duplicate node id"),
        ("lbl.graphml", '<graphml xmlns="http://graphml.graphdrawing.org/xmlns"><key id="t" for="node" '
                        'attr.name="type"/><graph><node id="a"><data key="t">My Type</data></node></graph></graphml>',
         r"node a: label 'My Type' is not a valid identifier"),
        ("bomb.graphml", '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><graphml/>', "DTD"),
        ("enc.graphml", '<?xml version="1.0" encoding="TTF-8"?><graphml/>', r"enc.graphml: cannot decode the file"),
        ("types.csv", "id:ID,age:integer\n1,2\n", r"types.csv line 1 column 2: unknown type 'integer'"),
        ("short.csv", "id:ID,name\n1,a\n2\n", r"short.csv line 3: 1 fields, the header has 2"),
        ("dupid.csv", "id:ID,name\n1,a\n1,b\n", r"dupid.csv line 3: duplicate id '1'"),
        ("badint.csv", "id:ID,age:int\n1,old\n", r"badint.csv line 2 \(age\): 'old' is not a valid int"),
        ("quote.csv", 'id:ID,name\n1,"unclosed\n2,b\n', r"quote.csv line \d+: malformed CSV"),
        ("badlabel.csv", "id:ID,:LABEL\n1,Has Space\n", r"badlabel.csv line 2: label 'Has Space' is not a valid"),
        ("nokind.csv", "a,b\n1,2\n", r"nokind.csv line 1: neither a node file"),
        ("rel.csv", ":START_ID,:TYPE\n1,X\n", r"rel.csv line 1: a relationship file needs both"),
    ],
)
def test_bad_input_names_file_and_place(tmp_path, name, content, match):
    with pytest.raises(GraphImportError, match=match):
        infer(read_graph(_write(tmp_path, name, content)), S)


def test_reserved_names_are_renamed_and_keep_their_words(tmp_path):
    # PART_OF and Document are everyday names in users' graphs (a book PART_OF a series); HopLens uses them for its
    # own text records, so the graph's are stored under the same name with "_" appended, and read the same way
    d = tmp_path / "r"
    d.mkdir()
    _write(d, "n.csv", "id:ID,name,:LABEL\nb1,Dune,Book\ns1,Dune Saga,Series\nd1,Memo,Document\n")
    _write(d, "r.csv", ":START_ID,:END_ID,:TYPE\nb1,s1,PART_OF\nd1,b1,MENTIONS\n")
    inf = infer(read_graph(d), S)
    onto = inf.ontology
    part = [e for e in onto.edge_types if e.name == "PART_OF_"]
    assert part and part[0].src == "Book" and part[0].dst == "Series" and "part of" in part[0].verbs
    assert {(e.src, e.type, e.dst) for e in inf.edges} == {("b1", "PART_OF_", "s1"), ("d1", "MENTIONS_", "b1")}
    assert onto.vertex_type("Document_").is_entity and "document" in onto.vertex_type("Document_").nouns
    assert next(e for e in inf.entities if e.id == "d1").type == "Document_"
    assert any("'PART_OF' is HopLens's own name" in n for n in inf.notes)
    with pytest.raises(GraphImportError, match=r"label 'Document' is reserved"):
        infer(read_graph(d), S, rename_reserved=False)


def test_dangling_relationship_and_non_utf8_and_size(tmp_path):
    d = tmp_path / "c"
    d.mkdir()
    _write(d, "n.csv", "id:ID,:LABEL\n1,A\n")
    _write(d, "r.csv", ":START_ID,:END_ID,:TYPE\n1,9,LINKS\n")
    with pytest.raises(GraphImportError, match=r"r.csv line 2: END_ID '9' is not a node id"):
        read_graph(d)
    p = _write(tmp_path, "latin.csv", "id:ID,name\n1,Jos\xe9\n".encode("latin-1"), "wb")
    with pytest.raises(GraphImportError, match=r"latin.csv line 2: not UTF-8"):
        read_graph(p)
    big = _write(tmp_path, "big.csv", "id:ID\n" + "1\n" * 600_000)
    with pytest.raises(GraphImportError, match=r"over the import limit of 1 MB"):
        read_graph(big, max_mb=1)


def test_overrides_add_words_and_derived_relations(tmp_path):
    d = tmp_path / "o"
    d.mkdir()
    _write(d, "n.csv", "id:ID,name,:LABEL\nt1,Song A,Track\na1,Album A,Album\nr1,Band,Artist\n")
    _write(d, "r.csv", ":START_ID,:END_ID,:TYPE\nt1,a1,ON_ALBUM\na1,r1,BY_ARTIST\n")
    onto = infer(read_graph(d), S).ontology
    spec = {"types": {"Track": {"nouns": ["song"]}}, "edges": {"BY_ARTIST": {"verbs": ["recorded by"]}},
            "derived": [{"name": "recorded by", "source": "Artist", "words": ["record"], "paths": {
                "Track": [[["BY_ARTIST", "in", "Album"], ["ON_ALBUM", "in", "Track"]]]}}]}
    new = apply_overrides(onto, spec, "ontology.json")
    assert "song" in new.vertex_type("Track").nouns and new.type_nouns()["songs"] == "Track"
    assert "recorded by" in new.edges("BY_ARTIST")[0].verbs
    assert new.relation("Artist", "Track").name == "recorded by"
    with pytest.raises(GraphImportError, match="types.Song: no such vertex type"):
        apply_overrides(onto, {"types": {"Song": {"nouns": ["x"]}}}, "ontology.json")
    bad = json.loads(json.dumps(spec))
    bad["derived"][0]["paths"]["Track"][0][0] = ["ON_ALBUM", "in", "Album"]
    with pytest.raises(GraphImportError, match="no edge"):
        apply_overrides(onto, bad, "ontology.json")


def test_graphml_streams_edges_before_nodes_and_checks_utf8(tmp_path):
    text = ('<graphml xmlns="http://graphml.graphdrawing.org/xmlns"><graph><edge source="a" target="b"/>'
            '<node id="a"/><node id="b"/></graph></graphml>')
    g = read_graph(_write(tmp_path, "order.graphml", text))
    assert [(e.src, e.type, e.dst) for e in g.edges] == [("a", "RELATED_TO", "b")]
    raw = b'<graphml xmlns="http://graphml.graphdrawing.org/xmlns">\n<graph>\n<node id="caf\xe9"/></graph></graphml>'
    with pytest.raises(GraphImportError, match=r"latin.graphml line 3: not UTF-8 \(byte 0xe9"):
        read_graph(_write(tmp_path, "latin.graphml", raw, "wb"))
    nested = ('<graphml xmlns="http://graphml.graphdrawing.org/xmlns"><graph><node id="a"><graph/></node></graph>'
              "</graphml>")
    with pytest.raises(GraphImportError, match="nested graphs"):
        read_graph(_write(tmp_path, "nested.graphml", nested))
