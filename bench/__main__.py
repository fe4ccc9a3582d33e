"""`make bench`: every benchmark, each a ratio against its baseline measured in the same run."""

from . import cluster, cpu, email_path, fold, fsync, jagged, jobs_left, mail_cpu, memory, move, picture, solo


def main() -> None:
    runs = [("move vs one-EVAL Flask route", move.run),
            # goal 1.5x; beside it the Redis commands per move (goal: at most 8 sent, a script one)
            ("pbem run, CPU per move of all its processes, 20 Clash games (seats muted) vs bench/floor.py", cpu.run),
            ("move with PBEM_FSYNC=always vs everysec (the default)", fsync.run),
            ("fold of a 2,500-event log vs json.loads", fold.run),
            ("fold of whole Clash matches vs json.loads", lambda: fold.run_game("clash")),
            # a whole 3-deck game: the Jihadist plots or recruits when it can, so the game runs the full deck
            ("fold of a whole 3-deck Labyrinth game (events on) vs json.loads",
             lambda: fold.run_game("labyrinth", 0, {"decks": 3}, ("Plot", "Recruit"))),
            ("SVG of a mid-game Labyrinth view vs json.dumps of it", picture.run_svg),
            ("PNG (640 px) of a mid-game Labyrinth view vs json.dumps of it", picture.run_png),
            # goal: 30 ms of the mail worker's CPU a turn email (the ratio's goal is that, in json.dumps units)
            ("a turn email of mid-game Labyrinth, Clash, La Famiglia and Jagged Alliance tables, as the mail worker "
             "renders it, vs json.dumps of the seat's view", mail_cpu.run),
            ("Redis memory per event of a whole Clash match (all its keys) vs its log as plain JSON",
             lambda: memory.run("clash")),
            ("Redis memory per event of a whole 1-deck Labyrinth game (all its keys) vs its log as plain JSON",
             lambda: memory.run("labyrinth", {"decks": 1})),
            # all of Redis after 60 finished matches through the real workers; and the jobs left (goal 0)
            ("Redis bytes per event after 60 finished Clash matches (all of Redis, used_memory) vs the 200 B goal",
             jobs_left.run),
            # goal: under 10 ms of the bot's CPU time per card it plays (the ratio's goal is that, in random-bot units)
            ("section 9 Jihadist bot: its decisions per card vs a random listed option on the same positions", solo.run),
            ("Jagged Alliance: worker time of a whole Dictator Phase vs one system step of the tiny game", jagged.run),
            # scaling on this machine: the whole curve, and on a cluster, is `python -m bench.cluster`
            ("pbem run, 40 games against the bot: moves/s of 1 API process and 1 worker vs 2 and 2", cluster.run)]
    for name, bench in runs:
        result = bench()
        verdict = "meets" if result["ratio"] <= result["goal"] else "MISSES"
        details = ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}" for k, v in result.items())
        print(f"{name}: ratio {result['ratio']:.2f} ({verdict} the goal of {result['goal']:.0f}x) [{details}]")
    email_path.main()     # replies and emails a whole game takes by email: counts, not times


if __name__ == "__main__":
    main()
