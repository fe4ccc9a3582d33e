"""Labyrinth in a player's words (issue 22): refusals that say why, citing the rule, and what to
type; no word of the implementation in anything a player reads; the bot's narration one sentence
per decision with the real destination; where one is in the turn; a brief that puts first what
matters and does not repeat the question's cards."""

import copy
import re

import pytest

from games.core import SYSTEM, IllegalMove, Rng, fold
from games.labyrinth import GAME, setup
from games.labyrinth import data as D
from tests.games.labyrinth.labyrinth_kit import JH, US, make, play
from tests.games.labyrinth.position_kit import at, blank, decide

IMPLEMENTATION = re.compile(r"(?i)\bseeds?\b|lwotai|sellmer|tharkad|andrewswan|\bspec\b|provisional|\bL\d{3,4}\b"
                            r"|\w\.py\b|\w\.json\b|section 9|implementation")
BARE_RULE = re.compile(r"(?<!rule )(?<!rules )(?<!, )(?<![\d.])\d\.\d+(\.\d+)*(?![\d.])")   # "9.4.1" not "(rule 9.4.1)"


def refusal(state, seat, text) -> str:
    with pytest.raises(IllegalMove) as refused:
        GAME.parse(text, state, seat)
    return refused.value.message


def readable(text: str) -> None:
    assert not IMPLEMENTATION.search(text), text
    assert not BARE_RULE.search(text), text


# ------------------------------------------------------------------ refusals that teach


def test_an_event_that_cannot_be_played_says_why_and_what_to_type():
    # 27 Saddam Captured needs troops in Iraq (6.2.6): none there
    state = make({"Pakistan": {"gov": D.FAIR, "align": "Neutral"}}, hands={US: [27, 32]}, seat=US, events="on")
    said = refusal(state, US, "27 event")
    assert "does not answer" not in said
    assert "The event of card 27 Saddam Captured can be played only when troops are in Iraq (rule 6.2.6)." in said
    assert "which operation? Type `woi`, `deploy` or `reserves`." in said
    # the Jihadist's card: only the Jihadist plays its event
    assert "Card 60 Bhutto Shot is a Jihadist card: you may use it only for operations" in refusal(
        make(hands={US: [60, 32]}, seat=US, events="on"), US, "60 event")


def test_the_order_of_event_and_operation_is_asked_with_its_words():
    state = make({"Iraq": {"gov": D.POOR, "align": "Ally", "troops": 2, "sleeper": 2}}, hands={JH: [23, 60]}, seat=JH,
                 events="on")
    said = refusal(state, JH, "23 travel nowhere")
    assert said.endswith("Which happens first? Type `event first` or `ops first`.")
    assert GAME.parse("23 travel first iraq iraq", state, JH)["seq"][2] == {"first": "op"}    # "travel first"
    assert "No event is triggered here, so there is no order of event and operation to choose" in refusal(
        state, JH, "60 recruit event first")


def test_a_disrupt_says_why_kenya_is_not_a_target():
    # a 1-Op card: Kenya/Tanzania and Pakistan are Fair (7.1.1: 2 Ops); the Gulf States are Good
    state = make({"Kenya/Tanzania": {"gov": D.FAIR, "align": "Ally", "sleeper": 1},
                  "Pakistan": {"gov": D.FAIR, "align": "Ally", "sleeper": 2},
                  "Gulf States": {"gov": D.GOOD, "align": "Ally", "sleeper": 1}}, hands={US: [1, 32]}, seat=US)
    said = refusal(state, US, "1 disrupt kenya")
    assert "Kenya/Tanzania is Fair: a Disrupt there needs 2 Ops (rule 7.1.1)." in said and said.endswith("Type `gulf`.")
    _, asked = play(state, US, {"card": 1}, {"op": "disrupt"})
    question = GAME.prompts(asked)[US]["text"]
    assert question.startswith("Disrupt with 1 Op: in which country? Not offered: ")
    assert "Kenya/Tanzania (Fair, needs 2 Ops)" in question and "Pakistan (Fair, needs 2 Ops)" in question
    with pytest.raises(IllegalMove) as refused:                      # a move object, as the API sends it
        GAME.decide(asked, US, {"country": "Kenya/Tanzania"}, Rng(b"x", 0))
    assert refused.value.code == "card_too_weak" and "needs 2 Ops (rule 7.1.1)" in refused.value.message


def test_words_left_over_say_whose_turn_it_is():
    state = make({"Pakistan": {"gov": D.FAIR, "align": "Neutral", "sleeper": 3}}, hands={JH: [60]}, seat=JH)
    said = refusal(state, JH, "60 recruit pakistan pakistan travel")
    assert said.startswith("Your part ends after '60 recruit pakistan pakistan': the US decides next") or \
        said.startswith("Your part ends after '60 recruit pakistan pakistan': the rules go on"), said


