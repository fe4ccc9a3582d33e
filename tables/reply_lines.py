"""What each line of a reply is (issue 22): a move, a command, or words for the other players.

A reply is read line by line, as the player wrote it:

- ``say:``, ``team:`` or ``note:`` opens a message (to the table, to one's partner, to oneself)
  with the rest of its line; the lines under it that are neither moves nor commands go on with it.
  A move under it is a move.
- A command keeps its meaning: help, undo, mute, agree, ``rollback N: why`` (the lines under it
  are its reason), and the rules' lookups (``rules``, ``card 27``: a kind of the game's components).
- A move: a line that parses as one now, or whose first word holds a digit (an option's number, a
  card, a field), is a word of the game's notation (``Game.move_words``) or of an option asked now,
  or nearly is one ("raly" for "rally"): a mistyped move is refused as a move, never sent on as a
  message. A few words of conversation before it do not count ("I play 27...", "ok, 2").
- Anything else ("Nice one, Bob!") is a message to the table: all such lines of a reply, above,
  between and below its moves, make one message.

Moves are split at ``;`` (several on one line); a message never is.
"""

import difflib
import functools
import itertools
import re
from dataclasses import dataclass, field

from games.core import Game, IllegalMove, words
from games.core.protocol import folded_words, words_of

from . import command_words, moves, preferences, reference, rollback, undo
from .model import Table
from .reading import notations

LANGUAGE_WORDS = ("language", "język", "jezyk")
HELP_WORDS = {"", "help", "?", "commands", "how", "show", "state", "options", "status"}
EVERYWHERE = ("all", "everywhere")
PREFIX = re.compile(r"(say|team|note)\s*:\s*(.*)", re.IGNORECASE | re.DOTALL)
# words of conversation a line of moves may begin with ("ok, 2", "I play 27"): looked past
CHATTY = frozenset("yes no ok okay y n i ll m ve d a an the so well oh hey now of".split())
LOOKUPS = ("rules", "card", "tile", "order", "merc", "item")
NEAR = 0.8           # how close a word must be to one of the notation's to be a mistyped move word
MOVE, COMMAND, WORDS = "move", "command", "words"


@dataclass
class Reading:
    moves: list[str] = field(default_factory=list)                 # moves and commands, in order
    said: list[tuple[str, str]] = field(default_factory=list)      # (say | team | note | words, text), in order


def read(table: Table, seat: str, lines: list[str]) -> Reading:
    out = Reading()
    talk: tuple[str, list[str]] | None = None          # the message being written: (kind, its lines)
    reason = False                                     # the lines under 'rollback N:' are its reason
    for line in lines:
        line = command_words.english(line)            # 'cofnij 2', 'powiedz: ...': the commands' English words
        opened = PREFIX.fullmatch(line.strip())
        if opened:
            _close(out, talk)
            talk, reason = (opened.group(1).lower(), [opened.group(2).strip()]), False
            continue
        if reason:
            out.moves.append(line)
            continue
        parts = [command_words.english(part.strip()) for part in line.split(";") if part.strip()]
        kinds = [kind(table, seat, part) for part in parts]
        if talk is not None and all(k == WORDS for k in kinds):
            talk[1].append(line)
            continue
        _close(out, talk)
        talk = None
        if rollback.command([line]) is not None:
            out.moves.append(line)
            reason = True
            continue
        chat: list[str] = []
        for part, what in zip(parts, kinds):
            if what == WORDS:
                chat.append(part)
                continue
            if chat:
                _close(out, (WORDS, ["; ".join(chat)]))
                chat = []
            out.moves.append(part)
        if chat:
            talk = (WORDS, ["; ".join(chat)])
    _close(out, talk)
    return out


def _close(out: Reading, talk: tuple[str, list[str]] | None) -> None:
    """Keep the message written so far; the words of a reply that no prefix opened (above, between
    and below the moves) make one message."""
    if talk is None:
        return
    kind, text = talk[0], "\n".join(talk[1]).strip()
    earlier = next((i for i, (k, _) in enumerate(out.said) if k == WORDS), None) if kind == WORDS else None
    if earlier is None:
        out.said.append((kind, text))
    else:
        out.said[earlier] = (WORDS, out.said[earlier][1] + "\n" + text)


