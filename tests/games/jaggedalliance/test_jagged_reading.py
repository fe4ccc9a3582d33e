"""What a person reads: one line per event, one summary line per player action and per enemy
activation (with the rules it followed), the notation of every option (parse(notate) is the
move), the example line, the brief, the picture; nothing hidden in any of them."""

import copy
import xml.etree.ElementTree as ET

from games.core import Rng, fold
from games.jaggedalliance import GAME
from tests.games.jaggedalliance.jagged_kit import battle, enemy_turn, new, system
from tests.games.jaggedalliance.test_jagged_games import play_game


def test_the_enemy_turn_is_one_line_per_activation_one_sentence_per_decision():
    # 13.2-13.5: its place in the order and its target, each step, each attack: a sentence each,
    # the Area it really goes to, and a rule number only where the choice needs one (Ignore Range)
    s = battle(new()[1], mercs={"ivan": "D", "cliff": "E"}, enemies=[("redshirt", False, "A"), ("sniper", False, "C")])
    events, _ = system(enemy_turn(s, "02A", "ivan", ["e001", "e002"]))
    lines = GAME.summarize(events, "merc1")
    assert len(lines) == 2
    first = lines[0].split(". ")
    assert first[0] == "Redshirt e001 acts at initiative ? and goes for Ivan, the nearest merc (1 Area away)"
    assert first[1] == "Redshirt e001 moves from Area A to Area D (the shortest path)"
    assert first[2].startswith("Redshirt e001 attacks Ivan for ") and "Ivan" in first[2]
    assert "rule" not in lines[0] and "(13." not in lines[0]
    assert lines[1].startswith("Sniper e002") and "(Ignore Range, rule 13.6)" in lines[1]


def test_summaries_compose_and_skip_the_steps_on_the_way():
    _, log, _ = play_game(b"compose", {"players": 2}, sensible=0.9)
    whole = GAME.summarize(log, "merc1")
    assert not any(line.startswith("merc") and "chooses" in line for line in whole)
    cut = next(i for i, e in enumerate(log) if e["type"] == "activated" and i > 40)
    assert GAME.summarize(log[:cut], "merc1") + GAME.summarize(log[cut:], "merc1") == whole


def test_every_option_has_a_notation_that_parses_back():
    # copies of a card (two Beretta 92F, two Hand Grenades) read alike: their text names the first listed,
    # an option the player cannot tell from it (the same label)
    seen_kinds = set()
    for i in range(4):
        opts = GAME.resolve_options({"players": 1 + i, "scenario": "1"})
        log = GAME.start(opts, list(GAME.table_seats(opts)), Rng(b"notation-%d" % i, 0))
        state = fold(GAME, copy.deepcopy(log))
        for step in range(400):
            asked = GAME.prompts(state)
            if not asked:
                break
            seat = sorted(asked)[step % len(asked)]
            if seat != "system":
                labels = {}
                for option in asked[seat]["options"]:
                    text = GAME.notate(state, seat, option["move"])
                    assert text and not text.isdigit(), option
                    read = GAME.parse(text, state, seat)
                    assert read == option["move"] or labels[text] == option["label"], (text, option)
                    labels.setdefault(text, option["label"])
                seen_kinds.add(asked[seat]["kind"])
                move = GAME.bots["sensible"](state, seat, Rng(b"n", step))
            else:
                move = asked[seat]["options"][0]["move"]
            for event in GAME.decide(state, seat, move, Rng(b"notation-%d" % i, len(log))):
                state = GAME.evolve(state, event)
                log.append(event)
    assert {"hire", "activate", "action"} <= seen_kinds


def test_a_bad_reply_is_refused_with_a_sentence():
    _, s = new()
    try:
        GAME.parse("fly to the moon", s, "merc1")
    except Exception as bad:
        assert bad.code == "bad_notation" and "activate ivan" in bad.message
    else:
        raise AssertionError("accepted")


def test_the_example_is_a_whole_stretch_in_notation():
    _, s = new()
    lines = GAME.example(s, "merc1")
    assert lines[0].startswith("activate ") and len(lines) >= 2
    state = copy.deepcopy(s)
    for line in lines:             # each line is a listed option when its turn comes
        move = GAME.parse(line, state, "merc1")
        for event in GAME.decide(state, "merc1", move, Rng(b"ex", 0)):
            state = GAME.evolve(state, event)
        if "merc1" not in GAME.prompts(state):
            break


def test_the_brief_and_the_picture_show_the_board():
    s = battle(new()[1], mercs={"ivan": "D"}, enemies=[("redshirt", True, "A")], facedown={"B": ["K19"]})
    brief = GAME.brief(s, "merc1")
    assert brief[0].startswith("Scenario 1") and any("Ivan (merc1) in 02A Omerta, Area D" in x for x in brief)
    assert any("Battle in 02A Omerta: elite Redshirt e001 in A; 1 face-down token" in x for x in brief)
    svg = GAME.picture(GAME.view(s, "merc1"), "merc1")
    root = ET.fromstring(svg.split("\n", 1)[1])
    assert root.tag.endswith("svg")
    assert "02A Omerta: battle!" in svg and "K19" not in svg and ">?<" in svg


def test_hidden_things_never_reach_a_seat():
    # 21.4: face-down Threat cards, tokens, deck order: not in a view, nor in a redacted event
    log, s = new()
    secret_cards = set(s["hidden"]["threat"].values())
    view = GAME.view(s, "merc1")
    assert "hidden" not in view and all(v["card"] is None for v in view["sectors"].values())
    for event in log:
        seen = str(GAME.redact(event, "merc1"))
        assert not any(f"'{c}'" in seen for c in secret_cards)
    _, log, end = play_game(b"hidden", {"players": 1}, sensible=0.9)
    for event in log:
        assert not any(k.startswith("hidden") for k in GAME.redact(event, None).get("fx", {}))
