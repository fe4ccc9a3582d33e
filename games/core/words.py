"""A game's words in its reader's language, from the game's own catalogue.

The engines write English: the log, the export, verification and every test of the rules keep
that one text. A reader of another language gets each line said again from the game's gettext
catalogue, ``games/<game>/locales/<language>.po`` (read once, when first needed, as the game's
other data files are), whose messages are the engine's sentences with their variable parts named:

    msgid "{seat} recruits in {country}: {rolls}"
    msgstr "{seat} werbuje w: {country}: {rolls}"

A line is said (``say``) by the first of:

1. a message whose msgid is the whole line (no context);
2. a name (msgctxt "name"): a country, a card, a tile, a seat, a phase, as the box in that
   language prints it;
3. a pattern: a message whose msgid has ``{parts}``, the most specific first (the longest
   fixed words); each part it caught is said in turn by these same steps (a name, or a phrase
   of its own), then put into the msgstr. ``{n:num}`` catches a number only; ``{typed:raw}``
   catches anything and keeps it as it is (what a player typed, quoted back); ``{line:notation}``
   catches a line of notation and writes it in the reader's words (``write``). A message with a
   plural (msgid_plural) takes its form from its ``{n:num}`` part, else its first ``:num`` part,
   by the language's Plural-Forms.

Anything else is left as it is; ``unsaid`` lists such lines, so that a test of whole random
games can fail on English left in another language.

The reader's own words for a move (msgctxt "notation": msgid is the canonical word of the
game's notation, msgstr the reader's words for it separated by "|") are read back by ``read``
(case and diacritics folded, the longest phrase first; names read back too), and ``write``
gives a line of notation in the reader's words (the first of them), so an example in a Polish
email is in Polish notation and still parses.
"""

import functools
import html
import io
import re
import unicodedata
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

from .svg import fit_size, text_width, wrap

ENGLISH = "en"
NAME = "name"
NOTATION = "notation"
PART = re.compile(r"\{(\w+)(?::(num|raw|notation))?\}")
DEPTH = 8                      # a part of a part of a part...: deeper than any sentence nests
AFFIX = 4                      # letters a pattern is indexed by
MEMO = 20_000                  # lines said, remembered per catalogue (a failed line is the costly one)


def fold(text: str) -> str:
    """Lower case without diacritics ("Dżihad" -> "dzihad"; "ł" -> "l")."""
    text = text.lower().replace("ł", "l")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


@dataclass
class _Pattern:
    msgid: str | tuple[str, str]
    form: str                  # the English form it reads (the msgid, or its plural)

    def __post_init__(self) -> None:
        self.regex = _regex(self.form)
        self.greedy = _regex(self.form, lazy=False)    # the same, each part as long as it can be
        self.fixed = PART.split(self.form)[::3]         # the fixed words around the parts (one more than the parts)
        self.parts = [(p.group(1), p.group(2)) for p in PART.finditer(self.form)]   # name, kind (num, raw, notation)
        self.anchor = max(self.fixed, key=len)          # its longest fixed words: a cheap test before the regex
        self.weight = sum(map(len, self.fixed))         # the most specific first


@dataclass
class Catalogue:
    """One game's words in one language."""

    translations: Translations
    patterns: list[_Pattern] = field(default_factory=list)
    reading: list[tuple[tuple[str, ...], str]] = field(default_factory=list)   # folded words -> canonical
    writing: dict[str, str] = field(default_factory=dict)                      # canonical word -> reader's
    memo: dict[tuple[str, int], str | None] = field(default_factory=dict)

    heads: dict[str, list[int]] = field(default_factory=dict)    # a pattern's first letters -> patterns
    tails: dict[str, list[int]] = field(default_factory=dict)    # its last letters, when it begins with a part
    loose: list[int] = field(default_factory=list)               # begins and ends with a part

    def index(self) -> None:
        """Patterns by the first (or last) letters a line must have: a line is tried against the
        few that can fit it, not the thousands of the catalogue."""
        for rank, pattern in enumerate(self.patterns):
            head, tail = pattern.fixed[0], pattern.fixed[-1]
            if head:
                self.heads.setdefault(head[:AFFIX], []).append(rank)
            elif tail:
                self.tails.setdefault(tail[-AFFIX:], []).append(rank)
            else:
                self.loose.append(rank)

    def fitting(self, text: str) -> list["_Pattern"]:
        ranks = list(self.loose)
        for k in range(1, AFFIX + 1):
            ranks += self.heads.get(text[:k], ()) if k <= len(text) else ()
            ranks += self.tails.get(text[-k:], ()) if k <= len(text) else ()
        return [self.patterns[rank] for rank in sorted(ranks)]

    @functools.cached_property
    def lowered(self) -> dict[str, str]:
        return {n.lower(): said for n, said in self.writing.items()}

    @functools.cached_property
    def writer(self) -> re.Pattern[str]:
        names = sorted(self.writing, key=len, reverse=True)
        return re.compile("|".join(rf"(?<!\w){re.escape(n)}(?!\w)" for n in names), re.IGNORECASE)

    def exact(self, line: str) -> str | None:
        said = self.translations.ugettext(line)
        return said if said != line or self._has(None, line) else None

    def name(self, line: str) -> str | None:
        said = self.translations.upgettext(NAME, line)
        return said if said != line or self._has(NAME, line) else None

    def _has(self, context: str | None, msgid: str) -> bool:
        key = f"{context}\x04{msgid}" if context else msgid
        return key in self.translations._catalog


