"""Streamlit-only helpers for the HopLens app (session state, cached resources, widgets).

``core`` never imports this package or streamlit; pages import ``ui`` and ``core``.
"""
