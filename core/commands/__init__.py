"""CLI commands that belong to no single area."""
