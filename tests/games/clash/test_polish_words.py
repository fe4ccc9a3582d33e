"""CLASH in Polish (issue "Play in the rulebooks' language"): every line a seat reads from the game
over whole random matches is said in Polish by the game's catalogue (``locales/pl.po``); a line of
notation written in the Polish words reads back to the same move, and so do a player's own Polish
words (with or without diacritics); the catalogue's messages keep the parts of their English lines."""

import copy
import io
import re
from importlib import resources

import pytest
from babel.messages.pofile import read_po

from games.clash import GAME
from games.core import IllegalMove, Rng, fold, words
from tests.games.clash.clash_kit import JH, MW, make

# the table options of the matches played (each a whole match, every option value met at least once)
VARIED = [{}, {"orientation": "toward_placer"}, {"mustafa_field": "centre", "match": "single"},
          {"long_game": True, "elections_draw": "choose"}, {"neutrals": "random_support"},
          {"neutrals": "none", "match": "points", "points_games": 2},
          {"repeat_origin": "repeater", "last_field": "destruction_only"},
          {"unknown_neutral": "blank", "long_game": True, "placement_cap": 50}]
# words of the game a player may type where they answer nothing (each refusal quotes the word)
TRIED = ("b2", "c1", "president", "bomber", "nobel prize", "kabooom", "hacker", "yes", "no", "white", "north",
         "west", "mcworld", "jihad", "99")
EVERY = 3                           # refusals and examples at every third decision
ONE_MATCH: dict = {}                # what one run of the matches read, shared by the tests


def _lines(texts):
    return [line for text in texts for line in text.split("\n") if line.strip()]


def _read_by(state, events, seat):
    """Every line ``seat`` reads now: the events as it sees them, the summary, the brief, its
    question and options, the result."""
    seen = [GAME.redact(e, seat) for e in events]
    texts = [GAME.describe(e) for e in seen] + GAME.summarize(seen, seat) + GAME.brief(state, seat)
    prompt = GAME.prompts(state).get(seat)
    if prompt:
        texts += [prompt["text"]] + [o["label"] for o in prompt["options"]]
    result = GAME.result(state)
    if result:
        texts.append(result["text"])
    return texts


def _refusals(state, seat, example):
    """What a seat reads when it types a word of the game that answers nothing now, a whole line
    with a word too many, or moves out of turn."""
    typed = list(TRIED) + ([" ".join(example) + " b2"] if example else [])
    state = copy.deepcopy(state)
    out = []
    for text in typed:
        try:
            GAME.parse(text, state, seat)
        except IllegalMove as refused:
            out.append((state, seat, refused.message))
    other = MW if seat == JH else JH
    try:
        GAME.parse("b2", state, other)
    except IllegalMove as refused:
        out.append((state, other, refused.message))
    return out


def play_matches():
    """Whole random matches through the listed options: (lines read, refusals, examples with the
    state each was made in, notated options with their state)."""
    if ONE_MATCH:
        return ONE_MATCH["said"], ONE_MATCH["refused"], ONE_MATCH["examples"], ONE_MATCH["notated"]
    said, refused, examples, notated = [], [], [], []
    for n, opts in enumerate(VARIED):
        seed = b"pl-clash-%d" % n
        log = GAME.start(GAME.resolve_options(opts), list(GAME.seats), Rng(seed, 0))
        state = fold(GAME, copy.deepcopy(log))
        said += [t for seat in GAME.seats for t in _read_by(state, log, seat)]
        for step in range(3000):
            asked = GAME.prompts(state)
            if not asked:
                break
            (seat, prompt), = asked.items()
            options = prompt["options"]
            if step % EVERY == 0:
                example = GAME.example(state, seat)
                examples.append((copy.deepcopy(state), seat, example))
                refused += _refusals(state, seat, example)
                notated += [(copy.deepcopy(state), seat, o["move"]) for o in options]
            move = options[Rng(seed + b"/player", step).below(len(options))]["move"]
            events = GAME.decide(state, seat, move, Rng(seed, len(log)))
            for event in events:
                state = GAME.evolve(state, event)
            log += events
            for who in GAME.seats:
                said += _read_by(state, events, who)
        assert GAME.result(state), f"match {n} did not end"
        said += GAME.summarize(log, MW) + GAME.summarize(log, JH)
    said += [GAME.notation_help] + [o["help"] for o in GAME.options.values()]
    ONE_MATCH.update(said=_lines(said), refused=_lines([m for _, _, m in refused]), examples=examples,
                     notated=notated, offers=refused[::5])
    return play_matches()


