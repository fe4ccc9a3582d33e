"""Labyrinth in Polish: every line a seat reads in whole random games is said from the game's
catalogue (games/labyrinth/locales/pl.po), the notation written in Polish words reads back to the
same move, and the catalogue's messages keep their named parts."""

import functools
import io
import json
import re

import pytest
from babel.messages.pofile import read_po

from games.core import IllegalMove, Rng, fold, words
from games.labyrinth import GAME
from games.labyrinth.solo.bot import choose as jihadist_bot

SEATS = ("us", "jihadist")
PO = "games/labyrinth/locales/pl.po"
GAMES = [  # (seed, options, solo)
    (b"pl-1", {"scenario": "lets_roll", "events": "on"}, False),
    (b"pl-2", {"scenario": "anaconda", "events": "on"}, True),
    (b"pl-3", {"scenario": "you_can_call_me_al", "events": "off"}, False),
    (b"pl-4", {"scenario": "mission_accomplished", "events": "on", "ideology": "attractive"}, True),
    # more whole games: the long summary lines of card plays (a card picked at random, Reserves, lists of
    # recruits and plots in brackets, events within events) and the solo bot's reasons, read by both seats
    (b"lp-5", {"scenario": "anaconda", "events": "on"}, True),
    (b"lp-10", {"scenario": "mission_accomplished", "events": "on"}, False),
    (b"lp-27", {"scenario": "you_can_call_me_al", "events": "on"}, True),
    (b"lp-30", {"scenario": "mission_accomplished", "events": "off"}, False),
]
CAP = 1500


def _seen(state, seat, kinds):
    prompt = GAME.prompts(state).get(seat)
    if prompt:
        kinds["prompt"].add(prompt["text"])
        kinds["label"].update(o["label"] for o in prompt.get("options", []))
    kinds["brief"].update(GAME.brief(state, seat))


def _play(seed, opts, solo, kinds, notations, examples):
    options = GAME.resolve_options(opts, bots={"jihadist": "jihadist"} if solo else None)
    log = GAME.start(options, list(SEATS), Rng(seed, 0))
    state = fold(GAME, json.loads(json.dumps(log)))
    since = {s: [GAME.redact(e, s) for e in log] for s in SEATS}
    kinds["describe"].update(GAME.describe(e) for events in since.values() for e in events)
    for step in range(CAP):
        asked = GAME.prompts(state)
        if not asked:
            break
        (seat, prompt), = asked.items()
        if seat in SEATS:
            _seen(state, seat, kinds)
            kinds["summary"].update(GAME.summarize(since[seat], seat))
            since[seat] = []
            if step % 9 == 0:
                examples.update(GAME.example(state, seat))
                for option in prompt["options"][:6]:
                    line = GAME.notate(state, seat, option["move"])
                    if line:
                        notations.append((json.loads(json.dumps(state)), seat, line, option["move"]))
            if step % 13 == 0:
                for reply in ("xyzzy", "27 ops woi pakistan", ""):
                    try:
                        GAME.parse(reply, state, seat)
                    except IllegalMove as refused:
                        kinds["refusal"].add(refused.message)
        if solo and seat == "jihadist":
            move = jihadist_bot(state, seat, Rng(seed + b"/bot", len(log)))
        elif seat == "system":
            move = prompt["options"][0]["move"]
        else:
            move = prompt["options"][Rng(seed + b"/move", len(log)).below(len(prompt["options"]))]["move"]
        events = GAME.decide(state, seat, move, Rng(seed, len(log)))
        for event in events:
            state = GAME.evolve(state, event)
            for s in SEATS:
                seen = GAME.redact(event, s)
                kinds["describe"].add(GAME.describe(seen))
                since[s].append(seen)
        log += events
    result = GAME.result(state)
    if result:
        kinds["result"].add(result["text"])
    for s in SEATS:
        kinds["summary"].update(GAME.summarize(since[s], s))