def kind(table: Table, seat: str, line: str) -> str:
    """MOVE, COMMAND or WORDS (for the other players)."""
    if is_command(table.game, line):
        return COMMAND
    return MOVE if is_move(table, seat, line) else WORDS


def is_command(game: Game, line: str) -> bool:
    said = command_words.english(line.strip()).lower().rstrip(".!")
    first, _, rest = said.partition(" ")
    return (said in HELP_WORDS - {""} or undo.command(said) is not None or rollback.words(said) is not None
            or rollback.command([said]) is not None or (first in preferences.POLICIES and rest in ("", *EVERYWHERE))
            or first in lookup_words(game) or language(said) is not None)


def language(said: str) -> str | None:
    """The language a line 'language pl' (or 'język pl') asks for, if it is one; None if it is no
    such line. A language the platform does not speak is asked for too (and refused, saying which it speaks)."""
    first, _, rest = said.strip().lower().rstrip(".!").partition(" ")
    return rest.strip() if first in LANGUAGE_WORDS and rest.strip().isalpha() else None


@functools.lru_cache(maxsize=16)
def lookup_words(game: Game) -> frozenset[str]:
    """The first words of the rules' lookups by email (tables/reference.py): ``rules``, the kinds of
    the game's components, and those of the other games (a lookup, even one this game cannot answer), in
    every language the platform speaks."""
    return frozenset({*LOOKUPS, *reference.lookup_words(), *(c["kind"] for c in game.components())})


def is_move(table: Table, seat: str, line: str) -> bool:
    words = folded_words(line)
    if not words:
        return False
    rest = list(itertools.dropwhile(CHATTY.__contains__, words))
    if not rest:
        return len(words) == 1                       # "yes", "ok", "no": an answer
    first = rest[0]
    if any(c.isdigit() for c in first):
        return True
    known = vocabulary(table, seat)
    return first in known or _mistyped(first, known) or _parses(table, seat, line)


def _mistyped(word: str, known: frozenset[str]) -> bool:
    """A near miss of a word of the notation: a letter left out, added, changed or swapped ("raly",
    "feild"), not another form of it ("played" is no "play")."""
    if len(word) < 4:
        return False
    alike = [w for w in known if len(w) >= 4 and abs(len(w) - len(word)) <= 1]
    return bool(difflib.get_close_matches(word, alike, n=1, cutoff=NEAR))


def vocabulary(table: Table, seat: str) -> frozenset[str]:
    """The game's move words, the words of every option asked of the seat now and the first words
    of the lines of its example turn (the emails show it: worked out once per seq of the table's copy),
    and the first words of the notation and names in the languages the seat's words are read in."""
    def work() -> frozenset[str]:
        prompt = table.prompts().get(seat)
        known = table.game.move_words() | spoken_words(table.game.name, moves.spoken(table, seat))
        if prompt is None:
            return known
        listed = prompt.get("options") or []
        asked = [text or "" for text in (notations(table.game, table.state, seat, listed) if listed else [])]
        example = [line.split()[0] for line in table.game.example(table.state, seat) if line.split()]
        return known | words_of(*asked, *example)
    return table.kept(("move-words", seat), work)


def spoken_words(game: str, languages: list[str]) -> frozenset[str]:
    """The first word of each notation word and name of the game's catalogues in ``languages``
    ("haker", "tak"): a line beginning with one is a move, as one beginning with an English one."""
    out: set[str] = set()
    for language in languages:
        said = words.catalogue(game, language)
        for phrase, _canonical in said.reading if said is not None else []:
            out.update(folded_words(phrase[0])[:1] if phrase else [])
    return frozenset(out)


def _parses(table: Table, seat: str, line: str) -> bool:
    if seat not in table.prompts():
        return False
    try:
        moves.parse(table, seat, line)
    except IllegalMove:
        return False
    return True
