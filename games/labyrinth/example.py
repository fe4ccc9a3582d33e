"""A plausible whole stretch for the seat to move, in notation, so that an email can say "reply
with your whole turn, for example:" and the player can copy and edit it.

Built only from what the seat may see: the state is first masked (the other hand and the draw
pile become one sorted pool, and for the US the face-down plots and the Available Plots one
sorted pool of values), so changing what the seat cannot see cannot change the example. The
stretch is played on that copy with sensible choices (advice.py) and dice of its own, taking
the forced choices the server would take, and stops where another seat, the solo bot (the server
runs its answers after the reply, a forced one too) or the rules decide.

One line per card play ("27 ops woi pakistan"). A line also ends where what comes next depends
on something the seat cannot know while writing it: a die, or a hidden card or plot. That is
found by playing each decision in a second masked world with other dice and another deal: if
the seat's next question or its view differs, the line ends there. So the first line never
depends on dice or hidden parts, and parses and applies as written.
"""


from games.core import SYSTEM, IllegalMove, Rng

from . import advice
from .ctx import STEPS, Ctx, GameOver
from .notate import notate
from .notation import parse, plain_copy
from .rules import _apply as _step
from .rules import _decide_dict, normalise, prompts
from .view import redact
from .vocabulary import candidates

MAX_DECISIONS = 40
NEW_PLAY = ("card", "last", "cadre")
OTHER = {"us": "jihadist", "jihadist": "us"}


def mask(state, seat: str, world: int = 0):
    """A copy of the state with what the seat may not see replaced by one canonical arrangement
    (world 0) or another one (world 1), both consistent with what the seat sees."""
    s = plain_copy(state)
    other = OTHER[seat]
    pool = sorted(s["deck"] + s["hands"][other])
    if world:
        pool.reverse()
    k = len(s["hands"][other])
    s["hands"][other], s["deck"] = pool[:k], pool[k:]
    if seat != "jihadist":
        hidden = [p for p in s["plots"] if not p.get("up")]
        values = sorted([p["v"] for p in hidden] + list(s["avail"]), key=str)
        if world:
            values.reverse()
        for plot, v in zip(hidden, values):
            plot["v"] = v
        s["avail"] = values[len(hidden):]
    return s


class _Dice(Rng):
    """The example's own dice, noting whether any was used."""

    used = False

    def _bytes(self, n: int) -> bytes:
        self.used = True
        return super()._bytes(n)


def _bot(state, seat: str) -> bool:
    """The solo Jihadist: the server runs it after the reply, even for a choice with one answer."""
    return seat == "jihadist" and bool(state["opts"].get("solo"))


def _forced(prompt: dict) -> bool:
    return len(prompt.get("options") or []) == 1 and not prompt.get("range")


def decide(state, seat: str, move: dict, rng: Rng, asked: dict | None = None, mine: bool = False) -> Ctx:
    """rules.decide() of a listed move (or one the seat could write), on a marshal copy (``mine``:
    on the state itself, a copy no one else holds): the same checks and the same step, without
    decide()'s JSON round trip, which was a third of an example's time; ``asked``: the state's
    prompts, when the caller has them already. Returns the decision: its events, and its working
    copy, which is the state after them (every event is folded into it as it is made: ctx.py)."""
    if state is None or state.get("result"):
        raise IllegalMove("game_over", "The game is over.")
    asked = prompts(state) if asked is None else asked
    if seat not in asked:
        raise IllegalMove("not_your_turn", "Not this seat's turn.")
    ctx = Ctx(state if mine else plain_copy(state), rng)
    listed = {k: normalise(k, v) for k, v in move.items()}
    try:
        if listed in [o["move"] for o in asked[seat]["options"]]:
            STEPS[ctx.s["step"]["k"]][1](ctx, ctx.s["step"], listed)   # as rules._apply() does, without asking again
        elif len(move) == 1:
            _step(ctx, seat, move)          # as _decide_dict() does (it refuses the move)
        else:
            _decide_dict(ctx, seat, move)
    except GameOver:
        pass
    return ctx


def _apply(state, seat: str, move: dict, rng: Rng, asked: dict | None = None):
    """(events, the state after them); the state given is not changed."""
    ctx = decide(state, seat, move, rng, asked)
    return ctx.events, ctx.s


def _depends(state, seat: str, move: dict, events: list, after, rng: _Dice, i: int) -> tuple[bool, dict | None]:
    """Does what follows this decision depend on dice or on what the seat cannot see? It does if
    a die was rolled, or if in another world (another deal, other plots) the seat would see
    other events or be asked another question. With it, the questions of ``after`` when they
    were worked out (else None)."""
    if rng.used:
        return True, None
    try:
        other = decide(mask(state, seat, 1), seat, move, Rng(b"example: another world", i), mine=True)
    except IllegalMove:
        return True, None
    if [redact(e, seat) for e in other.events] != [redact(e, seat) for e in events]:
        return True, None
    asked = prompts(after)
    return prompts(other.s) != asked, asked


