"""La Famiglia in a player's words (issue 22): English names for every component, the Polish ones
still taken when typed; refusals that say why (the rule in a player's words) and what to type; the
partner is played "with", the other team "against"; nothing of the implementation (line numbers,
'spec', 'seed', module names) or of Polish in anything a player reads, over whole games; and every
answer begins with a word of the game's moves, so that a reply's line of moves is never taken for
words to the table."""

import re

import pytest

from games.core import IllegalMove
from games.core.protocol import folded_words
from games.lafamiglia import GAME
from games.lafamiglia.state import NEUTRAL, SEATS
from tests.games.lafamiglia.lafamiglia_kit import blank, decide, fix, new_game, play_random, put

from .test_lafamiglia_data import IMPLEMENTATION
from .test_lafamiglia_encounter import resolving
from .test_lafamiglia_planning import BLUE, GREEN, RED, YELLOW, play, turn

POLISH = re.compile(r"[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]|Zdrada|Tch[oó]rzostwo|Wp[lł]ywy|Sprzymierze|[LŁ]ap[oó]wki|Flota\b|"
                    r"Miniguny|Rekrutacja|Zapalnik|[LŁ]a[nń]cuch|Czerwony|Niebieski|Zielony|Czarny", re.IGNORECASE)
ALLY = re.compile(r"\bally\b|\bally's\b", re.IGNORECASE)


def finesse(s=None):
    """Red attacks Blue in Licata and chooses finesse: both pick a card in secret."""
    s = s or blank()
    put(s, "Enna", RED, 6)
    put(s, "Licata", BLUE, 4)
    s = resolving(s, RED, "red.b3", "Enna")
    return play(s, RED, {"part": 0}, {"to": "Licata", "by": "land"}, {"n": 5}, {"conflict": "finesse"})


# ---- words a player reads

def read_everything(state, events):
    texts = []
    for seat in (*SEATS, None):
        texts += [GAME.describe(GAME.redact(e, seat)) for e in events]
        texts += GAME.brief(state, seat) if seat else []
    for seat, prompt in GAME.prompts(state).items():
        texts.append(prompt["text"])
        texts += [o["label"] for o in prompt["options"] + prompt.get("anytime", [])]
        texts += [GAME.notate(state, seat, o["move"]) for o in prompt["options"]] if seat != "system" else []
    for text in texts:
        assert not IMPLEMENTATION.search(text), text
        assert not POLISH.search(text), text
        assert not ALLY.search(text), text
    known = GAME.move_words()          # a line of moves in a reply is told from words to the table by these
    for seat, prompt in GAME.prompts(state).items():
        for option in prompt["options"] + prompt.get("anytime", []) if seat != "system" else []:
            first = folded_words(GAME.notate(state, seat, option["move"]))[0]
            assert first in known or any(c.isdigit() for c in first), (first, option)


def test_nothing_of_the_implementation_nor_polish_in_what_a_player_reads():
    play_random(b"words", every=read_everything)
    for option in GAME.options.values():
        assert not IMPLEMENTATION.search(option["help"]) and not POLISH.search(option["help"]), option["help"]
    assert not IMPLEMENTATION.search(GAME.notation_help)


def test_english_names_and_the_polish_ones_taken_when_typed():
    s = finesse()
    options = GAME.prompts(s)[RED]["options"]
    assert [o["label"].split(":")[0] for o in options] == ["Betrayal", "Cowardice 1", "Cowardice 2"]
    assert [GAME.notate(s, RED, o["move"]) for o in options] == ["betrayal", "cowardice 1", "cowardice 2"]
    for typed, card in (("zdrada", "zdrada"), ("Zdrada", "zdrada"), ("Tchórzostwo 1", "tchorzostwo1"),
                        ("tchorzostwo2", "tchorzostwo2"), ("Betrayal", "zdrada"), ("cowardice 2", "tchorzostwo2")):
        assert GAME.parse(typed, s, RED) == {"card": card}, typed
    assert GAME.parse("always zdrada", s, RED) == {"instruct": "card", "value": "zdrada"}
    assert GAME.parse("always betrayal", s, RED) == {"instruct": "card", "value": "zdrada"}
    line = GAME.describe({"type": "instr", "seat": RED, "key": "card", "value": "zdrada", "fam": "red"})
    assert line == "Red sets a standing instruction: always play Betrayal."
    # a control tile marked in a cleanup, by its English or its Polish name
    t = blank()
    t["stack"] = [{"k": "tile_on", "seat": RED, "left": 1}]
    t = fix(t)
    labels = [o["label"] for o in GAME.prompts(t)[RED]["options"]]
    assert "Mark Bribes: Right after choosing the target" in " ".join(labels)
    assert GAME.parse("Łapówki", t, RED) == GAME.parse("bribes", t, RED) == {"tile": "bribes"}
    assert GAME.parse("lancuch dowodzenia", t, RED) == GAME.parse("chain of command", t, RED) == {"tile": "chain"}


