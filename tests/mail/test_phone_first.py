"""Issue 22, friction 8: a turn email read on a phone. Its plain part, wrapped at 40 columns (a
phone's mail app), shows what happened and the question within 25 lines, the example right after;
the board, the options' links and the rest come below. Measured for each of the four games on the
emails sent at hand-offs at several points of a random game (run with -s for the figures)."""

import textwrap
import time

import pytest

import tables
from games.core import Rng
from tables import notices
from workers import mail

GAMES = {
    "clash": ({}, {"mcworld": {"name": "Ann", "email": "ann@example.org"},
                   "jihad": {"name": "Bob", "email": "bob@example.org"}}),
    "labyrinth": ({}, {"us": {"name": "Uma", "email": "uma@example.org"},
                       "jihadist": {"name": "Jay", "email": "jay@example.org"}}),
    "lafamiglia": ({}, {s: {"name": s.title(), "email": f"{s}@example.org"}
                        for s in ("southwest", "northeast", "southeast", "northwest")}),
    "jaggedalliance": ({"players": 2, "scenario": "1"}, {"merc1": {"name": "Ana", "email": "ana@example.org"},
                                                         "merc2": {"name": "Mia", "email": "mia@example.org"}}),
}
POINTS = (0, 8, 20, 40, 60, 90, 160, 260)     # decisions into the game
GOAL = 25                                # lines before the question, at 40 columns
EXAMPLE_BY = 40                          # and the example's last line


def at_40(text: str) -> list[str]:
    return [part for line in text.splitlines() for part in (textwrap.wrap(line, 40) or [""])]


def measure(text: str, prompt: str, example: list[str]) -> tuple[int, int]:
    """Lines at 40 columns before the question, and to the end of the example."""
    head, _, rest = text.partition("\n" + prompt + "\n")
    assert rest, "the question is not a line of the email"
    before = len(at_40(head)) + 1
    if not example:
        return before, before + len(at_40(prompt))
    block = rest.split("Or answer just this question", 1)[0]
    return before, before + len(at_40(prompt)) + len(at_40(block))


def turn_emails(store, env, game: str):
    """(decisions made, seat, content, message) of the turn email a seat is sent at the first hand-off
    (a seat newly asked, as the worker emails it) at or after each of POINTS along a random game."""
    options, seats = GAMES[game]
    table_id = tables.start(store, game, options, seats, time.time(), seed=f"phone {game}".encode()).table.id
    chooser, made, before, points = Rng(f"phone chooser {game}".encode(), 0), 0, set(), list(POINTS)
    while points:
        table = tables.advance(store, table_id, now=time.time()).table
        if table.result() is not None:
            return
        asked = sorted(table.prompts())
        fresh = [s for s in asked if s not in before]
        if made >= points[0] and fresh:
            points.pop(0)
            seat = fresh[0]
            content = notices.your_turn(store, table, seat, store.waiting(table_id)[seat],
                                        mail.mail_settings(env, time.time()))
            content["welcome"] = made == 0
            yield made, seat, content, mail.render("your_turn", content, env, "<phone@pbem.test>")
        seat = asked[chooser.below(len(asked))]
        listed = table.prompts()[seat].get("options") or []
        tables.submit(store, table, seat, option=1 + chooser.below(len(listed)), now=time.time())
        before, made = set(asked), made + 1


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_question_and_the_example_are_on_a_phone_s_first_screen(game, store, env):
    measured = []
    for made, seat, content, message in turn_emails(store, env, game):
        text = message.get_body(("plain",)).get_content()
        before, to_example = measure(text, content["prompt"], content["example"])
        measured.append((made, seat, before, to_example, len(at_40(text))))
        assert before <= GOAL, f"{game} at decision {made}: {before} lines before the question\n{text}"
        assert to_example <= EXAMPLE_BY, f"{game} at decision {made}: the example ends at line {to_example}\n{text}"
        html = message.get_body(("html",)).get_content()
        details = html.find("Since your last move")         # when more happened than the first line says
        assert html.index(content["prompt"][:30].replace("'", "&#39;")) < html.index("<ol") < \
            (details if details >= 0 else len(html))
        if content["example"]:
            assert text.index(content["example"][0]) < text.index("  1. ")       # the example before the options
    assert len(measured) >= 4, f"{game}: {len(measured)} points measured"
    print(f"\n{game}: (decision, seat, lines before the question, to the example's end, whole email) at 40 columns")
    for row in measured:
        print("   ", row)
