"""`/rules`, `/rules/<game>`: each game's rules in our own words (``Game.rules_text``, Markdown rendered
by Python-Markdown, every heading with its stable id) and every component with its whole text under its
own anchor (``Game.components``; the addresses are tables/reference.py's, the ones emails link to);
`/rules/<game>/components.json`: the same components, for the seat page's reference.js. Nothing of a
table: these pages show the box's public texts only."""

from functools import lru_cache
from typing import Any

import markdown
from flask import Blueprint, jsonify, render_template

import games
from games.core import Game, IllegalMove
from tables import reference

from .errors import envelope

blp = Blueprint("rules", __name__)
KIND_TITLES = {"card": "Cards", "tile": "Tiles", "order": "Order tokens", "merc": "Mercenaries", "item": "Items",
               "enemy": "Enemies", "event": "Events", "ally": "Allies", "sheet": "Action sheets",
               "column": "The six columns", "character": "Character cards", "family": "Family boards",
               "income": "Income cards", "lieutenant": "Lieutenants", "mission": "Missions"}


@lru_cache(maxsize=8)
def rendered(name: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """(the rules' HTML, its top-level sections as (id, title)); rules_text is fixed data, so once."""
    md = markdown.Markdown(extensions=["toc", "attr_list", "sane_lists"])
    html = md.convert(games.get(name).rules_text())
    return html, tuple((token["id"], token["name"]) for token in md.toc_tokens)


def listing(game: Game) -> list[dict[str, Any]]:
    """The components in groups, in the game's order: [{"title", "id", "items": [...]}]."""
    groups: dict[str, dict[str, Any]] = {}
    for component in game.components():
        title = component.get("group") or KIND_TITLES.get(component["kind"], component["kind"].capitalize())
        group = groups.setdefault(title, {"title": title, "id": "list-" + reference.slug(title), "items": []})
        group["items"].append({**component, "anchor": reference.anchor(component),
                               "lookup": reference.lookup(component)})
    return list(groups.values())


def _game(name: str) -> Game | None:
    try:
        return games.get(name)
    except IllegalMove:
        return None


@blp.get("/rules")
def index() -> Any:
    return render_template("rules_index.html", games=[{"name": g.name, "title": g.title,
                                                       "sections": rendered(g.name)[1]} for g in games.all_games()])


@blp.get("/rules/<name>")
def page(name: str) -> Any:
    game = _game(name)
    if game is None:
        text = f"There is no game called “{name}” here; the rules of every game are at /rules."
        return render_template("message.html", title="No such game", text=text), 404
    html, sections = rendered(game.name)
    return render_template("rules.html", game=game, rules=html, sections=sections, groups=listing(game))


@blp.get("/rules/<name>/components.json")
def components(name: str) -> Any:
    game = _game(name)
    if game is None:
        return envelope(404, "unknown_game", f"There is no game called {name!r} here.")
    fields = ("kind", "key", "number", "name", "aliases", "text", "facts", "polish", "svg")
    answer = jsonify({"game": game.name, "rules": f"/rules/{game.name}",
                      "components": [{key: c[key] for key in fields if c.get(key)} | {"anchor": reference.anchor(c)}
                                     for c in game.components()]})
    answer.headers["Cache-Control"] = "public, max-age=3600"      # the box's texts: the same for every table
    return answer
