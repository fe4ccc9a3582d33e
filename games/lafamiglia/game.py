"""The La Famiglia game object: the protocol of games.core wired to the modules of this package."""

from games.core import Game, IllegalMove, Rng

from . import rules, setup
from .evolve import evolve
from .state import SEATS, TEAMS


class LaFamiglia(Game):
    name = "lafamiglia"
    title = "La Famiglia: The Great Mafia War"
    version = "1"
    seats = SEATS
    teams = TEAMS
    options = setup.OPTIONS

    def start(self, options, seats, rng: Rng):
        if sorted(seats) != sorted(self.seats):
            raise IllegalMove("bad_seats", f"La Famiglia is played by {', '.join(self.seats)}.")
        return rules.start(self.resolve_options(options), rng)

    def evolve(self, state, event):
        return evolve(state, event)

    def prompts(self, state):
        return rules.prompts(state)

    def decide(self, state, seat, move, rng):
        return rules.decide(state, seat, move, rng)

    def result(self, state):
        if state is None or not state.get("result"):
            return None
        return dict(state["result"])
