"""A player's replies in Jagged Alliance (issue 22): the email's example, replied as it is, is
applied whole, or stops only where a die or something face down decided; a line that answers
nothing is refused with the reason and the exact words that would do; every item has one name,
the data's, in everything a player reads or types; and nothing a player reads speaks of the
implementation (line numbers of the rulebook, "spec", file names) or cites a rule other than as
"(rule 13.6)"."""

import copy
import re

import pytest

from games.core import IllegalMove, Rng, fold
from games.jaggedalliance import GAME
from games.jaggedalliance.data import CARDS
from games.jaggedalliance.notation import slug
from tests.games.jaggedalliance.jagged_kit import battle, new, play

SYSTEM = "system"
DICE = b"the table's dice"
# what a player must never read: the rulebook's line numbers, the implementation's words, a bare
# section number (a rule is cited as "(rule 13.6)")
IMPLEMENTATION = re.compile(r"\bL\d{3,4}\b|\bspec\b|\bseeds?\b|provisional|AMBIGUOUS|MISSING|INFERRED|\.py\b|"
                            r"\bengine\b|lwotai|\(\d+(\.\d+)*( [a-z])?\)|\(\d+\.\d+[,:; ]|[,;] \d+\.\d+\)", re.I)
CARD_NUMBER = re.compile(r"(?<![a-z0-9])\d{3}(?![a-z0-9])")


def positions(seed: bytes, opts: dict, sensible: float = 0.8, steps: int = 3000):
    """(state, seat, position) at every human decision of a game played to its end; the state is
    the one the seat's email is written from (the server's own steps taken)."""
    opts = GAME.resolve_options(opts)
    log = GAME.start(opts, list(GAME.table_seats(opts)), Rng(seed, 0))
    state = fold(GAME, copy.deepcopy(log))
    for _ in range(steps):
        asked = GAME.prompts(state)
        if not asked:
            return
        auto = automatic(asked)
        if auto:
            seat, move = auto, asked[auto]["options"][0]["move"]
        else:
            chooser = Rng(seed + b"/player", len(log))
            seat = sorted(asked)[chooser.below(len(asked))]
            yield copy.deepcopy(state), seat, len(log)
            options = asked[seat]["options"]
            move = (GAME.bots["sensible"](state, seat, Rng(seed + b"/bot", len(log)))
                    if chooser.below(100) < sensible * 100 else options[chooser.below(len(options))]["move"])
        events = GAME.decide(state, seat, move, Rng(seed, len(log)))
        state = fold(GAME, events, state)
        log += events


def automatic(asked: dict) -> str | None:
    """The seat whose decision the server takes (tables/model.py): the system's, or a question
    with a single answer."""
    if SYSTEM in asked:
        return SYSTEM
    return next((seat for seat in sorted(asked) if len(asked[seat]["options"]) == 1), None)


def reply(state, seat: str, lines: list[str], position: int):
    """Apply reply lines as the server does (tables/submit.py, tables/replies.py): before each
    line the server's own steps (the enemy, the Dictator, any question with one answer) with
    the table's dice; each line parsed and decided while the seat is asked. Returns (lines
    applied, the IllegalMove that stopped it or None, whether a die was rolled or something face
    down turned up on the way)."""
    state, chance = copy.deepcopy(state), False
    for i, line in enumerate(lines):
        while (auto := automatic(GAME.prompts(state))) is not None:
            rng = Rng(DICE, position)
            events = GAME.decide(state, auto, GAME.prompts(state)[auto]["options"][0]["move"], rng)
            chance |= rng.used or any(GAME.reveals(e) for e in events)
            state, position = fold(GAME, events, state), position + len(events)
        if seat not in GAME.prompts(state):
            return i, None, chance
        rng = Rng(DICE, position)
        try:
            events = GAME.decide(state, seat, GAME.parse(line, state, seat), rng)
        except IllegalMove as refused:
            return i, refused, chance
        chance |= rng.used or any(GAME.reveals(e) for e in events)
        state, position = fold(GAME, events, state), position + len(events)
    return len(lines), None, chance


GAMES = [(b"ex-%d" % i, {"players": 1 + i % 4, "scenario": "123"[i % 3]}) for i in range(12)]


def test_examples_apply_whole_or_stop_where_chance_decides():
    tried = whole = longer = 0
    for seed, opts in GAMES:
        for n, (state, seat, position) in enumerate(positions(seed, opts)):
            if n % 2:
                continue
            lines = GAME.example(state, seat)
            assert lines, GAME.prompts(state)[seat]
            tried += 1
            longer += len(lines) > 1
            applied, refused, chance = reply(state, seat, lines, position)
            if applied == len(lines):
                whole += 1
            else:     # a die or a face-down card or token decided on the way, and only that stops it
                assert chance, (lines, applied, refused and refused.message)
    assert tried > 300 and longer > 50
    assert whole / tried > 0.95, (whole, tried)