def unsaid(lines):
    return sorted({bad for line in set(lines) for bad in words.unsaid("clash", line, "pl")})


# ---------------------------------------------------------------- 1. whole matches


def test_every_line_a_seat_reads_in_whole_matches_is_said_in_polish():
    said, _, _, _ = play_matches()
    print(f"{len(said)} lines read, {len(set(said))} distinct")
    assert len(set(said)) > 1500
    assert unsaid(said) == []
    polish = [words.say("clash", line, "pl") for line in set(said)]
    assert sum(line != english for line, english in zip(polish, set(said))) > 0.9 * len(set(said))


def test_every_refusal_of_a_word_of_the_game_is_said_in_polish():
    _, refused, _, _ = play_matches()
    print(f"{len(refused)} refusals, {len(set(refused))} distinct")
    assert len(set(refused)) > 500
    assert unsaid(refused) == []


def test_the_board_the_narration_and_a_refusal_read_as_polish():
    state = make(board={"B2": ("START_MUSTAFA", JH), "C2": ("MW_POPSTAR", MW), "A3": ("JH_PRZYWODCA", JH, {"d": MW})},
                 neutral=["N_LAPOWKA"], turn=JH)
    brief = words.say("clash", "\n".join(GAME.brief(state, JH)), "pl").split("\n")
    assert brief[0] == "Partia 1: poparcie McWorld 1, Jihad 1; wygrane partie McWorld 0, Jihad 0."
    assert brief[2].split() == ["3", "Przywódca", "(zniszczony)", ".", "."]
    assert brief[3].split() == ["2", ".", "Mustafa", "v", "Pop-Star", "^"]
    assert brief[7] == "Strefa neutralna: Łapówka"
    prompt = GAME.prompts(state)[JH]
    assert words.say("clash", prompt["text"], "pl") == "Partia 1, wyłożenie 4: który kafel zagrywasz?"
    assert words.say("clash", prompt["options"][-1]["label"], "pl") == "Łapówka (strefa neutralna)"
    event = {"type": "placed", "seat": JH, "tile": "N_LAPOWKA", "src": "neutral", "field": "C3", "supports": MW}
    assert words.say("clash", GAME.describe(event), "pl") == \
        "Jihad wykłada kafel Łapówka na C3 szpicem na północ (popiera McWorld)"
    with pytest.raises(IllegalMove) as refused:
        GAME.parse("bomber a2 s c3", state, JH)
    said = words.say("clash", refused.value.message, "pl")
    assert said.startswith("Po „zamachowiec a2 płd” nie ma już pytań: Zamachowiec na A2 (szpicem na południe) nie ma na "
                           "czym zadziałać: niszczy 1 kafel bez efektu Bezpieczeństwo spośród tych, na które działa: "
                           "B1 (puste) i B3 (puste). Wyślij samo `zamachowiec a2 płd`, a „c3” wcale. Albo wyłóż go tam, "
                           "gdzie sięga jakiegoś kafla: `zamachowiec b1 pn c2`, "), said
    for line in re.findall(r"`([^`]+)`", said):          # each line offered, typed as the Polish refusal says it
        assert read(line, state, JH)["tile"] == "JH_ZAMACHOWIEC", line


MUSTAFA_B2 = {"B2": {"tile": "START_MUSTAFA", "facing": "north"}}
FULL = {c + r: {"tile": t, "facing": "north"} for (c, r), t in zip(
    [(c, r) for c in "ABC" for r in "123"], ["START_MUSTAFA", "MW_PREZYDENT", "MW_BANKIER", "MW_POPSTAR", "MW_PREDATOR",
                                             "JH_IMAM", "JH_SZEJK", "JH_TRADYCJA", "JH_MECZET"])}