def _regex(msgid: str, lazy: bool = True) -> re.Pattern[str]:
    out, seen, at = [], set(), 0
    for m in PART.finditer(msgid):
        out.append(re.escape(msgid[at:m.start()]))
        name, kind = m.group(1), m.group(2)
        if name in seen:
            out.append(f"(?P={name})")
        else:
            out.append(f"(?P<{name}>-?\\d+)" if kind == "num" else f"(?P<{name}>.+?)" if lazy else f"(?P<{name}>.+)")
            seen.add(name)
        at = m.end()
    out.append(re.escape(msgid[at:]))
    return re.compile("".join(out) + r"\Z", re.DOTALL)


def _locales(game: str) -> Any:
    try:
        return resources.files(f"games.{game}").joinpath("locales")
    except ModuleNotFoundError:
        return None


@functools.cache
def catalogue(game: str, language: str) -> Catalogue | None:
    """The game's catalogue in ``language``; None for English or a language it has no words in.

    The catalogue is ``locales/<language>.po`` and, beside it, any ``locales/<language>.<part>.po``
    (the box's texts, the picture's words, ...): one catalogue, read in that order."""
    folder = _locales(game)
    if language == ENGLISH or folder is None or not folder.joinpath(f"{language}.po").is_file():
        return None
    parts = sorted(f.name for f in folder.iterdir() if re.fullmatch(rf"{re.escape(language)}\.\w+\.po", f.name))
    return load(folder.joinpath(f"{language}.po").read_bytes(), language,
                [folder.joinpath(name).read_bytes() for name in parts])


@functools.cache
def document(game: str, name: str, language: str | None) -> str | None:
    """A whole text of the game in ``language`` (``locales/<language>.<name>``, e.g. the rules,
    ``rules.md``), or None where the game has none in that language; read once, as the catalogue."""
    folder = _locales(game)
    if not language or language == ENGLISH or folder is None:
        return None
    text = folder.joinpath(f"{language}.{name}")
    return text.read_text("utf-8") if text.is_file() else None


def load(raw: bytes, language: str, more: list[bytes] | tuple[bytes, ...] = ()) -> Catalogue:
    """A catalogue from the text of its .po file (and of the files that complete it, ``more``)."""
    parsed = read_po(io.BytesIO(raw), locale=language)
    for extra in more:
        for message in read_po(io.BytesIO(extra), locale=language):
            if message.id:
                parsed[message.id] = message
    compiled = io.BytesIO()
    write_mo(compiled, parsed)            # fuzzy messages are left out: not translations yet
    compiled.seek(0)
    out = Catalogue(Translations(compiled))
    for message in parsed:
        if not message.id or message.fuzzy or not _translated(message.string):
            continue
        forms = message.id if isinstance(message.id, tuple) else (message.id,)
        if message.context == NOTATION:
            for said in str(message.string).split("|"):
                if said.strip():
                    out.reading.append((tuple(fold(said).split()), message.id))
            out.writing[message.id] = str(message.string).split("|")[0].strip()
            continue
        if message.context == NAME:
            out.reading.append((tuple(fold(str(message.string)).split()), message.id))
            out.writing.setdefault(message.id, str(message.string))
            continue
        if message.context is None and PART.search(forms[0]):
            out.patterns += [_Pattern(message.id, form) for form in forms]
    out.patterns.sort(key=lambda p: -p.weight)
    out.index()
    out.reading.sort(key=lambda r: -len(r[0]))
    return out


