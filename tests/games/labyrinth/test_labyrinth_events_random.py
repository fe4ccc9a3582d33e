"""Random 1-deck games with card events on (over the cards that have an event: the others are
simply not offered as events), to the end: the invariants after every event (15 cells, 15
troops, tracks in range, cards and plot markers conserved), replay = live state, the same seed
and moves = the same events, decide never changing its input, every listed option accepted,
hidden information."""


from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.labyrinth import GAME
from tests.games.labyrinth.test_labyrinth_properties import (
    SCENARIOS,
    _check_views,
    play_and_replay,
    play_game,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.binary(min_size=1, max_size=8), scenario=st.sampled_from(SCENARIOS), eager=st.booleans())
def test_random_games_with_events_keep_the_invariants(seed, scenario, eager):
    play_and_replay(seed, {"scenario": scenario, "decks": 1, "events": "on"}, eager)


def test_events_happen_in_random_play():
    kinds = set()
    for i in range(6):
        _, log, _ = play_game(f"ev-{i}".encode(), {"scenario": SCENARIOS[i % 4], "decks": 1, "events": "on"})
        kinds |= {(e["type"], e.get("how")) for e in log if e["type"] in ("ev_began", "ev_skipped")}
        kinds |= {(e["type"], None) for e in log if e["type"] in ("play_chosen", "order_chosen", "hand_shown",
                                                                    "cards_moved", "ev_over")}
    for kind in [("ev_began", "event"), ("ev_began", "triggered"), ("play_chosen", None), ("order_chosen", None),
                 ("cards_moved", None), ("ev_over", None)]:
        assert kind in kinds, kind


def test_longer_games_with_events_end():
    for i in range(4):
        opts = {"scenario": SCENARIOS[i], "decks": 2 + i % 2, "events": "on"}
        _, _, state = play_game(f"ev-len-{i}".encode(), opts, eager=bool(i % 2))
        assert state["deck_no"] <= opts["decks"]


def test_decide_never_changes_its_input_and_every_option_is_accepted_with_events():
    play_game(b"ev-deep", {"decks": 1, "events": "on"}, deep=True)
    for i in range(2):
        play_game(f"ev-all-{i}".encode(), {"scenario": SCENARIOS[i + 2], "events": "on"}, every_option=True)


def test_views_hide_hands_deck_plots_and_event_questions():
    seen_plot = False
    for i in range(4):
        _, log, _ = play_game(f"ev-views-{i}".encode(), {"events": "on"})
        seen_plot |= _check_views(log)
        for event in log:
            step = event.get("step") or {}
            if step.get("k") == "ev":
                for seat in ("us", "jihadist", None):
                    shown = GAME.redact(event, seat)["step"]
                    assert ("options" in shown) == (seat == step["seat"])
            if event["type"] == "cards_moved" and "secret" in event:
                for seat in ("us", "jihadist", None):
                    assert ("cards" in GAME.redact(event, seat)) == (seat in event["secret"])
    assert seen_plot
