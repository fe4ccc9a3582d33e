"""La Famiglia in Polish (issue "Play in the rulebooks' language"): every line a seat reads from the
game over whole random games is said in Polish by the game's catalogue (``locales/pl.po``); a line
of notation written in the Polish words reads back to the same move; and the catalogue's messages
keep the parts of their English lines."""

import io
import re
from importlib import resources

import pytest
from babel.messages.pofile import read_po

from games.core import IllegalMove, Rng, words
from games.core.protocol import folded_words
from games.lafamiglia import GAME
from games.lafamiglia.state import SEATS
from tests.games.lafamiglia.lafamiglia_kit import blank, fold, forced, jcopy, put, reply

from .test_lafamiglia_encounter import resolving
from .test_lafamiglia_planning import BLUE, RED
from .test_lafamiglia_planning import play as play_moves
from .test_lafamiglia_words import finesse


GAMES = {b"pl-1": None, b"pl-2": None, b"pl-3": None, b"pl-4": None, b"pl-first": {"families": "first_game"},
         b"pl-blank": {"unknown_tiles": "blank", "bomb_targets": "any"},
         b"pl-one": {"identical_cards": "one", "token_return": "end", "families": "first_game"}}
LIMIT = 900                          # decisions a game at most (the whole game is ~400-700)
# words typed that are not a choice at some point: words of the notation (a Polish reply is read back into
# them before the game reads it, and the refusal quotes them) ...
TRIED = ("enna", "licata", "bronte", "mare di milazzo", "field 1a2", "spread c", "finesse", "brutal", "take", "sell b2",
         "sell courts-a", "99", "3 soldati", "place", "recruit", "exert", "lab enna")
# ... and free text, which a refusal quotes as typed
FREE = ("hello", "field 9z9", "spread z")
SAMPLE = 20                          # refusals said in the test (a long one takes a second to say)


def read_by(state, events, seat):
    """Every line ``seat`` reads now: its question and options, the events as it sees them, the
    summary, its brief, its example, the result."""
    texts = []
    seen = [GAME.redact(e, seat) for e in events]
    texts += [GAME.describe(e) for e in seen]
    texts += GAME.summarize(seen, seat)
    texts += GAME.brief(state, seat)
    prompt = GAME.prompts(state).get(seat)
    if prompt:
        texts.append(prompt["text"])
        texts += [o["label"] for o in prompt["options"] + prompt.get("anytime", [])]
    result = GAME.result(state)
    if result:
        texts.append(result["text"])
    return texts


def refusals(state, seat):
    """What a seat reads when it types a word that is not a choice now."""
    out = []
    for typed in TRIED + FREE:
        try:
            GAME.parse(typed, state, seat)
        except IllegalMove as refused:
            out.append(refused.message)
    return out


def whole_game(seed, opts=None, every_refusal=7):
    """A whole random game through the listed options: every line each seat reads (``said``), the
    refusals of words typed that are not a choice (``refused``), and the lines of the seats'
    examples with the state each was made in (``examples``)."""
    said, refused, examples = [], [], []
    events = GAME.start(GAME.resolve_options(opts or {}), list(GAME.seats), Rng(seed, 0))
    state = fold(GAME, jcopy(events))
    said += [t for seat in SEATS for t in read_by(state, events, seat)]
    for step in range(LIMIT):
        asked = GAME.prompts(state)
        if not asked:
            break
        seat = sorted(asked)[0]
        options = asked[seat]["options"]
        chooser = Rng(seed + b"/pl", step)
        keep = [o for o in options if not ({"sell", "done"} & set(o["move"]))] or options
        move = keep[chooser.below(len(keep))]["move"]
        if asked[seat].get("anytime") and chooser.below(20) == 0:
            move = asked[seat]["anytime"][chooser.below(len(asked[seat]["anytime"]))]["move"]
        if seat != "system" and step % every_refusal == 0:
            refused += refusals(state, seat)
        new = GAME.decide(state, seat, move, Rng(seed, len(events)))
        for event in new:
            state = GAME.evolve(state, jcopy(event))
        events += new
        for who in SEATS:
            said += read_by(state, new, who)
            if step % every_refusal == 0 and who in GAME.prompts(state):
                examples.append((jcopy(state), who, GAME.example(state, who)))
    return lines(said), lines(refused), examples


