"""Table options and the setup (3.0-3.3): the scenario, the game length, the opening hands; a
starting position instead of the scenario's setup (position.py); the solitaire options (9.2, 9.7).

Every option the rulebook leaves to the players is named here with its alternatives. A solo table
(the Jihadist played by the section 9 bot, ``solo``) is not chosen: it follows from the seats.
"""

from games.core import Game, IllegalMove

from . import data as D
from . import flow, position
from .ctx import Ctx
from .evolve import evolve
from .solo import decks as solo_decks
from .tests_rolls import roll_posture

# The one-line flip: True once every card has its event (tests/games/labyrinth/test_labyrinth_events.py,
# MISSING empty). Until then players get only "off"; the tests set "on" in the options directly.
EVENTS_READY = True

EVENTS_HELP = ("Card events are not implemented yet: every card is played for operations and no event is "
               "triggered.") if not EVENTS_READY else (
    "on (the default): cards are played as events or for operations, and an operation with the opponent's "
    "card triggers its event; off: every card is played for operations only and no event happens, "
    "US Election included.")

OPTIONS = {
    "scenario": {
        "default": "lets_roll", "choices": list(D.SCENARIO_IDS),
        "help": "The starting scenario: lets_roll (Let's Roll!, 2001, the default), you_can_call_me_al "
                "(2001, US Soft), anaconda (2002; the Jihadist places 3 extra cells at setup) or "
                "mission_accomplished (2003; the 7 Schengen countries are tested at setup)."},
    "decks": {
        "default": 1, "choices": [1, 2, 3],
        "help": "Game length: 1 = Standard (the game ends at the first reshuffle, the rulebook's standard "
                "game and the default), 2 = Tournament Final (second reshuffle), 3 = Campaign (third reshuffle)."},
    "events": {"default": "on" if EVENTS_READY else "off", "choices": ["on", "off"] if EVENTS_READY else ["off"],
               "help": EVENTS_HELP},
    "ideology": {
        "default": "normal", "choices": ["normal", "attractive", "potent", "infectious", "virulent", "coherent"],
        "help": "Solo only (the Jihadist seat played by the jihadist bot): the Jihadist ideology of rule 9.7, each "
                "level including the ones before it: normal (the default), attractive (each Recruit success places "
                "2 cells), potent (Major Jihad needs only 3 more cells than troops), infectious (the US must play "
                "all its cards), virulent (failed Jihad rolls remove no cells). coherent: a Plot success places 2 "
                "plots; a later printing's addition, offered here on its own (the rules page says why)."},
    "mini_decks": {
        "default": "off", "choices": ["off", "on"],
        "help": "Solo only, the optional rule 9.2: after each reshuffle the deck is split into Unassociated, "
                "Jihadist and US mini-decks, drawn from in turn; the Jihadist hand is dealt whole and shuffled, "
                "then the US hand."},
    "position": {
        "default": None, "choices": None,
        "help": "A starting position instead of the scenario's setup: countries, tracks, markers, hands, deck, "
                "piles, plots and whose Action Phase begins, checked as a board the rules allow. For puzzles and "
                "games carried over from the table: the table's options, hands and deck order included, are seen "
                "by its players."},
}
SOLO_ONLY = {"ideology": "normal", "mini_decks": "off"}
BOT = "jihadist"          # the name of the section 9 bot in the game's bots


def resolve_options(game, given: dict | None, bots: dict | None = None) -> dict:
    """The table's options. ``solo`` is true when the Jihadist seat is played by the section 9 bot
    (``bots`` from the table's seats); a start without ``bots`` (a replay, a test) keeps the
    ``solo`` it is given. The solo options are refused at a two-player table."""
    given = dict(given or {})
    solo = given.pop("solo", False)
    if bots is not None:
        if any(name == BOT and seat != "jihadist" for seat, name in bots.items()):
            raise IllegalMove("bot_seat", "The jihadist bot (the solo rules) plays the jihadist seat only.")
        solo = bots.get("jihadist") == BOT
    if not isinstance(solo, bool):
        raise IllegalMove("bad_option", "Option 'solo' is true or false.")
    opts = Game.resolve_options(game, given)
    for name, default in SOLO_ONLY.items():
        if opts[name] != default and not solo:
            raise IllegalMove("solo_only", f"Option {name!r} is for a solo table: seat the jihadist bot in the "
                                           "jihadist seat ({\"bot\": \"jihadist\"}).")
    opts["solo"] = solo
    if opts["position"] is not None:
        position.normalise(opts["position"], opts)
    return opts


def start(opts: dict, rng) -> list[dict]:
    """3.2: markers, troops and cells per the scenario; the deck shuffled without the removed
    cards; hands dealt by the tracks (5.2.8); then the Jihadist Action Phase."""
    scen = D.SCENARIOS[opts["scenario"]]
    first = {"type": "setup", "options": {k: v for k, v in opts.items() if k != "position"}, "scenario": scen["id"]}
    ctx = Ctx(evolve(None, first), rng)
    ctx.events.append(first)
    if opts.get("position") is not None:
        start_position(ctx, position.normalise(opts["position"], opts))
        return ctx.events
    if "WMD" in ctx.s["avail"] and opts.get("solo"):
        ctx.emit({"type": "plots_set_aside"})                # 9.3.3
    if scen["id"] == "mission_accomplished":
        for name in D.SCHENGEN:                      # scenario: test all Schengen countries
            roll_posture(ctx, name, "setup")
    removed = set(scen["cards_removed"])
    ctx.emit({"type": "shuffled", "deck": solo_decks.shuffle(ctx.s, rng, [n for n in D.ALL_CARDS if n not in removed])})
    flow.deal(ctx)
    if scen["id"] == "anaconda":
        # scenario extra setup: the Jihadist places 1 Sleeper cell in each of 3 different countries
        # of its choice (not the US), testing each (provisional: lwotai picks them at random).
        ctx.emit({"type": "await", "step": {"k": "anaconda", "seat": "jihadist", "left": 3, "chosen": []}})
    else:
        flow.start_jihadist_phase(ctx)
    return ctx.events


def start_position(ctx, pos: dict) -> None:
    """position.py: the board, then the draw pile, the hands and the plots, then the phase."""
    ctx.emit(position.public(pos))
    deck, hands = position.deck_and_hands(pos, ctx.rng)
    ctx.emit({"type": "shuffled", "deck": deck})
    for seat in ("jihadist", "us"):
        if hands[seat]:
            ctx.emit({"type": "dealt", "seat": seat, "cards": hands[seat]})
    for plot in pos["plots"]:
        ctx.emit({"type": "plot_placed", "country": plot["country"], "value": plot["value"],
                  **({"face_up": True} if plot.get("face_up") else {})})
    if ctx.s["opts"].get("solo") and pos["wmd_in_play"]:
        ctx.emit({"type": "plots_set_aside"})               # 9.3.3
    if pos["phase"] == "jihadist":
        flow.start_jihadist_phase(ctx)
    else:
        flow.start_us_phase(ctx)
