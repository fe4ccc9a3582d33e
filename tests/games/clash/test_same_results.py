"""Issue "Performance": CLASH's code of a move and a view, made cheaper (decide's copy of the state,
its questions, notate_all, view, brief), gives byte for byte what it gave before: on every decision
of whole random matches under varied table options, the questions asked, the events of every listed
option and the refusal of a few moves no question takes, every seat's notations, the view of each
seat and of an observer and the text board, all written as JSON and summed up (sha256) against the
sums recorded from the code as it was before it was made cheaper. decide never changes the state it
is given (its copy is as deep as evolve reaches, and evolve replaces a board cell it changes), and
the events it gives hold nothing the state they are folded into goes on to change."""

import copy
import hashlib

import orjson
import pytest

from games.clash import GAME
from games.core import IllegalMove, Rng, fold

MATCHES = [{}, {"orientation": "toward_placer"}, {"mustafa_field": "centre", "match": "single"},
           {"long_game": True, "elections_draw": "choose"}, {"neutrals": "random_support"},
           {"neutrals": "none", "match": "points", "points_games": 2},
           {"repeat_origin": "repeater", "last_field": "destruction_only"},
           {"unknown_neutral": "blank", "long_game": True, "placement_cap": 50}]
# answers no question of a match takes, or only some: each refused with its code and its sentence
ODD = ({"field": "Z9"}, {"use": True}, {"tile": "N_KABOOOM"}, {"target": "B2"}, {"pick": "N_HACKER"},
       {"facing": "east"}, {"first": "nobody"}, {"to": "A1"}, {"direction": "north"}, {"colour": "white"})
