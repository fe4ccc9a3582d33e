"""Preset dictionaries for the log codec (tables/codec.py), one or more per game, never changed
once used. ``python -m tables.dictionaries GAME`` makes a new one and lists it in manifest.json."""
