"""The languages a player reads the platform in: English (the words in the code) and each language
with a catalogue under locales/ (Polish today; a host adds one by adding its directory, no code).

Each language's catalogue is a gettext .po file under locales/<lang>/LC_MESSAGES/messages.po,
read directly at first use (nothing compiled is kept in the repository). The emails are rendered
outside any request: their templates take the language from the ``language`` of what they render
(install() below); the pages take theirs from the request (server/app.py: Flask-Babel).
"""

import functools
import io
import math
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import jinja2
from babel.core import Locale, UnknownLocaleError
from babel.dates import format_datetime
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

LOCALES = Path(__file__).resolve().parent / "locales"
DEFAULT = "en"


def discover(locales: Path | None = None) -> dict[str, str]:
    """English, then every language with a catalogue under ``locales`` (its directory's name is its
    code), each named in its own words by Babel ("polski", "čeština")."""
    found = {DEFAULT: "English"}
    for po in sorted((locales or LOCALES).glob("*/LC_MESSAGES/messages.po")):
        code = po.parents[1].name
        try:
            found[code] = Locale.parse(code).display_name or code
        except (ValueError, UnknownLocaleError):
            found[code] = code
    return found


LANGUAGES = discover()


def N_(message: str) -> str:
    """Marks a message for the catalogues where it is written; it is translated where it is shown."""
    return message


def known(language: Any) -> str:
    """The language asked for if the platform speaks it, else English."""
    return language if isinstance(language, str) and language in LANGUAGES else DEFAULT


@functools.cache
def translations(language: str) -> NullTranslations:
    """The language's catalogue, read from its .po file (English: the words as written)."""
    path = LOCALES / known(language) / "LC_MESSAGES" / "messages.po"
    if language == DEFAULT or not path.exists():
        return NullTranslations()
    with path.open("rb") as po:
        catalog = read_po(po, locale=language)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)        # fuzzy entries are left out: they are not translations yet
    compiled.seek(0)
    return Translations(compiled)


def gettext(message: str, language: str | None, **values: Any) -> str:
    """``message`` in ``language``, with its %(name)s placeholders filled."""
    text = translations(known(language)).ugettext(message)
    return text % values if values else text


def pgettext(context: str, message: str, language: str | None, **values: Any) -> str:
    """``message`` in ``language`` where its catalogue gives it in ``context`` (a word that means
    something else elsewhere: the word a player writes to look a card up is msgctxt "lookup")."""
    text = translations(known(language)).pgettext(context, message)
    return text % values if values else text


def ngettext(singular: str, plural: str, n: int, language: str | None, **values: Any) -> str:
    text = translations(known(language)).ungettext(singular, plural, n)
    return text % {"num": n, **values}


def best(accept: Any) -> str:
    """The language a browser prefers among ours (werkzeug's Accept-Language), else English."""
    return known(accept.best_match(list(LANGUAGES), default=DEFAULT) if accept is not None else DEFAULT)


DATES = {"en": "EEEE dd MMMM y, HH:mm 'UTC'", "pl": "EEEE, d MMMM y, HH:mm 'UTC'"}
MINUTE = 60


@functools.cache
def date_pattern(language: str) -> str:
    """How a language writes a moment: DATES's pattern, else Babel's full date and 24-hour time."""
    if language in DATES:
        return DATES[language]
    try:
        full = Locale.parse(language).date_formats["full"].pattern
    except (ValueError, UnknownLocaleError):
        return DATES[DEFAULT]
    return f"{full}, HH:mm 'UTC'"


def date(when: float, language: str | None) -> str:
    """A moment as a player reads it in their language, in UTC ("Monday 07 December 2026, 18:00 UTC")."""
    language = known(language)
    moment = datetime.fromtimestamp(when, tz=UTC)
    return format_datetime(moment, date_pattern(language), tzinfo=UTC, locale=language)


def said(error: Any, message: str, **values: Any) -> Any:
    """Keep the words of an error (``message`` and its values, marked for the catalogues where it is
    raised) so that whoever quotes it can say it in its reader's language (reason()). Returns it."""
    error.words = (message, values)
    return error


def reason(error: Any, language: str | None) -> str:
    """An error's sentence in ``language`` when its words were kept (said()), else as it was raised."""
    words = getattr(error, "words", None)
    if words is None:
        return str(getattr(error, "message", error))
    message, values = words
    return message(language) if callable(message) else gettext(message, language, **values)


def duration(seconds: float, language: str | None) -> str:
    """Time left in words, to the minute, with its two largest units: "2 days 3 hours", "2 dni 3 godziny"."""
    minutes = round(seconds / MINUTE) if math.isfinite(seconds) else 0
    if minutes < 1:
        return gettext("less than a minute", language)
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    parts = [*([ngettext("%(num)d day", "%(num)d days", days, language)] if days else []),
             *([ngettext("%(num)d hour", "%(num)d hours", hours, language)] if hours else []),
             *([ngettext("%(num)d minute", "%(num)d minutes", minutes, language)] if minutes else [])]
    if days and not hours:
        parts = parts[:1]          # "3 days", not "3 days 20 minutes"
    return " ".join(parts[:2])


def install(env: jinja2.Environment, fallback: Callable[[], str | None] = lambda: None) -> None:
    """Give ``env``'s templates _(), gettext(), ngettext() and {% trans %} in the language of what
    they render (its ``language``), else ``fallback()``'s (a page: the request's)."""
    def language(context: Any) -> str:
        return known(context.get("language") or fallback())

    @jinja2.pass_context
    def _gettext(context: Any, message: str) -> str:
        return translations(language(context)).ugettext(message)

    @jinja2.pass_context
    def _ngettext(context: Any, singular: str, plural: str, n: int) -> str:
        return translations(language(context)).ungettext(singular, plural, n)

    env.add_extension("jinja2.ext.i18n")
    env.install_gettext_callables(_gettext, _ngettext, newstyle=True)   # type: ignore[attr-defined]
    env.globals["spoken"] = jinja2.pass_context(language)      # <html lang="{{ spoken() }}">
    env.filters["utcdate"] = jinja2.pass_context(lambda context, when: date(when, language(context)))
    env.filters["duration"] = jinja2.pass_context(lambda context, seconds: duration(seconds, language(context)))
