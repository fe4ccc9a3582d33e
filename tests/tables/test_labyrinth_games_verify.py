"""Random 3-deck Labyrinth games with events on, to the end: the invariants after every event,
then the platform's verify re-runs each game from its seed (and refuses a changed die)."""

import hashlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games.core import Rng, fold
from tables import envelope, verify
from tests.games.labyrinth.labyrinth_kit import check

GAME = games.get("labyrinth")
SEATS = {"us": {"name": "Uma"}, "jihadist": {"name": "Jay"}}


def played(seed: bytes, scenario: str) -> tuple[list[dict], object]:
    """A whole game, recorded as the platform records it; the chooser plays random listed options."""
    options = GAME.resolve_options({"decks": 3, "scenario": scenario})
    events = GAME.start(options, list(GAME.seats), Rng(seed, 0))
    entries = envelope.wrap(events, 1, "system", {"setup": options}, "start", 0.0)
    state = fold(GAME, [e["event"] for e in entries])
    check(state)
    while prompts := GAME.prompts(state):
        seat = sorted(prompts)[0]
        listed = prompts[seat]["options"]
        move = listed[Rng(seed + b"chooser", len(entries)).below(len(listed))]["move"]
        new = GAME.decide(state, seat, move, Rng(seed, len(entries)))
        for event in new:
            state = GAME.evolve(state, event)
            check(state)
        entries += envelope.wrap(new, len(entries) + 1, seat, move, f"c{len(entries)}", 0.0)
        assert len(entries) < 20000
    header = {"format": "pbem-table", "format_version": 1, "table": "t", "game": "labyrinth",
              "game_version": GAME.version, "options": options, "seats": SEATS, "created": 0.0,
              "seq": len(entries), "result": GAME.result(state), "seed": seed.hex(),
              "seed_sha256": hashlib.sha256(seed).hexdigest(), "view": "full"}
    return [header, *entries], state


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.binary(min_size=8, max_size=8),
       scenario=st.sampled_from(["lets_roll", "you_can_call_me_al", "anaconda", "mission_accomplished"]))
def test_random_three_deck_games_with_events_verify(seed, scenario):
    lines, state = played(seed, scenario)
    assert GAME.result(state) is not None
    assert fold(GAME, [e["event"] for e in lines[1:]]) == state            # replay gives the live state
    report = verify(lines)
    assert report["ok"], report["problems"]
    rolled = [e for e in lines[1:] if any(isinstance(v, int) and k in ("die", "roll") for k, v in e["event"].items())]
    if rolled:
        key = "die" if "die" in rolled[0]["event"] else "roll"
        rolled[0]["event"][key] = rolled[0]["event"][key] % 6 + 1
        assert not verify(lines)["ok"]
