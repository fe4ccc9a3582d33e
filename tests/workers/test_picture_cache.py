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
