"""Bring your own graph: read a property graph (GraphML, Neo4j admin-import CSV), infer its ontology, load it.

``readers`` parse the files into a ``RawGraph`` (nodes with labels and typed properties, edges with a type and
properties), ``infer`` turns it into an ``Ontology`` plus HopLens records, ``load`` writes them into a store in one
transaction. ``hoplens import-graph`` (core/commands/import_graph.py) drives it; docs/byog.md describes the rules.
"""