@pytest.mark.parametrize("position, polish", [
    ({"board": MUSTAFA_B2, "zones": {"mcworld": ["MW_PREZYDENT"], "jihad": ["MW_PREZYDENT"]}},
     "Prezydent: ten kafel jest w dwóch miejscach (każdy kafel jest jeden)."),
    ({"board": MUSTAFA_B2, "neutral": ["N_AGENT", "N_PRASA", "N_ONZ", "N_PIKIETA", "N_WYBORY", "N_HACKER"]},
     "w strefie neutralnej mieści się najwyżej 5 kafli (zasada 4)."),
    ({"board": MUSTAFA_B2, "neutral": ["MW_PREZYDENT"]}, "Prezydent to nie kafel neutralny: nie może leżeć w strefie neutralnej."),
    ({"board": {"B2": {"tile": "START_MUSTAFA", "facing": "north", "covered_by": "N_AGENT"}}},
     "kafel przykrywa tylko Nagroda Nobla, nie Agent (na B2)."),
    ({"games": [{"winner": "mcworld"}, {"winner": "mcworld"}]}, "po tych partiach mecz jest już zakończony."),
    ({"board": FULL}, "plansza jest pełna: ta partia jest już zakończona (zasada 9.1)."),
    ("board", "musi to być obiekt (format: rozdział przewodnika „Starting from a position”)."),
    ({"colour": 1}, "nie ma klucza 'colour'; klucze to board, games, neutral, placements, removed, turn, unused, zones."),
    ({"board": {"Z9": {"tile": "MW_POPSTAR", "facing": "north"}}}, "'Z9' to nie pole; pola to A1 do C3."),
    ({"board": MUSTAFA_B2, "neutral": ["NOPE"]}, "nie ma kafla o nazwie 'NOPE' (strefa neutralna)."),
    ({"board": MUSTAFA_B2, "zones": {"mcworld": [7]}}, "nie ma kafla o nazwie 7 (strefa mcworld)."),
    ({"turn": "white"}, "turn musi mieć wartość mcworld albo jihad, nie 'white'."),
    ({"games": [{"winner": "nobody"}]}, "game 1's winner musi mieć wartość mcworld, jihad albo null, nie 'nobody'."),
    ({"games": [{"winner": None, "points": {"jihad": "a"}}]},
     "game 1's points of jihad musi być liczbą całkowitą od 0 do 9, nie 'a'."),
    ({"games": [{"winner": None, "points": 3}]}, "game 1's points musi być obiektem z kluczami mcworld, jihad."),
    ({"board": MUSTAFA_B2, "placements": "x"}, "placements musi być liczbą całkowitą od 0 do 99, nie 'x'."),
])
def test_a_starting_position_refused_is_said_in_polish(position, polish):
    with pytest.raises(IllegalMove) as refused:
        GAME.resolve_options({"position": position})
    assert words.say("clash", refused.value.message, "pl") == "Pozycja początkowa jest nieprawidłowa: " + polish


def test_every_line_a_polish_refusal_offers_to_type_reads_back():
    play_matches()
    offered = 0
    for state, seat, message in ONE_MATCH["offers"]:
        for line in re.findall(r"`([^`]+)`", words.say("clash", message, "pl")):
            assert GAME.parse(words.read("clash", line, "pl"), state, seat), (message, line)
            offered += 1
    print(f"{offered} Polish lines offered by refusals read back")
    assert offered > 500


def test_a_refusal_quoting_a_word_that_is_no_word_of_the_game_is_said_in_polish():
    state = make(board={"B2": ("START_MUSTAFA", MW)}, turn=JH)
    refused = []
    for typed in ("hello", "a4", "bomber a2 e", "bomber a2 s zzz"):
        with pytest.raises(IllegalMove) as refusal:
            GAME.parse(typed, state, JH)
        refused.append(refusal.value.message)
    assert unsaid(refused) == []
    said = [words.say("clash", line, "pl") for line in refused]
    assert said[0].startswith("„hello” to nie nazwa kafla, który możesz teraz zagrać; pytanie brzmi: Partia 1, ")
    assert said[2].startswith("„e” to nie kierunek: kafel zwraca się szpicem tylko na północ albo na południe")
    assert "Wyślij samo `zamachowiec a2 płd`, a „zzz” wcale." in said[3]


def test_a_word_of_the_game_quoted_in_a_refusal_is_still_said_in_polish():
    # the message that says its part comes before the one that keeps it as typed
    state = make(board={"B2": ("START_MUSTAFA", MW)}, turn=JH)
    with pytest.raises(IllegalMove) as refusal:
        GAME.parse("b2", state, JH)
    assert words.say("clash", refusal.value.message, "pl").startswith("„b2” to nie nazwa kafla")
    with pytest.raises(IllegalMove) as refusal:
        GAME.parse("bomber a2 s c3", make(board={"B2": ("START_MUSTAFA", MW)}, turn=JH), JH)
    assert words.say("clash", refusal.value.message, "pl").startswith("Po „zamachowiec a2 płd” nie ma już pytań")


