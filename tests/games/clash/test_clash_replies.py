"""A player's replies in CLASH (issue 22): a refusal says why, in the rules' terms (what the tile
reaches from where it stands, field by field; why the placement asks nothing more) and the whole
lines that would do; the email's example, replied as it is, is applied whole or stops only where
a draw decided; nothing a player reads speaks of the implementation."""

import copy
import re

import pytest

from games.clash import GAME
from games.core import IllegalMove, Rng, fold
from tests.games.clash.clash_kit import JH, MW, make
from tests.games.clash.test_clash_reading import VARIED, _log_of, random_game

IMPLEMENTATION = re.compile(r"\bL\d{3,4}\b|\bspec\b|\bseeds?\b|provisional|\bOCR\b|\bQ\d\b|\.py\b|\.json\b|"
                            r"\bengine\b|\(\d+(\.\d+)*\)|\(\d+\.\d+[,:; ]", re.I)


def refusal(state, seat, text) -> IllegalMove:
    with pytest.raises(IllegalMove) as refused:
        GAME.parse(text, state, seat)
    return refused.value


def offered(message: str) -> list[str]:
    """The whole lines a refusal offers to type."""
    return [w for part in re.split(r" (?=Type |Send |Or place )", message)[1:] for w in re.findall(r"`([^`]+)`", part)]


def test_a_tile_with_nothing_in_reach_says_what_it_reaches_and_where_it_would_act():
    # the player: "Nothing more is asked after 'bomber a2 s'", twice, with no reason.
    # Bomber reaches its diagonal neighbours (tiles.json): from A2 that is B1 and B3, both empty
    state = make(board={"B2": ("START_MUSTAFA", JH), "C2": ("MW_POPSTAR", MW)}, turn=JH)
    bad = refusal(state, JH, "bomber a2 s b3")
    assert bad.message.startswith(
        "Nothing more is asked after “bomber a2 s”: Bomber on A2 (facing south) has nothing to act on: it destroys "
        "1 tile without Security of those it reaches: B1 (empty) and B3 (empty). Send `bomber a2 s` alone, and "
        "“b3” not at all. Or place it where it reaches a tile: ")
    lines = offered(bad.message)
    assert lines[0] == "bomber a2 s" and len(lines) == 4
    for line in lines[1:]:                 # each alternative destroys McWorld's Pop star on C2
        move = GAME.parse(line, state, JH)
        assert move["tile"] == "JH_ZAMACHOWIEC" and move["target"] == "C2", line


def test_a_target_out_of_reach_names_the_fields_the_tile_reaches():
    # 7.1: an effect acts on the fields its pattern marks, from the tile's field and orientation
    state = make(board={"B2": ("START_MUSTAFA", MW), "B1": ("MW_POPSTAR", MW), "C3": ("MW_BANKIER", MW)}, turn=JH)
    bad = refusal(state, JH, "bomber a2 s c3")
    assert bad.code == "out_of_reach"
    assert ("C3 is not among the fields Bomber reaches. Bomber on A2 (facing south) destroys 1 tile without Security "
            "of those it reaches: B1 (McWorld's Pop star) and B3 (empty).") in bad.message
    assert offered(bad.message) == ["bomber a2 s b1", "bomber a2 s no"]


def test_a_tile_faces_north_or_south_and_a_field_is_a1_to_c3():
    state = make(board={"B2": ("START_MUSTAFA", MW)}, turn=JH)
    bad = refusal(state, JH, "bomber a2 e")
    assert "a tile faces north or south only: its tip points away from the player it supports (rule 5.3)" in bad.message
    assert offered(bad.message) == ["bomber a2 n", "bomber a2 s"]
    bad = refusal(state, JH, "bomber a4")
    assert bad.code == "bad_field" and "the board's fields are A1 to C3" in bad.message
    assert "bomber c3" in offered(bad.message) and "bomber b2" not in offered(bad.message)


def test_a_tile_that_asks_nothing_says_why():
    state = make(board={"B2": ("START_MUSTAFA", MW)}, turn=JH)
    bad = refusal(state, JH, "mosque a2 s b1")
    assert "Mosque asks nothing once placed: it has Security, which works by itself." in bad.message
    assert offered(bad.message) == ["mosque a2 s"]


def test_a_tile_not_yours_says_where_it_is():
    state = make(board={"B2": ("START_MUSTAFA", MW)}, turn=JH)
    bad = refusal(state, JH, "president a1")
    assert bad.code == "tile_unavailable" and "President is not in your zone or the neutral zone: it is in McWorld's zone." \
        in bad.message
    assert "bomber" in offered(bad.message)


