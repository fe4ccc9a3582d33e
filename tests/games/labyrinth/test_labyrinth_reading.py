"""What a person reads of a Labyrinth game (issue 9): the summary since the seat's last move
(one line per card play), the notation of every listed option, an example of a whole turn, and
the hand with what each card does. Random games check the properties; a few positions check
the words."""

import copy
import re
import statistics
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import SYSTEM, Rng, fold
from games.labyrinth import GAME
from games.labyrinth import data as D
from games.labyrinth import describe as describe_mod
from games.labyrinth.example import mask
from tests.games.labyrinth.labyrinth_kit import JH, US, ev_make, fire, make, play, run
from tests.games.labyrinth.test_labyrinth_properties import MAX_STEPS, SCENARIOS, choose, start

NOTATION_MISSES_ALLOWED = 1 / 1000      # options with no notation, at most (none is seen today)


def forced(prompt):
    return len(prompt.get("options") or []) == 1 and not prompt.get("range")


def walk(seed: bytes, opts: dict, eager: bool = False):
    """A random game; yields (state, seat, prompt, handoff, events since the seat's last move)
    for every question to a player. `handoff`: the seat was not the last to decide (an email
    goes out). The state must not be changed by the caller."""
    log = start(opts, seed)
    state = fold(GAME, copy.deepcopy(log))
    entries = [(SYSTEM, True, e) for e in log]       # (who, first event of a decision, event)
    last = None
    for _ in range(MAX_STEPS):
        asked = GAME.prompts(state)
        if not asked:
            return
        (seat, prompt), = asked.items()
        if seat != SYSTEM and not forced(prompt):
            recent = []
            for who, first, event in reversed(entries):
                if who == seat and first:
                    break
                recent.append(event)
            yield state, seat, prompt, seat != last, list(reversed(recent))
            last = seat
        move = choose(prompt, seat, Rng(seed + b"/player", len(log)), eager)
        events = GAME.decide(state, seat, move, Rng(seed, len(log)))
        for i, event in enumerate(events):
            state = GAME.evolve(state, event)
            entries.append((seat, i == 0, event))
        log += events


GAMES = [(f"read-{i}".encode(), {"scenario": SCENARIOS[i % 4], "decks": 1, "events": "off" if i == 3 else "on"})
         for i in range(6)]


def redacted(events, seat):
    return [GAME.redact(e, seat) for e in events]


# ------------------------------------------------------------------ summarize


def test_a_card_play_is_one_line_in_the_words_of_the_issue():
    state = make({"Pakistan": {"gov": D.FAIR, "align": "Neutral"}}, hands={US: [27, 32]}, seat=US, prestige=5)
    events, _ = play(state, US, GAME.parse("27 ops woi pakistan", state, US), dice=(5,))
    assert GAME.summarize(redacted(events, JH), JH) == [
        "US played 27 Saddam Captured for 2 Ops: War of Ideas in Pakistan (roll 5: Pakistan now Fair Ally)."]


def test_the_us_never_reads_a_face_down_plot_value():
    # 88 Martyrdom Operation: a cell in Italy becomes plots 3 and 1, face down
    events, _ = fire(ev_make(88, JH, {"Italy": {"sleeper": 1}}), 88, {"country": "Italy"}, {"pick": "3"}, {"pick": "1"})
    us = GAME.summarize(redacted(events, US), US)
    assert us == ["Jihadist played 88 Martyrdom Operation as an event: 1 cell removed from Italy, a cadre left "
                  "behind; Italy tested Hard; 2 plots placed in Italy."]
    assert GAME.summarize(redacted(events, JH), JH) == [us[0].replace("2 plots placed", "plots 3 and 1 placed")]
    # the unredacted events would tell: the summary says only what the redacted events hold
    assert "plots 3 and 1" in GAME.summarize(events, US)[0]