# the sha256 of each match's JSON, recorded from the code as it was (git b8e4c05)
RECORDED = {
    (0, 0): "756c38e8ee3cfea8aaeadc66de6c4a690e4ba31b8933b0264cca6109718ffbdc",  # 105 decisions
    (0, 1): "42fb5a414f9eb34a2dd01705a994e2e232c4238e710b9b18759ed4a5283c4774",  # 83 decisions
    (0, 2): "c6fcdc81d36a4935a81d7b648a0885bba596b007e05b7e6496716ea95fdd5640",  # 65 decisions
    (0, 3): "01a9b4c593e929330e13c29ffe26d54621552e50ec9cf597c41a395c92b17f16",  # 84 decisions
    (1, 0): "35d13e7775f7e1c9f0a9ebb171c9736ffbf3d3852081337ef98b69da194212c9",  # 84 decisions
    (1, 1): "318dbb85c614d80316b97944c24c9c6f6c6b1817ea94ece9abbd51e7836cb0c0",  # 81 decisions
    (1, 2): "f039b626c8fadd50ecf2a9bbcf0640bfc2dfcceeacd34b1aa8826a1b8f1f8fb3",  # 52 decisions
    (1, 3): "815a77849d5b36b4f44bc86b959331131a5653830936ca32f6db072323a31bb0",  # 52 decisions
    (2, 0): "8813ee43c05ab37d46483b2ffc73cfa8137155eb7ce92476a09cf825d700edac",  # 31 decisions
    (2, 1): "9bc5362733d2e7e2c4e12886c3fa17c004a768e5d2175f506199a12ce1785af9",  # 38 decisions
    (2, 2): "b1e6c4ccc99a61a93246490cf95f1c37dc5a09a06d67ebdd2093d790d8748d86",  # 36 decisions
    (2, 3): "0eaaf4d79535d77520d5f71673e5772301859285a8a583e2f448b42d82a20602",  # 49 decisions
    (3, 0): "2a198f1f516f244d15667c45ce306cab0a052d80c21f942df7ffa9f28435e4f5",  # 110 decisions
    (3, 1): "124feeb028b967ef6dd6c1039c43e1cd7c3dfdfa2e44bce477904ad9497f577c",  # 67 decisions
    (3, 2): "6ea3e36b07c04deb64e27948ffafd8a761acb76a48c3d3edff992ab7d5281f92",  # 110 decisions
    (3, 3): "de349a6260393d8bf90f8a370138de8be784e1abfbce605aa43abfad4a00881f",  # 76 decisions
    (4, 0): "cf6a87cfec362007c0fd3ec8779da67fd2ef8e11936f484973d5b71ddacd143e",  # 77 decisions
    (4, 1): "da812ef4931e1e0f5d0b73722a06ca1e2cb317945dc21863e11f19de9f762a0f",  # 115 decisions
    (4, 2): "b48df61077e164439058bc07bfa56f8fc569f3f746132e6d34f4c12d1ecf5c0c",  # 108 decisions
    (4, 3): "d6c70cfe193cf062a17b9c2eb8738e96e824ea6392a5141805f79da52f438b54",  # 81 decisions
    (5, 0): "9c3c72bdeabff7b8ac740e544dd6ad028a0e8e423ae75cd2260163df020ea7db",  # 80 decisions
    (5, 1): "b12b07b3f9f6fe9298381c3ff751c9ce541ecf6068d8f683375640a24cab74c5",  # 81 decisions
    (5, 2): "2da8ca16305ca539a2187df526bf779f427b6456cfc321530a0d5a8644725668",  # 81 decisions
    (5, 3): "c890369423e6a62a3743a5ee437b896a7ea32afd9fe1c38ea5390a2e8a76daeb",  # 77 decisions
    (6, 0): "2531c70effa3d0bc71b2e4892d5c7abc8bb31a40c92b189667584ecb332e6f0c",  # 109 decisions
    (6, 1): "beddb6106f48503282d756e9000c31041eb06b626663cc294dde859c6bc67810",  # 104 decisions
    (6, 2): "140ca9fa3cbb422064c375085fd313f1628acb13d6ed17b3cc79ad2489ffc7b4",  # 60 decisions
    (6, 3): "9f737f9ece33c1c4e471157ee56772fd8d41508737f335ae4fdf55f1b38448f0",  # 64 decisions
    (7, 0): "8273cef5fd18cda5ba078b3713e69df96d94d6039f594f57e04132a19207497c",  # 112 decisions
    (7, 1): "e859678d683024b13b9abbd8987e566539359c0ac16195daa9353b2c91cf242b",  # 63 decisions
    (7, 2): "5cee250bd9a6a247b770c8502d3219f511bde88ba3a25710456d4b824fdab345",  # 111 decisions
    (7, 3): "562f8151b28a37ab16f67b25f3fcd32db9455e6a5b1cf99f420d289ba4538c85",  # 96 decisions
}


def _said(value) -> bytes:
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS) + b"\n"


def _match(n: int, opts: dict, m: int):
    """The sha256 of everything the match's decisions say, and how many decisions it had."""
    seed = b"same-results-%d-%d" % (n, m)
    log = GAME.start(GAME.resolve_options(opts), list(GAME.seats), Rng(seed, 0))
    state = fold(GAME, copy.deepcopy(log))
    out = hashlib.sha256()
    decisions = 0
    for step in range(3000):
        asked = GAME.prompts(state)
        out.update(_said(asked))
        for seat in (*GAME.seats, None):
            out.update(_said(GAME.view(state, seat)))
        out.update(_said(GAME.brief(state, GAME.seats[0])))
        if not asked:
            break
        (seat, prompt), = asked.items()
        before = orjson.dumps(state)
        for who in GAME.seats:
            out.update(_said(GAME.notate_all(state, who)))
            out.update(_said(GAME.notate_all(state, who, asked.get(who))))
        moves = [option["move"] for option in prompt["options"]]
        first = moves[0]
        if "tile" in first:                    # a move answering three questions at once
            moves.append({**first, "field": "B2", "facing": "north"})
        for move in (*moves, *ODD):
            for given in (asked, None):
                try:
                    said = GAME.decide(state, seat, move, Rng(seed + b"/decide", step), given)
                except IllegalMove as refused:
                    said = [refused.code, refused.message]
                out.update(_said(said))
                assert orjson.dumps(state) == before, move        # the state given is left as it was
        other = next(s for s in GAME.seats if s != seat)
        try:
            GAME.decide(state, other, moves[0], Rng(seed, 0))
        except IllegalMove as refused:
            out.update(_said([refused.code, refused.message]))
        move = moves[Rng(seed + b"/player", step).below(len(prompt["options"]))]
        events = GAME.decide(state, seat, move, Rng(seed, len(log)), asked)
        said = orjson.dumps(events)
        for event in events:
            state = GAME.evolve(state, event)
            log.append(event)
        assert orjson.dumps(events) == said          # an event holds nothing the state goes on to change
        decisions += 1
    assert GAME.result(state), f"match {n} did not end"
    return out.hexdigest(), decisions