def _translated(string: Any) -> bool:
    return all(string) if isinstance(string, tuple) else bool(string)


def say(game: str, text: str, language: str | None) -> str:
    """``text`` (one line or several) in ``language``, from the game's catalogue."""
    words = catalogue(game, language or ENGLISH)
    if words is None or not text:
        return text
    return "\n".join(_line(words, line, DEPTH) if line.strip() else line for line in text.split("\n"))


def say_all(game: str, lines: list[str], language: str | None) -> list[str]:
    return [say(game, line, language) for line in lines]


def unsaid(game: str, text: str, language: str) -> list[str]:
    """The lines of ``text`` the catalogue could not say (for the tests: English left over)."""
    words = catalogue(game, language)
    if words is None:
        return []
    return [line for line in text.split("\n") if line.strip() and _said(words, line.strip(), DEPTH) is None]


def _line(words: Catalogue, line: str, depth: int) -> str:
    lead = line[:len(line) - len(line.lstrip())]
    core = line.strip()
    said = _said(words, core, depth)
    return lead + said if said is not None else line


def _said(words: Catalogue, text: str, depth: int) -> str | None:
    """``text`` said from the catalogue, or None when it cannot be said whole."""
    key = (text, depth)
    try:
        return words.memo[key]
    except KeyError:
        pass
    said = _saying(words, text, depth)
    if len(words.memo) >= MEMO:
        words.memo.clear()
    words.memo[key] = said
    return said


def _saying(words: Catalogue, text: str, depth: int) -> str | None:
    found = words.exact(text)
    if found is None:
        found = words.name(text)
    if found is not None:
        return found
    if _plain(text):
        return text                          # a number, a die, a sign: the same in every language
    if depth == 0:
        return None
    for pattern in words.fitting(text):
        if pattern.anchor not in text:
            continue
        parts = _split(words, pattern, text, depth - 1)
        if parts is not None:
            return _fill(words, pattern, parts)
    return None


def _split(words: Catalogue, pattern: _Pattern, text: str, depth: int) -> dict[str, tuple[str, str]] | None:
    """The parts of ``text`` by ``pattern``, each one said: cut where each part is shortest, else
    where each is longest ("Termini Imerese b2" is the name "Termini Imerese" then "b2")."""
    for regex in (pattern.regex, pattern.greedy):
        m = regex.match(text)
        if m is None:
            continue
        parts = {}
        for name, kind in pattern.parts:
            if name in parts:
                continue
            value = m.group(name)
            said = _part(words, kind, value, depth)
            if said is None:
                break
            parts[name] = (value, said)
        else:
            return parts
    return None


def _part(words: Catalogue, kind: str | None, value: str, depth: int) -> str | None:
    if kind == "num":
        return value if NUMBER.fullmatch(value) else None
    if kind == "raw":
        return value
    if kind == "notation":
        return _written(words, value)
    return _said(words, value, depth)


NUMBER = re.compile(r"-?\d+")
PLAIN = re.compile(r"[\d\s.,:;+\-−–—/×x()\[\]#%=<>→←*?!'\"’]*")


def _plain(text: str) -> bool:
    return PLAIN.fullmatch(text) is not None


def _fill(words: Catalogue, pattern: _Pattern, parts: dict[str, tuple[str, str]]) -> str:
    if isinstance(pattern.msgid, tuple):
        numbers = [name for name, kind in pattern.parts if kind == "num"]
        count = "n" if "n" in numbers else next(iter(numbers), None)        # {n:num} if there is one
        template = words.translations.ungettext(*pattern.msgid, int(parts[count][0]) if count else 1)
    else:
        template = words.translations.ugettext(pattern.msgid)
    return PART.sub(lambda p: parts[p.group(1)][1] if p.group(1) in parts else p.group(0), template)


def read(game: str, text: str, language: str | None) -> str:
    """A reply's line in the reader's words read back into the game's notation (words the catalogue
    does not know are kept as written, so the notation itself is always understood)."""
    words = catalogue(game, language or ENGLISH)
    if words is None or not words.reading:
        return text
    tokens, out, i = text.split(), [], 0
    folded = [fold(t).strip(",.;") for t in tokens]
    while i < len(tokens):
        for phrase, canonical in words.reading:
            if phrase and tuple(folded[i:i + len(phrase)]) == phrase:
                out.append(canonical)
                i += len(phrase)
                break
        else:
            out.append(tokens[i])
            i += 1
    return " ".join(out)


