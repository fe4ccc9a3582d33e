"""Which cells an event removes (6.3.2.2: the event's side makes every choice, as for operations):
asked only where the country holds more than one kind (Active, Sleeper, the Sadr marker) and
not all go; a solo bot's own event keeps 9.3.1 (Active first, Sadr last). 54 Moqtada al-Sadr:
the marker counts as an Active cell, so events may target and remove it; it leaves the game."""

from games.labyrinth import GAME
from games.labyrinth import data as D
from tests.games.labyrinth.labyrinth_kit import JH, US, asked, c, can, ev_make, fire, options, run
from tests.games.labyrinth.position_kit import at, blank, bot_plays

POOR_ALLY = {"gov": D.POOR, "align": "Ally"}
SADR = {"markers": ["Sadr"]}


def test_6_3_2_2_predator_the_us_chooses_active_or_sleeper():
    s = ev_make(23, US, {"Iraq": dict(POOR_ALLY, active=1, sleeper=1)})
    _, s = fire(s, 23, {"country": "Iraq"})
    seat, prompt = asked(s)
    assert seat == US and "which cells leave Iraq" in prompt["text"]
    assert options(s, US) == [{"pick": "active"}, {"pick": "sleeper"}]
    assert GAME.parse("sleeper", s, US) == {"pick": "sleeper"}
    _, s = run(s, {"pick": "sleeper"})
    assert (c(s, "Iraq")["active"], c(s, "Iraq")["sleeper"]) == (1, 0) and 23 in s["discard"]


def test_no_question_when_the_choice_changes_nothing():
    # two Sleepers: one goes, whichever it is
    s = ev_make(23, US, {"Iraq": dict(POOR_ALLY, sleeper=2)})
    _, s = fire(s, 23, {"country": "Iraq"})
    assert c(s, "Iraq")["sleeper"] == 1 and s["in_play"] is None
    # Tora Bora takes both cells of a country with one of each: nothing stays to choose
    s = ev_make(109, US, {"Iraq": dict(POOR_ALLY, active=1, sleeper=1, rc="green", troops=2)}, prestige=7)
    _, s = fire(s, 109, {"country": "Iraq"}, dice=(1, 1, 1))
    assert c(s, "Iraq")["active"] + c(s, "Iraq")["sleeper"] == 0 and c(s, "Iraq")["cadre"]


def test_a_triggered_us_event_asks_the_us():
    # the Jihadist uses 23 Predator for a Recruit, event first: the US picks the cell (6.3.2.2)
    s = ev_make(23, JH, {"Iraq": dict(POOR_ALLY, active=1, sleeper=1)})
    _, s = run(s, {"card": 23}, {"op": "recruit"}, {"first": "event"}, {"country": "Iraq"})
    assert asked(s)[0] == US and options(s, US) == [{"pick": "active"}, {"pick": "sleeper"}]
    _, s = run(s, {"pick": "active"})
    assert (c(s, "Iraq")["active"], c(s, "Iraq")["sleeper"]) == (0, 1) and asked(s)[0] == JH   # the Recruit


def test_the_card_goes_on_after_the_answer():
    # 108 Musharraf: the cell, then Pakistan becomes Poor Ally
    s = ev_make(108, US, {"Pakistan": {"gov": D.FAIR, "align": "Neutral", "active": 1, "sleeper": 1}})
    _, s = fire(s, 108)
    assert options(s, US) == [{"pick": "active"}, {"pick": "sleeper"}]
    _, s = run(s, {"pick": "active"})
    p = c(s, "Pakistan")
    assert (p["active"], p["sleeper"], p["gov"], p["align"]) == (0, 1, D.POOR, "Ally") and s["in_play"] is None


def test_tora_bora_two_of_three_cells_then_its_prestige_roll_and_card():
    s = ev_make(109, US, {"Iraq": dict(POOR_ALLY, active=2, sleeper=1, rc="green", troops=2)}, prestige=7)
    _, s = fire(s, 109, {"country": "Iraq"})
    assert options(s, US) == [{"pick": "2 active"}, {"pick": "active and sleeper"}]
    hand = len(s["hands"][US])
    events, s = run(s, {"pick": "active and sleeper"}, dice=(6, 1, 1))
    assert (c(s, "Iraq")["active"], c(s, "Iraq")["sleeper"]) == (1, 0)
    assert s["prestige"] == 8 and len(s["hands"][US]) == hand + 1


def test_9_3_1_a_solo_bots_own_event_takes_active_cells_first_without_a_question():
    # the bot plays 87 Martyrdom Operation in Iraq, its only country with cells
    pos = blank({"Iraq": {"gov": "Poor", "align": "Ally", "active": 1, "sleeper": 1},
                 "Kenya/Tanzania": {"posture": "Soft"}}, hands={"jihadist": [87]}, funding=5)
    events, _, s = bot_plays(at(pos, solo=True), stop=lambda s: 87 in s["discard"] + s["removed"])
    assert not [e for e in events if (e.get("step") or {}).get("text", "").find("which cells") >= 0]
    assert (c(s, "Iraq")["active"], c(s, "Iraq")["sleeper"]) == (0, 1) and 87 in s["removed"] + s["discard"]


def test_54_sadr_alone_is_a_cell_an_event_may_remove():
    iraq = dict(POOR_ALLY, troops=2, **SADR)
    s = ev_make(23, US, {"Iraq": iraq})
    assert {"country": "Iraq"} in options(fire(s, 23)[1], US)
    _, s = fire(s, 23, {"country": "Iraq"})
    assert "Sadr" not in c(s, "Iraq")["markers"] and c(s, "Iraq")["cadre"]
    # 106 Jaysh al-Mahdi: a Shia-Mix country with cells and troops; Sadr is a cell
    s = ev_make(106, US, {"Iraq": iraq})
    assert can(s, 106, US)


def test_54_sadr_beside_a_cylinder_the_side_chooses():
    s = ev_make(23, US, {"Iraq": dict(POOR_ALLY, sleeper=1, troops=2, **SADR)})
    _, s = fire(s, 23, {"country": "Iraq"})
    assert options(s, US) == [{"pick": "sleeper"}, {"pick": "sadr"}]
    _, s = run(s, {"pick": "sadr"})
    assert "Sadr" not in c(s, "Iraq")["markers"] and c(s, "Iraq")["sleeper"] == 1 and not c(s, "Iraq")["cadre"]
