"""The language of a page: the seat's when the page is a seat's (``g.language``), else the one its
link asks for (``?lang=``), else the one the visitor chose on a page (the ``lang`` cookie, set by ``POST /language``), else the browser's
Accept-Language among ours. Flask-Babel chooses it; the words come from i18n/."""

from typing import Any

from flask import Flask, g, redirect, request
from flask_babel import Babel, get_locale

import i18n

COOKIE = "lang"
YEAR = 365 * 86400


def chosen() -> str | None:
    """The language the visitor chose on a page (the cookie), if the platform speaks it."""
    asked = request.cookies.get(COOKIE)
    return asked if asked in i18n.LANGUAGES else None


def asked() -> str | None:
    """The language a link asks for (``?lang=pl``: a Polish email's link to the rules), if ours."""
    language = request.args.get("lang")
    return language if language in i18n.LANGUAGES else None


def current() -> str:
    return i18n.known(g.get("language") or asked() or chosen() or i18n.best(request.accept_languages))


def choose() -> Any:
    """`POST /language` (language, next): the pages in that language from now on, in this browser;
    back to the page it was asked from (a path on this server only)."""
    asked = request.form.get("language", "")
    back = request.form.get("next") or "/"
    if not back.startswith("/") or back.startswith("//") or "\\" in back:
        back = "/"
    answer = redirect(back, 303)
    if asked in i18n.LANGUAGES:
        answer.set_cookie(COOKIE, asked, max_age=YEAR, samesite="Lax", httponly=True,
                          secure=request.is_secure)
    return answer


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=current)
    i18n.install(app.jinja_env, lambda: str(get_locale()))
    app.jinja_env.globals["languages"] = i18n.LANGUAGES
    app.add_url_rule("/language", "choose_language", choose, methods=["POST"])