def write(game: str, line: str, language: str | None) -> str:
    """A line of notation in the reader's words (each canonical word or name the catalogue has)."""
    words = catalogue(game, language or ENGLISH)
    return line if words is None else _written(words, line)


def _written(words: Catalogue, line: str) -> str:
    if not words.writing:
        return line
    return words.writer.sub(lambda m: words.lowered.get(m.group(0).lower(), m.group(0)), line)


SVG_WORDS = re.compile(r"(<(text|tspan|title)\b[^>]*>)([^<]+)(</\2>)")
# a paragraph wrapped into lines (svg.Drawing.paragraph): a group with the whole text as its title, then
# its lines; said whole, then wrapped again into as many lines of the same width
PARAGRAPH = (r'(?P<g><g\b[^>]*\sdata-wrap="(?P<width>[\d.]+)"[^>]*>)<title>(?P<whole>[^<]*)</title>'
             r'(?P<lines>(?:<text\b[^>]*>[^<]*</text>)+)</g>')
PIECES = re.compile(PARAGRAPH + r"|(?P<open><(?P<tag>text|tspan|title)\b[^>]*>)(?P<words>[^<]+)(?P<close></(?P=tag)>)")
LINE = re.compile(r"(<text\b[^>]*>)([^<]*)(</text>)")


def say_svg(game: str, svg: str | None, language: str | None) -> str | None:
    """A picture (SVG) with the words it shows, its labels and hover titles, said in ``language``
    from the game's catalogue (its ``<language>.picture.po`` part, and the rest of it)."""
    if not svg or catalogue(game, language or ENGLISH) is None:
        return svg

    def said(m: re.Match[str]) -> str:
        if m.group("whole") is not None:
            return _paragraph(game, m, language)
        text = html.unescape(m.group("words"))
        line = say(game, text, language)
        return _refit(m.group("open"), text, line) + html.escape(line, quote=False) + m.group("close")
    return PIECES.sub(said, svg)


def _paragraph(game: str, m: re.Match[str], language: str | None) -> str:
    whole = html.unescape(m.group("whole"))
    text = say(game, whole, language)
    if text == whole:
        return m.group(0)
    lines = LINE.findall(m.group("lines"))
    size = FONT_SIZE.search(lines[0][0])
    bold = 'font-weight="bold"' in lines[0][0]
    rows = wrap(text, float(size.group(2)) if size else 10.0, float(m.group("width")), len(lines), bold=bold)
    return (m.group("g") + "<title>" + html.escape(text, quote=False) + "</title>"
            + "".join(tag + html.escape(row, quote=False) + end for (tag, _, end), row in zip(lines, rows)) + "</g>")


FIT = re.compile(r'\sdata-fit="([\d.]+)"')
FONT_SIZE = re.compile(r'(\sfont-size=")([\d.]+)(")')


def _refit(tag: str, text: str, line: str) -> str:
    """A label fitted to a width (``data-fit``, svg.Drawing.text) shrunk again when the line said
    in the reader's language is wider than that."""
    fit, size = FIT.search(tag), FONT_SIZE.search(tag)
    if fit is None or size is None or line == text:
        return tag
    bold, width = 'font-weight="bold"' in tag, float(fit.group(1))
    smaller = fit_size(line, float(size.group(2)), width, bold)
    tag = FONT_SIZE.sub(lambda s: s.group(1) + f"{smaller:g}" + s.group(3), tag, count=1)
    if text_width(line, smaller, bold) > width * 1.05:     # too long even at the smallest size: squeezed in
        tag = tag[:-1] + f' textLength="{width:g}" lengthAdjust="spacingAndGlyphs">'
    return tag


def unsaid_svg(game: str, svg: str | None, language: str) -> list[str]:
    """The words of a picture left as they are in ``language`` (for a test of a language's pictures);
    a wrapped paragraph is read whole."""
    return [line for m in PIECES.finditer(svg or "")
            for line in unsaid(game, html.unescape(m.group("whole") if m.group("whole") is not None
                                                   else m.group("words")), language)]