def test_a_move_object_out_of_reach_is_explained_too():
    # the page and the API send moves, not words: decide() gives the same reason
    state = make(board={"B2": ("START_MUSTAFA", MW), "B1": ("MW_POPSTAR", MW)}, turn=JH)
    _, state = _play(state, JH, {"tile": "JH_ZAMACHOWIEC", "field": "A2", "facing": "south"})
    with pytest.raises(IllegalMove) as refused:
        GAME.decide(state, JH, {"target": "A3"}, Rng(b"x", 0))
    assert refused.value.code == "out_of_reach" and refused.value.message.startswith("A3 is not among the fields")
    assert "B1 (McWorld's Pop star) and B3 (empty)" in refused.value.message


def _play(state, seat, move):
    events = GAME.decide(state, seat, move, Rng(b"x", 0))
    return events, fold(GAME, events, copy.deepcopy(state))


@pytest.mark.parametrize("opts", VARIED[:4])
def test_every_refusal_gives_a_reason_and_lines_that_are_taken(opts):
    """Lines a player might send (an option's words with the last changed, with a word more, a
    field off the board) at random positions: each is taken or refused with a reason, and every
    line the refusal offers is taken there."""
    refused = 0
    for n, (state, seat, _) in enumerate(random_game(b"refusals", opts)):
        if n % 3:
            continue
        tried = {"a4", "east", "banana", "yes", "12"}
        for option in GAME.prompts(state)[seat]["options"]:
            text = GAME.notate(state, seat, option["move"])
            tried |= {text + " b2", text + " e", text + " c3 s"}
        for line in sorted(tried):
            try:
                GAME.parse(line, state, seat)
            except IllegalMove as bad:
                refused += 1
                assert "does not answer" not in bad.message and not IMPLEMENTATION.search(bad.message), bad.message
                lines = offered(bad.message)
                assert lines and len(bad.message.split(" Type ")[0]) > 15, bad.message
                for good in lines:
                    GAME.parse(good, state, seat)
    assert refused > 100


def test_examples_stop_only_where_a_draw_decides():
    """The example replied as the server applies a reply: line by line, the table's dice for each
    decision, a question with one answer taken between lines. It is applied whole unless a draw
    (a long-game refill, a random Elections) took place on the way."""
    tried = whole = 0
    for i, opts in enumerate(VARIED):
        for n, (state, seat, position) in enumerate(random_game(b"whole%d" % i, opts)):
            if n % 4:
                continue
            lines = GAME.example(state, seat)
            tried += 1
            applied, chance = _reply(state, seat, lines, position)
            whole += applied == len(lines)
            assert applied == len(lines) or chance, (opts, lines, applied)
    assert tried > 150 and whole / tried > 0.98


def _reply(state, seat, lines, position):
    state, chance = copy.deepcopy(state), False
    for i, line in enumerate(lines):
        while (prompt := GAME.prompts(state).get(seat)) and len(prompt["options"]) == 1 and i:
            state, position, used = _decide(state, seat, prompt["options"][0]["move"], position)
            chance |= used
        if seat not in GAME.prompts(state):
            return i, chance
        try:
            state, position, used = _decide(state, seat, GAME.parse(line, state, seat), position)
        except IllegalMove:
            return i, chance
        chance |= used
    return len(lines), chance


def _decide(state, seat, move, position):
    rng = Rng(b"the table's dice", position)
    events = GAME.decide(state, seat, move, rng)
    return fold(GAME, events, state), position + len(events), rng.used or any(GAME.reveals(e) for e in events)


@pytest.mark.parametrize("opts", VARIED)
def test_nothing_a_player_reads_speaks_of_the_implementation(opts):
    read = [spec["help"] for spec in GAME.options.values()] + [GAME.notation_help]
    for n, (state, seat, _) in enumerate(random_game(b"words", opts)):
        prompt = GAME.prompts(state)[seat]
        read += [prompt["text"]] + [o["label"] for o in prompt["options"]] + GAME.brief(state, seat)
        if n % 5 == 0:
            read += GAME.example(state, seat)
    log = _log_of(b"words", opts)
    read += GAME.summarize(log, MW) + [GAME.describe(e) for e in log]
    assert len(read) > 100
    for text in read:
        assert not IMPLEMENTATION.search(text), text