def test_every_refusal_in_random_games_says_why_or_what_to_type():
    """At questions of random games, a word the question does not take (a country not listed, an
    operation not offered, the card's event, a card not held, a made-up word) is refused with a
    reason or the words to type, never "does not answer"."""
    tried = reasoned = 0
    for state, seat, prompt in _questions(b"refusals", {"scenario": "lets_roll"}, limit=400):
        listed = {m for o in prompt["options"] for m in o["move"].values() if isinstance(m, str)}
        words = ["zzz", "event", "disrupt" if seat == US else "jihad", "120"]
        words += [D.fold_text(n) for n in D.NAMES if n not in listed][:2]
        for word in words:
            try:
                GAME.parse(word, state, seat)
                continue
            except IllegalMove as refused:
                said = refused.message
            tried += 1
            assert "does not answer" not in said and ("Type `" in said or said.startswith("Your part ends")), said
            readable(said)
            reasoned += "(rule" in said or "is not in your hand" in said or "no cell" in said
    assert tried > 300 and reasoned > 50, (tried, reasoned)


# ------------------------------------------------------------------ words a player reads


def _questions(seed: bytes, opts: dict, solo: bool = False, limit: int = 600):
    """(state, seat, prompt) at every question to a player of a random game (the solo bot plays
    itself)."""
    bots = {JH: "jihadist"} if solo else {}
    log = GAME.start(GAME.resolve_options(opts, bots), list(GAME.seats), Rng(seed, 0))
    state = fold(GAME, copy.deepcopy(log))
    for _ in range(limit):
        asked = GAME.prompts(state)
        if not asked:
            return
        (seat, prompt), = asked.items()
        if seat in bots:
            move = GAME.bots["jihadist"](state, seat, Rng(seed + b"/bot", len(log)))
        else:
            if seat != SYSTEM:
                yield state, seat, prompt
            move = prompt["options"][Rng(seed + b"/p", len(log)).below(len(prompt["options"]))]["move"]
        events = GAME.decide(state, seat, move, Rng(seed, len(log)))
        for event in events:
            state = GAME.evolve(state, event)
        log += events


def _game_log(seed: bytes, opts: dict, solo: bool, limit: int = 3000) -> list[dict]:
    bots = {JH: "jihadist"} if solo else {}
    log = GAME.start(GAME.resolve_options(opts, bots), list(GAME.seats), Rng(seed, 0))
    state = fold(GAME, copy.deepcopy(log))
    for _ in range(limit):
        asked = GAME.prompts(state)
        if not asked:
            break
        (seat, prompt), = asked.items()
        if seat in bots:
            move = GAME.bots["jihadist"](state, seat, Rng(seed + b"/bot", len(log)))
        else:
            move = prompt["options"][Rng(seed + b"/p", len(log)).below(len(prompt["options"]))]["move"]
        events = GAME.decide(state, seat, move, Rng(seed, len(log)))
        for event in events:
            state = GAME.evolve(state, event)
        log += events
    return log


@pytest.mark.parametrize("seed, opts, solo", [(b"words-2p", {"scenario": "anaconda"}, False),
                                              (b"words-solo", {"scenario": "lets_roll"}, True)])
def test_nothing_a_player_reads_names_the_implementation(seed, opts, solo):
    """The log, the summaries, the briefs, the questions, their options and the examples of whole
    random games, and every card's text: no "seeds", "lwotai", file names, "provisional", bare rule
    numbers (a rule number only as "(rule 9.5)")."""
    log = _game_log(seed, opts, solo)
    for seat in (US, JH, None):
        seen = [GAME.redact(e, seat) for e in log]
        for line in [GAME.describe(e) for e in seen] + GAME.summarize(seen, seat):
            readable(line)
    for state, seat, prompt in _questions(seed, opts, solo, limit=500):
        for line in GAME.brief(state, seat) + [prompt["text"]] + [o["label"] for o in prompt["options"]]:
            readable(line)
        for line in GAME.example(state, seat):
            readable(line)
    for card in D.CARDS.values():
        for field in ("prerequisite", "effect", "short"):
            value = card.get(field)
            for text in (value.values() if isinstance(value, dict) else [value]):
                if text:
                    readable(text)
        readable(card.get("solo", {}).get("printed_one_player_text") or "")
    for option in setup.OPTIONS.values():
        readable(option["help"])


def test_the_bots_narration_is_one_sentence_per_decision_and_names_the_real_destination():
    """The solo bot's reasons: one sentence each, no rule number but "(rule ...)", at most one; the
    US never reads "Jihadist bot:" in its summary; every cell it sends travelling goes where its
    reason said, and no reason names a second destination."""
    reasons = travels = 0
    for seed in (b"travel-1", b"travel-2", b"travel-3"):
        log = _game_log(seed, {"scenario": "lets_roll", "ideology": "virulent"}, solo=True)
        said: list[str] = []
        for e in log:
            if e["type"] == "reason":
                reasons += 1
                text = e["text"]
                assert ". " not in text and "; " not in text and "Jihadist bot" not in text, text
                assert len(re.findall(r"\(rules? \d", text)) <= 1 and len(text) <= 300, text
                said.append(text)
            elif e["type"] == "travelled" or e["type"] == "radicalized" and e["box"] == 2:
                moves = e["moves"] if e["type"] == "travelled" else [e]
                named = [(m.group(2), m.group(1)) for text in said
                         for m in re.finditer(r"a cell travels to (?:the )?(.+?) \(.*\) from (.+?)(?: \(|$)", text)]
                named = [(frm if frm != "United States" else D.US, to if to != "United States" else D.US)
                         for frm, to in named]
                actual = [(m["from"], m["to"]) for m in moves if not m.get("in_place")]
                assert [n for n in named if n not in actual] == [], (said, moves)
                assert len(named) == len([m for m in moves if m["from"] != m["to"] or named]), (said, moves)
                travels += len(named)
                said = []
            elif e["type"] in ("card_chosen", "turn_started"):
                said = []
        us = GAME.summarize([GAME.redact(e, US) for e in log], US)
        assert not any("Jihadist bot:" in line for line in us)
    assert reasons > 100 and travels > 3, (reasons, travels)


