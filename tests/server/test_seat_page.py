"""The seat page's HTML (its script is tested in Chromium, tests/browser/test_seat_page.py): the board
drawn inline with clickable places, the options with their notation, the whole-turn box, the hand in
full words, the log grouped, the end with the seed and its check, the emails, and nothing hidden."""

import hashlib
import re
import time

import tables
from games.labyrinth import data as L
from tables.notices import lobby_key
from tests.helpers import make_table

CLASH = {"mcworld": {"name": "Ann", "email": "ann@example.org"}, "jihad": {"name": "Bob", "email": "bob@example.org"}}
LABYRINTH = {"us": {"name": "Uma", "email": "uma@example.org"}, "jihadist": {"name": "Jay", "email": "jay@example.org"}}
SECRET = "test-secret"


def fields(page):
    return dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', page))


def asked_seat(store, table_id):
    return next(iter(tables.load(store, table_id).prompts()))


def test_a_clash_page_draws_the_board_and_lets_its_fields_answer(client, store):
    started = tables.start(store, "clash", {}, CLASH, time.time(), seed=b"page one")
    table = started.table.id
    seat = asked_seat(store, table)
    answer = client.get(f"/play/{table}?token={started.tokens[seat]}")
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200 and "<svg" in page and "<?xml" not in page
    assert page.index('id="seat-board"') < page.index('id="seat-question"') < page.index('id="seat-turn"') \
        < page.index('id="seat-hand"') < page.index('id="seat-log"')              # the board first
    svg_fields = set(re.findall(r'data-field="([A-C][1-3])"', page))
    targets = set(re.findall(r'data-target="([^"]+)"', page))
    assert len(svg_fields) == 9 and targets and targets <= svg_fields          # each option names a field drawn
    assert "Your whole turn" in page and re.search(r'placeholder="For example:\n[a-c][1-3] [ns]', page)
    assert f'href="/lobby/{lobby_key(SECRET, CLASH[seat]["email"])}"' in page
    policy = answer.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
    assert re.search(r'<script src="/static/seat\.js\?v=\w+" defer></script>', page)
    assert "<script>" not in page and " onclick=" not in page                   # no inline script at all
    assert client.get(re.search(r'src="(/static/seat\.js\?v=\w+)"', page).group(1)).status_code == 200


def test_the_page_form_applies_a_whole_turn_like_an_email_reply(client, store):
    started = tables.start(store, "clash", {}, CLASH, time.time(), seed=b"page two")
    table = started.table.id
    seat = asked_seat(store, table)
    token = started.tokens[seat]
    form = fields(client.get(f"/play/{table}?token={token}").get_data(as_text=True))
    prompt = tables.load(store, table).prompts()[seat]
    assert prompt["kind"] == "field"                        # Mustafa's opening: a field, then a facing
    done = client.post(f"/play/{table}", data={**form, "text": "b2\nn\nb3"}, headers={"Accept": "application/json"})
    assert done.status_code == 200, done.json
    assert done.json["applied"] == ["b2", "n"] and done.json["left"] == ["b3"]
    assert "no longer your turn" in done.json["message"]
    assert tables.view(tables.load(store, table), seat)["state"]["board"]["B2"]["tile"] == "START_MUSTAFA"
    stale = client.post(f"/play/{table}", data={**form, "text": "1", "nonce": "another"},
                        headers={"Accept": "application/json"})
    assert stale.status_code == 409 and stale.json["code"] == "stale_seq"


def test_a_stretch_sent_without_the_script_is_reported_on_the_page_it_returns_to(client, store):
    started = tables.start(store, "clash", {}, CLASH, time.time(), seed=b"page two")
    table = started.table.id
    token = started.tokens[asked_seat(store, table)]
    form = fields(client.get(f"/play/{table}?token={token}").get_data(as_text=True))
    answer = client.post(f"/play/{table}", data={**form, "text": "b2\nnowhere"}, follow_redirects=True)
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200 and 'class="notice"' in page
    assert re.search(r"Applied 1 move; stopped at “nowhere”: “nowhere” is not a way to face.*Type `n` or `s`", page)


def test_a_labyrinth_page_shows_the_hand_in_full_and_nothing_of_the_other_hand(client, store):
    started = tables.start(store, "labyrinth", {}, LABYRINTH, time.time(), seed=b"page three")
    table = started.table.id
    state = tables.load(store, table).state
    for seat, other in (("us", "jihadist"), ("jihadist", "us")):
        page = client.get(f"/play/{table}?token={started.tokens[seat]}").get_data(as_text=True)
        mine = {c if isinstance(c, int) else c["card"] for c in state["hands"][seat]}
        theirs = {c if isinstance(c, int) else c["card"] for c in state["hands"][other]} - mine
        drawn = {int(n) for n in re.findall(r'data-card="(\d+)"', page)}
        assert drawn == mine, (drawn, mine)                            # on the board and in the hand list
        for n in mine:
            effect = L.CARDS[n]["effect"]
            words = effect if isinstance(effect, str) else next(iter(effect.values()))
            assert words.replace("&", "&amp;").replace("'", "&#39;").replace('"', "&#34;")[:40] in page, n
        for n in theirs:
            assert f"{n} {L.CARDS[n]['name']}" not in page                # never named, nor its text shown
        assert state_seed(store, table) not in page


