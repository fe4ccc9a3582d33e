"""Every example an email gives ("reply with your whole turn, for example: ...") is a valid whole
turn (issue 22): in random games (two players with card events on and off, and solo against the
section 9 bot), at every question to a player, the example's lines are applied the way a reply is
(tables/submit.py: each line through the game's parse and decide with the table's dice, the
forced choices of players taken after it, the bot and the rules left to the worker); they are
applied whole, or they stop only after a die was rolled or a hidden card or plot was revealed
(what the example could not know when it was written)."""

import copy

import pytest

from games.core import SYSTEM, IllegalMove, Rng, fold
from games.labyrinth import GAME
from tests.games.labyrinth.position_kit import at, blank

GAMES = [(b"whole-0", {"scenario": "lets_roll"}, False), (b"whole-1", {"scenario": "anaconda", "events": "off"}, False),
         (b"whole-s2", {"scenario": "anaconda"}, True), (b"whole-s5", {"scenario": "you_can_call_me_al"}, True),
         (b"whole-4", {"scenario": "mission_accomplished", "ideology": "virulent"}, True)]
DECISIONS = 700          # a game's first decisions (a 1-deck game is about 700 at most)


def forced(prompt) -> bool:
    return len(prompt.get("options") or []) == 1 and not prompt.get("range")


def questions(seed: bytes, opts: dict, solo: bool):
    """(state, seat) at every question to a player (not the rules, not the bot) of a random game."""
    bots = {"jihadist": "jihadist"} if solo else {}
    log = GAME.start(GAME.resolve_options(opts, bots), list(GAME.seats), Rng(seed, 0))
    state = fold(GAME, copy.deepcopy(log))
    for _ in range(DECISIONS):
        asked = GAME.prompts(state)
        if not asked:
            return
        (seat, prompt), = asked.items()
        if seat in bots:
            move = GAME.bots["jihadist"](state, seat, Rng(seed + b"/bot", len(log)))
        else:
            if seat != SYSTEM and not forced(prompt):
                yield state, seat
            move = prompt["options"][Rng(seed + b"/player", len(log)).below(len(prompt["options"]))]["move"]
        events = GAME.decide(state, seat, move, Rng(seed, len(log)))
        for event in events:
            state = GAME.evolve(state, event)
        log += events


def reply(state, seat: str, lines: list[str], seed: bytes) -> tuple[int, str, bool]:
    """The lines applied as tables/submit.py applies a reply: (how many were applied, how it ended:
    "whole" / "refused: ..." / "left" (the seat was no longer asked) / "still asked", and whether
    a die or a hidden card or plot decided anything before that)."""
    state = copy.deepcopy(state)
    luck = False
    for i, line in enumerate(lines):
        if seat not in GAME.prompts(state):
            return i, "left", luck
        rng = Rng(seed, i)
        try:
            events = GAME.decide(state, seat, GAME.parse(line, state, seat), rng)
        except IllegalMove as refused:
            return i, f"refused: {refused.message}", luck
        luck |= rng.used or any(e["type"] in GAME.revealing for e in events)
        for event in events:
            state = GAME.evolve(state, event)
        while GAME.prompts(state) and not GAME.result(state):      # the players' forced choices
            (who, prompt), = GAME.prompts(state).items()
            if who == SYSTEM or not forced(prompt) or who == "jihadist" and state["opts"].get("solo"):
                break
            rng = Rng(seed + b"/forced", i)
            events = GAME.decide(state, who, prompt["options"][0]["move"], rng)
            luck |= rng.used or any(e["type"] in GAME.revealing for e in events)
            for event in events:
                state = GAME.evolve(state, event)
    return len(lines), "still asked" if seat in GAME.prompts(state) and not GAME.result(state) else "whole", luck


@pytest.mark.parametrize("seed, opts, solo", GAMES)
def test_every_example_is_applied_whole_or_stops_only_where_a_die_or_a_hidden_card_decides(seed, opts, solo):
    examples = whole = 0
    for state, seat in questions(seed, opts, solo):
        lines = GAME.example(state, seat)
        if not lines:
            continue
        examples += 1
        assert all(line.split()[0] not in ("pass", "done") and "#" not in line and not line.isdigit()
                   for line in lines), lines
        applied, end, luck = reply(state, seat, lines, seed + b"/table")
        assert end == "whole" or luck, (seat, GAME.prompts(state)[seat]["text"], lines, applied, end)
        whole += end == "whole"
    # a share over one random game: its path moves with every new question (whole-0: 92%, then 89.7%
    # once Reassessment asked its order); each example that stops short is checked above
    assert examples > 40 and whole > examples * 0.85, (examples, whole)


def test_the_example_stops_where_the_solo_bot_answers_even_a_single_choice():
    # the US plays 77 Al-Jazeera (a Jihadist card) for a Disrupt: its event asks the bot which
    # country shifts toward Adversary (only Saudi Arabia has troops near it); the server runs the
    # bot after the reply, so a line for the US's second card would be left unapplied
    pos = blank({"Saudi Arabia": {"gov": "Poor", "align": "Ally", "troops": 2},
                 "Gulf States": {"gov": "Fair", "align": "Ally", "sleeper": 1}},
                hands={"us": [77, 57], "jihadist": [95]}, phase="us")
    state = at(pos, solo=True)
    lines = GAME.example(state, "us")
    assert lines == ["77 disrupt ops first kenya"]
    assert reply(state, "us", lines, b"bot")[:2] == (1, "whole")
