"""Positions for the picture tests and the picture benchmark: random games of any game, played
through its listed options only, and the SVG pictures parsed back for checking."""

import copy
import xml.etree.ElementTree as ET

from games.core import Game, Rng, fold

SVG = "{http://www.w3.org/2000/svg}"


def positions(game: Game, options: dict, seed: bytes, every: int = 1, limit: int = 6000):
    """Yield (decisions made, state) every `every` decisions of a random game, to its end."""
    log = game.start(game.resolve_options(options), list(game.seats), Rng(seed, 0))
    state = fold(game, copy.deepcopy(log))
    for made in range(limit):
        if made % every == 0:
            yield made, state
        asked = game.prompts(state)
        if not asked:
            yield made, state
            return
        seat = sorted(asked)[0]
        listed = asked[seat]["options"]
        move = listed[Rng(seed + b"/player", len(log)).below(len(listed))]["move"]
        events = game.decide(state, seat, move, Rng(seed, len(log)))
        for event in events:
            state = game.evolve(state, event)
        log += events
    raise AssertionError("the game did not end")


def mid_game(game: Game, options: dict, seed: bytes, decisions: int, seat: str | None = None):
    """The state after `decisions` random decisions (or at the end, if sooner); with `seat`, the
    first one from there on where that seat is asked to decide (so its email would go out)."""
    state = None
    for made, state in positions(game, options, seed):
        if made >= decisions and (seat is None or seat in game.prompts(state)):
            break
    return state


def parse(svg: str) -> ET.Element:
    """The SVG as XML (raises if it is not well-formed)."""
    assert svg.startswith("<?xml")
    root = ET.fromstring(svg.split("\n", 1)[1])
    assert root.tag == SVG + "svg"
    return root


def texts(root: ET.Element) -> list[str]:
    """Every line of text drawn (titles, which are tooltips, included)."""
    return [e.text or "" for e in root.iter() if e.tag in (SVG + "text", SVG + "title")]


def with_attr(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in e.attrib]


def font_sizes(root: ET.Element) -> list[float]:
    return [float(e.get("font-size")) for e in root.iter() if e.tag == SVG + "text"]