def test_the_us_never_reads_the_cards_the_jihadist_draws():
    # 76 Abu Ghurayb: the Jihadist draws 2 cards in secret
    s = ev_make(76, JH, {"Iraq": {"gov": D.POOR, "align": "Ally", "rc": "tan", "sleeper": 1},
                         "Pakistan": {"gov": D.FAIR, "align": "Ally"}})
    events, after = fire(s, 76, {"country": "Pakistan"})
    drawn = [n for n in after["hands"][JH] if n not in s["hands"][JH]]
    assert len(drawn) == 2
    us, jh = GAME.summarize(redacted(events, US), US), GAME.summarize(redacted(events, JH), JH)
    assert len(us) == len(jh) == 1 and "Jihadist draws 2 cards" in us[0]
    for n in drawn:
        assert D.card_name(n) not in us[0] and f"{n} {D.card_name(n)}" in jh[0]


def test_between_card_plays_a_line_each_for_plots_the_end_of_turn_a_reshuffle_and_the_result():
    plots = ends = 0
    for seed, opts in GAMES[:3]:
        for _, seat, _, handoff, recent in walk(seed, opts):
            lines = GAME.summarize(redacted(recent, seat), seat) if handoff else []
            plots += sum(1 for x in lines if re.match(r"(Plot \d|A WMD plot|A plot) in .+ resolved: ", x))
            ends += sum(1 for x in lines
                        if re.match(r"End of turn \d+: Funding \d, Prestige \d+.*; turn \d+ begins\.$", x))
    assert plots > 3 and ends > 3
    assert GAME.summarize([{"type": "reshuffled", "count": 40, "deck_no": 2}], US) == [
        "Reshuffle (rule 5.3.1): deck 2, 40 cards to draw."]
    over = {"type": "game_over", "winner": "us", "reason": "no_cells",
            "text": "There are no cells on the map: the US wins (2.1)."}
    assert GAME.summarize([over], JH) == [over["text"]]


def _cards_named(text: str) -> set[int]:
    return {n for n in D.CARDS if re.search(rf"\b{n} {re.escape(D.card_name(n))}", text)}


def _cards_held(events) -> set[int]:
    """The cards the (redacted) events name in their fields."""
    out = set()
    for e in events:
        out |= {e[k] for k in ("card", "first_plot") if isinstance(e.get(k), int)}
        out |= {n for k in ("cards", "lapsing") if isinstance(e.get(k), list) for n in e[k] if isinstance(n, int)}
    return out


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.binary(min_size=1, max_size=6), scenario=st.sampled_from(SCENARIOS), eager=st.booleans())
def test_summaries_of_random_games(seed, scenario, eager):
    """Since each hand-off: one line per card play; no line says more than the redacted events
    (every card named is in their fields, every plot value read in their log lines); no doubled
    names or bad plurals."""
    bad = re.compile(r"(?<![\d.+-])1 (troops|cells|cards|Ops|successes|plots)\b|\bNone\b|(\d+ [^:]{3,40}): \2")
    for state, seat, _, handoff, recent in walk(seed, {"scenario": scenario, "decks": 1, "events": "on"}, eager):
        if not handoff:
            continue
        seen = redacted(recent, seat)
        lines = GAME.summarize(seen, seat)
        plays = sum(1 for e in seen if e["type"] == "card_chosen")
        assert sum(1 for x in lines if re.match(r"(US|Jihadist) played \d", x)) == plays, (lines, seen)
        text, log_text = "\n".join(lines), "\n".join(GAME.describe(e) for e in seen)
        assert _cards_named(text) <= _cards_held(seen), (text, log_text)
        if seat == US:
            for value in re.findall(r"\bplots? ([123]|WMD)\b", text):
                assert re.search(rf"\bplot {value}\b", log_text), (text, log_text)
        assert not bad.search(text), text
        assert all(x and x[0].isupper() for x in lines), lines


# ------------------------------------------------------------------ describe: names once, plurals


def test_a_question_names_its_card_once():
    s = ev_make(16, US)
    _, s = run(s, {"card": 16}, {"play": "event"})
    (seat, prompt), = GAME.prompts(s).items()
    assert seat == US and prompt["text"] == "16 Euro-Islam: which posture for Benelux?"
    assert describe_mod.once("16 Euro-Islam: 16 Euro-Islam: which posture?") == "16 Euro-Islam: which posture?"
    pending = GAME.describe({"type": "await", "step": {"k": "ev", "seat": "us", "text": prompt["text"]}})
    assert pending == "US to answer 16 Euro-Islam: which posture for Benelux?"


