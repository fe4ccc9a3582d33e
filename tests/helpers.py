"""Small helpers the tests share."""

SEATS = {"north": {"name": "Nora", "email": "nora@example.org"},
         "south": {"name": "Sam", "email": "sam@example.org"}}


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def make_table(client, seats=None, **options):
    answer = client.post("/tables", json={"game": "duel", "options": options, "seats": seats or SEATS})
    assert answer.status_code == 201, answer.json
    return answer.json["id"], {s: v["token"] for s, v in answer.json["seats"].items()}


def play(client, table, tokens, seat, option=1):
    view = client.get(f"/tables/{table}/view", headers=bearer(tokens[seat])).json
    answer = client.post(f"/tables/{table}/moves", json={"option": option, "expected_seq": view["seq"]},
                         headers=bearer(tokens[seat]))
    assert answer.status_code == 201, answer.json
    return answer.json
