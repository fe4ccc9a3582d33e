"""Jagged Alliance in Polish (issue "Play in the rulebooks' language"): every line a seat reads from
whole random games (prompts and their options, the narration of every redacted event, the
summaries, the brief, the result, the examples, the refusals, the notation help and the options'
help) is said by games/jaggedalliance/locales/pl.po; an example written in Polish words reads back
to the same move; hand-written Polish replies parse; and the catalogue itself is well formed."""

import copy
import re

import pytest
from babel.messages.pofile import read_po

from games.core import IllegalMove, Rng, fold, words
from games.jaggedalliance import GAME, notation

GAME_NAME = "jaggedalliance"
PL = "pl"
PO = "games/jaggedalliance/locales/pl.po"
SYSTEM = "system"
# replies whose refusals a Polish player may read: wrong verbs, wrong words after a right verb
TRIES = ["", "xyzzy", "fire", "fire zzz", "move z", "go 99z", "roll luck", "activate nobody", "hire nobody",
         "wait", "equip zz", "give zz ivan", "bribe 9", "durability", "rebel", "again e001", "heal ivan",
         "escape 01a", "enter z", "train", "test mechanics", "loot", "use", "orders", "ready", "stay", "place 01a"]
GAMES = [(b"pl-0", 1, "1", 0.9), (b"pl-1", 2, "2", 0.6), (b"pl-2", 3, "3", 0.8), (b"pl-5", 1, "3", 0.9)]
CAP = 1500


def lines(text):
    return [line for line in (text or "").split("\n") if line.strip()]


def play(seed, players, scenario, sensible):
    """Yield (kind, line) for every line any seat reads, over a whole game (or CAP decisions)."""
    opts = GAME.resolve_options({"players": players, "scenario": scenario, "hire": "choose"})
    seats = list(GAME.table_seats(opts))
    log = GAME.start(opts, seats, Rng(seed, 0))
    state = fold(GAME, copy.deepcopy(log))
    unread = {seat: [GAME.redact(e, seat) for e in log] for seat in seats}
    for step in range(CAP):
        asked = GAME.prompts(state)
        for seat in seats:
            for line in GAME.brief(state, seat):
                yield "brief", line
            if seat in asked:
                for line in GAME.summarize(unread[seat], seat):
                    yield "summary", line
                for event in unread[seat]:
                    yield "describe", GAME.describe(event)
                unread[seat] = []
        if not asked:
            break
        for seat, prompt in asked.items():
            if seat == SYSTEM:
                continue
            yield "prompt", prompt["text"]
            for option in prompt["options"]:
                yield "label", option["label"]
            if step % 4 == 0:
                for line in GAME.example(state, seat):
                    yield "example", line
            if step % 13 == 0:
                rows = [GAME.notate(state, seat, o["move"]) for o in prompt["options"]]
                for text in TRIES + [r.split()[0] + " qq" for r in rows if r]:
                    try:
                        GAME.parse(text, state, seat)
                    except IllegalMove as refusal:
                        yield "refusal", refusal.message
        for seat in seats:
            if seat not in asked:
                try:
                    GAME.parse("end", state, seat)
                except IllegalMove as refusal:
                    yield "refusal", refusal.message
        chooser = Rng(seed + b"/player", step)
        seat = sorted(asked)[chooser.below(len(asked))]
        options = asked[seat]["options"]
        if seat == SYSTEM:
            move = options[0]["move"]
        elif chooser.below(1000) < sensible * 1000:
            move = GAME.bots["sensible"](state, seat, Rng(seed + b"/bot", step))
        else:
            move = options[chooser.below(len(options))]["move"]
        events = GAME.decide(state, seat, move, Rng(seed, len(log)))
        for event in events:
            state = GAME.evolve(state, event)
            for other in seats:
                unread[other].append(GAME.redact(event, other))
        log += events
    result = GAME.result(state)
    if result:
        yield "result", result["text"]


def fixed_lines():
    yield "help", GAME.notation_help
    for option in GAME.options.values():
        yield "option", option["help"]


