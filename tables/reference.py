"""The rules one reply away: `rules`, `rules disrupt`, `card 27`, `tile banker`, `merc ivan`...

A reply of one line whose first word is `rules` or a kind of component the game lists (its
``components()``: card, tile, order, merc, item...) is answered with the text looked up and a link
to its place on the game's rules page; an unknown name with the closest names. The rules page
(server/rules.py) takes its section and component addresses from here, so a link in an email and
the page always agree. Only the box's public texts: nothing of a table in play is read here.
"""

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from games.core import Game

from .model import Table

NAMING = ("card", "tile", "pick", "token", "merc", "column", "family")     # a move's fields that name a component
HEADING = re.compile(r"^(#{2,4})\s+(.+?)\s*\{#([a-z0-9-]+)\}\s*$")
CLOSEST = 5


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    level: int
    text: str           # its Markdown, subsections included
    own: str            # its Markdown before its first subsection


def fold(text: str) -> str:
    """Lower case, no accents, punctuation as spaces: how a player's words are matched."""
    text = unicodedata.normalize("NFKD", str(text).replace("ł", "l").replace("Ł", "L"))
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    return " ".join("".join(c if c.isalnum() else " " for c in text).split())


def slug(text: str) -> str:
    return fold(text).replace(" ", "-")


def anchor(component: dict[str, Any]) -> str:
    """The id of a component on the rules page: 'card-27', 'tile-banker', 'merc-ivan'."""
    return f"{component['kind']}-{slug(component['key'])}"


def named(game: Game, move: Any) -> str | None:
    """The anchor of the component an option's move names ({"card": 27} -> 'card-27', {"tile": "MW_BANKIER"}
    -> 'tile-banker', {"token": "black.b3"} -> 'order-black-b3'), for the seat page; None when it names none."""
    if not isinstance(move, dict):
        return None
    known = _by_name(game)
    for field in NAMING:
        value = move.get(field)
        if isinstance(value, (str, int)) and not isinstance(value, bool) and fold(str(value)) in known:
            return anchor(known[fold(str(value))])
    return None


@lru_cache(maxsize=16)
def _by_name(game: Game) -> dict[str, dict[str, Any]]:
    known: dict[str, dict[str, Any]] = {}
    for component in game.components():
        for name in (component["key"], *component.get("aliases", ())):
            known.setdefault(fold(name), component)
    return known


def reply(table: Table, seat: str, words: str, public_url: str) -> str | None:
    """``answer`` for a seat's reply at a table: what its question's options say is a move."""
    def asked() -> list[str | None]:
        prompt = table.prompts().get(seat) or {}
        return [table.game.notate(table.state, seat, o["move"]) for o in prompt.get("options") or []]
    return answer(table.game, words, public_url, asked)


def rules_url(game: Game, public_url: str) -> str:
    return f"{public_url.rstrip('/')}/rules/{game.name}"


def sections(game: Game) -> tuple[Section, ...]:
    return _sections(game.name, game.rules_text())


@lru_cache(maxsize=16)
def _sections(name: str, text: str) -> tuple[Section, ...]:
    lines = text.splitlines()
    heads = [(i, HEADING.match(line)) for i, line in enumerate(lines)]
    heads = [(i, m) for i, m in heads if m]
    out = []
    for n, (i, m) in enumerate(heads):
        level = len(m.group(1))
        end = next((j for j, other in heads[n + 1:] if len(other.group(1)) <= level), len(lines))
        own = heads[n + 1][0] if n + 1 < len(heads) else len(lines)
        out.append(Section(m.group(3), m.group(2), level, "\n".join(lines[i + 1:end]).strip(),
                           "\n".join(lines[i + 1:min(own, end)]).strip()))
    return tuple(out)


def plain(markdown: str) -> str:
    """Our rules' Markdown as an email's plain text: headings on their own line, no marks."""
    out = []
    for line in markdown.splitlines():
        head = HEADING.match(line)
        if head:
            out += ["", head.group(2)]
            continue
        line = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", line)           # [Effects](#effects) -> Effects
        line = re.sub(r"\*\*([^*]+)\*\*", r"\1", line)
        line = re.sub(r"`([^`]+)`", r"'\1'", line)
        out.append(re.sub(r"<!--.*?-->", "", line))
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip()


def describe(component: dict[str, Any]) -> str:
    """A component's heading and whole text, as an email says it."""
    name, number = component["name"], component.get("number")
    head = f"{component['kind'].capitalize()} {number}: {name}" if number else name
    if component.get("polish"):
        head += f" ({component['polish']})"
    if component.get("facts"):
        head += " · " + ", ".join(component["facts"])
    return f"{head}\n{component['text']}"


def answer(game: Game, words: str, public_url: str, asked: Callable[[], Iterable[str]] | None = None) -> str | None:
    """The answer to a one-line reply that looks something up; None when it is no lookup (a move).
    ``asked`` gives the words of the options the seat is asked now: a reply that is one of them is
    that answer, not a lookup (Labyrinth's "card 27" plays card 27 when a card is asked)."""
    said = fold(words)
    first, _, rest = said.partition(" ")
    if first == "rules":
        return _rules(game, rest, public_url)
    components = [c for c in game.components() if c["kind"] == first]
    if not components or not rest:
        return None
    found = find(components, rest)
    if found and asked is not None and said in {fold(option) for option in asked() if option}:
        return None
    if found:
        return _shown(game, found, public_url)
    if any(c.get("strict") for c in components):
        return None                      # its kind's word is also a move's: leave it to the moves
    return _unknown(game, first, rest, components, public_url)


