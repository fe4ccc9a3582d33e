"""An email drawn again (a retry, a job run twice) reuses its picture: the last PNGs are kept by
their SVG's hash, within a bound."""

from workers import pictures

SQUARE = ('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">'
          '<rect width="100" height="50" fill="{}"/></svg>')


def counting(monkeypatch):
    drawn = []
    real = pictures.draw

    def draw(svg, width):
        drawn.append((svg, width))
        return real(svg, width)

    monkeypatch.setattr(pictures, "draw", draw)
    monkeypatch.setattr(pictures, "_kept", pictures._Kept())
    return drawn


def test_the_same_picture_is_drawn_once_and_answered_the_same(monkeypatch):
    drawn = counting(monkeypatch)
    first = pictures.png(SQUARE.format("#123456"), 200)
    assert pictures.png(SQUARE.format("#123456"), 200) == first == pictures.draw(SQUARE.format("#123456"), 200)
    assert len(drawn) == 2                              # the png() twice, then draw() itself once
    pictures.png(SQUARE.format("#123456"), 100)          # another width is another picture
    pictures.png(SQUARE.format("#654321"), 200)          # and so is another SVG
    assert len(drawn) == 4


def test_what_is_kept_stays_within_its_bound(monkeypatch):
    drawn = counting(monkeypatch)
    one = len(pictures.png(SQUARE.format("#000001"), 200))
    monkeypatch.setattr(pictures, "KEPT_BYTES", one * 2)
    for colour in ("#000002", "#000003"):
        pictures.png(SQUARE.format(colour), 200)
    assert pictures._kept.size <= one * 2
    pictures.png(SQUARE.format("#000001"), 200)          # the oldest went: drawn again
    assert [svg for svg, _ in drawn].count(SQUARE.format("#000001")) == 2


def test_seats_whose_views_differ_never_share_a_picture(monkeypatch):
    # La Famiglia hides each family's money and cards: the two seats' pictures differ, and each
    # seat's PNG is drawn from its own picture even when the other's was drawn and kept first
    from games.lafamiglia import GAME
    from tests.games.picture_kit import mid_game
    drawn = counting(monkeypatch)
    state = mid_game(GAME, {}, b"picture cache seats", 60, "southwest")
    mine, theirs = (GAME.picture(GAME.view(state, seat), seat) for seat in ("southwest", "northeast"))
    assert mine != theirs
    first = pictures.png(mine, 320)
    second = pictures.png(theirs, 320)
    assert len(drawn) == 2 and first != second
    assert second == pictures.draw(theirs, 320)
    # a seat that sees the same picture (an email drawn again, or another seat with the same view) shares it
    assert pictures.png(theirs, 320) is second and len(drawn) == 3