@pytest.fixture(scope="module")
def read_lines():
    out = list(fixed_lines())
    for spec in GAMES:
        out += list(play(*spec))
    return [(kind, line) for kind, text in out for line in lines(text)]


JUNK = {"xyzzy", "zzz", "zz", "qq", "z", "99z", "luck", "nobody"}


def echoes(line):
    """A refusal that quotes the player's own unknown words back (“xyzzy”): those words cannot be
    said in any language, so the line cannot be said whole."""
    quoted = " ".join(re.findall(r"“([^”]*)”", line)).lower().split()
    return bool(JUNK & set(quoted)) or bool(JUNK & {w.lower() for w in re.findall(r"\b[A-Z0-9]+\b", line)})


@pytest.fixture(scope="module")
def unsaid_lines(read_lines):
    distinct = {}
    for kind, line in read_lines:
        distinct.setdefault(line, kind)
    left = {line: kind for line, kind in distinct.items()
            if kind != "example" and words.unsaid(GAME_NAME, line, PL)}
    print(f"{len(read_lines)} lines read ({len(distinct)} distinct); {len(left)} distinct left in English, "
          f"{sum(1 for line in left if echoes(line))} of them refusals quoting the player's unknown words")
    return distinct, left


def test_every_line_a_seat_reads_is_said_in_polish(unsaid_lines):
    distinct, left = unsaid_lines
    kinds = set(distinct.values())
    assert {"prompt", "label", "describe", "summary", "brief", "result", "refusal", "example"} <= kinds
    assert sorted(line for line, kind in left.items() if not echoes(line)) == []


def test_refusals_quoting_the_players_own_words_are_said_in_polish(unsaid_lines):
    """The player's own unknown words (“xyzzy”) are quoted back as typed ({w:raw}), the rest in Polish."""
    distinct, left = unsaid_lines
    assert [line for line in left if echoes(line)] == []
    echoing = [line for line, kind in distinct.items() if kind == "refusal" and echoes(line)]
    assert len(echoing) > 100
    for line in echoing:
        polish = words.say(GAME_NAME, line, PL)
        assert polish != line, line
        assert " Type `" not in polish, polish
    assert words.say(GAME_NAME, "No merc is called “qq”. Type `hire ivan`.", PL) == \
        "Żaden najemnik nie nazywa się „qq”. Wpisz `zatrudnij ivan`."


def test_the_examples_notation_is_in_polish_words(read_lines):
    examples = {line for kind, line in read_lines if kind == "example"}
    assert examples
    for line in examples:
        polish = words.write(GAME_NAME, line, PL)
        assert polish.split()[0] != line.split()[0] or line.split()[0] == "auto", (line, polish)


def test_a_polish_line_is_not_the_english_one(read_lines):
    """Said is not merely passed through: the commonest lines come out different (names aside)."""
    said = {line: words.say(GAME_NAME, line, PL) for kind, line in read_lines if kind in ("prompt", "label")}
    changed = [line for line, polish in said.items() if polish != line]
    assert len(changed) > 0.9 * len(said)
    assert words.say(GAME_NAME, "end the activation", PL) == "zakończ aktywację"
    assert "Obszar" in words.say(GAME_NAME, "move to Area B (1 fatigue)", PL)


def positions():
    for seed, players, scenario, sensible in GAMES[:4]:
        opts = GAME.resolve_options({"players": players, "scenario": scenario, "hire": "choose"})
        log = GAME.start(opts, list(GAME.table_seats(opts)), Rng(seed, 0))
        state = fold(GAME, copy.deepcopy(log))
        for step in range(400):
            asked = GAME.prompts(state)
            if not asked:
                break
            seat = sorted(asked)[Rng(seed + b"/player", step).below(len(asked))]
            if seat != SYSTEM:
                yield state, seat
            options = asked[seat]["options"]
            move = options[0]["move"] if seat == SYSTEM else GAME.bots["sensible"](state, seat, Rng(seed, step))
            events = GAME.decide(state, seat, move, Rng(seed, len(log)))
            state = fold(GAME, events, state)
            log += events