def lines(texts):
    return [line for text in texts for line in text.split("\n") if line.strip()]


@pytest.fixture(scope="module")
def games():
    out = {}
    for seed, opts in GAMES.items():
        out[seed] = whole_game(seed, opts)
    return out


def unsaid(lines):
    return sorted(line for line in set(lines) if words.unsaid("lafamiglia", line, "pl"))


# ---- 1. whole games: every line a seat reads is said in Polish

def test_every_line_a_seat_reads_in_whole_games_is_said_in_polish(games):
    said = [line for lines, _, _ in games.values() for line in lines]
    assert len(said) > 50000 and len(set(said)) > 5000           # whole games, every seat, every step
    left = unsaid(said)
    assert left == [], f"{len(left)} of {len(set(said))} distinct lines left in English: {left[:10]}"


def test_what_is_said_is_polish_and_keeps_the_names_and_numbers():
    say = lambda text: words.say("lafamiglia", text, "pl")        # noqa: E731
    assert say("Red moves 3 soldati from Enna to Licata.") == "Czerwony przenosi 3 soldati z obszaru Enna do obszaru Licata."
    assert say("Red loses 1 car in Enna (car bomb).") == "Czerwony traci 1 samochód w obszarze Enna (bomba samochodowa)."
    assert say("Red loses 5 cars in Enna.") == "Czerwony traci 5 samochodów w obszarze Enna."
    assert say("Cowardice 1: Send 1 of your own soldati in the fight back to your HQ.") == \
        "Tchórzostwo 1: Zwróć 1 swojego soldato z walki do siedziby."
    assert say("Mark Influence: " + "At the start of each planning phase you may discard 1 soldato from your HQ to replace 1 "
               "neutral influence marker on the upper sheet with one of yours; the neutral marker leaves the sheet.").startswith(
        "Zaznacz kafelek Wpływy: Na początku każdej fazy planowania")
    # a summary: sentences glued into one line, each said
    assert say("Round 2: encounter phase, Blue first. All orders are revealed (there are none). No orders to resolve.") == \
        ("Runda 2: faza spotkań, pierwszy gracz: Niebieski. Wszystkie rozkazy zostają odkryte (nie ma żadnych). "
         "Brak rozkazów do rozpatrzenia.")
    assert words.say("lafamiglia", "Red moves 3 soldati from Enna to Licata.", "en") == "Red moves 3 soldati from Enna to Licata."


def test_the_table_options_and_the_notation_help_are_said_in_polish():
    for option in GAME.options.values():
        assert not words.unsaid("lafamiglia", option["help"], "pl"), option["help"]
    help_pl = words.say("lafamiglia", GAME.notation_help, "pl")
    assert help_pl != GAME.notation_help and "`pole 1a2`" in help_pl
    known = GAME.move_words()
    for typed in re.findall(r"`([^`]+)`", help_pl):          # every example of the Polish help reads back to the notation
        back = folded_words(words.read("lafamiglia", typed, "pl"))
        assert back[0] in known or back[0].isdigit(), (typed, back)


# ---- 2. notation: Polish lines read back to the same move

def test_every_option_written_in_polish_reads_back_to_its_move(games):
    checked = 0
    for _, _, examples in games.values():
        for state, seat, _ in examples:
            prompt = GAME.prompts(state).get(seat)
            for option in prompt["options"] + prompt.get("anytime", []):
                english = GAME.notate(state, seat, option["move"])
                polish = words.write("lafamiglia", english, "pl")
                assert GAME.parse(words.read("lafamiglia", polish, "pl"), state, seat) == option["move"], (english, polish)
                checked += 1
    assert checked > 2000


def test_the_examples_written_in_polish_play_as_the_english_ones(games):
    """A seat's example (a whole turn, one line a decision) written in the Polish words and read back
    is taken line by line as the server takes a reply, and comes to the same state as the English."""
    changed = applied = 0
    for _, _, examples in games.values():
        for state, seat, lines in examples:
            state = forced(state)                 # the single-answer questions the server takes first
            polish = [words.write("lafamiglia", line, "pl") for line in lines]
            changed += sum(p != e for p, e in zip(polish, lines))
            english = reply(state, seat, lines)
            read_back = reply(state, seat, [words.read("lafamiglia", line, "pl") for line in polish])
            assert english[3] is None and read_back[3] is None, (lines, polish, read_back[3])
            assert read_back[1:3] == ([words.read("lafamiglia", line, "pl") for line in polish][:len(english[1])],
                                      english[2]) and read_back[0] == english[0], (lines, polish)
            applied += len(english[1])
    assert changed > 100 and applied > 300


