"""La Famiglia's picture: the board's fixed geometry (the seas' labels, the areas' hexagons) is
worked out once at import, the same as worked out anew."""

from games.lafamiglia import data as D
from games.lafamiglia import picture as P


def test_sea_labels_worked_out_once_are_the_same():
    assert P._sea_labels() == P._place_sea_labels()
    assert set(P._sea_labels()) == set(D.SEAS)


def test_hexagons_worked_out_once_are_the_same():
    for area in D.AREAS:
        cx, cy = P.centre(area)
        assert P.hexagon(cx, cy) == P._hexagon(cx, cy, P.R - 1)
        assert P.hexagon(cx, cy).count(",") == 6
    assert P.hexagon(10.0, 20.0, 5) == P._hexagon(10.0, 20.0, 5)     # any other: worked out