def test_the_example_writes_no_line_for_a_question_the_server_answers():
    # the email's example was refused midway: after `durability` the roll was the only answer
    # left, which the server takes itself, so the example's own `roll` met the next question
    s = battle(new()[1], mercs={"ivan": "D"}, enemies=[("redshirt", False, "D")], active="ivan")
    _, s = play(s, "merc1", {"a": "attack", "c": "007", "k": "burst", "t": "e001"})
    options = [o["move"] for o in GAME.prompts(s)["merc1"]["options"]]
    assert options == [{"spend": "roll"}, {"spend": "dur"}]          # AK-47: one Durability box (6.2)
    lines = GAME.example(s, "merc1")
    assert lines == ["durability"]
    applied, refused, chance = reply(s, "merc1", lines, 1000)
    assert applied == 1 and refused is None


# ---- refusals that teach

def offered(message: str) -> list[str]:
    """The words a refusal offers to type (its "Type ..." sentence)."""
    return re.findall(r"`([^`]+)`", message.rsplit(" Type ", 1)[1]) if " Type " in message else []


def refusal(state, seat, text) -> IllegalMove:
    with pytest.raises(IllegalMove) as refused:
        GAME.parse(text, state, seat)
    return refused.value


def test_a_target_out_of_reach_is_named_with_its_distance_and_the_card_s_reach():
    # 11.1: an attack needs its target within the action's range
    s = battle(new()[1], mercs={"ivan": "D"}, enemies=[("redshirt", False, "A"), ("sniper", False, "C")], active="ivan")
    bad = refusal(s, "merc1", "fire ak47 burst e002")
    assert bad.code == "bad_notation"
    assert "Sniper e002 in Area C is 3 Areas away, and AK-47 (burst) reaches 1" in bad.message
    assert offered(bad.message) == ["fire ak47 shot e001", "fire ak47 burst e001"]


def test_a_step_across_a_red_border_or_to_a_far_area_says_so():
    # 4.3: a red border blocks movement; a step goes to a neighbouring Area
    s = battle(new()[1], mercs={"ivan": "D"}, enemies=[("redshirt", False, "A")], active="ivan")
    assert "Area F is not next to Area D" in refusal(s, "merc1", "move f").message
    assert "no Area Z" in refusal(s, "merc1", "move z").message
    s = battle(new()[1], mercs={"ivan": "B"}, enemies=[("redshirt", False, "F")], active="ivan")
    red = refusal(s, "merc1", "move c").message
    assert "A red border between Area B and Area C blocks the step (rule 4.3)." in red
    assert offered(red) == [t for t in offered(red) if t.startswith("move ")] and offered(red)


def test_the_command_action_spent_is_the_reason():
    # 10.2: one Command action per activation
    s = battle(new()[1], mercs={"ivan": "D", "cliff": "D"}, enemies=[("redshirt", False, "A")], active="ivan")
    s["mercs"]["cliff"]["W"] = 1
    assert "roll medicine" in [GAME.notate(s, "merc1", o["move"]) for o in GAME.prompts(s)["merc1"]["options"]]
    s["mercs"]["ivan"]["cmd"] = s["shared_cmd"] = 0           # its own and the team's shared one (5.2)
    bad = refusal(s, "merc1", "roll medicine").message
    assert "Ivan cannot roll: that is a Command action, and the one of this activation is spent (rule 10.2)" in bad
    assert "end" in offered(bad) or len(offered(bad)) == 8


def test_no_durability_left_and_no_rebels_are_the_reasons():
    # 6.2: a Durability box is spent once; 14.3: rebels join rolls with the intermediate rules
    s = battle(new()[1], mercs={"ivan": "D"}, enemies=[("redshirt", False, "D")], active="ivan")
    _, s = play(s, "merc1", {"a": "attack", "c": "007", "k": "burst", "t": "e001"}, {"spend": "dur"})
    assert [o["move"] for o in GAME.prompts(s)["merc1"]["options"]] == [{"spend": "roll"}]
    s["stack"][-1]["dur"] = 1
    s["mercs"]["ivan"]["S"] = 9
    bad = refusal(s, "merc1", "durability").message
    assert "AK-47 has no Durability box left to spend (rule 6.2)" in bad and offered(bad) == ["roll"]
    assert "Rebels join rolls with the intermediate rules" in refusal(s, "merc1", "rebel").message


def test_an_answer_to_another_question_names_the_question_asked():
    _, s = new()
    bad = refusal(s, "merc1", "fire ak47 burst e001").message
    assert "That is a merc's action, and the question now is “Round 1, Players' Phase: who acts next?" in bad
    assert offered(bad) == ["activate ivan", "activate cliff", "activate raven"]
    assert "is not a word of the game's moves" in refusal(s, "merc1", "fly to the moon").message
    assert "No merc of the team is called “bob”." in refusal(s, "merc1", "activate bob").message


