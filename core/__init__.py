"""HopLens: GraphRAG analyst workbench over a CRM knowledge graph."""

__version__ = "0.1.0"
