"""Language-model providers behind small protocols; optional SDKs are imported lazily."""
