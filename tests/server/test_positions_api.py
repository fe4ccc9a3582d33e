"""POST /tables with a position and GET /tables/{id}/position, for every game with positions."""

import pytest

from tests.helpers import bearer
from tests.tables.position_cases import CASES, players


def create(client, name, options):
    case = CASES[name]
    return client.post("/tables", json={"game": name, "options": options, "seats": players(name, case)})


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_table_started_from_a_position_says_so_and_gives_it_back(client, name):
    case = CASES[name]
    answer = create(client, name, {**case.get("options", {}), "position": case["position"]})
    assert answer.status_code == 201, answer.json
    table, tokens = answer.json["id"], {s: v["token"] for s, v in answer.json["seats"].items()}
    seat = sorted(tokens)[0]
    view = client.get(f"/tables/{table}/view", headers=bearer(tokens[seat])).json
    assert len(view["from_position"]) == 64 and view["prompts"]
    assert case["view"](view["state"]), view["state"]
    assert case["view"](client.get(f"/tables/{table}/view").json["state"])     # an observer's too
    export = client.get(f"/tables/{table}/export").get_data(as_text=True)
    assert '"from_position":"' + view["from_position"] in export.splitlines()[0]
    out = client.get(f"/tables/{table}/position", headers=bearer(tokens[seat]))
    if out.status_code == 200:
        again = create(client, name, {**out.json["options"], "position": out.json["position"]})
        if out.json["complete"]:
            assert again.status_code == 201, again.json
            other = again.json["seats"][seat]["token"]
            view2 = client.get(f"/tables/{again.json['id']}/view", headers=bearer(other)).json
            assert view2["state"] == view["state"]
            assert [p["text"] for p in view2["prompts"]] == [p["text"] for p in view["prompts"]]
        else:
            assert out.json["hidden"]
    else:
        assert out.status_code == 409 and out.json["code"] == "no_position"


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_bad_position_is_a_422_with_a_code_and_a_sentence(client, name):
    case = CASES[name]
    answer = create(client, name, {**case.get("options", {}), "position": case["bad"]})
    assert answer.status_code == 422
    assert answer.json["code"] == "bad_position"
    assert answer.json["message"].startswith("The starting position is not valid: ")


def test_a_position_mid_turn_is_a_409_and_an_unknown_seq_a_404(client):
    answer = create(client, "clash", {})
    table, tokens = answer.json["id"], {s: v["token"] for s, v in answer.json["seats"].items()}
    view = client.get(f"/tables/{table}/view").json
    seat = view["prompts"][0]["seat"]
    moved = client.post(f"/tables/{table}/moves", json={"move": {"field": "B2"}, "expected_seq": view["seq"]},
                        headers=bearer(tokens[seat]))
    assert moved.status_code == 201, moved.json
    mid = client.get(f"/tables/{table}/position")
    assert mid.status_code == 409 and mid.json["code"] == "no_position" and "move" in mid.json["message"]
    assert client.get(f"/tables/{table}/position?seq=1").json["position"]["board"] == {}
    assert client.get(f"/tables/{table}/position?seq=99").status_code == 404


def test_a_running_tables_position_shows_only_what_the_seat_may_see(client):
    case = CASES["lafamiglia"]
    answer = create(client, "lafamiglia", {"position": case["position"]})
    table, tokens = answer.json["id"], {s: v["token"] for s, v in answer.json["seats"].items()}
    mine = client.get(f"/tables/{table}/position", headers=bearer(tokens["southwest"])).json
    assert mine["complete"] is False and mine["seat"] == "southwest"
    families = mine["position"]["families"]
    assert families["southwest"]["tokens"] and families["southeast"]["tokens"]        # its team's HQs
    assert "tokens" not in families["northwest"] and "money" not in families["northeast"]
    assert "families.northwest.tokens" in mine["hidden"]
    observer = client.get(f"/tables/{table}/position").json
    assert all("tokens" not in f for f in observer["position"]["families"].values())

    labyrinth = create(client, "labyrinth", {"position": CASES["labyrinth"]["position"]})
    table, tokens = labyrinth.json["id"], {s: v["token"] for s, v in labyrinth.json["seats"].items()}
    us = client.get(f"/tables/{table}/position", headers=bearer(tokens["us"])).json
    assert us["position"]["hands"] == {"us": [27, 32], "jihadist": []} and "deck" not in us["position"]
    assert "deck" in us["hidden"] and "hands.jihadist" in us["hidden"]


def test_the_seat_page_says_the_table_started_from_a_position(client):
    answer = create(client, "clash", {"position": CASES["clash"]["position"]})
    table, token = answer.json["id"], answer.json["seats"]["mcworld"]["token"]
    page = client.get(f"/play/{table}?token={token}").get_data(as_text=True)
    assert "Started from a position" in page
    plain = create(client, "clash", {})
    page = client.get(f"/play/{plain.json['id']}?token={plain.json['seats']['mcworld']['token']}").get_data(as_text=True)
    assert "Started from a position" not in page