def _refused(state, seat, move):
    with pytest.raises(IllegalMove) as refusal:
        GAME.decide(state, seat, move, Rng(b"x", 0))
    return refusal.value.message


def test_a_move_whose_value_is_no_word_of_the_game_is_refused_in_polish_quoting_it_as_it_came():
    state = make(board={"B2": ("START_MUSTAFA", MW)}, turn=JH)
    say = lambda move: words.say("clash", _refused(state, JH, move), "pl")     # noqa: E731
    assert say({"tile": "NOPE"}) == "Nie ma kafla o nazwie 'NOPE'."
    assert say({"tile": "JH_ZAMACHOWIEC", "field": "Z9"}) == "'Z9' to nie pole; pola to A1 do C3."
    around = {"B2": ("START_MUSTAFA", JH), "A2": ("JH_IMAM", JH), "B1": ("JH_MECZET", JH)}
    state = make(board=around, zones={MW: ["MW_FASTFOOD", "MW_BANKIER"], JH: ["JH_PRZYWODCA"]}, neutral=["N_AGENT"],
                 turn=MW)
    place = {"field": "A1", "facing": "north"}
    said = [words.say("clash", _refused(state, MW, {**place, **move}), "pl") for move in (
        {"tile": "MW_FASTFOOD", "direction": "up"}, {"tile": "MW_BANKIER", "colour": "pink"},
        {"tile": "N_AGENT", "pick": "NOPE"}, {"tile": "N_AGENT", "pick": "N_AGENT"})]
    assert said[0].startswith("Fast-food nie zmieni poparcia żadnego kafla w kierunku 'up'. Fast-food na A1 (szpicem "
                              "na północ) zmienia poparcie każdego kafla bez efektu Bezpieczeństwo w jednej linii")
    assert said[1].startswith("Bankier nie zmieni poparcia żadnego kafla na polach z kropkami 'pink'. Bankier na A1")
    assert said[2].startswith("'NOPE': tego kafla nie ma w strefie przeciwnika. Agent na A1 (szpicem na północ)")
    assert said[3].startswith("Agent: tego kafla nie ma w strefie przeciwnika. Agent na A1")     # a name is said
    assert all(not words.unsaid("clash", _refused(state, MW, {**place, **move}), "pl") for move in (
        {"tile": "MW_FASTFOOD", "direction": "up"}, {"tile": "N_AGENT", "pick": 7}))


# ---------------------------------------------------------------- 2. notation in Polish


def test_every_notated_option_written_in_polish_reads_back_as_the_same_move():
    _, _, _, notated = play_matches()
    checked = 0
    for state, seat, move in notated:
        line = GAME.notate(state, seat, move)
        if line is None:
            continue
        polish = words.write("clash", line, "pl")
        assert GAME.parse(words.read("clash", polish, "pl"), state, seat) == move, (line, polish)
        checked += 1
    print(f"{checked} options notated in Polish")
    assert checked > 1000


def test_every_example_written_in_polish_reads_back_as_the_same_answers():
    _, _, examples, _ = play_matches()
    written = 0
    for state, seat, example in examples:
        if not example:
            continue
        first = example[0]
        polish = words.write("clash", first, "pl")
        assert GAME.parse(words.read("clash", polish, "pl"), state, seat) == GAME.parse(first, state, seat), \
            (first, polish)
        written += polish != first
    assert written > 0.5 * len(examples)


def read(text, state, seat):
    """As the table reads a reply (tables/moves.py): the notation as written, else the Polish words."""
    try:
        return GAME.parse(text, state, seat)
    except IllegalMove:
        return GAME.parse(words.read("clash", text, "pl"), state, seat)


@pytest.mark.parametrize("said", ["łapówka c3 pn", "lapowka c3 pn", "ŁAPÓWKA C3 PÓŁNOC", "Łapówka c3 mcworld",
                                  "łapówka c3 niebieski"])
def test_a_players_polish_words_with_or_without_diacritics(said):
    state = make(board={"B2": ("START_MUSTAFA", MW)}, neutral=["N_LAPOWKA"], turn=JH)
    assert read(said, state, JH) == {"tile": "N_LAPOWKA", "field": "C3", "facing": "north"}


@pytest.mark.parametrize("said", ["przywódca a1 dżihad", "przywodca a1 dzihad", "Przywódca a1 płd", "przywodca a1 pd",
                                  "przywódca a1 zielony", "przywodca a1 południe"])
def test_dzihad_and_the_south_in_polish(said):
    state = make(board={"B2": ("START_MUSTAFA", MW)}, turn=JH)
    assert read(said, state, JH) == {"tile": "JH_PRZYWODCA", "field": "A1", "facing": "south"}


