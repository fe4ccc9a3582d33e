"""The small interface every game implements (a "decider").

States, events and moves are plain JSON values (dicts, lists, strings, numbers), so they
can be stored, snapshotted and sent without a codec. An event is a dict with a "type".

- ``start(options, seats, rng) -> [event]``: the setup, as events.
- ``evolve(state, event) -> state``: fold one event. Never rolls dice, never raises on a
  history that ``decide`` produced. ``state`` is None before the first event. It may update
  the state it is given and return it: the fold owns its state; callers that keep an old
  state pass a copy.
- ``prompts(state) -> {seat: prompt}``: who must decide now. A prompt is
  ``{"kind", "text", "options": [{"label", "move"}]}``; a free number gives ``"range"``
  instead of options. The seat ``system`` is an automatic step: the worker sends the move of
  its first option.
- ``decide(state, seat, move, rng) -> [event]``: check a move and say what happens; raises
  ``IllegalMove``. It must not change ``state``.
- ``view(state, seat) -> dict``: what that seat may see (seat None: an observer).
- ``redact(event, seat) -> event``: what that seat may see of one event.
- ``parse(text, state, seat) -> move`` and ``describe(event) -> str``; ``describe`` works on
  redacted events too, because emails and logs only ever hold redacted ones.
- ``result(state) -> None | {"winner": seat or None, "text": str}``: None while the game goes on.
- ``brief(state, seat) -> [str]``: a few lines of that seat's view, for emails.
- ``bots``: name -> ``choose(state, seat, rng) -> move``. A bot is just a player.
  ``stand_in_bot(seat)`` names the bot that plays a seat whose player ran out of time.

What a person reads (emails, the seat page, the CLI):

- ``summarize(events, seat) -> [str]``: the (already redacted) events since the seat last
  moved, as one line per card play or placement, oldest first; the log keeps every event.
- ``notate(state, seat, move) -> str | None``: the notation of a listed option's move, such
  that ``parse(text, state, seat) == move``; None when the game has no notation for it.
- ``notate_all(state, seat) -> [str | None]``: ``notate`` of every option of the seat's question,
  in order, for a view that lists them all (optional: the default calls ``notate`` per option).
- ``example(state, seat) -> [str]``: a plausible whole turn for the seat in notation, one
  decision per line, built only from what the seat may see (its hand, the board).
- ``move_words() -> frozenset[str]``: the words a move in the game's notation may begin with
  (lower case, accents folded), beyond numbers and the words of the options asked now: a line of
  a reply that does not begin with one (nor parse as a move) is read as a message to the table,
  so that "Nice one, Bob!" above a turn is passed on while a mistyped move is still refused as a
  move. The default: the first words of the examples in ``notation_help``; a game adds its names
  (places, tiles) with ``words_of``.
- ``picture(view, seat) -> str | None``: the seat's view drawn as SVG (pure; what the seat may
  not see is not in the view, so it cannot be drawn).

Positions (a table carried between the table top and the server):

- ``position(state) -> dict | None``: the state as a starting position in the game's position
  format (the table option ``position``, documented in ``games/<game>/position.py``), such that
  a table started from it asks the same questions and shows the same view; None when the state
  is not at a clean point (mid-turn) or the game has no positions.
- ``position_for(position, seat) -> (position, hidden) | None``: the position as ``seat`` (None:
  an observer) may see it while the game goes on: what it may not see left out, and ``hidden``
  naming what was left out; None when the game cannot say (then only a finished table's is shown).

The rules as a player reads them (the rules page, ``rules`` and ``card 27`` by email):

- ``rules_text() -> str``: the game's rules in our own words, as Markdown (``games/<game>/data/rules.md``);
  every heading carries a stable id (``## Disrupt {#disrupt}``), the address of its section.
- ``components() -> [dict]``: every card, tile, order, merc, item... of the box with its whole public text,
  ``{"kind", "key", "name", "aliases", "text"}`` and optionally ``"group"`` (a heading to list it under),
  ``"facts"`` (short tags: "2 Ops", "US"), ``"number"`` (its printed number), ``"polish"`` (its Polish name),
  ``"lookup"`` (the name to reply with, when not its name), ``"svg"`` (a drawing, such as a tile's reach) and
  ``"strict"`` (its kind's word is also a word of the game's moves, so a lookup answers only a name it
  knows). Only what is printed on the components: never a hand, a deck's order or anything of a table.

Taking moves back (the platform's undo, tables/undo.py):

- ``reveals(event) -> bool``: does this event show a seat something that was hidden (a card
  drawn, sealed orders opened)? A seat may not take back a move once one of these followed it,
  so that nobody can peek and undo. The default: its type is one of ``revealing``. (A die rolled
  closes the window anyway: the platform sees the generator being drawn from, ``Rng.used``.)
"""

