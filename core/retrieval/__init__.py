"""The one retrieval core shared by every pipeline."""
