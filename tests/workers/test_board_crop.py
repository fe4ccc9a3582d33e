"""Issue 22, friction 8: an email's board is legible on a phone. The crop shows the places named by
what happened and by the question, wide enough for a place's name to be drawn NAME_PX high at the
phone's PHONE_PX; a board legible whole, or one where nothing is named, is not cropped."""

import xml.etree.ElementTree as ET

import pytest

from games.jaggedalliance import GAME as JAGGED
from games.labyrinth import GAME as LABYRINTH
from games.lafamiglia import GAME as FAMIGLIA
from tests.games.picture_kit import mid_game
from workers import board_crop, pictures
from workers.board_crop import NAME_PX, PHONE_PX, crop

PLACE = ('<g data-country="{name}"><rect x="{x}" y="{y}" width="90" height="80" fill="#eee"/>'
         '<text x="{tx}" y="{ty}" font-size="12">{name}</text></g>')


def board(width=1200, height=600, places=(("Iraq", 20, 20), ("Iran", 900, 400), ("Syria", 120, 20))):
    body = "".join(PLACE.format(name=n, x=x, y=y, tx=x + 4, ty=y + 14) for n, x, y in places)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}"><rect x="0" y="0" width="{width}" height="{height}"/>{body}</svg>')


def view_box(svg):
    return [float(v) for v in ET.fromstring(svg).get("viewBox").split()]


def inside(box, x0, y0, x1, y1):
    return box.x0 <= x0 and box.y0 <= y0 and x1 <= box.x1 and y1 <= box.y1


def test_the_crop_shows_what_was_named_at_a_width_where_names_read_on_a_phone():
    shown = crop(board(), ["Bob moved into Iraq.", "Where next?", "Syria", "Iran"])
    assert shown is not None and shown.places == ["Iraq", "Syria"]       # Iran is too far to share the frame
    assert shown.box.width == pytest.approx(PHONE_PX * 12 / NAME_PX)      # names 12 units high: 10 px at 351 px
    assert inside(shown.box, 20, 20, 210, 100) and not inside(shown.box, 900, 400, 990, 480)
    framed = [shown.box.x0, shown.box.y0, shown.box.width, shown.box.height]
    assert view_box(shown.svg) == pytest.approx(framed, abs=0.1)
    assert shown.whole.width == 1200 and 'data-country="Iran"' in shown.svg      # the same picture, framed


def test_the_first_text_that_names_a_place_sets_where_the_frame_is():
    shown = crop(board(), ["Iran is attacked.", "Iraq", "Syria"])
    assert shown.places == ["Iran"] and inside(shown.box, 900, 400, 990, 480)
    assert shown.box.x1 <= 1200 and shown.box.y1 <= 600                  # moved inside the picture


def test_names_match_whole_words_only_and_a_picture_legible_whole_is_not_cropped():
    assert crop(board(), ["Iranian oil", "Iraqi WMD"]) is None            # no place named
    assert crop(board(), []) is None and crop(None, ["Iraq"]) is None and crop("<svg", ["Iraq"]) is None
    assert crop(board(width=460, height=300), ["Iraq"]) is None         # a crop would be nearly the whole width


@pytest.mark.parametrize("game, options, seat, words", [
    (LABYRINTH, {}, "us", lambda view: [next(iter(view["countries"]))]),
    (FAMIGLIA, {}, "southwest", lambda view: [next(iter(view["areas"]))]),
    (JAGGED, {"players": 2, "scenario": "1"}, "merc1", lambda view: [f"Raven moves to {next(iter(view['sectors']))}"]),
])
def test_every_game_s_board_is_cropped_legible_around_a_place_it_names(game, options, seat, words):
    state = mid_game(game, options, f"crop {game.name}".encode(), 30, seat)
    view = game.view(state, seat)
    svg = game.picture(view, seat)
    shown = crop(svg, words(view))
    assert shown is not None and shown.places, game.name
    size = board_crop._name_size(board_crop._places(ET.fromstring(svg))[shown.places[0]])
    assert size and shown.box.width * NAME_PX / size <= PHONE_PX + 0.5      # its name 10 px high on a phone
    assert shown.box.width < 0.9 * shown.whole.width


@pytest.mark.parametrize("game, options, seat, words", [
    (LABYRINTH, {}, "us", lambda view: ["Turkey"]),
    (FAMIGLIA, {}, "southwest", lambda view: [list(view["areas"])[-1]]),
    (JAGGED, {"players": 2, "scenario": "1"}, "merc1", lambda view: [f"Raven moves to {next(iter(view['sectors']))}"]),
])
def test_the_crop_leaves_out_what_lies_outside_it_and_draws_the_same_pixels(game, options, seat, words):
    state = mid_game(game, options, f"crop cut {game.name}".encode(), 40, seat)
    view = game.view(state, seat)
    svg = game.picture(view, seat)
    shown = crop(svg, words(view))
    framed = ET.fromstring(svg)        # the whole picture, only its frame narrowed
    for name in ("viewBox", "width", "height"):
        framed.set(name, ET.fromstring(shown.svg).get(name))
    ET.register_namespace("", board_crop.SVG_NS[1:-1])
    framed_svg = ET.tostring(framed, encoding="unicode")
    assert shown.svg.count("<text") < 0.7 * framed_svg.count("<text"), game.name
    assert pictures.draw(shown.svg, 702) == pictures.draw(framed_svg, 702)