def _moves(parsed: dict) -> list[dict]:
    return parsed["seq"] if "seq" in parsed else [parsed]


WINDOW = 2          # a word can only run into the words just before it (a country of 3 words at most)
# answers written as one fixed word that no neighbour can swallow: no need to re-read the line
PLAIN = {"card", "op", "play", "first", "boost", "reroll", "last", "roll", "pass"}


def _go_on(line: list[tuple], seat: str, state, move: dict, label: str, asked: dict) -> str | None:
    """Words for `move` that the line so far can take: read from a few answers back, the line
    must still parse to the same moves (a word may otherwise join the one before it). ``asked``:
    the seat's question in ``state``."""
    back = line[-WINDOW:]
    start, start_asked = back[0][0], back[0][3]
    if set(move) <= PLAIN and set(back[-1][2]) <= PLAIN:
        return notate(state, seat, move, bare=True, asked=asked)
    # each answer of the line was decided from the state before the next one, with no die (else the
    # line had ended): what parse would work out again when it reads that answer in that state
    nexts = [(b[0], b[3]) for b in back[1:]] + [(state, asked)]

    def known(current, part: dict):
        for (before, _, answer, _, events), (after, after_asked) in zip(back, nexts):
            if current is before and part == answer:
                return events, after, after_asked
        return None
    for text in candidates(state, move, label, bare=True):
        try:
            parsed = parse(" ".join([b[1] for b in back] + [text]), start, seat, teach=False, asked=start_asked,
                           known=known)
        except IllegalMove:
            continue
        if _moves(parsed) == [b[2] for b in back] + [move]:
            return text
    return None


def _says(state, seat: str, text: str, move: dict, asked: dict) -> bool:
    try:
        return parse(text, state, seat, teach=False, asked=asked) == move
    except IllegalMove:
        return False


class _Lines:
    """The example being written: finished lines, and the line in progress as (state before,
    words, move, the seat's question in the state before, the move's events) per answer."""

    def __init__(self, seat: str):
        self.seat = seat
        self.done: list[str] = []
        self.line: list[tuple] = []
        self.answers = 0

    def add(self, before, words: str, move: dict, asked: dict, events: list) -> None:
        self.line.append((before, words, move, asked, events))
        self.answers += 1

    def flush(self) -> None:
        if len(self.line) == 1 and self.line[0][1].isdigit():   # a reply "27" would mean option 27
            before, words, move, asked, events = self.line[0]
            self.line = [(before, notate(before, self.seat, move, asked=asked) or words, move, asked, events)]
        if self.line:
            self.done.append(" ".join(entry[1] for entry in self.line))
        self.line = []


def example(state, seat: str) -> list[str]:
    """The seat's plausible stretch, one line per card play; [] when the seat is not to move or
    a single answer is all it has to give."""
    if state is None or state.get("result") or seat not in prompts(state) or seat == SYSTEM:
        return []
    out = _Lines(seat)
    try:
        _play(mask(state, seat), seat, out)
    except IllegalMove:                                    # not expected: the lines written so far stand
        out.line = []
    out.flush()
    return out.done if out.answers > 1 else []


def _play(s, seat: str, out: _Lines) -> None:
    """Play the stretch on the masked copy `s`, writing it into `out`."""
    taken = None                     # a card the server took for the seat (its only one)
    known = None                     # the questions of ``s`` when worked out already
    for i in range(MAX_DECISIONS):
        asked = prompts(s) if known is None else known
        known = None
        if not asked or s.get("result"):
            return
        (who, prompt), = asked.items()
        if who != seat:
            if who == SYSTEM or not _forced(prompt) or _bot(s, who):
                return                                      # another player, the bot or the rules decide
            out.flush()
            s = _apply(s, who, prompt["options"][0]["move"], Rng(b"example", i), asked)[1]
            continue
        if s["step"]["k"] in NEW_PLAY:
            out.flush()
        move = advice.choose(s, seat, prompt)
        label = next(o["label"] for o in prompt["options"] if o["move"] == move)
        words = _go_on(out.line, seat, s, move, label, prompt) if out.line else None
        if words is None:
            out.flush()
            if _forced(prompt):                             # the server takes it between lines
                rng = _Dice(b"example", i)
                s = _apply(s, seat, move, rng, asked)[1]
                if rng.used and out.done:
                    return                                  # a card at random: the rest is unknown
                taken = move.get("card") if isinstance(move.get("card"), int) else taken
                continue
            words = notate(s, seat, move, bare=True, asked=prompt)
            if words is None:
                return
            if taken is not None and _says(s, seat, f"{taken} {words}", move, prompt):
                words = f"{taken} {words}"                  # the card the server took, for the reader
        taken = None
        rng = _Dice(b"example", i)
        events, after = _apply(s, seat, move, rng, asked)
        out.add(s, words, move, prompt, events)
        depends, known = _depends(s, seat, move, events, after, rng, i)
        if depends:
            out.flush()
            if rng.used and s["step"]["k"] in NEW_PLAY:
                return                                      # a card at random: the rest is unknown
        s = after
