"""The Labyrinth picture: valid SVG, every country once, every link drawn, a position's pieces and
markers where they belong, and nothing a seat may not see (property test over random games)."""

import copy
import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.labyrinth import GAME
from games.labyrinth import data as D
from games.labyrinth.picture import FAR, LAYOUT, box, fit_parts, links, pair
from tests.games.labyrinth.labyrinth_kit import make
from tests.games.picture_kit import SVG, font_sizes, mid_game, parse, positions, texts, with_attr

SEATS = ("us", "jihadist", None)


def draw(state, seat):
    return GAME.picture(GAME.view(state, seat), seat)


def country(root, name):
    found = [e for e in root.iter() if e.get("data-country") == name]
    assert len(found) == 1, name
    return found[0]


def test_every_country_of_the_map_is_drawn_exactly_once_with_a_stable_id():
    state = mid_game(GAME, {"scenario": "lets_roll"}, b"picture", 120)
    for seat in SEATS:
        root = parse(draw(state, seat))
        drawn = [e.get("data-country") for e in root.iter() if e.get("class") == "country"]
        assert sorted(drawn) == sorted(D.NAMES) and len(drawn) == 38
        ids = [e.get("id") for e in root.iter() if e.get("id")]
        assert len(ids) == len(set(ids))
        assert country(root, "Indonesia/Malaysia").get("id") == "country-Indonesia-Malaysia"


def test_every_printed_adjacency_is_drawn_once():
    root = parse(draw(mid_game(GAME, {}, b"links", 10), "us"))
    drawn = [e.get("data-link") for e in root.iter() if e.get("class", "").startswith("link")]
    expected = [pair(a, b) for a, b in links()]
    assert sorted(drawn) == sorted(k for k in expected if k not in FAR)
    tabs = {e.get("data-link") for e in root.iter() if e.get("data-link") in FAR}
    assert tabs == set(FAR) and set(FAR) <= set(expected)
    assert len(expected) == sum(len(D.COUNTRIES[n]["adjacent"]) for n in D.NAMES) // 2


def test_the_layout_places_every_country_in_its_own_box_on_the_canvas():
    assert sorted(LAYOUT["countries"]) == sorted(D.NAMES)
    for a, b in itertools.combinations(D.NAMES, 2):
        ax, ay, aw, ah = box(a)
        bx, by, bw, bh = box(b)
        assert ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay, (a, b)
    assert all(0 <= box(n)[0] and box(n)[0] + box(n)[2] <= LAYOUT["width"] for n in D.NAMES)
    adjacent = {pair(a, b) for a, b in links()}
    assert {pair(*k.split("|")) for k in [*LAYOUT["routes"], *LAYOUT["far_links"]]} <= adjacent
    for region in LAYOUT["regions"]:
        assert set(region["countries"]) <= set(D.NAMES), region["name"]


PAKISTAN = {"gov": 3, "align": "Ally", "troops": 2, "active": 1, "sleeper": 3, "cadre": True, "aid": 1,
            "besieged": True, "rc": "green", "markers": ["FATA"]}


def position():
    return make(countries={"Pakistan": PAKISTAN, "Germany": {"posture": "Soft", "sleeper": 1}},
                plots=[{"id": 1, "c": "Pakistan", "v": 2}], hands={"us": [1, 2], "jihadist": [48, 49]},
                markers=["Wiretapping"], seat="us")


def test_a_country_shows_governance_alignment_pieces_plots_and_markers():
    root = parse(draw(position(), "us"))
    pakistan = country(root, "Pakistan")
    words = texts(pakistan)
    for word in ("Pakistan", "P", "Ally", "2", "1", "3", "?"):
        assert word in words, word
    notes = " ".join(e.text for e in pakistan.iter() if e.get("class") == "notes")
    assert notes == "Aid 1 +3"  # a full box: its notes are under the map, in full
    tracks = " ".join(texts(next(e for e in root.iter() if e.get("id") == "tracks")))
    assert "On the map: Pakistan: Aid 1, Besieged, RC (green), FATA." in tracks
    kinds = [e.get("class") for e in pakistan.iter()]
    for kind in ("troops", "active", "sleeper", "cadre", "plot"):
        assert kind in kinds, kind
    assert [e.get("data-plot") for e in with_attr(pakistan, "data-plot")] == ["?"]
    germany = texts(country(root, "Germany"))
    assert "G Soft" in germany and "1" in germany
    assert "Patriot Act" not in " ".join(texts(root))  # not in play in this position
    assert any("Wiretapping" in t for t in texts(root))