@pytest.mark.parametrize("m", range(4))
@pytest.mark.parametrize("n", range(len(MATCHES)))
def test_a_match_says_what_it_said(n, m):
    digest, decisions = _match(n, MATCHES[n], m)
    assert decisions > 20
    assert digest == RECORDED[n, m]


def test_notations_kept_are_the_ones_read_back_each_time():
    """notate_all's notations of a question, worked out once and kept, are read_back of each
    option by the question's own reading (the way taken for a move that is not one plain answer);
    what a caller does to the list it gets changes nothing kept."""
    from games.clash import notation
    from games.core.notation import read_back_all
    from tests.games.clash.test_notate_all import _decisions

    questions = 0
    for n, opts in enumerate(MATCHES):
        for state, seat, prompt in _decisions(n, opts):
            kept = GAME.notate_all(state, seat, prompt)
            each = read_back_all(prompt, notation._every_form(seat, prompt), notation._reader(seat, prompt))
            assert kept == each and None not in kept
            kept.append("changed")
            assert GAME.notate_all(state, seat) == each
            questions += 1
    assert questions > 400
    odd = {"options": [{"label": "Go", "move": {"use": [1]}}, {"label": "C1", "move": {"field": "C1"}}]}
    assert GAME.notate_all(None, "mcworld", odd) == ["yes", "c1"]       # a value no cache keeps


def test_the_short_answers_are_the_long_ones_said_short():
    """effects.any_choice is whether choices lists an answer, on every state of the matches, for
    either seat, and for the effect of every tile on the board (as though just placed: a chain of
    its own field)."""
    from games.clash import effects as E
    from tests.games.clash.test_notate_all import _decisions

    said = {True: 0, False: 0}
    for n, opts in enumerate(MATCHES):
        for state, seat, prompt in _decisions(n, opts):
            for who in GAME.seats:
                for i, cell in enumerate(state["board"]):
                    if cell is not None:
                        assert E.any_choice(state, who, [i]) == bool(E.choices(state, who, [i]))
                        said[E.any_choice(state, who, [i])] += 1
    assert said[True] > 1000 and said[False] > 100, said


def test_evolve_changes_nothing_of_the_state_in_place():
    """evolve sets new lists and dicts and changes none in place: a shallow copy of the state taken
    before an event is, after it, the state as it was (what lets decide work on a shallow copy);
    every kind of event of the matches is seen."""
    from tests.games.clash.test_notate_all import _decisions

    kinds = set()
    for n, opts in enumerate(MATCHES):
        for state, seat, prompt in (d for m in range(3) for d in _decisions(n, opts, m)):
            for option in prompt["options"]:
                work = dict(state)
                for event in GAME.decide(state, seat, option["move"], Rng(b"in-place", n)):
                    before, said = dict(work), orjson.dumps(work)
                    work = GAME.evolve(work, event)
                    assert orjson.dumps(before) == said, event["type"]
                    kinds.add(event["type"])
    from games.clash.evolve import HANDLERS
    assert set(HANDLERS) - kinds == {"match_started", "position"}       # the two that make a new state