def test_a_polish_players_own_words_parse():
    s = finesse()
    read = lambda text: words.read("lafamiglia", text, "pl")     # noqa: E731
    assert GAME.parse(read("Zdrada"), s, RED) == {"card": "zdrada"}
    assert GAME.parse(read("tchorzostwo 2"), s, RED) == {"card": "tchorzostwo2"}
    assert GAME.parse(read("zawsze brutalność"), s, RED) == {"instruct": "conflict", "value": "brutal"}
    assert GAME.parse(read("zawsze zdrada"), s, RED) == {"instruct": "card", "value": "zdrada"}
    assert GAME.parse(read("nigdy nie bierz"), s, RED) == {"instruct": "take", "value": "never"}
    t = blank()
    put(t, "Enna", RED, 6)
    put(t, "Licata", BLUE, 4)
    t = resolving(t, RED, "red.b3", "Enna")
    t = play_moves(t, RED, {"part": 0})
    assert GAME.parse(read("do licata"), t, RED) == {"to": "Licata", "by": "land"}
    assert GAME.parse(read("DO Licata"), t, RED) == {"to": "Licata", "by": "land"}
    assert GAME.parse(read("zostań"), t, RED) == GAME.parse("stay", t, RED)
    assert GAME.parse(read("zostan"), t, RED) == GAME.parse("stay", t, RED)


# ---- 3. the catalogue itself

def test_every_message_keeps_the_parts_of_its_english_line_and_none_is_fuzzy_or_empty():
    raw = resources.files("games.lafamiglia").joinpath("locales/pl.po").read_bytes()
    catalog = read_po(io.BytesIO(raw), locale="pl")
    assert "nplurals=3" in catalog.plural_forms
    part = re.compile(r"\{(\w+)(?::num)?\}")
    count = 0
    for message in catalog:
        if not message.id:
            continue
        count += 1
        assert not message.fuzzy, message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(s for s in strings), message.id
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = sorted(set(part.findall(ids[0])))
        for s in strings:
            assert sorted(set(part.findall(s))) == wanted, (message.id, s)
        if message.context == "notation":
            assert all(w.strip() for w in s.split("|")), message.id
    assert count > 1000


def test_the_polish_notation_words_are_unambiguous():
    cat = words.catalogue("lafamiglia", "pl")
    seen = {}
    for phrase, canonical in cat.reading:
        assert seen.setdefault(phrase, canonical.lower()) == canonical.lower(), (phrase, seen[phrase], canonical)


# ---- refusals

def refusals_of(games, typed_words, most=SAMPLE):
    lines = sorted({line for _, refused, _ in games.values() for line in refused
                    if any(line.startswith(f"'{t}' ") for t in typed_words)})
    assert len(lines) > most
    return Rng(b"pl-refusals", 0).shuffled(lines)[:most]


def test_a_refusal_of_words_of_the_notation_is_said_in_polish(games):
    lines = refusals_of(games, TRIED)
    left = unsaid(lines)
    assert left == [], f"{len(left)} of {len(lines)} refusals left in English: {left[:5]}"
    said = words.say("lafamiglia", "'enna' is not a choice now: Enna is your partner's area: you never move into it. "
                     "Type `to licata`, `to bronte by boat` or `stay`.", "pl")
    assert said == ("'enna' nie jest teraz możliwym wyborem: obszar Enna należy do twojego partnera: nigdy do niego nie "
                    "wchodzisz. Wpisz `do licata`, `do bronte wodą` lub `zostań`.")
    for typed in re.findall(r"`([^`]+)`", said):              # the words it offers are the Polish notation's
        assert words.read("lafamiglia", typed, "pl") != typed


def test_a_refusal_of_free_text_is_said_in_polish(games):
    lines = refusals_of(games, FREE, 5)
    assert unsaid(lines) == []
