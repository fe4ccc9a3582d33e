"""Missions (16): placeholder until the advanced tier lands."""


def setup_missions(ctx):
    pass


def check_missions(ctx):
    pass


def test_option(s, sector):
    return None


def start_mission(ctx, sector, by):
    pass


def reset_mission(ctx, sector, why):
    pass


def condition_met(ctx, mission, m):
    pass


def new_mission(ctx, source):
    ctx.emit("nothing_to_lose", why=source, what="mission", sub=True)
