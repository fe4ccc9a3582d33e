"""`/`: a small page that says what this server is, which games it hosts and how to start a table."""

from typing import Any

from flask import Blueprint, render_template, request

import games

from .extensions import services

blp = Blueprint("home", __name__)


@blp.get("/")
def home() -> Any:
    return render_template("home.html", base=request.host_url.rstrip("/"),
                           reply_domain=services().settings.reply_address_domain,
                           games=[game.catalogue() for game in games.all_games()])
