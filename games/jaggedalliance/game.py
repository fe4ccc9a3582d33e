"""The Jagged Alliance game object: the protocol of games.core wired to this package."""

from games.core import Game, Rng

from . import advice, describe, example, notation, picture, refusals, rules, setup, summary, view
from . import position as position_mod
from . import reference
from .data import RULINGS
from .evolve import evolve


class JaggedAlliance(Game):
    name = "jaggedalliance"
    title = "Jagged Alliance: The Board Game"
    version = "3"          # issue 23: rules fixed from the rulebook (see README); exports of earlier versions do not re-run
    seats = setup.SEATS
    options = setup.OPTIONS
    notation_help = notation.HELP
    coop = "the dictator's forces, played by the server"

    def table_seats(self, options):
        return setup.table_seats(options)

    def resolve_options(self, given, bots=None):
        return setup.check_options(super().resolve_options(given, bots))

    def start(self, options, seats, rng: Rng):
        return setup.start(self.resolve_options(options), seats, rng)

    def position(self, state):
        return position_mod.position(state)

    def position_for(self, position, seat):
        return position_mod.position_for(position, seat)

    def rules_text(self):
        return reference.rules_text()

    def components(self):
        return list(reference.components())

    def rulings(self):
        return [{key: item[key] for key in ("id", "rule", "choice", "provisional", "words") if key in item}
                for item in RULINGS]

    def evolve(self, state, event):
        return evolve(state, event)

    def reveals(self, event):
        """A card drawn or turned up, a token revealed, a deck touched (view.REVEALING), or anything
        that changes what is hidden (state["hidden"]); dice close the undo window anyway."""
        return view.reveals(event)

    def prompts(self, state):
        return rules.prompts(state)

    def decide(self, state, seat, move, rng, asked=None):
        return rules.decide(state, seat, move, rng, asked)

    def view(self, state, seat):
        return view.view(state, seat)

    def redact(self, event, seat):
        return view.redact(event, seat)

    def brief(self, state, seat):
        return view.brief(state, seat)

    def describe(self, event):
        return describe.describe(event)

    def summarize(self, events, seat):
        return summary.summarize(events, seat)

    def parse(self, text, state, seat):
        prompt = rules.prompts(state).get(seat)
        move = notation.match(text, prompt) if prompt else None
        if move is None:
            raise refusals.refuse(text, state, seat)
        return move

    def notate(self, state, seat, move):
        return notation.notate(rules.prompts(state).get(seat), move)

    def move_words(self):      # the notation's words its help does not show
        return super().move_words() | self.words_of("pick stay")

    def example(self, state, seat):
        return example.example(state, seat)

    def picture(self, view, seat):
        return picture.picture(view, seat)

    @property
    def bots(self):
        return {**super().bots, "sensible": lambda state, seat, rng: advice.choose(state, seat, rng)}

    def stand_in_bot(self, seat):
        return "sensible"

    def result(self, state):
        if state is None or not state.get("result"):
            return None
        return dict(state["result"])
