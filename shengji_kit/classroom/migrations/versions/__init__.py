"""One module per schema version, oldest first; each names the one before it."""