def find(components: list[dict[str, Any]], said: str) -> list[dict[str, Any]]:
    """The components a name stands for: by key, name or alias; then a unique beginning, or every
    word said within one name. Copies of one name come together (two cards alike); names that
    differ come back marked ``ambiguous``, for the player to choose."""
    said = fold(said)
    squeezed = said.replace(" ", "")
    for test in (lambda n: n == said, lambda n: n.startswith(said), lambda n: set(said.split()) <= set(n.split()),
                 lambda n: n.replace(" ", "").startswith(squeezed)):
        hits = [c for c in components if any(test(n) for n in _names(c))]
        if not hits:
            continue
        by_key = [c for c in hits if fold(c["key"]) == said]
        if by_key:
            return by_key
        if len({fold(c["name"]) for c in hits}) == 1:
            return hits
        return [{"ambiguous": True, **hit} for hit in hits]
    return []


def _names(component: dict[str, Any]) -> list[str]:
    return [fold(component["key"]), fold(component["name"]), *(fold(a) for a in component.get("aliases", ()))]


def _shown(game: Game, found: list[dict[str, Any]], public_url: str) -> str:
    url = rules_url(game, public_url)
    if found[0].get("ambiguous"):
        listed = "\n".join(f"  {lookup(c)}: {c['name']}" for c in found[:12])
        return f"That name fits more than one; write one of these:\n{listed}\n\nThe rules, with every one: {url}"
    parts = [f"{describe(c)}\nOn the rules page: {url}#{anchor(c)}" for c in found]
    return "\n\n".join(parts)


def _unknown(game: Game, kind: str, said: str, components: list[dict[str, Any]], public_url: str) -> str:
    by_name = {fold(c["name"]): c for c in components}
    for c in components:
        for alias in c.get("aliases", ()):
            by_name.setdefault(fold(alias), c)
    close = difflib.get_close_matches(said, list(by_name), n=CLOSEST * 2, cutoff=0.5)
    picked = list(dict.fromkeys(by_name[n]["name"] for n in close))[:CLOSEST]
    url = rules_url(game, public_url)
    if picked:
        return (f"There is no {kind} called “{said}” in {game.title}. The closest: {', '.join(picked)}. "
                f"Every {kind}, with its text: {url}")
    some = ", ".join(c["name"] for c in components[:CLOSEST])
    return f"There is no {kind} called “{said}” in {game.title}. Some are: {some}. Every {kind}: {url}"


def _rules(game: Game, said: str, public_url: str) -> str:
    url = rules_url(game, public_url)
    listed = sections(game)
    if not said:
        tops = ", ".join(s.id for s in listed if s.level == 2)
        return (f"The rules of {game.title}: {url}\n"
                f"Reply 'rules' and a section's name for its text by email: {tops}."
                + (f"\nReply {examples(game)} for a component's whole text." if game.components() else ""))
    section = _section(listed, said)
    if section is not None:
        return _section_text(section, url)
    found = find(list(game.components()), said)
    if found:
        return _shown(game, found, public_url)
    word = re.compile(rf"\b{re.escape(fold(said))}")
    defined = re.compile(r"\*\*([^*]+)\*\*")          # a word in bold is where the rules define it

    def weight(section: Section) -> int:
        bold = " ".join(fold(term) for term in defined.findall(section.own))
        return len(word.findall(fold(section.own))) + 3 * len(word.findall(bold))

    mentions = sorted(((weight(s), s.level, s) for s in listed), key=lambda m: m[:2], reverse=True)
    if mentions and mentions[0][0]:
        return _section_text(mentions[0][2], url)
    close = difflib.get_close_matches(fold(said), [s.id.replace("-", " ") for s in listed]
                                      + [fold(s.title) for s in listed], n=CLOSEST, cutoff=0.5)
    ids = {s.id.replace("-", " "): s.id for s in listed} | {fold(s.title): s.id for s in listed}
    nearest = list(dict.fromkeys(ids[c] for c in close))
    hint = f" The closest: {', '.join(nearest)}." if nearest else ""
    return f"The rules of {game.title} have no section “{said}”.{hint} All of them: {url}"


def _section_text(section: Section, url: str) -> str:
    return f"{section.title}\n\n{plain(section.text)}\n\nOn the rules page: {url}#{section.id}"


def _section(listed: tuple[Section, ...], said: str) -> Section | None:
    said = fold(said)
    plural = said.endswith("s") and len(said) > 3            # 'rules disrupts'
    return _one_section(listed, said) or (_one_section(listed, said[:-1]) if plural else None)


def _one_section(listed: tuple[Section, ...], said: str) -> Section | None:
    for test in (lambda s: s.id.replace("-", " ") == said or fold(s.title) == said,
                 lambda s: s.id.replace("-", " ").startswith(said) or fold(s.title).startswith(said),
                 lambda s: said in fold(s.title).split()):
        hits = [s for s in listed if test(s)]
        if hits:
            return hits[0]
    return None


def _example(game: Game, kind: str) -> str:
    return lookup(next(c for c in game.components() if c["kind"] == kind))


def examples(game: Game) -> str:
    """"'card 1'" or "'tile mustafa' or 'order black b1'": the lookups a help text shows."""
    kinds = list(dict.fromkeys(c["kind"] for c in game.components()))
    return " or ".join(f"'{_example(game, k)}'" for k in kinds[:3]) or "'rules'"


def example_section(game: Game) -> str:
    """The id of a section a help text can show: a subsection's one-word id ('disrupt'), else the first."""
    listed = sections(game)
    deeper = sorted((s.id for s in listed if s.level > 2), key=len)
    return deeper[0] if deeper else listed[0].id if listed else "setup"


def lookup(component: dict[str, Any]) -> str:
    """What a player replies to read a component: 'card 27', 'tile banker', 'order black b3'."""
    name = component.get("lookup") or (component["key"] if component["key"].isdigit() else fold(component["name"]))
    return f"{component['kind']} {name}"
