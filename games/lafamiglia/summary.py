"""``summarize``: what happened since a seat's last move, one line per player action (a planning
turn, an order resolved, a fight, a setup choice, a cleanup), from the redacted events alone."""

from .describe import describe

# An event of these kinds opens a new line; every other event joins the line before it.
HEADS = {"setup", "family", "setup_step", "phase", "turn", "fight", "result", "rotate", "tile", "instr", "applied",
         "sell", "gift", "seal_open", "cards"}
NOISE = {"next", "step", "plan"}      # (a seat's listed sheet-0 fields show when its markers go down)


def _opens(event) -> bool:
    kind = event.get("type")
    if kind == "fight":
        return bool(event.get("fight"))
    if kind == "note":
        return event.get("what") == "resolve"
    return kind in HEADS


def _quiet(event) -> bool:
    kind = event.get("type")
    return kind in NOISE or (kind == "fight" and not event.get("fight")) or \
        (kind == "note" and event.get("what") in ("part", "order_part"))


def summarize(events, seat) -> list[str]:
    lines: list[list[str]] = []
    for event in events:
        if _opens(event) or not lines:
            lines.append([])
        if not _quiet(event) or _opens(event):
            lines[-1].append(describe(event))
    return [" ".join(parts) for parts in lines if parts]