def test_one_is_singular():
    assert GAME.describe({"type": "withdrew", "from": "Iraq", "to": "track", "n": 1, "prestige": 7,
                          "prestige_roll": {"direction": 5, "dice": [5, 6], "delta": 5}}).startswith(
        "Withdraw 1 troop from Iraq")
    assert GAME.describe({"type": "dealt", "seat": "us", "count": 1}) == "US draws 1 card."
    assert GAME.describe({"type": "deployed", "from": "track", "to": "Iraq", "n": 1, "card": 2, "value": 1}) == (
        "US plays 2 Biometrics for 1 Op: Deploy 1 troop from the Troops track to Iraq.")
    assert D.card_label(1) == "1 Backlash (US, 1 Op)"


# ------------------------------------------------------------------ notate


def test_notation_of_options():
    state = make({"Pakistan": {"gov": D.FAIR, "align": "Neutral", "sleeper": 6},
                  "Gulf States": {"gov": D.FAIR, "align": "Ally"}}, hands={US: [27, 32], JH: [60, 95]}, seat=JH)
    assert GAME.notate(state, JH, {"card": 60}) == "card 60"             # a reply "60" would be option 60
    assert GAME.notate(state, JH, {"card": 27}) is None                 # not listed: not in the hand
    _, s = play(state, JH, {"card": 60})
    assert [GAME.notate(s, JH, o["move"]) for o in GAME.prompts(s)[JH]["options"]] == [
        "recruit", "travel", "jihad", "plot", "reserves"]
    _, s = play(s, JH, {"op": "jihad"})
    assert GAME.notate(s, JH, {"major": "Pakistan"}) == "major pakistan"
    assert GAME.notate(s, US, {"major": "Pakistan"}) is None            # not the US's question
    us = make({"Gulf States": {"gov": D.FAIR, "align": "Ally"}}, hands={US: [27, 32]}, seat=US)
    _, us = play(us, US, {"card": 27}, {"op": "woi"})
    assert GAME.notate(us, US, {"country": "Gulf States"}) == "gulf"


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.binary(min_size=1, max_size=6), scenario=st.sampled_from(SCENARIOS),
       events=st.sampled_from(["on", "off"]))
def test_every_listed_option_has_a_notation_that_parses_back(seed, scenario, events):
    total = missing = 0
    for state, seat, prompt, _, _ in walk(seed, {"scenario": scenario, "decks": 1, "events": events}):
        for option in prompt["options"]:
            total += 1
            text = GAME.notate(state, seat, option["move"])
            if text is None:
                missing += 1
                continue
            assert GAME.parse(text, state, seat) == option["move"], (text, option)
            assert not text.isdigit(), text                                 # that would be an option's number
    assert total > 0 and missing <= total * NOTATION_MISSES_ALLOWED        # a game may end early: count, not length


# ------------------------------------------------------------------ example


def _hide_differently(state, seat, rng: Rng):
    """The same position as the seat sees it, with what it cannot see changed: the draw pile
    shuffled, the other hand swapped with cards of the draw pile, face-down plot values (and the
    Available Plots) exchanged."""
    s = copy.deepcopy(state)
    other = JH if seat == US else US
    pool = rng.shuffled(s["deck"] + s["hands"][other])
    k = len(s["hands"][other])
    s["hands"][other], s["deck"] = pool[:k], pool[k:]
    if seat == US:
        hidden = [p for p in s["plots"] if not p.get("up")]
        values = rng.shuffled([p["v"] for p in hidden] + list(s["avail"]))
        for plot, v in zip(hidden, values):
            plot["v"] = v
        s["avail"] = values[len(hidden):]
    return s


