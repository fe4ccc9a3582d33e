"""The rules one reply away: `rules`, `rules disrupt`, `card 27`, `tile banker`, `merc ivan`...

A reply of one line whose first word is `rules` or a kind of component the game lists (its
``components()``: card, tile, order, merc, item...) is answered with the text looked up and a link
to its place on the game's rules page; an unknown name with the closest names. The rules page
(server/rules.py) takes its section and component addresses from here, so a link in an email and
the page always agree. Only the box's public texts: nothing of a table in play is read here.

In a reader's language (``language``): the words a player writes (`zasady`, `karta 27`: the
platform's catalogue, msgctxt "lookup"), the components' names and texts (the game's catalogue,
games.core.words) and the rules' sections (the game's rules in that language, same section ids)
are said in it; a player may write a name in either language.
"""

import difflib
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from games.core import Game, words
from i18n import LANGUAGES, gettext, pgettext

from .model import Table
from .reading import notations

NAMING = ("card", "tile", "pick", "token", "merc", "column", "family")     # a move's fields that name a component
HEADING = re.compile(r"^(#{2,4})\s+(.+?)\s*\{#([a-z0-9-]+)\}\s*$")
CLOSEST = 5
LOOKUP = "lookup"


def _lookup_word(kind: str, language: str | None) -> str:
    """The word a player writes in ``language`` to look up a kind of component (or the rules)."""
    listed = {"rules": pgettext(LOOKUP, "rules", language), "card": pgettext(LOOKUP, "card", language),
              "tile": pgettext(LOOKUP, "tile", language), "order": pgettext(LOOKUP, "order", language),
              "merc": pgettext(LOOKUP, "merc", language), "item": pgettext(LOOKUP, "item", language),
              "enemy": pgettext(LOOKUP, "enemy", language), "event": pgettext(LOOKUP, "event", language),
              "ally": pgettext(LOOKUP, "ally", language), "sheet": pgettext(LOOKUP, "sheet", language),
              "column": pgettext(LOOKUP, "column", language), "character": pgettext(LOOKUP, "character", language),
              "family": pgettext(LOOKUP, "family", language), "income": pgettext(LOOKUP, "income", language),
              "lieutenant": pgettext(LOOKUP, "lieutenant", language),
              "mission": pgettext(LOOKUP, "mission", language)}
    return listed.get(kind, kind)


@lru_cache(maxsize=1)
def lookup_words() -> dict[str, str]:
    """Every language's lookup words, folded, to the kind they look up ('karta' -> 'card')."""
    kinds = ("rules", "card", "tile", "order", "merc", "item", "enemy", "event", "ally", "sheet", "column",
             "character", "family", "income", "lieutenant", "mission")
    return {fold(_lookup_word(kind, language)): kind for language in LANGUAGES for kind in kinds} | \
        {kind: kind for kind in kinds}


def said(game: Game, component: dict[str, Any], language: str | None) -> dict[str, Any]:
    """A component as a reader of ``language`` reads it: its name, text, facts and group said from
    the game's catalogue; its English name kept among its aliases (either is looked up)."""
    if words.catalogue(game.name, language or "en") is None:
        return component
    name = words.say(game.name, component["name"], language)
    out = {**component, "name": name, "text": words.say(game.name, component.get("text") or "", language),
           "facts": words.say_all(game.name, list(component.get("facts") or ()), language),
           "aliases": [*component.get("aliases", ()), fold(component["name"])], "english": component["name"]}
    if component.get("svg"):
        out["svg"] = words.say_svg(game.name, component["svg"], language)
    if component.get("group"):
        out["group"] = words.say(game.name, component["group"], language)
    if component.get("polish") and fold(component["polish"]) == fold(name):
        out["polish"] = None                 # the box's own name is the one said: not twice
    return out


def components(game: Game, language: str | None) -> list[dict[str, Any]]:
    return [said(game, c, language) for c in game.components()]


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


def reply(table: Table, seat: str, typed: str, public_url: str, language: str | None = None) -> str | None:
    """``answer`` for a seat's reply at a table: what its question's options say is a move."""
    def asked() -> list[str | None]:
        prompt = table.prompts().get(seat) or {}
        listed = prompt.get("options") or []
        notated = notations(table.game, table.state, seat, listed) if listed else []
        return notated + [words.write(table.game.name, n, language) for n in notated if n]
    return answer(table.game, typed, public_url, asked, language)


def rules_url(game: Game, public_url: str, language: str | None = None) -> str:
    """The game's rules page; in ``language`` when the game's rules are written in it."""
    asked = f"?lang={language}" if has_rules(game, language) else ""
    return f"{public_url.rstrip('/')}/rules/{game.name}{asked}"


def has_rules(game: Game, language: str | None) -> bool:
    """Are the game's rules written in ``language`` (not English)?"""
    return words.document(game.name, "rules.md", language) is not None


def rules_text(game: Game, language: str | None) -> str:
    """The rules in ``language`` where the game has them written in it, else in English."""
    return words.document(game.name, "rules.md", language) or game.rules_text()


def sections(game: Game, language: str | None = None) -> tuple[Section, ...]:
    return _sections(game.name, rules_text(game, language))


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


def describe(component: dict[str, Any], language: str | None = None) -> str:
    """A component's heading and whole text, as an email says it (``component`` said already)."""
    name, number = component["name"], component.get("number")
    head = f"{_lookup_word(component['kind'], language).capitalize()} {number}: {name}" if number else name
    if component.get("polish"):
        head += f" ({component['polish']})"
    if component.get("facts"):
        head += " · " + ", ".join(component["facts"])
    return f"{head}\n{component['text']}"