@functools.cache
def _games():
    kinds = {k: set() for k in ("prompt", "label", "brief", "describe", "summary", "result", "refusal")}
    notations, examples = [], set()
    for seed, opts, solo in GAMES:
        _play(seed, opts, solo, kinds, notations, examples)
    kinds["help"] = {GAME.notation_help} | {spec["help"] for spec in GAME.options.values()}
    return kinds, notations, examples


def _unsaid(lines):
    return sorted({line for text in lines for line in words.unsaid("labyrinth", text, "pl")})


SAID = ["prompt", "label", "brief", "describe", "result", "help", "refusal", "summary"]


@pytest.mark.parametrize("kind", SAID)
def test_every_line_a_seat_reads_in_random_games_is_said_in_polish(kind):
    lines = _games()[0][kind]
    assert lines, kind
    assert _unsaid(lines) == []


def test_the_lines_are_said_in_polish_not_left_as_they_were():
    brief = sorted(_games()[0]["brief"])
    changed = sum(words.say("labyrinth", line, "pl") != line for line in brief)
    assert changed > 0.9 * len(brief)
    assert words.say("labyrinth", "Saudi Arabia", "pl") == "Arabia Saudyjska"
    assert words.say("labyrinth", "Pakistan (Poor Ally, 3 cells (1 active), 2 troops, besieged);", "pl") == \
        "Pakistan (Słaby sprzymierzeniec, 3 komórki (aktywne: 1), 2 oddziały, oblężony reżim);"
    assert words.say("labyrinth", "Jihadist plays 95 Wahhabism.", "pl") == "Dżihadysta zagrywa 95 Wahhabism."
    assert words.say("labyrinth", "US holds 5 cards.", "pl") == "US ma na ręce 5 kart."
    assert words.say("labyrinth", "After 'xyzzy ops': 'Zork' is not an answer to this question. Deploy from Gulf States: "
                     "to where? Type `track` or `iraq`.", "pl") == \
        "Po 'xyzzy ops': 'Zork' nie jest odpowiedzią na to pytanie. Rozmieszczenie z: Państwa Zatoki: dokąd? " \
        "Wpisz `tor` lub `Irak`."
    assert words.say("labyrinth", "US played 116 KSM for 3 Ops: Disrupt in Spain (1 cell removed, 1 sleeper activated).",
                     "pl") == "US zagrał kartę 116 KSM za 3 punkty operacji: Rozbicie w kraju Hiszpania (1 komórka usunięta, " \
        "aktywowane uśpione komórki: 1)."


def test_an_example_written_in_polish_reads_back_to_the_notation():
    examples = sorted(_games()[2])
    assert len(examples) > 20
    written = [words.write("labyrinth", line, "pl") for line in examples]
    assert sum(w != line for w, line in zip(written, examples)) > len(examples) // 2
    for line, polish in zip(examples, written):
        assert words.fold(words.read("labyrinth", polish, "pl")) == words.fold(line), (line, polish)


def test_notation_written_in_polish_reads_back_to_the_same_move():
    notations = _games()[1]
    assert len(notations) > 50
    for state, seat, line, move in notations:
        polish = words.write("labyrinth", line, "pl")
        assert GAME.parse(words.read("labyrinth", polish, "pl"), state, seat) == move, (line, polish)
    assert any(words.write("labyrinth", line, "pl") != line for _, _, line, _ in notations)


def _asked(opts, seat, *moves):
    log = GAME.start(GAME.resolve_options(opts), list(SEATS), Rng(b"pl-replies", 0))
    state = fold(GAME, json.loads(json.dumps(log)))
    for who, move in moves:
        for event in GAME.decide(state, who, move, Rng(b"pl-replies", 1)):
            state = GAME.evolve(state, event)
    return state


