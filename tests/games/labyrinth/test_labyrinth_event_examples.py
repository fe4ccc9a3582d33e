"""The rulebook's worked examples that involve card events."""

from tests.games.labyrinth.labyrinth_kit import US, asked, ev_make, play, run

POOR_ADVERSARY = {"gov": 3, "align": "Adversary"}


def cells_on_map(state):
    return sum(country.get("active", 0) + country.get("sleeper", 0) for country in state["c"].values())


def test_6_2_4_ansar_al_islam_triggered_with_no_cells_on_the_track_places_nothing_but_is_removed():
    # 6.2.4 example: apply every part of an event that can be applied, REMOVE included.
    state = ev_make(50, US, {"Iraq": dict(POOR_ADVERSARY), "Afghanistan": {"sleeper": 14}})
    assert cells_on_map(state) == 15                        # every cell is on the map: none on the track
    _, state = play(state, US, {"card": 50})
    seat, prompt = asked(state)
    war_of_ideas = next(o["move"] for o in prompt["options"] if o["label"] == "War of Ideas")
    _, state = play(state, US, war_of_ideas)
    seat, prompt = asked(state)
    assert "triggered (rule 6.3.2)" in prompt["text"]
    event_first = next(o["move"] for o in prompt["options"] if o["label"].startswith("The event first"))
    _, state = run(state, event_first)
    seat, prompt = asked(state)                             # the Jihadist decides where (6.3.2)...
    assert seat == "jihadist"
    events, state = run(state, prompt["options"][0]["move"])
    assert "0 cells placed" in " ".join(e.get("text", "") for e in events)   # ...but nothing is placed
    assert cells_on_map(state) == 15
    seat, prompt = asked(state)                             # then the US's War of Ideas
    assert seat == US and "War of Ideas" in prompt["text"]
    canada = next(o["move"] for o in prompt["options"] if o["label"].startswith("Canada"))
    _, state = run(state, canada, dice=(5,))
    assert 50 in state["removed"] and 50 not in state["discard"]   # and the card is still removed