def test_a_seat_not_asked_hears_who_is_waited_for():
    log, s = new(mercs=("ivan", "cliff", "raven", "fox"))
    _, s = play(s, "merc1", {"merc": "ivan"})
    bad = refusal(s, "merc2", "end")
    assert bad.code == "not_your_turn" and "the game waits for your partner merc1." in bad.message


@pytest.mark.parametrize("seed,opts", GAMES[:4])
def test_every_refusal_gives_a_reason_and_words_that_are_taken(seed, opts):
    """Lines a player might send (an option's words with one word changed, cut short or with a
    word more, and moves of other questions) at random positions: each is taken or refused with
    a reason, and every word it offers to type is taken there."""
    others = ["fire ak47 burst e001", "move c", "go 03a", "loot e002", "roll medicine", "train", "bribe 2",
              "activate ivan", "wait", "durability", "rebel", "roll", "end", "give firstaidkit ivan", "hire fox",
              "enter b", "again e001", "heal ivan", "ready", "buy scope ivan", "fly"]
    refused = 0
    for n, (state, seat, _) in enumerate(positions(seed, opts)):
        if n % 5:
            continue
        texts = [GAME.notate(state, seat, o["move"]) for o in GAME.prompts(state)[seat]["options"]]
        tried = set(others)
        for text in filter(None, texts):
            words = text.split()
            tried |= {" ".join(words[:-1] + ["zz9"]), words[0], text + " x"}
        for line in sorted(tried):
            try:
                GAME.parse(line, state, seat)
            except IllegalMove as bad:
                refused += 1
                reason = bad.message.split(" Type ")[0]
                assert bad.code == "bad_notation" and len(reason) > len(line) + 8, bad.message
                assert "does not answer" not in bad.message and not IMPLEMENTATION.search(bad.message), bad.message
                words = offered(bad.message)
                assert words, bad.message
                for word in words:
                    GAME.parse(word, state, seat)
    assert refused > 200


# ---- one name per item

def test_cards_are_typed_by_name_and_the_old_numbers_still_work():
    # Fox hires with two Beretta 92F: both read `beretta92f`, never `001` or `002`
    s = battle(new()[1], mercs={"ivan": "D"}, enemies=[("redshirt", False, "D")], active="ivan")
    s["mercs"]["ivan"]["weapons"] = ["001", "002"]
    texts = [GAME.notate(s, "merc1", o["move"]) for o in GAME.prompts(s)["merc1"]["options"]]
    assert "fire beretta92f shot e001" in texts and not any(CARD_NUMBER.search(t) for t in texts)
    assert GAME.parse("fire beretta92f shot e001", s, "merc1")["c"] == "001"
    assert GAME.parse("fire 002 shot e001", s, "merc1")["c"] == "002"               # the form older emails used
    assert GAME.parse("Fire Beretta 92F shot e001", s, "merc1")["c"] == "001"       # the name as printed


def test_cards_of_one_name_are_the_same_card_to_a_player():
    # so one name is enough: a text naming the first of two copies names what the player meant
    seen: dict[str, dict] = {}
    for card, data in CARDS.items():
        public = {"durability": [], **{k: v for k, v in data.items() if k not in ("deck", "source", "provisional", "note")}}
        assert seen.setdefault(slug(card), public) == public, card


@pytest.mark.parametrize("seed,opts", [(b"words-a", {"players": 2, "scenario": "3"}),
                                       (b"words-b", {"players": 1, "scenario": "2"}),
                                       (b"words-c", {"players": 4, "scenario": "1"})])
def test_nothing_a_player_reads_speaks_of_the_implementation(seed, opts):
    read: list[str] = [spec["help"] for spec in GAME.options.values()] + [GAME.notation_help]
    opts = GAME.resolve_options(opts)
    log = GAME.start(opts, list(GAME.table_seats(opts)), Rng(seed, 0))
    state = fold(GAME, copy.deepcopy(log))
    for step in range(4000):
        asked = GAME.prompts(state)
        if not asked:
            break
        seat = sorted(asked)[step % len(asked)]
        prompt = asked[seat]
        if seat != SYSTEM:
            read += [prompt["text"]] + [o["label"] for o in prompt["options"]]
            notations = [GAME.notate(state, seat, o["move"]) or "" for o in prompt["options"]]
            assert not any(CARD_NUMBER.search(t) for t in notations), notations
            if step % 10 == 0:
                read += GAME.brief(state, seat) + GAME.example(state, seat)
            move = GAME.bots["sensible"](state, seat, Rng(seed + b"/bot", step))
        else:
            move = prompt["options"][0]["move"]
        events = GAME.decide(state, seat, move, Rng(seed, len(log)))
        read += GAME.summarize([GAME.redact(e, "merc1") for e in events], "merc1")
        state = fold(GAME, events, state)
        log += events
    read.append(GAME.result(state)["text"])
    assert len(read) > 500
    for text in read:
        assert not IMPLEMENTATION.search(text), text