def test_the_example_does_not_depend_on_what_the_seat_cannot_see():
    checked = changed_plots = 0
    for seed, opts in GAMES[:3]:
        for state, seat, _, handoff, _ in walk(seed, opts):
            if not handoff:
                continue
            other = _hide_differently(state, seat, Rng(seed, checked))
            assert GAME.view(other, seat) == GAME.view(state, seat)
            assert GAME.example(other, seat) == GAME.example(state, seat), seat
            assert mask(other, seat) == mask(state, seat)
            changed_plots += other["plots"] != state["plots"]
            checked += 1
    assert checked > 60 and changed_plots > 0


def test_the_example_reads_like_a_turn():
    # the Jihadist: two cards, one line each, each starting with the card
    state = make({"Pakistan": {"gov": D.FAIR, "align": "Neutral", "sleeper": 3}}, hands={JH: [60, 95]}, seat=JH)
    lines = GAME.example(state, JH)
    assert len(lines) == 2 and {line.split()[0] for line in lines} == {"60", "95"}, lines
    assert GAME.example(state, US) == []                                 # not to move
    # the US asked one question in the middle of the Jihadist's card: a single answer, no example
    s = make({"Iraq": {"gov": D.POOR, "align": "Ally", "troops": 2, "sleeper": 2},
              "Syria": {"gov": D.FAIR, "align": "Adversary", "sleeper": 1}}, hands={JH: [23, 60]}, seat=JH, events="on")
    _, s = run(s, {"card": 23}, {"op": "travel"}, {"first": "event"})
    (seat, prompt), = GAME.prompts(s).items()
    assert seat == US and len(prompt["options"]) > 1
    assert GAME.example(s, US) == []


def test_summary_and_example_are_quick():
    took_example, took_summary = [], []
    for state, seat, _, handoff, recent in walk(*GAMES[1]):
        if handoff:
            t = time.process_time()
            GAME.example(state, seat)
            took_example.append(time.process_time() - t)
            t = time.process_time()
            GAME.summarize(redacted(recent, seat), seat)
            took_summary.append(time.process_time() - t)
    print(f"example: median {statistics.median(took_example) * 1000:.1f} ms, max {max(took_example) * 1000:.1f} ms; "
          f"summary: median {statistics.median(took_summary) * 1000:.2f} ms")
    assert statistics.median(took_example) < 0.02 and statistics.median(took_summary) < 0.005


# ------------------------------------------------------------------ the hand


def test_every_card_says_in_a_few_words_what_it_does():
    for n, card in D.CARDS.items():
        short = card.get("short")
        assert short and len(short) <= 60 and short == short.strip() and not short.endswith("."), n


def test_the_hand_lists_each_card_with_what_it_does():
    # while the Jihadist plays, the US reads its hand in its brief (when it chooses a card, the
    # question's options list the cards with the same words)
    state = make(hands={US: [24, 120], JH: [88, 95]}, seat=JH)
    lines = GAME.brief(state, US)
    start_at = lines.index("Your hand (2):")
    assert lines[start_at + 1:start_at + 3] == [
        "  24 Predator (US 2): remove 1 cell in a non-Iran Muslim country",
        "  120 US Election (Unassoc. 3): roll US posture, Prestige +1 or -1; fires when played"]
    assert not any("Martyrdom" in line for line in lines)


def test_a_game_from_a_position_begins_with_the_position_not_a_card():
    """The start from a position (its plots face down) reads as the setup, never as "A card
    (continued)"; no seat reads the plot's value or the other hand."""
    pos = {"turn": 2, "prestige": 5, "phase": "us", "hands": {"us": [27, 32], "jihadist": [57, 76]},
           "countries": {"Pakistan": {"gov": "Poor", "align": "Neutral", "sleeper": 2}},
           "plots": [{"country": "Pakistan", "value": 2}]}
    events = GAME.start(GAME.resolve_options({"position": pos}), list(GAME.seats), Rng(b"reading", 0))
    for seat in (US, JH):
        lines = GAME.summarize([GAME.redact(e, seat) for e in events], seat)
        assert lines[1] == ("The game starts from a given position: turn 2, US Action Phase; Prestige 5, "
                            "Funding 9, US posture Hard; 1 plot on the map.")
        assert lines[2] == "Hands dealt: Jihadist 2 cards, US 2 cards."
        assert not any("continued" in line for line in lines), lines