import copy
import re
import unicodedata
from collections.abc import Callable
from typing import Any

from .errors import IllegalMove
from .rng import Rng

State = Any
Event = dict[str, Any]
Move = dict[str, Any]
Prompt = dict[str, Any]
Bot = Callable[[State, str, Rng], Move]

SYSTEM = "system"


def random_bot(state: State, seat: str, rng: Rng, *, game: "Game") -> Move:
    """Plays a uniformly random listed option: the zombie level of every game."""
    options = game.prompts(state)[seat]["options"]
    return options[rng.below(len(options))]["move"]


class Game:
    """Base class: a game overrides what it needs. Defaults suit an open game."""

    name: str = ""
    title: str = ""
    version: str = "1"
    seats: tuple[str, ...] = ()
    # option name -> {"default": value, "choices": [...] or None, "help": sentence}
    options: dict[str, dict[str, Any]] = {}
    notation_help: str = ""
    # team name -> its seats, for a game played in teams (La Famiglia: two teams of two). A seat's
    # view and the events it is shown may then carry what its team may see; empty: no teams.
    teams: dict[str, tuple[str, ...]] = {}
    # a co-operative game names here what every seat plays against (an automated opponent), so
    # that emails and pages say "with" the other players, never "against" them; empty: not co-op
    coop: str = ""
    # event types that show hidden information (see ``reveals``)
    revealing: frozenset[str] = frozenset()

    def team_of(self, seat: str | None) -> str | None:
        """The team a seat plays in; None for an observer, the system, or a game without teams."""
        return next((team for team, members in self.teams.items() if seat in members), None)

    def resolve_options(self, given: dict[str, Any] | None, bots: dict[str, str] | None = None) -> dict[str, Any]:
        """The table's options: defaults filled in; an unknown name or value is refused.

        ``bots`` says which seats a bot plays (seat -> bot name), for a game whose options
        depend on it (a solo game against a rules bot); the base class does not look at it.
        """
        given = dict(given or {})
        out = {}
        for name, spec in self.options.items():
            value = given.pop(name, spec["default"])
            choices = spec.get("choices")
            if choices is not None and value not in choices:
                raise IllegalMove("bad_option", f"Option {name!r} must be one of {choices}, not {value!r}.")
            out[name] = value
        if given:
            raise IllegalMove("unknown_option", f"{self.title} has no option {sorted(given)[0]!r}.")
        return out

    def table_seats(self, options: dict[str, Any] | None) -> tuple[str, ...]:
        """The seats a table with these options (as given, before defaults) is played by, each
        given a player: all of ``seats``, unless the game takes fewer players than its maximum (a
        co-op game for 1 to 4). Raises IllegalMove for options that name no seat list."""
        return self.seats

    def start(self, options: dict[str, Any], seats: list[str], rng: Rng) -> list[Event]:
        raise NotImplementedError

    def evolve(self, state: State, event: Event) -> State:
        raise NotImplementedError

    def prompts(self, state: State) -> dict[str, Prompt]:
        raise NotImplementedError

    def decide(self, state: State, seat: str, move: Move, rng: Rng,
               asked: dict[str, Prompt] | None = None) -> list[Event]:
        """The events of ``seat``'s ``move`` (raises IllegalMove). ``asked``: ``prompts(state)``,
        when the caller has worked it out already (to read, never to change), not asked again."""
        raise NotImplementedError

    def view(self, state: State, seat: str | None) -> dict[str, Any]:
        return copy.deepcopy(state)

    def redact(self, event: Event, seat: str | None) -> Event:
        return event

    def parse(self, text: str, state: State, seat: str) -> Move:
        raise IllegalMove("no_notation", f"{self.title} has no text notation; reply with an option's number.")

    def describe(self, event: Event) -> str:
        return event["type"]

    def result(self, state: State) -> dict[str, Any] | None:
        return None

    def brief(self, state: State, seat: str | None) -> list[str]:
        """A few lines of the seat's view for an email; a game overrides this with its own words."""
        return [f"{key}: {value}" for key, value in self.view(state, seat).items()
                if isinstance(value, (str, int, float))]

    def reveals(self, event: Event) -> bool:
        return event.get("type") in self.revealing

    def summarize(self, events: list[Event], seat: str | None) -> list[str]:
        return [self.describe(event) for event in events]

    def notate(self, state: State, seat: str, move: Move) -> str | None:
        return None

    def notate_all(self, state: State, seat: str) -> list[str | None]:
        """``notate`` of every option of the seat's question, in order ([] when it is asked
        nothing); a game whose notation asks the question again for each option overrides this."""
        prompt = self.prompts(state).get(seat)
        return [self.notate(state, seat, option["move"]) for option in (prompt or {}).get("options") or []]

    def example(self, state: State, seat: str) -> list[str]:
        return []

    def move_words(self) -> frozenset[str]:
        """The words a move may begin with (see the module's docstring)."""
        examples = re.findall(r"(?<!\w)[`']([^`'\n]+)[`'](?!\w)", self.notation_help)
        return words_of(*(example.split()[0] for example in examples if example.split()))

    @staticmethod
    def words_of(*texts: str) -> frozenset[str]:
        """Every word of ``texts``, as ``move_words`` holds them (for a game's override)."""
        return words_of(*texts)

    def picture(self, view: dict[str, Any], seat: str | None) -> str | None:
        return None

    def position(self, state: State) -> dict[str, Any] | None:
        return None

    def rules_text(self) -> str:
        """The rules in Markdown, every heading with a stable id; empty: the game has no rules page yet."""
        return ""

    def components(self) -> list[dict[str, Any]]:
        """Every component with its whole public text (see the module's docstring); empty: none listed."""
        return []

    def rulings(self) -> list[dict[str, Any]]:
        """The engine's choices where the rulebook is silent or ambiguous, each ``{"id", "rule",
        "choice", "provisional"}`` and, where the rulebook's own words decide it, ``"words"``;
        a ruling a table may change is also one of ``options``. Empty: none listed."""
        return []

    def position_for(self, position: dict[str, Any], seat: str | None) -> tuple[dict[str, Any], list[str]] | None:
        return None

    @property
    def bots(self) -> dict[str, Bot]:
        return {"random": lambda state, seat, rng: random_bot(state, seat, rng, game=self)}

    def stand_in_bot(self, seat: str) -> str:
        """The bot that plays a seat's turn when its player runs out of time."""
        return "random"

    def catalogue(self) -> dict[str, Any]:
        return {"name": self.name, "title": self.title, "version": self.version,
                "seats": list(self.seats), "options": self.options,
                "bots": sorted(self.bots), "notation": self.notation_help,
                "rulings": self.rulings()}


def folded_words(text: str) -> list[str]:
    """The words of a line as ``move_words`` holds them: lower case, accents dropped, split at
    anything but letters, digits and '#'."""
    folded = unicodedata.normalize("NFKD", text.replace("ł", "l").replace("Ł", "L")).encode("ascii", "ignore")
    folded = folded.decode().lower()
    return re.sub(r"[^a-z0-9#]+", " ", folded).split()


def words_of(*texts: str) -> frozenset[str]:
    """Every word of ``texts``, folded (``folded_words``)."""
    return frozenset(word for text in texts for word in folded_words(text))


def fold(game: Game, events: list[Event], state: State = None) -> State:
    """Replay: reduce(evolve, events, state)."""
    for event in events:
        state = game.evolve(state, event)
    return state


__all__ = ["Game", "IllegalMove", "Rng", "SYSTEM", "fold", "folded_words", "random_bot", "words_of",
           "State", "Event", "Move", "Prompt", "Bot"]
