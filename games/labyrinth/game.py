"""The Labyrinth game object: the protocol of games.core wired to the modules of this package."""

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
from .notate import notate, notate_all
from .summary import summarize


class Labyrinth(Game):
    name = "labyrinth"
    title = "Labyrinth: The War on Terror"
    version = "3"          # issue 23: rules fixed from the rulebook (see README); exports of earlier versions do not re-run
    seats = D.SEATS
    # cards drawn or dealt, decks shuffled, plots turned up (5.2, 7.5, 8.5): no undo past them
    revealing = frozenset({"dealt", "shuffled", "reshuffled", "cards_moved", "extra_card", "plot_alerted",
                           "plot_removed", "plots_set_aside", "first_plot"})
    options = setup.OPTIONS
    notation_help = notation.NOTATION_HELP

    def resolve_options(self, given, bots=None):
        return setup.resolve_options(self, given, bots)

    def start(self, options, seats, rng: Rng):
        if sorted(seats) != sorted(self.seats):
            raise IllegalMove("bad_seats", "Labyrinth is played by us and jihadist.")
        return setup.start(self.resolve_options(options), rng)

    def position(self, state):
        return position_mod.take(state)

    def rules_text(self):
        return reference.rules_text()

    def rulings(self):
        return [{key: item[key] for key in ("id", "rule", "choice", "provisional", "words") if key in item}
                for item in D.TABLES["rulings"]["items"]]

    def components(self):
        return list(reference.components())

    def position_for(self, position, seat):
        return position_mod.for_seat(position, seat)

    def evolve(self, state, event):
        return evolve(state, event)

    def prompts(self, state):
        return rules.prompts(state)

    def decide(self, state, seat, move, rng, asked=None):
        return rules.decide(state, seat, move, rng, asked)

    def view(self, state, seat):
        return view_mod.view(state, seat)

    def brief(self, state, seat):
        return view_mod.brief(state, seat)

    def redact(self, event, seat):
        return view_mod.redact(event, seat)

    def parse(self, text, state, seat):
        return notation.parse(text, state, seat)

    def describe(self, event):
        return describe_mod.describe(event)

    def summarize(self, events, seat):
        return summarize(events, seat)

    def notate(self, state, seat, move):
        return notate(state, seat, move)

    # notate_all takes the seat's question as a third argument when its caller has it (tables.reading)
    notate_all_asked = True

    def notate_all(self, state, seat, asked=None):      # the question asked once for all its options
        return notate_all(state, seat, asked)

    def move_words(self):      # countries, operations and the answers' words begin a line of moves
        return super().move_words() | self.words_of(*D.NAMES, *D.ALIASES, *(w for ws in notation.OP_WORDS.values() for w in ws), *(w for answers in notation.WORDS.values() for ws in answers.values() for w in ws), "random wmd track cadre remove")

    def example(self, state, seat):
        return example(state, seat)

    def picture(self, view, seat):
        return picture_mod.picture(view, seat)

    @property
    def bots(self):
        from .solo.bot import choose
        return {**super().bots, setup.BOT: choose}

    def stand_in_bot(self, seat):
        """The section 9 bot stands in for a Jihadist out of time; a random player for the US."""
        return setup.BOT if seat == "jihadist" else "random"

    def result(self, state):
        if state is None or not state.get("result"):
            return None
        return dict(state["result"])
