"""The position format (games/labyrinth/position.py): a table starts from a given board, checked
as the rules allow a board to be, with what is hidden still hidden."""

import pytest

from games.core import IllegalMove, Rng
from games.labyrinth import GAME
from games.labyrinth.state import cells_on_track
from tests.games.labyrinth.position_kit import JH, US, asked, at, blank, options, start_at


def test_a_table_starts_at_the_position_given():
    pos = blank({"Pakistan": {"gov": "Poor", "align": "Neutral", "sleeper": 5, "active": 1, "markers": ["FATA"]},
                 "Iraq": {"gov": "Fair", "align": "Ally", "troops": 4, "aid": 1, "rc": "tan"},
                 "Germany": {"posture": "Soft"}},
                prestige=4, funding=6, us_posture="Soft", turn=3, markers=["Renditions"],
                hands={"jihadist": [57, 76], "us": [27, 32]}, discard=[1, 2], removed=[3],
                plots=[{"country": "Iraq", "value": 2}, {"country": "Germany", "value": "WMD"}],
                wmd={"pakistan": 3, "box": 2, "removed": 0})
    s = at(pos)
    assert s["c"]["Pakistan"] == {"gov": 3, "align": "Neutral", "posture": None, "troops": 0, "active": 1, "sleeper": 5,
                                  "cadre": False, "aid": 0, "besieged": False, "rc": None, "markers": ["FATA"]}
    assert s["c"]["Iraq"]["troops"] == 4 and s["c"]["Iraq"]["rc"] == "tan" and s["c"]["Germany"]["posture"] == "Soft"
    assert s["c"]["Afghanistan"]["gov"] is None                     # blank: the scenario's Afghanistan is gone
    assert (s["prestige"], s["funding"], s["us_posture"], s["turn"]) == (4, 6, "Soft", 3)
    assert s["hands"] == {"jihadist": [57, 76], "us": [27, 32]} and s["discard"] == [1, 2] and s["removed"] == [3]
    assert len(s["deck"]) == 120 - 7 and s["markers"] == ["Renditions"]
    assert [(p["c"], p["v"]) for p in s["plots"]] == [("Iraq", 2), ("Germany", "WMD")]
    assert sorted(s["avail"], key=str) == sorted([1, 1, 1, 2, 3], key=str)     # the one other WMD: still in the box
    assert cells_on_track(s) == 15 - 7
    seat, prompt = asked(s)
    assert seat == JH and [o["move"] for o in prompt["options"]] == [{"card": 57}, {"card": 76}]


def test_the_position_hides_what_the_rules_hide():
    pos = blank({"Iraq": {"gov": "Poor", "align": "Adversary", "sleeper": 2}},
                hands={"jihadist": [57, 76], "us": [27]}, plots=[{"country": "Iraq", "value": 3}])
    events, s = start_at(pos)
    seen_by_us = [GAME.redact(e, US) for e in events]
    text = str(seen_by_us) + str(GAME.view(s, US))
    assert "76" not in str([e for e in seen_by_us if e["type"] != "shuffled"]) and "Abu Ghurayb" not in text
    placed = [e for e in seen_by_us if e["type"] == "plot_placed"]
    assert placed and all("value" not in e for e in placed)
    assert "deck" not in next(e for e in seen_by_us if e["type"] == "shuffled")
    assert all("position" not in e.get("options", {}) for e in events)      # hands are not in the setup event
    jihadist_view = GAME.view(s, JH)
    assert jihadist_view["plots"][0]["value"] == 3 and GAME.view(s, US)["plots"][0]["value"] is None


def test_a_deck_given_is_the_draw_pile_top_first():
    rest = [n for n in range(1, 121) if n not in (57, 27)]
    s = at(blank({}, hands={"jihadist": [57], "us": [27]}, deck=list(reversed(rest))))
    assert s["deck"][0] == 120 and s["deck"][-1] == 1


def test_the_same_position_and_seed_give_the_same_start():
    pos = blank({"Iraq": {"gov": "Poor", "align": "Adversary", "sleeper": 2}})
    assert GAME.start(options(pos), list(GAME.seats), Rng(b"a", 0)) == GAME.start(options(pos), list(GAME.seats),
                                                                                Rng(b"a", 0))