def state_seed(store, table_id):
    return tables.load(store, table_id).doc["seed"]


def test_the_end_shows_the_result_the_seed_and_its_check_and_the_export(client, store):
    table, tokens = make_table(client, target=5)
    for seat in ("north", "south"):
        form = fields(client.get(f"/play/{table}?token={tokens[seat]}").get_data(as_text=True))
        client.post(f"/play/{table}", data={**form, "text": "3"})
    page = client.get(f"/play/{table}?token={tokens['north']}").get_data(as_text=True)
    assert "Game over" not in page                                      # the rules' reveal is still to come
    tables.advance(store, table, now=time.time())
    done = tables.load(store, table)
    page = client.get(f"/play/{table}?token={tokens['north']}").get_data(as_text=True)
    seed = done.doc["seed"]
    assert f"Game over: {done.result()['text']}" in page and seed in page
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == done.doc["seed_sha256"]
    assert "✓ the same as the commitment made at the start" in page
    export = re.search(r'<a href="([^"]+)" download="duel-\w+\.jsonl">', page).group(1).replace("&amp;", "&")
    exported = client.get(export).get_data(as_text=True)
    assert seed in exported and client.post("/verify", data=exported).json["ok"] is True
    assert '<select id="seat-replay-as">' in page                       # any seat's view, now
    watcher = client.get(f"/play/{table}").get_data(as_text=True)
    assert seed in watcher and 'download="duel-' in watcher


def test_the_page_lists_the_seats_own_emails_only(client, store):
    table, tokens = make_table(client)
    store.log_inbound(table, {"at": 1000.0, "seat": "north", "from": "nora@example.org", "subject": "Re: your move",
                              "lines": ["add 2"], "outcome": "applied", "applied": ["add 2"], "message": "Done."})
    store.log_inbound(table, {"at": 1001.0, "seat": "south", "from": "sam@example.org", "subject": "secret plan",
                              "lines": ["add 3"], "outcome": "refused", "message": "Not your turn."})
    north = client.get(f"/play/{table}?token={tokens['north']}").get_data(as_text=True)
    assert "Your emails to this table (1)" in north and "<code>add 2</code>" in north and "secret plan" not in north
    assert "Your emails" not in client.get(f"/play/{table}").get_data(as_text=True)


def test_the_log_is_grouped_newest_first_with_the_last_move_marked(client, store):
    started = tables.start(store, "clash", {}, CLASH, time.time(), seed=b"page four")
    table = started.table.id
    for _ in range(8):
        t = tables.load(store, table)
        seat = next(iter(t.prompts()))
        tables.submit(store, t, seat, option=1, expected_seq=t.seq, now=time.time())
    page = client.get(f"/play/{table}").get_data(as_text=True)
    groups = re.findall(r'<li class="group( last)?" data-first="(\d+)" data-last="(\d+)">', page)
    assert groups[0][0] == " last" and all(not g[0] for g in groups[1:])
    firsts = [int(g[1]) for g in groups]
    assert firsts == sorted(firsts, reverse=True) and int(groups[0][2]) == tables.load(store, table).seq
    assert re.search(r'<li class="group last"[^>]*>\s*<details open>', page)
    assert re.search(r'<summary><span class="seq">\d+–\d+</span>\s*<span class="line">(McWorld|Jihad) (placed|opened) ',
                     page)


def test_a_whole_turn_goes_on_after_the_rules_or_a_bot_act_as_a_reply_does(client, store):
    table, tokens = make_table(client, seats={"north": {"name": "Nora", "email": "nora@example.org"},
                                              "south": {"bot": "random"}}, target=20)
    form = fields(client.get(f"/play/{table}?token={tokens['north']}").get_data(as_text=True))
    done = client.post(f"/play/{table}", data={**form, "text": "add 1\n+2\nadd 3"}, headers={"Accept": "application/json"})
    assert done.status_code == 200 and done.json["applied"] == ["add 1", "+2", "add 3"], done.json
    moves = [e for e in tables.log(store, tables.load(store, table), "north") if e["event"]["type"] == "added"]
    assert [(e["by"], e["event"]["n"]) for e in moves][::2] == [("north", 1), ("north", 2), ("north", 3)]
    assert {e["by"] for e in moves[1::2]} == {"south"}              # the bot played in between, here
    assert done.json["message"] == "Applied 3 moves."
