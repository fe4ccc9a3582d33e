"""The section 9 Jihadist bot's decision time per card it plays, against the zombie level (a random
listed option, the prompts computed the same way) on the very same positions, in the same run.

Solo games (the bot against a random US) are played once; then every position where the bot was
asked is answered again by the bot and by the random bot, timed. Goal: under 10 ms per bot card
(the ratio's goal is that time over the random bot's, so both verdicts agree).
"""

import json
import time

from games.core import Rng, fold
from games.labyrinth import GAME

GOAL_MS = 10.0
GAMES = 4


def positions(games: int = GAMES) -> tuple[list[tuple[dict, int]], int]:
    """The states where the bot was asked (with their log position) and how many cards it played."""
    asked, cards = [], 0
    for number in range(games):
        seed = b"bench solo %d" % number
        options = GAME.resolve_options({"ideology": ("normal", "potent", "virulent", "attractive")[number % 4]},
                                       bots={"jihadist": "jihadist"})
        log = GAME.start(options, list(GAME.seats), Rng(seed, 0))
        state = fold(GAME, json.loads(json.dumps(log)))
        while prompts := GAME.prompts(state):
            (seat, prompt), = prompts.items()
            if seat == "jihadist":
                asked.append((json.loads(json.dumps(state)), len(log)))
                move = GAME.bots["jihadist"](state, seat, Rng(seed + b"bot", len(log)))
            elif seat == "system":
                move = prompt["options"][0]["move"]
            else:
                move = prompt["options"][Rng(seed + b"us", len(log)).below(len(prompt["options"]))]["move"]
            events = GAME.decide(state, seat, move, Rng(seed, len(log)))
            cards += sum(1 for e in events if e["type"] == "card_chosen" and e["seat"] == "jihadist")
            state = fold(GAME, events, state)
            log += events
    return asked, cards


def _time(bot, asked: list, repeat: int = 3) -> float:
    """Seconds for the bot to answer every position (the best of `repeat` passes)."""
    best = None
    for _ in range(repeat):
        started = time.process_time()
        for state, position in asked:
            bot(state, "jihadist", Rng(b"bench", position))
        spent = time.process_time() - started
        best = spent if best is None else min(best, spent)
    return best


def run() -> dict:
    asked, cards = positions()
    section9 = _time(GAME.bots["jihadist"], asked)
    zombie = _time(GAME.bots["random"], asked)
    ms_card, zombie_card = section9 * 1000 / cards, zombie * 1000 / cards
    return {"cards": cards, "decisions": len(asked), "ms_per_card": ms_card, "random_ms_per_card": zombie_card,
            "ms_per_decision": section9 * 1000 / len(asked), "goal_ms_per_card": GOAL_MS,
            "ratio": ms_card / zombie_card, "goal": GOAL_MS / zombie_card}


if __name__ == "__main__":
    print(run())
