"""A country's box is kept by what it shows and taken again by a later picture: every picture along
a random game is the same text as drawn with nothing kept, a box shows a change of its country at
once, and a box shared by two pictures is written the same into both."""

from games.core import svg
from games.labyrinth import GAME
from games.labyrinth import picture as P
from tests.games.picture_kit import positions


def _fresh(view, seat):
    P._country_box.cache_clear()
    return GAME.picture(view, seat)


def test_pictures_with_kept_boxes_are_the_pictures_drawn_afresh():
    P._country_box.cache_clear()
    seen = 0
    for _, state in positions(GAME, {}, b"kept boxes", every=17, limit=900):
        for seat in ("us", "jihadist"):
            view = GAME.view(state, seat)
            kept = GAME.picture(view, seat)
            assert kept == _fresh(view, seat)
            seen += 1
        if seen >= 16:
            break
    assert seen >= 10
    assert P._country_box.cache_info().currsize > 0


def test_a_box_shows_its_country_s_change_and_a_shared_box_is_written_the_same():
    state = next(s for made, s in positions(GAME, {}, b"kept boxes change", every=1, limit=40) if made == 20)
    view = GAME.view(state, "us")
    first = GAME.picture(view, "us")
    shared = svg.drawn(first).root.find(".//g[@data-country='Iraq']")
    again = GAME.picture(view, "us")
    assert again == first and svg.drawn(again).root.find(".//g[@data-country='Iraq']") is shared
    view["countries"]["Iraq"]["sleeper"] = view["countries"]["Iraq"]["sleeper"] + 3
    changed = GAME.picture(view, "us")
    assert svg.drawn(changed).root.find(".//g[@data-country='Iraq']") is not shared
    assert changed != first and changed == _fresh(view, "us")
    assert svg.tostring(shared) in first                       # the kept box itself is unchanged