def answer(game: Game, typed: str, public_url: str, asked: Callable[[], Iterable[str]] | None = None,
           language: str | None = None) -> str | None:
    """The answer to a one-line reply that looks something up; None when it is no lookup (a move).
    ``asked`` gives the words of the options the seat is asked now: a reply that is one of them is
    that answer, not a lookup (Labyrinth's "card 27" plays card 27 when a card is asked)."""
    folded = fold(typed)
    first, _, rest = folded.partition(" ")
    kind = lookup_words().get(first)
    if kind == "rules":
        return _rules(game, rest, public_url, language)
    listed = [c for c in components(game, language) if c["kind"] == kind]
    if not listed or not rest:
        return None
    found = find(listed, rest)
    if found and asked is not None and folded in {fold(option) for option in asked() if option}:
        return None
    if found:
        return _shown(game, found, public_url, language)
    if any(c.get("strict") for c in listed):
        return None                      # its kind's word is also a move's: leave it to the moves
    return _unknown(game, first, rest, listed, public_url, language)


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


def _shown(game: Game, found: list[dict[str, Any]], public_url: str, language: str | None = None) -> str:
    url = rules_url(game, public_url, language)
    if found[0].get("ambiguous"):
        listed = "\n".join(f"  {lookup(c, language)}: {c['name']}" for c in found[:12])
        return (gettext("That name fits more than one; write one of these:", language) + f"\n{listed}\n\n"
                + gettext("The rules, with every one: %(url)s", language, url=url))
    parts = [describe(c, language) + "\n" + gettext("On the rules page: %(url)s", language, url=f"{url}#{anchor(c)}")
             for c in found]
    return "\n\n".join(parts)


def _unknown(game: Game, kind: str, typed: str, listed: list[dict[str, Any]], public_url: str,
             language: str | None = None) -> str:
    by_name = {fold(c["name"]): c for c in listed}
    for c in listed:
        for alias in c.get("aliases", ()):
            by_name.setdefault(fold(alias), c)
    close = difflib.get_close_matches(typed, list(by_name), n=CLOSEST * 2, cutoff=0.5)
    picked = list(dict.fromkeys(by_name[n]["name"] for n in close))[:CLOSEST]
    url = rules_url(game, public_url, language)
    if picked:
        return gettext("There is no %(kind)s called “%(said)s” in %(game)s. The closest: %(names)s. "
                       "Every %(kind)s, with its text: %(url)s", language, kind=kind, said=typed, game=game.title,
                       names=", ".join(picked), url=url)
    return gettext("There is no %(kind)s called “%(said)s” in %(game)s. Some are: %(names)s. Every %(kind)s: %(url)s",
                   language, kind=kind, said=typed, game=game.title,
                   names=", ".join(c["name"] for c in listed[:CLOSEST]), url=url)


def _rules(game: Game, typed: str, public_url: str, language: str | None = None) -> str:
    url = rules_url(game, public_url, language)
    listed = sections(game, language)
    if not typed:
        tops = ", ".join(s.title.lower() if has_rules(game, language) else s.id for s in listed if s.level == 2)   # what they write
        text = gettext("The rules of %(game)s: %(url)s", language, game=game.title, url=url) + "\n" + \
            gettext("Reply '%(rules)s' and a section's name for its text by email: %(sections)s.", language,
                    rules=_lookup_word("rules", language), sections=tops)
        if game.components():
            text += "\n" + gettext("Reply %(examples)s for a component's whole text.", language,
                                   examples=examples(game, language))
        return text
    section = _section(listed, typed)
    if section is not None:
        return _section_text(section, url, language)
    found = find(components(game, language), typed)
    if found:
        return _shown(game, found, public_url, language)
    said = typed
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
    hint = " " + gettext("The closest: %(names)s.", language, names=", ".join(nearest)) if nearest else ""
    return gettext("The rules of %(game)s have no section “%(said)s”.", language, game=game.title, said=said) + \
        hint + " " + gettext("All of them: %(url)s", language, url=url)


def _section_text(section: Section, url: str, language: str | None = None) -> str:
    return f"{section.title}\n\n{plain(section.text)}\n\n" + \
        gettext("On the rules page: %(url)s", language, url=f"{url}#{section.id}")


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


def _example(game: Game, kind: str, language: str | None = None) -> str:
    return lookup(said(game, next(c for c in game.components() if c["kind"] == kind), language), language)


def examples(game: Game, language: str | None = None) -> str:
    """"'card 1'" or "'tile mustafa' or 'order black b1'": the lookups a help text shows."""
    kinds = list(dict.fromkeys(c["kind"] for c in game.components()))
    return gettext(" or ", language).join(f"'{_example(game, k, language)}'" for k in kinds[:3]) or \
        f"'{_lookup_word('rules', language)}'"


def example_section(game: Game, language: str | None = None) -> str:
    """The id of a section a help text can show: a subsection's one-word id ('disrupt'), else the first."""
    listed = sections(game, language)
    deeper = sorted((s for s in listed if s.level > 2), key=lambda s: len(s.id))
    chosen = deeper[0] if deeper else listed[0] if listed else None
    if chosen is None:
        return "setup"
    return chosen.title.lower() if has_rules(game, language) else chosen.id


def lookup(component: dict[str, Any], language: str | None = None) -> str:
    """What a player replies to read a component: 'card 27', 'tile banker', 'order black b3' (in
    Polish 'karta 27', 'kafel bankier'): ``component`` as said in ``language``."""
    key, short = component["key"], component.get("lookup")
    if component.get("english"):          # said in another language: the number, else its short English form
        name = key if key.isdigit() else short or " ".join(re.sub(r"[^\w]+", " ", component["name"].lower()).split())
    else:
        name = short or (key if key.isdigit() else fold(component["name"]))
    return f"{_lookup_word(component['kind'], language)} {name}"
