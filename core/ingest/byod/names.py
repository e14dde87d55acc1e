"""Moved to ``core.names`` (shared with answering code); kept so ingest imports read as before."""

from core.names import *  # noqa: F401,F403
from core.names import name_key, name_tokens  # noqa: F401
