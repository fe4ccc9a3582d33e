"""Table options and the setup draw (spec 4, 10, 11, 14).

Every open ruling of the spec is a named option whose default is the spec's recommendation.
"""

from . import board as B
from . import position
from .tiles import NEUTRALS, UNKNOWN

OPTIONS = {
    "match": {"default": "best_of_3", "choices": ["best_of_3", "single", "points"],
              "help": "Best of three games (rule 10, the default), one game, or the points system (rule 11.1)."},
    "points_games": {"default": 3, "choices": [1, 2, 3, 4, 5],
                     "help": "How many games the points system (match=points) plays."},
    "orientation": {"default": "free", "choices": ["free", "toward_placer"],
                    "help": "Whether a placed tile may support either player (rule 5.3) or always supports the player placing it."},
    "mustafa_field": {"default": "any", "choices": ["any", "centre"],
                      "help": "Whether Mustafa opens on any field, as the Polish rules say, or on the centre (rule 5.1)."},
    "repeat_origin": {"default": "target", "choices": ["target", "repeater"],
                      "help": "Whether a repeated effect acts from the copied tile's field, or from the Television or Press that copies it (rule 7.2.6)."},
    "last_field": {"default": "all_destroys", "choices": ["all_destroys", "destruction_only"],
                   "help": "Whether the last-field exception voids every destroy by the 9th tile, repeats and Missile strike included, or only a placed Destruction tile's own (rule 7.2.1)."},
    "elections_draw": {"default": "random", "choices": ["random", "choose"],
                       "help": "Whether Elections draws an unused neutral tile at random or lets the player choose it (rule 8.3)."},
    "unknown_neutral": {"default": "set_aside", "choices": ["set_aside", "blank"],
                        "help": "The 17th neutral tile, whose name and effect our copy of the rulebook lacks, stays out of play or is drawn as a tile with no effect."},
    "neutrals": {"default": "zone", "choices": ["zone", "none", "random_support"],
                 "help": "Five neutral tiles in a shared zone (rule 4), none at all (beginners, rule 11.2), or two drawn into each player's own zone (random support, rule 11.3)."},
    "long_game": {"default": False, "choices": [False, True],
                  "help": "Refill the neutral zone from the unused neutral tiles whenever a tile is taken from it (rule 11.7)."},
    "placement_cap": {"default": 100, "choices": [50, 100, 200],
                      "help": "A safety limit of placements per game, after which the game is drawn (rule 9.4)."},
    "position": {"default": None, "choices": None,
                 "help": "A starting position instead of an empty board: the board, the zones, the games of the "
                         "match already played, who is on turn (its format: the guide's 'Starting from a position'), checked as "
                         "the rules allow a board to be. At the start of a placement or a game's opening."},
}


def deal(box: list, opts: dict, rng) -> tuple[list, dict]:
    """(neutral zone, extra tiles per seat) for a new game, drawn from the unused neutrals."""
    box = sorted(box)
    mode = opts["neutrals"]
    if mode == "none" or not box:
        return [], {}
    if mode == "random_support":
        drawn = rng.shuffled(box)[:min(4, len(box))]
        return [], {B.SOUTH: drawn[0::2], B.NORTH: drawn[1::2]}
    return rng.shuffled(box)[:min(5, len(box))], {}


def start(opts: dict, rng) -> list[dict]:
    if opts.get("position") is not None:
        return [position.start_event(opts, rng)]
    pool = [t for t in NEUTRALS if t != UNKNOWN or opts["unknown_neutral"] == "blank"]
    if opts["neutrals"] == "none":
        pool = []
    first = rng.choice(list(B.SEATS))
    neutral, extra = deal(pool, opts, rng)
    # the options without position (None here), so that the events of a table started before the
    # option existed are still the ones its moves give (verify)
    return [{"type": "match_started", "options": {k: v for k, v in opts.items() if k != "position"}, "first": first, "box": pool,
             "neutral": neutral, "extra": extra}]
