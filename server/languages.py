"""The language of a page: the seat's when the page is a seat's (``g.language``), else the
browser's Accept-Language among ours. Flask-Babel chooses it; the words come from i18n/."""

from flask import Flask, g, request
from flask_babel import Babel, get_locale

import i18n


def current() -> str:
    return i18n.known(g.get("language") or i18n.best(request.accept_languages))


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=current)
    i18n.install(app.jinja_env, lambda: str(get_locale()))
    app.jinja_env.globals["languages"] = i18n.LANGUAGES
