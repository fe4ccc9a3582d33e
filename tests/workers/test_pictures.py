"""The PNG of a picture: the size asked for, text drawn with the machine's fonts, small enough for
an email; example PNGs of a mid-game position of each game are saved for a person to look at."""

import struct
import threading

import pytest

from games.clash import GAME as CLASH
from games.labyrinth import GAME as LABYRINTH
from tests.games.picture_kit import mid_game
from workers import pictures
from workers.pictures import PictureError, png

SQUARE = ('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">'
          '<rect width="100" height="50" fill="#fff"/>{}</svg>')
WORDS = '<text x="5" y="30" font-family="DejaVu Sans, sans-serif" font-size="20">Iraq 3</text>'


def size(data: bytes) -> tuple[int, int]:
    """Width and height from the PNG's header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def test_the_png_has_the_width_asked_and_keeps_the_proportions():
    assert size(png(SQUARE.format(""), 300)) == (300, 150)
    assert size(png(SQUARE.format(""), 64)) == (64, 32)


def test_text_is_drawn_with_the_fonts_on_this_machine():
    # no font found means no text drawn, and the two pictures would be the same
    assert png(SQUARE.format(WORDS), 200) != png(SQUARE.format(""), 200)
    generic = WORDS.replace("DejaVu Sans, sans-serif", "sans-serif")
    assert png(SQUARE.format(generic), 200) == png(SQUARE.format(WORDS), 200)


def test_polish_letters_and_every_family_are_drawn_in_the_shipped_fonts():
    polish = WORDS.replace("Iraq 3", "Zażółć gęślą jaźń")
    assert pictures.draw(SQUARE.format(polish), 200) != pictures.draw(SQUARE.format(WORDS), 200)
    for family in ("serif", "monospace", "Verdana", "Nowhere Sans"):     # no other font: DejaVu Sans
        other = polish.replace("DejaVu Sans, sans-serif", family)
        assert pictures.draw(SQUARE.format(other), 200) == pictures.draw(SQUARE.format(polish), 200)
    bold = polish.replace('font-size="20"', 'font-size="20" font-weight="bold"')
    assert pictures.draw(SQUARE.format(bold), 200) != pictures.draw(SQUARE.format(polish), 200)


def test_the_fonts_are_loaded_once_a_thread_and_every_thread_draws_the_same():
    assert pictures._options() is pictures._options()
    here = pictures.draw(SQUARE.format(WORDS), 200)
    there: list = []

    def elsewhere():        # the wheel's options belong to the thread that made them: none leaves it
        there.append((id(pictures._options()), pictures._options() is pictures._options(),
                      pictures.draw(SQUARE.format(WORDS), 200)))
    worker = threading.Thread(target=elsewhere)
    worker.start()
    worker.join()
    assert there == [(there[0][0], True, here)] and there[0][0] != id(pictures._options())


def test_a_broken_svg_or_width_is_refused_clearly():
    with pytest.raises(PictureError, match="could not be drawn"):
        png("<svg", 100)
    with pytest.raises(PictureError, match="could not be drawn"):
        png('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><rect width="5"</svg>', 100)
    with pytest.raises(PictureError, match="could not be drawn"):
        png('<svg xmlns="http://www.w3.org/2000/svg" width="0" height="50"></svg>', 100)
    # a picture sized by its viewBox alone is drawn too
    assert size(png('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 10"><rect width="40" height="10"/></svg>',
                    100)) == (100, 25)
    with pytest.raises(PictureError, match="positive number of pixels"):
        png(SQUARE.format(""), 0)


@pytest.fixture(scope="module")
def screens(tmp_path_factory):
    """Where the example pictures go (printed with -s); look at them after a change."""
    folder = tmp_path_factory.mktemp("screens")
    print(f"\nexample pictures in {folder}")
    return folder


@pytest.mark.parametrize("game, options, decisions, seat", [
    (LABYRINTH, {"scenario": "lets_roll"}, 240, "us"),
    (LABYRINTH, {"scenario": "anaconda"}, 160, "jihadist"),
    (CLASH, {}, 30, "mcworld"),
])
def test_a_mid_game_picture_renders_small_enough_for_an_email(game, options, decisions, seat, screens):
    state = mid_game(game, options, f"screens {game.name}".encode(), decisions, seat)
    svg = game.picture(game.view(state, seat), seat)
    data = png(svg, 640)
    width, height = size(data)
    assert width == 640 and 400 < height < 1600
    assert len(data) < 200_000, len(data)   # an email stays under 300 KB with its text
    (screens / f"{game.name}-{seat}.png").write_bytes(data)
    (screens / f"{game.name}-{seat}.svg").write_text(svg, encoding="utf-8")
