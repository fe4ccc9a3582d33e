"""Table options and the setup (3.0-3.3): the scenario, the game length, the opening hands.

Every option the rulebook leaves to the players is named here with its alternatives.
"""

from . import data as D
from . import flow
from .ctx import Ctx
from .evolve import evolve
from .tests_rolls import roll_posture

# The one-line flip: True once every card has its event (tests/games/labyrinth/test_labyrinth_events.py,
# MISSING empty). Until then players get only "off"; the tests set "on" in the options directly.
EVENTS_READY = True

EVENTS_HELP = ("Card events are not implemented yet: every card is played for operations and no event is "
               "triggered.") if not EVENTS_READY else (
    "on (the default): cards are played as events or for operations, and an operation with the opponent's "
    "card triggers its event (6.2, 6.3); off: every card is played for operations only and no event happens, "
    "US Election included.")

OPTIONS = {
    "scenario": {
        "default": "lets_roll", "choices": list(D.SCENARIO_IDS),
        "help": "The starting scenario (3.1): lets_roll (Let's Roll!, 2001, the default), you_can_call_me_al "
                "(2001, US Soft), anaconda (2002; the Jihadist places 3 extra cells at setup) or "
                "mission_accomplished (2003; the 7 Schengen countries are tested at setup)."},
    "decks": {
        "default": 1, "choices": [1, 2, 3],
        "help": "Game length (3.3): 1 = Standard (the game ends at the first reshuffle, the rulebook's standard "
                "game and the default), 2 = Tournament Final (second reshuffle), 3 = Campaign (third reshuffle)."},
    "events": {"default": "on" if EVENTS_READY else "off", "choices": ["on", "off"] if EVENTS_READY else ["off"],
               "help": EVENTS_HELP},
}


def start(opts: dict, rng) -> list[dict]:
    """3.2: markers, troops and cells per the scenario; the deck shuffled without the removed
    cards; hands dealt by the tracks (5.2.8); then the Jihadist Action Phase."""
    scen = D.SCENARIOS[opts["scenario"]]
    first = {"type": "setup", "options": dict(opts), "scenario": scen["id"]}
    ctx = Ctx(evolve(None, first), rng)
    ctx.events.append(first)
    if scen["id"] == "mission_accomplished":
        for name in D.SCHENGEN:                      # scenario: test all Schengen countries
            roll_posture(ctx, name, "setup")
    removed = set(scen["cards_removed"])
    ctx.emit({"type": "shuffled", "deck": rng.shuffled([n for n in D.ALL_CARDS if n not in removed])})
    flow.deal(ctx)
    if scen["id"] == "anaconda":
        # scenario extra setup: the Jihadist places 1 Sleeper cell in each of 3 different countries
        # of its choice (not the US), testing each (provisional: lwotai picks them at random).
        ctx.emit({"type": "await", "step": {"k": "anaconda", "seat": "jihadist", "left": 3, "chosen": []}})
    else:
        flow.start_jihadist_phase(ctx)
    return ctx.events
