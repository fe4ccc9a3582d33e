"""Solitaire (rules section 9, spec 11): the Jihadist played by the section 9 bot.

A table is solo when its Jihadist seat is the ``jihadist`` bot (``setup.resolve_options`` sets
the option ``solo``); the solo rules then apply in the modules of the rules themselves, each
asking ``is_solo(state)``: 9.1 victory (victory.py), 9.2 the hand as a face-down stack and the
optional mini-decks (decks.py, flow.py), 9.3.1 cell choice, 9.3.2 plot placement and 9.3.3 WMD
acquisition (plots.py, jihadist_ops.py), the 9.7 ideology levels (setup.ideology_at_least) and
Radicalization (radicalize.py), the one Jihadist action a two-player game does not have.

The bot itself is a player like any other (bot.py): it answers the prompts the Jihadist is asked,
one decision at a time, by the flows of 9.4 (flows.py, where.py), the random and nearest country
of 9.5 (randomly.py) and the card notes of 9.6 (cards.py), and says why in each move.
"""


def is_solo(state) -> bool:
    return bool(state and state.get("opts", {}).get("solo"))


# 9.7: the levels in the order they add up (coherent stands apart: setup.OPTIONS "ideology")
IDEOLOGY_LEVELS = ["normal", "attractive", "potent", "infectious", "virulent"]


def ideology_at_least(state, level: str) -> bool:
    """9.7: the solo table's ideology includes this level (coherent only itself and normal); a
    two-player table's is normal."""
    have = state["opts"].get("ideology", "normal") if is_solo(state) else "normal"
    if level == "coherent" or have == "coherent":
        return level in (have, "normal")
    return IDEOLOGY_LEVELS.index(have) >= IDEOLOGY_LEVELS.index(level)