def test_a_family_is_chosen_by_its_colour_in_either_language():
    _, s = new_game(seed=b"f")
    (seat, prompt), = GAME.prompts(s).items()
    first = prompt["options"][0]["move"]["family"]
    polish = {"black": "czarny", "blue": "niebieski", "green": "zielony", "red": "czerwony", "white": "bialy",
              "yellow": "zolty"}[first]
    assert GAME.parse(polish, s, seat) == GAME.parse(first, s, seat) == {"family": first}
    assert "partner" in prompt["text"] and "same reply" in prompt["text"]


def test_the_brief_says_with_the_partner_and_against_the_others_what_matters_first():
    _, _, state = play_random(b"brief-words", limit=300, partial=True)
    for seat in SEATS:
        lines = GAME.brief(state, seat)
        partner = next(x for x in SEATS if x != seat and state["team"][x] == state["team"][seat])
        names = {x: info["name"] for x, info in GAME.view(state, seat)["seats"].items()}
        assert lines[0].startswith(("Round", "Setup")) and lines[1].startswith(f"You play {names[seat]} with {names[partner]}")
        assert "against" in lines[1] and "Mandamenti" in lines[1]
        assert lines[2].startswith("Your HQ")


# ---- refusals that teach

def refusal(text, state, seat):
    with pytest.raises(IllegalMove) as refused:
        GAME.parse(text, state, seat)
    message = refused.value.message
    assert "Type `" in message and not IMPLEMENTATION.search(message), message
    return refused.value.code, message


def test_never_into_the_partners_area_says_why_and_what_to_type():
    s = blank()
    put(s, "Enna", RED, 6)
    put(s, "Caltanissetta", GREEN, 2)         # Red's partner (south)
    put(s, "Camastra", NEUTRAL, 2)
    s = resolving(s, RED, "red.b3", "Enna")
    s = play(s, RED, {"part": 0})
    code, message = refusal("to Caltanissetta", s, RED)
    assert code == "not_allowed" and "Caltanissetta is your partner's area: you never move into it" in message
    assert "`to camastra`" in message
    code, message = refusal("Palermo", s, RED)
    assert "Palermo is not next to Enna" in message


def test_a_field_taken_or_too_dear_and_a_column_without_markers():
    s = turn(blank(), RED, upper={"0a1": [NEUTRAL], "0b2": [BLUE]}, money=0)
    s["fields"]["1a1"] = [YELLOW]
    _, message = refusal("field 1a1", s, RED)
    assert "field 1a1 already holds Yellow's marker" in message
    _, message = refusal("field 1a2", s, RED)
    assert "field 1a2 costs 1 L" in message and "you have 0 L" in message
    _, message = refusal("spread e", s, RED)
    assert "column e of the upper sheet holds no marker" in message
    _, message = refusal("field 0a1", s, RED)
    assert "upper sheet (sheet 0), where markers come from" in message


def test_an_order_still_locked_and_too_many_soldati():
    s = turn(blank(), RED)
    s["stack"] = [{"k": "order_token", "seat": RED, "mode": "one", "left": 1, "used": []}]
    put(s, "Enna", RED, 2)
    s = fix(s)
    _, message = refusal("courts-a", s, RED)
    assert "Red Courts A is still on your family board" in message and "`b1`" in message
    s["stack"] = [{"k": "recruit_n", "seat": RED, "max": 3}]
    _, message = refusal("7 soldati", s, RED)
    assert "7 is more than you may choose here (from 1 to 3): you recruit up to 3" in message


def test_nothing_asked_names_whom_the_game_waits_for():
    s = finesse()
    _, s2 = decide(s, RED, {"card": "zdrada"})
    with pytest.raises(IllegalMove) as refused:
        GAME.parse("take", s2, RED)
    assert refused.value.code == "not_your_turn"
    assert "the game waits for Blue (a secret conflict card)" in refused.value.message


def test_a_card_named_outside_a_finesse_says_when_cards_are_chosen():
    s = turn(blank(), RED)
    code, message = refusal("zdrada", s, RED)
    assert code == "not_allowed" and "conflict cards are chosen only in a finesse" in message


def check_refusals(state, events):
    for seat, prompt in GAME.prompts(state).items():
        if seat == "system":
            continue
        for text in ("to Enna", "field 2b2", "99 soldati", "courts-b", "flowers"):
            try:
                GAME.parse(text, state, seat)
            except IllegalMove as refused:
                assert refused.code in ("not_allowed", "bad_notation", "ambiguous"), refused.code
                assert "`" in refused.message and not IMPLEMENTATION.search(refused.message)
                if refused.code != "ambiguous":
                    assert "is not a choice now: " in refused.message


def test_every_refusal_says_why_and_what_to_type_over_a_game():
    play_random(b"refusals", every=check_refusals, limit=1500, partial=True)