def test_the_jihadist_sees_the_plot_value_and_its_own_hand():
    root = parse(draw(position(), "jihadist"))
    assert [e.get("data-plot") for e in with_attr(country(root, "Pakistan"), "data-plot")] == ["2"]
    assert sorted(e.get("data-card") for e in with_attr(root, "data-card")) == ["48", "49"]
    assert any(D.card_name(48) in t for t in texts(root))
    assert [e.get("data-count") for e in with_attr(root, "data-count")] == ["2"]  # the US hand: a number


def test_notes_show_whole_parts_and_count_the_rest():
    assert fit_parts(["Aid 1", "RC (tan)"], [72, 53]) == (["Aid 1", "RC (tan)"], True)
    assert fit_parts(["Indo-Pakistani Talks", "FATA", "Benazir Bhutto"], [72, 53]) == (
        ["Indo-Pakistan…", "FATA +1"], False)
    assert fit_parts(["Patriot Act", "NEST"], [60]) == (["Patriot Act +1"], False)
    assert fit_parts(["Abu Sayyaf"], []) == ([], False)


def test_essential_type_is_big_enough_for_a_phone():
    root = parse(draw(mid_game(GAME, {}, b"type", 200), "us"))
    assert min(font_sizes(root)) >= 8
    names = [float(e.get("font-size")) for e in root.iter() if e.get("class") == "name"]
    assert len(names) == 38 and min(names) >= 9.5
    assert float(root.get("width")) == LAYOUT["width"]


def test_the_picture_is_a_pure_function_of_the_view():
    state = mid_game(GAME, {}, b"pure", 150)
    view = GAME.view(state, "us")
    before = copy.deepcopy(view)
    assert GAME.picture(view, "us") == GAME.picture(copy.deepcopy(view), "us")
    assert view == before
    assert GAME.picture({}, None).startswith("<?xml")


# ---------------------------------------------------------------- hidden information


def hide_differently(state, seat):
    """The same position as `seat` may see it, with everything hidden from it changed: the deck's
    order, the other hand's cards, the face-down plots' values and the Available Plots box."""
    other = copy.deepcopy(state)
    other["deck"] = list(reversed(other["deck"]))
    for who in D.SEATS:
        if who == seat or not other["hands"][who]:
            continue
        pool = [n for n in other["deck"] if n not in other["hands"][who]]
        swap = pool[:len(other["hands"][who])]
        if swap:
            other["deck"] = [n for n in other["deck"] if n not in swap] + other["hands"][who][:len(swap)]
            other["hands"][who] = swap + other["hands"][who][len(swap):]
    if seat != "jihadist":
        cycle = {1: 2, 2: 3, 3: "WMD", "WMD": 1}
        for plot in other["plots"]:
            if not plot.get("up"):
                plot["v"] = cycle[plot["v"]]
        other["avail"] = [cycle[v] for v in other["avail"]]
    return other


def check_hidden(state) -> int:
    """The picture of each seat is the same whatever is hidden from it (so nothing hidden is drawn,
    under any name: card names recur in other cards' texts and in the map, so the words alone prove
    nothing); its cards are its own hand; face-down plots are "?" to all but the Jihadist."""
    changed = 0
    for seat in SEATS:
        svg = draw(state, seat)
        assert draw(hide_differently(state, seat), seat) == svg, f"the picture for {seat} shows something hidden"
        root = parse(svg)
        cards = {int(e.get("data-card")) for e in with_attr(root, "data-card")}
        assert cards == (set(state["hands"][seat]) if seat else set())
        plots = [e.get("data-plot") for e in with_attr(root, "data-plot")]
        assert len(plots) == len(state["plots"])
        if seat != "jihadist":
            assert sorted(plots) == sorted("?" if not p.get("up") else str(p["v"]) for p in state["plots"])
        changed += hide_differently(state, seat) != state
    return changed


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.binary(min_size=1, max_size=6), scenario=st.sampled_from(GAME.options["scenario"]["choices"]),
       events=st.sampled_from(GAME.options["events"]["choices"]))
def test_no_picture_shows_what_its_seat_may_not_see(seed, scenario, events):
    seen = 0
    for _, state in positions(GAME, {"scenario": scenario, "events": events}, seed, every=45):
        seen += check_hidden(state)
    assert seen  # there was something hidden to change


def test_a_finished_game_is_drawn_with_its_result():
    state = None
    for _, state in positions(GAME, {}, b"to the end", every=500):
        pass
    root = parse(draw(state, "us"))
    assert GAME.result(state) is not None
    winner = {"us": "US", "jihadist": "Jihadist"}[GAME.result(state)["winner"]]
    assert f"You play the US · Game over: {winner} wins (below: why)" in texts(root)
    tracks = " ".join(texts(next(e for e in root.iter() if e.get("id") == "tracks")))
    assert "Game over: " + GAME.result(state)["text"][:30] in tracks
    assert root.find(f"{SVG}title").text.startswith("Labyrinth")
