"""The box and the rules in Polish, for every game alike (issue "Play in the rulebooks' language"):
every component's name, text line, fact and group is said in Polish by the game's catalogue
(``locales/pl.po`` with its parts, ``pl.box.po``...) and a text line of more than three words is not
a copy of the English; the Polish rules (``locales/pl.rules.md``) have the English rules' sections
with the same ids, levels and order, the same links between them and about their length; the box's
messages keep the parts of their English lines and none is fuzzy, empty or the English itself.
Each game's own file (tests/games/<game>/test_polish_box.py) checks its terms and notation."""

import re
from importlib import resources

import pytest
from babel.messages.pofile import read_po

import games
from games.core import words

HEADING = re.compile(r"^(#{2,4})\s+(.+?)\s*\{#([a-z0-9-]+)\}", re.MULTILINE)
LINK = re.compile(r"\]\(#([a-z0-9-]+)\)")
PART = re.compile(r"\{(\w+)(?::\w+)?\}")
# the least each game's box holds: its rules' sections and its pl.box.po's messages
LEAST = {"clash": (18, 30), "jaggedalliance": (13, 200), "labyrinth": (26, 70), "lafamiglia": (20, 130)}
EVERY = [(name, c) for name in sorted(LEAST) for c in games.get(name).components()]


def _file(name: str, path: str) -> str:
    return resources.files(f"games.{name}").joinpath(path).read_text(encoding="utf-8")


def _lines(component):
    """(what, English line) for everything a reader reads of a component."""
    yield "name", component["name"]
    if component.get("group"):
        yield "group", component["group"]
    for line in (component.get("text") or "").split("\n"):
        if line.strip():
            yield "text", line.strip()
    for fact in component.get("facts") or ():
        yield "fact", fact


@pytest.mark.parametrize("name, component", EVERY, ids=[f"{n}-{c['kind']}-{c['key']}" for n, c in EVERY])
def test_every_line_of_a_component_is_said_in_polish(name, component):
    for what, line in _lines(component):
        assert words.unsaid(name, line, "pl") == [], (what, line)
        said = words.say(name, line, "pl")
        assert said.strip(), (what, line)
        if what == "text" and len(line.split()) > 3:
            assert said != line, f"a copy, not a translation: {line!r}"


@pytest.mark.parametrize("name", sorted(LEAST))
def test_the_polish_rules_have_the_english_sections_and_links(name):
    english, polish = _file(name, "data/rules.md"), _file(name, "locales/pl.rules.md")
    heads = [(len(h), i) for h, _, i in HEADING.findall(english)]
    assert len(heads) >= LEAST[name][0]
    assert [(len(h), i) for h, _, i in HEADING.findall(polish)] == heads
    assert LINK.findall(polish) == LINK.findall(english)
    assert 0.8 <= len(polish) / len(english) <= 1.6
    assert words.document(name, "rules.md", "pl") == polish


@pytest.mark.parametrize("name", sorted(LEAST))
def test_the_box_messages_keep_their_parts_and_are_whole(name):
    with resources.files(f"games.{name}").joinpath("locales/pl.box.po").open("rb") as po:
        messages = [m for m in read_po(po) if m.id]
    assert len(messages) >= LEAST[name][1]
    for message in messages:
        assert not message.fuzzy, message.id
        assert isinstance(message.string, str) and message.string.strip(), message.id
        assert sorted(PART.findall(message.id)) == sorted(PART.findall(message.string)), message.id
        if message.context is None:
            assert message.string != message.id, message.id
