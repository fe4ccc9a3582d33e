"""An area's hex and a sheet's field are kept by what they show and taken again by a later picture:
every picture along a random game is the same text as drawn with nothing kept, and a change of an
area or of the families the seats play shows at once."""

from games.core import svg
from games.lafamiglia import GAME
from games.lafamiglia import picture as P
from tests.games.picture_kit import positions

SEATS = ("southwest", "northeast")


def _fresh(view, seat):
    P._area_hex.cache_clear()
    P._sheet_field.cache_clear()
    return GAME.picture(view, seat)


def test_pictures_with_kept_parts_are_the_pictures_drawn_afresh():
    seen = 0
    for _, state in positions(GAME, {}, b"kept parts", every=13, limit=900):
        for seat in SEATS:
            view = GAME.view(state, seat)
            kept = GAME.picture(view, seat)
            assert kept == _fresh(view, seat)
            seen += 1
        if seen >= 16:
            break
    assert seen >= 10 and P._area_hex.cache_info().currsize > 0 and P._sheet_field.cache_info().currsize > 0


def test_a_change_shows_at_once_and_a_kept_part_is_shared():
    state = next(s for made, s in positions(GAME, {}, b"kept parts change", every=1, limit=60) if made == 30)
    view = GAME.view(state, SEATS[0])
    first = GAME.picture(view, SEATS[0])
    area = next(iter(view["areas"]))
    shared = svg.drawn(first).root.find(f".//g[@data-area='{area}']")
    assert svg.drawn(GAME.picture(view, SEATS[0])).root.find(f".//g[@data-area='{area}']") is shared
    view["areas"][area]["labs"] += 1
    changed = GAME.picture(view, SEATS[0])
    assert svg.drawn(changed).root.find(f".//g[@data-area='{area}']") is not shared
    assert changed != first and changed == _fresh(view, SEATS[0])
    seat = next(s for s, info in view["seats"].items() if info.get("family"))
    view["seats"][seat]["family"] = next(f for f in ("white", "yellow", "red", "black") if f != view["seats"][seat]["family"])
    recoloured = GAME.picture(view, SEATS[0])
    assert recoloured == _fresh(view, SEATS[0])
