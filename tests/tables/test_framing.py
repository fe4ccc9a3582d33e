"""Issue 22, friction 9: teammates and co-op partners are "with", opponents "against", and the end
said in the seat's own words."""

import games
from tables import framing

TWO = {"mcworld": {"name": "Ann"}, "jihad": {"name": "Bob"}}
FOUR = {"southwest": {"name": "Sofia"}, "northeast": {"name": "Nico"}, "southeast": {"name": "Sara"},
        "northwest": {"name": "Nina"}}
COOP = {"merc1": {"name": "Ana"}, "merc2": {"name": "Mia"}}


def test_two_players_play_against_each_other():
    assert framing.phrase(games.get("clash"), TWO, "mcworld") == ", against Bob (jihad)"
    assert framing.sides(games.get("clash"), TWO, "jihad") == {"with": [], "against": ["Ann (mcworld)"]}


def test_a_partner_is_with_the_seat_and_the_other_team_against_it():
    game = games.get("lafamiglia")
    team = game.team_of("southwest")
    partner = next(s for s in FOUR if s != "southwest" and game.team_of(s) == team)
    side = framing.sides(game, FOUR, "southwest")
    assert side["with"] == [f"{FOUR[partner]['name']} ({partner})"]
    assert len(side["against"]) == 2 and all(partner not in who for who in side["against"])
    assert framing.phrase(game, FOUR, "southwest").startswith(f", with {FOUR[partner]['name']} ({partner}), against ")


def test_in_a_co_op_game_every_other_player_is_with_the_seat_against_the_game():
    game = games.get("jaggedalliance")
    assert game.coop and not games.get("clash").coop
    assert framing.sides(game, COOP, "merc1") == {"with": ["Mia (merc2)"], "against": [game.coop]}
    assert framing.phrase(game, COOP, "merc1") == f", with Mia (merc2), together against {game.coop}"
    assert "Mia" not in framing.phrase(game, COOP, "merc1").split("against")[1]
    assert framing.phrase(game, {"merc1": {"name": "Ana"}}, "merc1") == f", against {game.coop}"     # solo


def test_the_end_in_the_seat_s_words():
    clash, famiglia, ja = games.get("clash"), games.get("lafamiglia"), games.get("jaggedalliance")
    assert framing.outcome(clash, {"winner": "mcworld", "text": "..."}, "mcworld") == "You won."
    assert framing.outcome(clash, {"winner": "mcworld", "text": "..."}, "jihad") == "You lost."
    team = famiglia.team_of("southwest")
    other = next(t for t in famiglia.teams if t != team)
    assert framing.outcome(famiglia, {"winner": team, "text": "..."}, "southwest") == "Your team won."
    assert framing.outcome(famiglia, {"winner": other, "text": "..."}, "southwest") == "Your team lost."
    assert framing.outcome(famiglia, {"winner": None, "text": "A draw: ..."}, "southwest") == "A draw."
    assert framing.outcome(ja, {"winner": None, "outcome": "defeat", "text": "..."}, "merc2") == "You lost, together."
    assert framing.outcome(ja, {"winner": None, "outcome": "victory", "text": "..."}, "merc1") == "You won, together."
    assert framing.outcome(clash, None, "mcworld") is None and framing.outcome(clash, {"winner": "jihad"}, None) is None