def test_every_option_written_in_polish_reads_back_to_its_move():
    tried = 0
    for state, seat in positions():
        for option in GAME.prompts(state)[seat]["options"]:
            notation = GAME.notate(state, seat, option["move"])
            if notation is None:
                continue
            polish = words.write(GAME_NAME, notation, PL)
            back = words.read(GAME_NAME, polish, PL)
            move = GAME.parse(back, state, seat)
            alike = GAME.notate(state, seat, move)          # two copies of a card read alike
            assert alike == notation, (notation, polish, back)
            tried += 1
    assert tried > 200


def test_the_examples_are_written_in_polish_words():
    seen = 0
    for state, seat in positions():
        for line in GAME.example(state, seat):
            polish = words.write(GAME_NAME, line, PL)
            assert notation.fold(words.read(GAME_NAME, polish, PL)) == notation.fold(line), (line, polish)
            seen += polish != line
    assert seen > 20


def reply(state, seat, text):
    return GAME.parse(words.read(GAME_NAME, text, PL), state, seat)


def test_hand_written_polish_replies_parse():
    from tests.games.jaggedalliance.jagged_kit import battle, new
    _, state = new(("ivan", "cliff", "raven"))
    seat = "merc1"
    assert reply(state, seat, "aktywuj Ivan") == {"merc": "ivan"}
    assert reply(state, seat, "AKTYWUJ ivan") == {"merc": "ivan"}
    _, two = new(("ivan", "cliff", "raven", "fox"))                  # two players: one may let the other go first
    assert reply(two, "merc1", "czekaj") == GAME.parse("wait", two, "merc1") == {"wait": True}
    s = battle(state, tile="02A", mercs={"ivan": "A", "cliff": "A"}, enemies=[("redshirt", False, "B")], active="ivan")
    options = [GAME.notate(s, seat, o["move"]) for o in GAME.prompts(s)[seat]["options"]]
    assert reply(s, seat, "koniec") == {"a": "end"}
    assert reply(s, seat, "zakończ") == {"a": "end"}
    assert reply(s, seat, "ruch b") == {"a": "move", "to": "B"}
    assert reply(s, seat, "idź b") == {"a": "move", "to": "B"}
    fire = next(o for o in options if o and o.startswith("fire "))
    card, key, target = fire.split()[1:4]
    polish_key = {"burst": "seria", "shot": "strzał", "aimed": "celowany", "blast": "wybuch", "stab": "cios"}
    assert reply(s, seat, f"ognia {card} {polish_key.get(key, key)} {target}") == GAME.parse(fire, s, seat)
    assert reply(s, seat, f"strzelaj {card} {polish_key.get(key, key)} {target}") == GAME.parse(fire, s, seat)
    assert reply(s, seat, "rozkazy pancerz") == {"a": "stance", "x": "armour"}
    assert reply(s, seat, "rozkazy ukrywanie") == {"a": "stance", "x": "stealth"}
    assert reply(s, seat, "ucieczka 01a") == {"a": "escape", "to": "01A"}
    assert reply(s, seat, "zdejmij kevlarvest") == GAME.parse("unequip kevlarvest", s, seat)
    assert reply(s, seat, "zdejmij Kamizelka kevlarowa") == GAME.parse("unequip kevlarvest", s, seat)   # the Polish name
    assert reply(s, seat, "grupa b") == GAME.parse("group b", s, seat)
    assert reply(s, seat, "zakoncz") == {"a": "end"}                       # without diacritics
    with pytest.raises(IllegalMove):
        reply(s, seat, "ucieczka 99z")


PART = re.compile(r"\{\w+(?::(?:num|raw))?\}")


