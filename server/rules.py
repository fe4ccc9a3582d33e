"""`/rules`, `/rules/<game>`: each game's rules in our own words (``Game.rules_text``, Markdown rendered
by Python-Markdown, every heading with its stable id) and every component with its whole text under its
own anchor (``Game.components``; the addresses are tables/reference.py's, the ones emails link to);
`/rules/<game>/components.json`: the same components, for the seat page's reference.js. Nothing of a
table: these pages show the box's public texts only.

In the page's language (server/languages.py: a link's ``?lang=``, the visitor's choice, the browser's):
the rules as the game has them written in it, else in English; every component's name, text and
facts said from the game's catalogue (tables/reference.said). components.json takes ``?lang=`` only,
so that one address is one answer (it is cached)."""

from functools import lru_cache
from typing import Any

import markdown
from flask import Blueprint, jsonify, render_template, request

import games
import i18n
from games.core import Game, IllegalMove, words
from tables import reference

from .errors import envelope
from .languages import current

blp = Blueprint("rules", __name__)
KIND_TITLES = {"card": "Cards", "tile": "Tiles", "order": "Order tokens", "merc": "Mercenaries", "item": "Items",
               "enemy": "Enemies", "event": "Events", "ally": "Allies", "sheet": "Action sheets",
               "column": "The six columns", "character": "Character cards", "family": "Family boards",
               "income": "Income cards", "lieutenant": "Lieutenants", "mission": "Missions"}


@lru_cache(maxsize=32)
def rendered(name: str, language: str = "en") -> tuple[str, tuple[tuple[str, str], ...]]:
    """(the rules' HTML, its top-level sections as (id, title)) in ``language``; fixed data, so once."""
    md = markdown.Markdown(extensions=["toc", "attr_list", "sane_lists"])
    html = md.convert(reference.rules_text(games.get(name), language))
    return html, tuple((token["id"], token["name"]) for token in md.toc_tokens)


def listing(game: Game, language: str = "en") -> list[dict[str, Any]]:
    """The components in groups, in the game's order: [{"title", "id", "items": [...]}]. A group's
    id is its English title's, in every language (a link to it is the same)."""
    groups: dict[str, dict[str, Any]] = {}
    for english, component in zip(game.components(), reference.components(game, language)):
        title = english.get("group") or KIND_TITLES.get(english["kind"], english["kind"].capitalize())
        group = groups.setdefault(title, {"title": words.say(game.name, title, language),
                                          "id": "list-" + reference.slug(title), "items": []})
        group["items"].append({**component, "anchor": reference.anchor(component),
                               "lookup": reference.lookup(component, language)})
    return list(groups.values())


def _game(name: str) -> Game | None:
    try:
        return games.get(name)
    except IllegalMove:
        return None


@blp.get("/rules")
def index() -> Any:
    language = current()
    return render_template("rules_index.html", games=[{"name": g.name, "title": g.title,
                                                       "sections": rendered(g.name, language)[1]}
                                                      for g in games.all_games()])


@blp.get("/rules/<name>")
def page(name: str) -> Any:
    game = _game(name)
    if game is None:
        language = current()
        text = i18n.gettext("There is no game called “%(name)s” here; the rules of every game are at /rules.",
                            language, name=name)
        return render_template("message.html", title=i18n.gettext("No such game", language), text=text), 404
    language = current()
    html, sections = rendered(game.name, language)
    return render_template("rules.html", game=game, rules=html, sections=sections, groups=listing(game, language))


@blp.get("/rules/<name>/components.json")
def components(name: str) -> Any:
    game = _game(name)
    if game is None:
        return envelope(404, "unknown_game", f"There is no game called {name!r} here.")
    asked = request.args.get("lang")
    language = asked if asked in i18n.LANGUAGES else "en"
    fields = ("kind", "key", "number", "name", "aliases", "text", "facts", "polish", "svg")
    rules = f"/rules/{game.name}" + (f"?lang={language}" if language != "en" else "")
    shown = {"close": i18n.gettext("Close", language), "more": i18n.gettext("On the rules page", language),
             "what": i18n.gettext("What is %(name)s?", language), "whole": i18n.gettext("The whole text of %(name)s", language)}
    answer = jsonify({"game": game.name, "rules": rules, "language": language, "words": shown,
                      "components": [{key: c[key] for key in fields if c.get(key)} | {"anchor": reference.anchor(c)}
                                     for c in reference.components(game, language)]})
    answer.headers["Cache-Control"] = "public, max-age=3600"      # the box's texts: the same for every table
    return answer
