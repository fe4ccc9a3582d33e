"""The Clash game object: the protocol of games.core wired to the modules of this package."""

from games.core import Game, IllegalMove, Rng

from . import board as B
from . import describe as describe_mod
from . import example as example_mod
from . import notation, rules, setup
from . import summary
from . import picture as picture_mod
from . import position as position_mod
from . import reference
from . import view as view_mod
from .evolve import evolve


class Clash(Game):
    name = "clash"
    title = "CLASH: Jihad vs McWorld"
    version = "1"
    seats = B.SEATS
    # a tile drawn from the box (a refill, a random election) shows what was hidden: no undo past it
    revealing = frozenset({"game_dealt", "refilled", "elected"})
    options = setup.OPTIONS
    notation_help = notation.NOTATION_HELP

    def resolve_options(self, given, bots=None):
        opts = super().resolve_options(given, bots)
        if opts["position"] is not None:
            position_mod.normalise(opts["position"], opts)      # refused with its sentence at creation
        return opts

    def start(self, options, seats, rng: Rng):
        if sorted(seats) != sorted(self.seats):
            raise IllegalMove("bad_seats", f"CLASH is played by {' and '.join(self.seats)}.")
        return setup.start(self.resolve_options(options), rng)

    def evolve(self, state, event):
        return evolve(state, event)

    def prompts(self, state):
        return rules.prompts(state)

    def decide(self, state, seat, move, rng, asked=None):
        return rules.decide(state, seat, move, rng, asked)

    # open information (spec 12.1): every seat, and an observer, sees the same view but its "you"
    view_same_for_all = True

    def view(self, state, seat):
        return view_mod.view(state, seat)

    def brief(self, state, seat):
        return view_mod.brief(state, seat)

    def redact(self, event, seat):
        return event

    def parse(self, text, state, seat):
        return notation.parse(text, state, seat)

    def describe(self, event):
        return describe_mod.describe(event)

    def summarize(self, events, seat):
        return summary.summarize(events, seat)

    def notate(self, state, seat, move):
        return notation.notate(state, seat, move)

    # notate_all takes the seat's question as a third argument when its caller has it (tables.reading)
    notate_all_asked = True

    def notate_all(self, state, seat, asked=None):      # the question asked once for all its options
        return notation.notate_all(state, seat, asked)

    def move_words(self):      # tile names, directions, sides: words a line of moves begins with
        return super().move_words() | self.words_of(*(a for t in notation.TILES.values() for a in t["aliases"]), *B.COMPASS_SHORT, *B.COMPASS_SHORT.values(), B.SOUTH, B.NORTH, "tip white black")

    def example(self, state, seat):
        return example_mod.example(state, seat)

    def picture(self, view, seat):
        return picture_mod.picture(view, seat)

    def position(self, state):
        return position_mod.position(state)

    def position_for(self, position, seat):
        return position, []            # open information (spec 12.1): nothing to leave out

    def rules_text(self):
        return reference.rules_text()

    def components(self):
        return list(reference.components())

    def result(self, state):
        if state is None or not state.get("result"):
            return None
        return dict(state["result"])