def test_the_catalogue_is_well_formed():
    with open(PO, "rb") as f:
        catalogue = read_po(f, locale=PL)
    assert catalogue.plural_forms.startswith("nplurals=3")
    count = 0
    for message in catalogue:
        if not message.id:
            continue
        count += 1
        assert not message.fuzzy, message.id
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), message.id
        wanted = sorted(PART.findall(ids[0]))
        for form in ids[1:]:
            assert sorted(PART.findall(form)) == wanted, message.id
        for said in strings:
            assert sorted(PART.findall(said)) == wanted, (message.id, said)
            assert "{" not in PART.sub("", said) and "}" not in PART.sub("", said), (message.id, said)
        if message.context == "notation":
            assert all(w.strip() for w in message.string.split("|")), message.id
    assert count > 300
    assert words.say(GAME_NAME, "experienced elite Redshirt", PL) == "doświadczona elitarna Czerwona Koszula"
    assert words.say(GAME_NAME, "Medicine", PL) == "Medycyna"
    assert words.say(GAME_NAME, "05A Drassen airport", PL) == "05A Lotnisko Drassen"


def test_the_missions_lines_are_said_in_polish():
    """Missions (scenario 3) are rarely entered by random play: each mission's lines, from its card."""
    from games.jaggedalliance.data import MISSIONS
    from games.jaggedalliance.describe import describe
    said = []
    for mid, card in MISSIONS.items():
        said.append(describe({"type": "mission_entered", "mission": mid, "name": card["name"], "by": "ivan"}))
        for step, condition in enumerate(card["conditions"], 1):
            said.append(describe({"type": "condition_met", "mission": mid, "name": card["name"], "merc": "fox",
                                  "condition": condition, "step": step, "of": len(card["conditions"])}))
            if condition["kind"] == "test":
                said.append(f"Command: {condition['ability'].title()} test to {condition['text']} "
                            f"({condition['difficulty']} needed)")
        said.append(describe({"type": "mission_completed", "mission": mid, "name": card["name"],
                              "rewards": card["rewards"]}))
        said.append(describe({"type": "mission_placed", "mission": mid, "name": card["name"], "at": "05A",
                              "why": "the scenario's briefing"}))
        for i, (kind, elite) in enumerate(card["guards"], 1):
            said.append(describe({"type": "enemy_placed", "enemy": f"e00{i}", "name": ("elite " if elite else "")
                                  + kind.title() + f" e00{i}", "sector": mid, "area": None,
                                  "why": f"guarding {card['name']} (rule 16)"}))
        if card.get("wanted"):
            said.append(describe({"type": "enemy_placed", "enemy": "e009", "name": card["wanted"]["name"],
                                  "sector": mid, "area": None, "why": "the wanted man is the card (rule 16)"}))
    left = [line for line in said if words.unsaid(GAME_NAME, line, PL)]
    assert left == []
    assert words.say(GAME_NAME, "Command: Mechanics test to sabotage the launcher (2 needed)", PL) == \
        "Rozkaz: test (Mechanika): zsabotuj wyrzutnię (potrzeba 2)"


def test_polish_plurals_follow_the_count():
    def say(line):
        return words.say(GAME_NAME, line, PL)

    assert say("Ivan moves to Area B (1 fatigue).") == "Ivan przechodzi do Obszaru B (1 punkt Zmęczenia)."
    assert say("Ivan moves to Area B (2 fatigue).") == "Ivan przechodzi do Obszaru B (2 punkty Zmęczenia)."
    assert say("Ivan moves to Area B (5 fatigue).") == "Ivan przechodzi do Obszaru B (5 punktów Zmęczenia)."
    attack = ("experienced Redshirt e012 attacks Fox for 3; Fox's armour (standing order) rolls 1 yellow [1] = 1: "
              "{} wounds.")
    assert say(attack.format(2)).endswith(": 2 rany.")
    assert say(attack.format(5)).endswith(": 5 ran.")
    assert say(attack.format(2)).startswith("doświadczona Czerwona Koszula e012 atakuje: Fox")
    assert say("Scenario 3, The Drassen airport: 1 player.") == "Scenariusz 3, Lotnisko Drassen: 1 gracz."
    assert say("Roll 1 yellow [2] = 2 +1: 3 successes.") == "Rzut 1 żółta [2] = 2 +1: 3 sukcesy."
