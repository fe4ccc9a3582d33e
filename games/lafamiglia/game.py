"""The La Famiglia game object: the protocol of games.core wired to the modules of this package."""

from games.core import Game, IllegalMove, Rng

from . import data as D
from . import describe as describe_mod
from . import notation, rules, setup
from . import picture as picture_mod
from . import position as position_mod
from . import reference
from . import view as view_mod
from .evolve import evolve
from .example import example
from .summary import summarize
from .state import SEATS, TEAMS


class LaFamiglia(Game):
    name = "lafamiglia"
    title = "La Famiglia: The Great Mafia War"
    version = "3"          # issue 23: rules fixed from the rulebook (see README); exports of earlier versions do not re-run
    seats = SEATS
    teams = TEAMS
    # sealed orders turned up, conflict cards revealed: no undo past them
    revealing = frozenset({"reveal", "cards"})
    options = setup.OPTIONS
    notation_help = notation.NOTATION_HELP

    def resolve_options(self, given, bots=None):
        opts = super().resolve_options(given, bots)
        if opts["position"] is not None:
            position_mod.normalise(opts["position"], opts)      # refused with its sentence at creation
        return opts

    def start(self, options, seats, rng: Rng):
        if sorted(seats) != sorted(self.seats):
            raise IllegalMove("bad_seats", f"La Famiglia is played by {', '.join(self.seats)}.")
        return rules.start(self.resolve_options(options), rng)

    def evolve(self, state, event):
        return evolve(state, event)

    def prompts(self, state):
        return rules.prompts(state)

    def decide(self, state, seat, move, rng, asked=None):
        return rules.decide(state, seat, move, rng, asked)

    def view(self, state, seat):
        return view_mod.view(state, seat)

    def redact(self, event, seat):
        return view_mod.redact(event, seat)

    def brief(self, state, seat):
        return view_mod.brief(state, seat)

    def parse(self, text, state, seat):
        return notation.parse(text, state, seat)

    def notate(self, state, seat, move):
        return notation.notate(state, seat, move)

    def notate_all(self, state, seat):      # the question asked once for all its options
        return notation.notate_all(state, seat)

    def move_words(self):      # every word an answer of the notation may begin with: places, names, steps
        return super().move_words() | self.words_of(*notation.move_words())

    def describe(self, event):
        return describe_mod.describe(event)

    def summarize(self, events, seat):
        return summarize(events, seat)

    def example(self, state, seat):
        return example(state, seat)

    def picture(self, view, seat):
        return picture_mod.picture(view, seat)

    def position(self, state):
        return position_mod.position(state)

    def position_for(self, position, seat):
        return position_mod.position_for(position, seat)

    def rules_text(self):
        return reference.rules_text()

    def components(self):
        return list(reference.components())

    def rulings(self):
        """The engine's choices where the rulebook is silent or unclear and no table option covers them."""
        return [{key: item[key] for key in ("id", "rule", "choice", "provisional", "words") if key in item}
                for item in D.RULINGS["items"]]

    def catalogue(self):
        return {**super().catalogue(), "teams": {team: list(seats) for team, seats in self.teams.items()}}

    @property
    def bots(self):
        return {**super().bots, "standing": rules.standing_bot}

    def stand_in_bot(self, seat):
        """A seat out of time is played by its standing instructions, then at random (14.7)."""
        return "standing"

    def result(self, state):
        if state is None or not state.get("result"):
            return None
        return dict(state["result"])
