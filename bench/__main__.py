"""`make bench`: every benchmark, each a ratio against its baseline measured in the same run."""

from . import fold, move


def main() -> None:
    for name, bench in (("move vs one-EVAL Flask route", move), ("fold vs json.loads", fold)):
        result = bench.run()
        verdict = "meets" if result["ratio"] <= result["goal"] else "MISSES"
        details = ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}" for k, v in result.items())
        print(f"{name}: ratio {result['ratio']:.2f} ({verdict} the goal of {result['goal']:.0f}x) [{details}]")


if __name__ == "__main__":
    main()
