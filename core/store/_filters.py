"""Moved to core.store.filters (public); this shim stays until core/retrieval imports the public name."""
from core.store.filters import OPS, check_filter, matches  # noqa: F401