def test_the_bots_travel_keeps_its_plan():
    # no Jihad, no cell available (Funding 1): Travel; two destinations tie for the first "To" box
    # (Somalia Besieged, Sudan with Aid): the cell goes where its source was chosen for
    pos = blank({"Afghanistan": {"gov": "Islamist Rule", "align": "Adversary", "sleeper": 4},
                 "Somalia": {"gov": "Poor", "align": "Neutral", "besieged": True},
                 "Sudan": {"gov": "Poor", "align": "Neutral", "aid": 1}}, hands={JH: [95, 60]}, funding=1)
    for seed in (b"a", b"b", b"c", b"d"):
        s = at(pos, solo=True)
        first = GAME.bots["jihadist"](s, JH, Rng(seed, 1))
        while "plan" not in first:
            _, s = decide(s, JH, first)
            first = GAME.bots["jihadist"](s, JH, Rng(seed, 2))
        plan = first["plan"]
        _, s = decide(s, JH, first)
        second = GAME.bots["jihadist"](s, JH, Rng(seed + b"/other dice", 3))
        assert second == {"to": plan["to"]}, (first, second)
        assert f"a cell travels to {plan['to']}" in first["reason"]


# ------------------------------------------------------------------ where one is in the turn


def test_the_card_question_says_where_one_is_in_the_turn():
    """"US action phase 3 of 5, turn 1": each side's phases count up through a turn, and the count
    is right when no event changed the hands; the brief does not say it again."""
    last: dict = {}
    checked = 0
    for state, seat, prompt in _questions(b"phases", {"scenario": "lets_roll", "events": "off"}, limit=700):
        if state["step"]["k"] not in ("card", "last"):
            assert seat not in ("us", "jihadist") or "action phase" in GAME.brief(state, seat)[0] or \
                state["step"].get("seat") != seat
            continue
        m = re.match(r"(US|Jihadist) action phase (\d+) of (\d+), turn (\d+)", prompt["text"])
        assert m, prompt["text"]
        side, k, n, turn = m.group(1), int(m.group(2)), int(m.group(3)), int(m.group(4))
        assert side == D.SIDE[seat] and 1 <= k <= n and turn == state["turn"]
        before = last.get((seat, turn))
        if before and state["played"] == 0:
            assert k == before[0] + 1, (before, prompt["text"])
            assert n == before[1] or state["step"]["k"] == "last", (before, prompt["text"])   # a card held: asked again
        last[(seat, turn)] = (k, n)
        assert not any("action phase" in line for line in GAME.brief(state, seat))
        checked += 1
    assert checked > 40


def test_a_position_carries_the_action_phase():
    pos = {"turn": 2, "phase": "us", "hands": {"us": [27, 32, 29], "jihadist": [57]}, "action_phases": {"us": 2}}
    s = at(pos)
    assert GAME.prompts(s)[US]["text"].startswith("US action phase 3 of 4, turn 2, card 1 of 2")
    assert GAME.position(s)["action_phases"] == {"us": 2, "jihadist": 0}


# ------------------------------------------------------------------ a short brief, what matters first


def test_the_brief_is_short_and_the_cards_are_in_the_question():
    state = fold(GAME, GAME.start(GAME.resolve_options({}), list(GAME.seats), Rng(b"brief", 0)))
    while (state["step"]["seat"], state["step"]["k"]) != (US, "card"):     # the Jihadist's first cards
        (seat, prompt), = GAME.prompts(state).items()
        _, state = play(state, seat, prompt["options"][-1]["move"])
    lines = GAME.brief(state, US)
    assert lines[0].startswith("Let's Roll!, deck 1 of 1") and lines[1].startswith("Prestige ")
    assert lines[3].startswith("Victory: Good Resources ") and "of 12" in lines[3]
    assert len(lines) <= 12 and all(len(line) <= 110 for line in lines), lines
    assert not any(line.startswith("Your hand") for line in lines)      # the question lists the cards ...
    options = GAME.prompts(state)[US]["options"]
    for option in options:                                              # ... each with what it does
        n = option["move"]["card"]
        assert option["label"] == f"{D.card_label(n)}: {D.CARDS[n]['short']}"
    waiting = GAME.brief(state, JH)                                    # the other seat: where the turn is
    assert waiting[0].startswith("US action phase 1 of ") and any(line.startswith("Your hand (") for line in waiting)