def test_tile_names_effects_and_answers_in_polish():
    state = make(board={"B2": ("START_MUSTAFA", MW), "B1": ("MW_POPSTAR", MW), "C3": ("MW_BANKIER", MW)}, turn=JH)
    assert read("zamachowiec a2 płd b1", state, JH) == {"tile": "JH_ZAMACHOWIEC", "field": "A2", "facing": "south",
                                                         "target": "B1"}
    assert read("zamachowiec a2 płd nie", state, JH)["use"] is False
    state = make(board={"B2": ("START_MUSTAFA", JH), "A1": ("MW_POPSTAR", MW), "A2": ("MW_BANKIER", MW)}, turn=JH)
    assert read("szejk b1 dżihad białe", state, JH)["colour"] == "white"      # rulebook: białe albo czarne kropki
    assert read("szejk b1 płd czarne", state, JH)["colour"] == "black"
    state = make(board={"B1": ("START_MUSTAFA", MW), "B3": ("MW_BANKIER", MW)}, turn=JH)
    assert read("imam b2 płd północ", state, JH) == {"tile": "JH_IMAM", "field": "B2", "facing": "south",
                                                      "direction": "north"}
    assert read("imam b2 pd poludnie", state, JH)["direction"] == "south"
    state = make(board={"B2": ("START_MUSTAFA", MW)}, neutral=["N_MUDZAHEDIN", "N_KRYZYS_FINANSOWY"], turn=JH)
    assert read("mudżahedin a1 pn", state, JH)["tile"] == "N_MUDZAHEDIN"
    assert read("Kryzys Finansowy", state, JH) == {"tile": "N_KRYZYS_FINANSOWY"}


def test_who_goes_first_is_answered_dzihad():
    state = make(board={"B2": ("START_MUSTAFA", MW)}, turn=JH)
    state["step"] = {"k": "first", "seat": JH}
    state["games"] = [{"game": 1, "winner": MW, "reason": "full_board", "support": {MW: 5, JH: 4}}]
    assert read("dżihad", state, JH) == {"first": JH}
    assert read("DZIHAD", state, JH) == {"first": JH}
    assert read("niebiescy", state, JH) == {"first": MW}


# ---------------------------------------------------------------- 3. the catalogue


def _catalogue():
    raw = resources.files("games.clash").joinpath("locales/pl.po").read_bytes()
    return read_po(io.BytesIO(raw), locale="pl")


PARTS = re.compile(r"\{(\w+(?::num|:raw)?)\}")


def test_every_message_keeps_its_parts_and_none_is_fuzzy_or_empty():
    catalogue = _catalogue()
    messages = [m for m in catalogue if m.id]
    assert len(messages) > 400
    for message in messages:
        assert not message.fuzzy, message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(s for s in strings), message.id
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if message.context == "notation":
            assert all(w.strip() for w in message.string.split("|")), message.id
            continue
        for string in strings:
            assert sorted(PARTS.findall(string)) == sorted(PARTS.findall(ids[0])), (message.id, string)


def test_a_part_that_begins_or_ends_an_english_line_begins_or_ends_its_polish_line():
    # A pattern's first part takes everything before its first fixed words and its last part
    # everything after its last: said in another order, a line whose part holds more than it
    # should ("Jihad's placement, continued: Elections") would come out scrambled; said in the same
    # place, it comes out whole whichever way the line was cut.
    for message in _catalogue():
        if not message.id or message.context or isinstance(message.id, tuple):
            continue
        parts = list(PARTS.finditer(message.id))
        if parts and parts[0].start() == 0:
            assert message.string.startswith(parts[0].group(0)), message.id
        if parts and parts[-1].end() == len(message.id):
            assert message.string.endswith(parts[-1].group(0)), message.id


def test_every_tile_has_a_polish_name_and_the_provisional_ones_say_so():
    catalogue = _catalogue()
    names = {m.id: m for m in catalogue if m.context == "name"}
    from games.clash.tiles import TILES
    for tile in TILES.values():
        assert tile["name"] in names, tile["name"]
        message = names[tile["name"]]
        comments = " ".join(message.user_comments + message.auto_comments)
        if tile["pl"].startswith("("):             # the Polish rulebook gives no name
            assert "provisional: not in the Polish rulebook" in comments, tile["name"]
        else:
            assert message.string == tile["pl"], tile["name"]