def test_hand_written_polish_replies_parse():
    state = _asked({"events": "off"}, "jihadist")
    said = {"recruit": "werbunek", "travel": "podróż", "jihad": "dżihad", "plot": "intryga"}
    checked = 0
    for card in state["hands"]["jihadist"]:
        for op, polish in said.items():
            try:
                move = GAME.parse(f"{card} ops {op}", state, "jihadist")
            except IllegalMove:
                continue
            for reply in (f"{card} operacje {polish}", f"{card} OPERACJE {words.fold(polish)}"):
                assert GAME.parse(words.read("labyrinth", reply, "pl"), state, "jihadist") == move, reply
            checked += 1
    assert checked >= 4
    assert words.read("labyrinth", "wojna idei arabia saudyjska", "pl") == "woi Saudi Arabia"
    assert words.read("labyrinth", "rozmieszczenie z tor do Afganistan", "pl") == "deploy from track to Afghanistan"
    assert words.read("labyrinth", "panstwa zatoki tak", "pl") == "Gulf States yes"
    assert words.read("labyrinth", "Rekrutacja w Azja Centralna", "pl") == "recruit in Central Asia"


def test_the_polish_notation_help_gives_examples_that_read_back_to_the_english_ones():
    english = re.findall(r"`([^`]+)`", GAME.notation_help)
    polish = re.findall(r"`([^`]+)`", words.say("labyrinth", GAME.notation_help, "pl"))
    assert len(polish) == len(english) > 20
    short = {"saudi arabia": "saudi", "united states": "us"}           # the full name where the English is short
    for en, pl in zip(english, polish):
        read = words.fold(words.read("labyrinth", pl, "pl"))
        for full, brief in short.items():
            read = read.replace(full, brief)
        assert read == words.fold(en), (en, pl)
    assert sum(en != pl for en, pl in zip(english, polish)) > 15


def _catalogue():
    with open(PO, "rb") as f:
        return read_po(io.BytesIO(f.read()), locale="pl")


def test_every_message_keeps_its_named_parts_and_none_is_fuzzy_or_empty():
    catalogue = _catalogue()
    assert len(catalogue) > 300
    for message in catalogue:
        if not message.id:
            continue
        assert not message.fuzzy, message.id
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(s for s in strings), message.id
        parts = sorted(set(words.PART.findall(ids[0])))
        for form in ids[1:]:
            assert sorted(set(words.PART.findall(form))) == parts, form
        for said in strings:
            assert sorted(set(words.PART.findall(said))) == parts, (message.id, said)
        if message.context == "notation":
            assert all(w.strip() for w in message.string.split("|")), message.id


def test_a_long_card_play_of_the_summary_is_said_whole():
    said = {
        "Jihadist's 14 Covert Action (continued): then the US event: Covert Action in Libya rolls 1: no effect.":
            "Karta 14 Covert Action (Dżihadysta) (ciąg dalszy): potem zdarzenie (US): Covert Action w kraju Libia: "
            "rzut 1: bez efektu.",
        "Jihadist played 110 Zarqawi (picked at random) for 2 Ops: Jihad in Yemen (rolls 2, needs 1-2: 1 success): "
        "Yemen Poor.":
            "Dżihadysta zagrał kartę 110 Zarqawi (wylosowana) za 2 punkty operacji: Dżihad w kraju Jemen (rzuty 2, "
            "potrzeba 1-2: 1 sukces): Jemen – Słaby.",
        "Your 44 Renditions (continued): Plot (Philippines rolls 3, needs 1-2; Iran rolls 1, needs 1-2; Syria rolls 4, "
        "needs 1-2): 1 success; plot 3 placed in Iran.":
            "Twoja karta 44 Renditions (ciąg dalszy): Intryga (Filipiny: rzuty 3, potrzeba 1-2; Iran: rzuty 1, "
            "potrzeba 1-2; Syria: rzuty 4, potrzeba 1-2): 1 sukces; intryga 3 umieszczona w kraju Iran.",
        "Jihadist played 17 FSB for Recruit (2 from Reserves): then the US event: waiting for a decision.":
            "Dżihadysta zagrał kartę 17 FSB na: Rekrutacja (2 z Rezerw): potem zdarzenie (US): czeka na decyzję.",
    }
    for english, polish in said.items():
        assert words.say("labyrinth", english, "pl") == polish