def test_the_scenario_base_changes_only_what_is_listed():
    s = at({"countries": {"Pakistan": {"sleeper": 2}}, "hands": {"jihadist": [57]}})
    assert s["c"]["Afghanistan"]["gov"] == 4 and s["c"]["Afghanistan"]["sleeper"] == 4     # Let's Roll! setup
    assert s["c"]["Pakistan"]["gov"] == 2 and s["c"]["Pakistan"]["sleeper"] == 2


BAD = [
    ("sixteen cells", blank({"Iraq": {"gov": "Poor", "align": "Adversary", "sleeper": 15}}), "only 15 cells"),
    ("sixteen troops", blank({"Iraq": {"gov": "Poor", "align": "Ally", "troops": 9},
                              "Pakistan": {"gov": "Poor", "align": "Ally", "troops": 7}}), "only 15 troops"),
    ("Aid under Islamist Rule", blank({"Iraq": {"gov": "Islamist Rule", "align": "Adversary", "aid": 1}}),
     "Islamist Rule"),
    ("Aid at Good", blank({"Iraq": {"gov": "Good", "align": "Ally", "aid": 1}}), "is Good"),
    ("FATA in Iraq", blank({"Iraq": {"gov": "Poor", "align": "Ally", "markers": ["FATA"]}}), "FATA marker goes in Pakistan"),
    ("a global marker on a country", blank({"Iraq": {"gov": "Poor", "align": "Ally", "markers": ["Renditions"]}}),
     "not an event marker placed in a country"),
    ("Israel Soft", blank({"Israel": {"posture": "Soft"}}), "Israel is always Hard"),
    ("governance without alignment", blank({"Iraq": {"gov": "Poor"}}), "both a governance and an alignment"),
    ("cells in an untested country", blank({"Iraq": {"sleeper": 1}}), "untested"),
    ("troops in Germany", blank({"Germany": {"posture": "Hard", "troops": 1}}), "Muslim countries and the Philippines"),
    ("a card twice", blank({}, hands={"us": [27], "jihadist": [27]}), "two places"),
    ("no card 121", blank({}, hands={"us": [121]}), "no card 121"),
    ("a deck without every card", blank({}, deck=[1, 2, 3]), "is nowhere"),
    ("no such country", blank({"Atlantis": {"posture": "Hard"}}), "no country called"),
    ("a plot in an Islamist Rule country", blank({"Iraq": {"gov": "Islamist Rule", "align": "Adversary"}},
                                                 plots=[{"country": "Iraq", "value": 1}]), "no plot there"),
    ("a second plot 3", blank({"Iraq": {"gov": "Poor", "align": "Ally"}},
                              plots=[{"country": "Iraq", "value": 3}, {"country": "Iraq", "value": 3}]), "no plot marker 3"),
    ("a WMD not in play", blank({"Iraq": {"gov": "Poor", "align": "Ally"}},
                                plots=[{"country": "Iraq", "value": "WMD"}]), "only 0 WMD"),
    ("prestige 13", blank({}, prestige=13), "Prestige must be from 1 to 12"),
    ("an unknown field", {"cells": 3}, "no field 'cells'"),
]


@pytest.mark.parametrize("name,pos,words", BAD, ids=[b[0] for b in BAD])
def test_a_position_the_rules_do_not_allow_is_refused(name, pos, words):
    with pytest.raises(IllegalMove) as refused:
        options(pos)
    assert refused.value.code == "bad_position" and words in refused.value.message, refused.value.message


def test_solo_options_need_the_jihadist_bot_in_the_jihadist_seat():
    with pytest.raises(IllegalMove) as refused:
        GAME.resolve_options({"ideology": "potent"}, bots={})
    assert refused.value.code == "solo_only"
    assert GAME.resolve_options({"ideology": "potent"}, bots={"jihadist": "jihadist"})["solo"] is True
    assert GAME.resolve_options({}, bots={"jihadist": "random"})["solo"] is False
    # a replay resolves the options it stored: solo stays as it was
    assert GAME.resolve_options({"solo": True, "ideology": "virulent"})["solo"] is True
