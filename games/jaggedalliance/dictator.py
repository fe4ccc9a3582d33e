"""The Dictator (15): placeholder until the intermediate tier lands."""
from .steps import asks, does  # noqa: F401


def setup_board(ctx):
    ctx.set("dictator", {"name": ctx.s["campaign"]["dictator"], "threat": 0, "tokens": 0, "counter": [],
                         "slots": [], "day": True, "lieutenants": []})


def begin_phase(ctx):
    from .flow import end_round
    ctx.update(phase="players")
    end_round(ctx)


def lieutenant_defeated(ctx, lt, sector, recipients, by):
    pass
