"""The CLASH picture: valid SVG, the nine fields with stable ids, each tile where the view puts
it (facing, support, face down, blocked, UN, Nobel), the zones and the score, and nothing beyond
the open information of spec 12.1 (property test over random matches)."""

import copy

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.clash import GAME
from games.clash.tiles import ALL_TILES, NEUTRALS
from tests.games.clash.clash_kit import JH, MW, make
from tests.games.picture_kit import SVG, font_sizes, mid_game, parse, positions, texts, with_attr

SEATS = (MW, JH, None)


def draw(state, seat):
    return GAME.picture(GAME.view(state, seat), seat)


def field(root, name):
    found = [e for e in root.iter() if e.get("data-field") == name]
    assert len(found) == 1, name
    return found[0]


def position():
    """A1 President for McWorld, B2 Leader for Jihad under a Nobel Prize, C3 a destroyed Imam, a
    Picket in A3 marking B3 (blocked), a UN in C1 marking B1 (stabilized)."""
    return make(board={"A1": ("MW_PREZYDENT", MW), "B2": ("JH_PRZYWODCA", JH, {"c": "N_NAGRODA_NOBLA"}),
                       "C3": ("JH_IMAM", JH, {"d": MW}), "A3": ("N_PIKIETA", JH), "C1": ("N_ONZ", MW)},
                neutral=["N_HACKER"], pile=["JH_MECZET"], turn=JH)


def test_the_board_has_nine_fields_with_stable_ids():
    root = parse(draw(position(), MW))
    ids = [e.get("id") for e in root.iter() if e.get("class") == "field"]
    assert sorted(ids) == sorted(f"field-{c}{r}" for c in "abc" for r in "123")
    all_ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(all_ids) == len(set(all_ids))


def test_each_tile_shows_its_name_arrow_side_and_state():
    root = parse(draw(position(), MW))
    a1 = field(root, "A1")
    assert a1.get("data-state") == "up-mcworld" and "President" in texts(a1)
    assert [e.get("data-facing") for e in with_attr(a1, "data-facing")] == ["north"]
    assert any(e.get("class") == "icon-mcworld" for e in a1.iter())
    b2 = field(root, "B2")
    assert [e.get("data-facing") for e in with_attr(b2, "data-facing")] == ["south"]
    assert any(e.get("class") == "icon-jihad" for e in b2.iter())
    assert "+ Nobel Prize on top" in texts(b2) and "Sec" in texts(b2)
    c3 = field(root, "C3")
    assert c3.get("data-state") == "down" and "FACE DOWN" in texts(c3) and "destroyed by McWorld" in texts(c3)
    assert not with_attr(c3, "data-facing")
    b3 = field(root, "B3")
    assert b3.get("data-state") == "blocked" and len([e for e in b3.iter() if e.tag == SVG + "line"]) > 5
    view = GAME.view(position(), MW)
    stabilized = [f for f, cell in view["board"].items() if cell["stabilized"]]
    assert stabilized and all("UN" in texts(field(root, f)) for f in stabilized)


def test_zones_pile_and_score_are_drawn():
    state = position()
    root = parse(draw(state, JH))
    view = GAME.view(state, JH)
    for key, tiles in (("zone-mcworld", view["zones"][MW]), ("zone-jihad", view["zones"][JH]),
                       ("zone-neutral", view["neutral"]), ("removed-pile", view["removed_pile"])):
        group = next(e for e in root.iter() if e.get("id") == key)
        assert [e.get("data-tile") for e in with_attr(group, "data-tile")] == [t["id"] for t in tiles], key
    score = " ".join(texts(next(e for e in root.iter() if e.get("id") == "score")))
    assert f"McWorld: support {view['support'][MW]}" in score and f"Jihad: support {view['support'][JH]}" in score
    assert any("You play Jihad · your move" == t for t in texts(root))


def test_every_tile_in_play_is_drawn_once_and_the_supply_only_counted():
    state = mid_game(GAME, {}, b"clash picture", 40)
    root = parse(draw(state, MW))
    drawn = [e.get("data-tile") for e in with_attr(root, "data-tile")]
    view = GAME.view(state, MW)
    on_board = [c["tile"] for c in view["board"].values() if "tile" in c]
    covered = [c["covered_by"] for c in view["board"].values() if c.get("covered_by")]
    elsewhere = [t["id"] for k in ("neutral", "removed_pile", "beside_board") for t in view[k]]
    elsewhere += [t["id"] for s in (MW, JH) for t in view["zones"][s]]
    assert sorted(drawn) == sorted(on_board + elsewhere)
    assert set(drawn) <= set(ALL_TILES) and not set(covered) & set(drawn)
    assert not {t["id"] for t in view["unused_neutrals"]} & set(drawn)
    assert min(font_sizes(root)) >= 8


def test_the_picture_is_a_pure_function_of_the_view():
    state = mid_game(GAME, {}, b"pure", 25)
    view = GAME.view(state, JH)
    before = copy.deepcopy(view)
    assert GAME.picture(view, JH) == GAME.picture(copy.deepcopy(view), JH)
    assert view == before and GAME.picture({}, None).startswith("<?xml")


def same_but_the_header(a: str, b: str) -> bool:
    ra, rb = parse(a), parse(b)
    for root in (ra, rb):
        header = next(e for e in root.iter() if e.get("id") == "header")
        root.remove(header)
    return [(e.tag, e.attrib, e.text) for e in ra.iter()] == [(e.tag, e.attrib, e.text) for e in rb.iter()]


def check_open(state) -> None:
    """Spec 12.1: everything is open but the order of the unused neutrals; every seat sees the
    same board (the header names the seat), and the supply's order changes nothing."""
    pictures = {seat: draw(state, seat) for seat in SEATS}
    assert same_but_the_header(pictures[MW], pictures[JH]) and same_but_the_header(pictures[MW], pictures[None])
    shuffled = copy.deepcopy(state)
    shuffled["box"] = list(reversed(shuffled["box"]))
    for seat in SEATS:
        assert draw(shuffled, seat) == pictures[seat]
    root = parse(pictures[MW])
    for cell in GAME.view(state, MW)["board"].values():
        if cell.get("face") == "down":  # destroyed tiles lie face down, their names open (spec 13.4)
            assert field(root, cell["field"]).get("data-state") == "down"


OPTIONS = st.fixed_dictionaries({name: st.sampled_from(spec["choices"]) for name, spec in GAME.options.items()
                                    if spec["choices"] is not None})


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.binary(min_size=1, max_size=6), options=OPTIONS)
def test_every_seat_sees_the_same_open_board(seed, options):
    supply_seen = False
    for _, state in positions(GAME, options, seed, every=9):
        check_open(state)
        supply_seen |= len(state["box"]) > 1
    assert supply_seen or options["neutrals"] == "none"
    assert set(NEUTRALS) >= set(state["box"])
