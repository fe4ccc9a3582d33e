"""``summarize``: what happened since a seat's last move, one line per player action and one per
enemy activation (its target, steps and attacks with the rules that chose them), from the
redacted events alone. Events marked ``sub`` belong to the line before them."""

from .describe import describe

SKIP = ("chosen", "tidy")


def summarize(events: list[dict], seat) -> list[str]:
    lines: list[str] = []
    for event in events:
        if event.get("type") in SKIP:
            continue
        text = describe(event)
        if event.get("sub") and lines:
            lines[-1] = lines[-1] + " " + text
        else:
            lines.append(text)
    return lines
