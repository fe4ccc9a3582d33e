"""svg.wrap keeps the lines it worked out (the same texts are wrapped in every picture): the lines
are those worked out anew, and a caller may change the list it is given."""

from games.core import svg

TEXTS = ["", "One", "Victory: Good Resources 5, Islamist Resources 3; 4 Good/Fair, 2 Poor/Islamist Rule.",
         "A very long line " * 20, "Słowo z polskimi znakami, które się zawija na kilka wierszy"]


def test_wrapped_lines_are_the_lines_worked_out_anew():
    for text in TEXTS:
        for size, width, lines, bold in ((10.5, 680, 6, False), (9.5, 150, 4, True), (12, 40, 2, False)):
            fresh = svg._wrap(text, size, width, lines, bold)
            assert svg.wrap(text, size, width, lines, bold=bold) == fresh
            assert svg.wrap(text, size, width, lines, bold=bold) == fresh       # taken again: the same
            assert len(fresh) <= lines


def test_the_list_given_is_the_caller_s_own():
    first = svg.wrap(TEXTS[2], 9.5, 150, 4)
    first.append("changed")
    assert svg.wrap(TEXTS[2], 9.5, 150, 4) == svg._wrap(TEXTS[2], 9.5, 150, 4, False)
