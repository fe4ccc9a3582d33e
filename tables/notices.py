"""What each email says, as data for mail_templates/: invitation, your turn, answer, game over.

Everything here is already redacted for the seat the email goes to. Emails that ask for a
decision carry a reply address and one signed link per option, both bound to the table's seq.
"""

import hashlib
import marshal
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

import games
import i18n
from games.core import SYSTEM, IllegalMove, words
from i18n import N_
from store import TableStore

from . import (
    envelope,
    framing,
    gathering_links,
    history,
    preferences,
    reference,
    signing,
    undo,
)
from .appending import FORCED
from .auth import link_key
from .model import Table, load
from .reading import entries_for, names, notations, said, view

RECENT_LIMIT = 60     # events shown at most under "since your last move"
EXAMPLES_KEPT = 256   # example turns kept per process, by position and seat
HEADLINE_CHARS = 120  # what happened, at the top of an email: about two lines on a phone


@dataclass(frozen=True)
class MailSettings:
    public_url: str
    secret_key: str
    reply_domain: str          # replies go to play+<token>@<reply_domain>
    link_ttl: int              # seconds an option link stays valid
    now: float


def calendar_key(secret_key: str, email: str) -> str:
    return signing.sign_email(secret_key, "cal", email)


def lobby_key(secret_key: str, email: str) -> str:
    return signing.sign_email(secret_key, "lobby", email)


def reply_token(secret_key: str, table_id: str, seat: str, seq: int) -> str:
    return signing.sign(secret_key, "reply", table_id, seat, seq)


def action_token(secret_key: str, table_id: str, seat: str, seq: int, option: int, expires: int) -> str:
    return signing.sign(secret_key, "act", table_id, seat, seq, option, expires)


def mute_token(secret_key: str, table_id: str, seat: str) -> str:
    return signing.sign(secret_key, "mute", table_id, seat)


def reply_address(secret_key: str, reply_domain: str, table_id: str, seat: str, seq: int) -> str:
    """Where a seat's reply to an email sent at ``seq`` goes: every email to a seat carries one, so
    that 'help', 'undo', 'mute'... work from whichever email of the game a player answers."""
    return f"play+{reply_token(secret_key, table_id, seat, seq)}@{reply_domain}"


def _base(table: Table, seat: str, m: MailSettings) -> dict[str, Any]:
    key = link_key(m.secret_key, table.id, seat)
    base = m.public_url.rstrip("/")
    info = table.seats[seat]
    return {"table": table.id, "game": table.game.name, "title": table.game.title, "seat": seat,
            "name": info["name"], "to": info["email"], "seq": table.seq,
            "reply_to": reply_address(m.secret_key, m.reply_domain, table.id, seat, table.seq),
            "framing": framing.phrase(table.game, table.seats, seat),
            "sides": framing.sides(table.game, table.seats, seat),       # said again in the reader's language
            "calendar": f"{base}/calendar/{calendar_key(m.secret_key, info['email'])}.ics",
            "lobby": f"{base}/lobby/{lobby_key(m.secret_key, info['email'])}",
            "unsubscribe": f"{base}/mute/{mute_token(m.secret_key, table.id, seat)}",
            "link": f"{base}/play/{table.id}?token={quote(key)}",
            "export_link": f"{base}/tables/{table.id}/export?token={quote(key)}",
            "rules": f"{base}/rules/{table.game.name}",
            "seed_sha256": table.doc["seed_sha256"], "language": preferences.language(None, table, seat)}


def turn(table: Table, seat: str, m: MailSettings, store: TableStore | None = None) -> dict[str, Any]:
    """The seat's situation now: its view in short, and its decision with options to reply or click.
    With ``store``: also whether the seat may reply 'undo' (then the email takes replies even when
    the seat has no question: its last move passed the turn)."""
    content = _base(table, seat, m)
    if store is not None:              # a language chosen by reply since the start
        content["language"] = preferences.language(store, table, seat)
    seen = view(table, seat)
    prompt = next((p for p in seen["prompts"] if p["seat"] == seat), None)
    content.update({"seq": table.seq, "status": seen["status"], "result": seen["result"],
                    "brief": table.game.brief(table.state, seat), "notation": table.game.notation_help,
                    "waiting_for": [p["text"] for p in seen["prompts"] if p["seat"] != seat],
                    "waiting_names": [None if p["seat"] == SYSTEM else table.seats.get(p["seat"], {}).get("name",
                                                                                                      p["seat"])
                                      for p in seen["prompts"] if p["seat"] != seat],      # None: the rules
                    "picture": table.game.picture(seen["state"], seat),
                    "prompt": None, "options": [], "range": None,
                    "seed": table.doc["seed"] if seen["status"] == "finished" else None})
    content["example"] = []
    if prompt is not None:
        expires = int(m.now + m.link_ttl)
        base = m.public_url.rstrip("/")
        game, state = table.game, table.state
        listed = prompt.get("options") or []
        content.update({
            "prompt": prompt["text"], "range": prompt.get("range"),
            "example": example(table, seat),
            "options": [{"label": o["label"], "notation": _notation(text, o["label"]),
                         "link": f"{base}/act/{action_token(m.secret_key, table.id, seat, table.seq, i, expires)}"}
                        for i, (o, text) in enumerate(zip(listed, notations(game, state, seat, listed) if listed
                                                          else []), 1)]})
    content["undo"] = 0
    if store is not None and seen["status"] == "active":
        content["undo"] = undo.window(store, table, seat).moves
    content["verdict"] = framing.outcome(table.game, seen["result"], seat)
    if seen["status"] == "finished":       # an answer that tells the end offers a rematch, as the end's own email
        content["rematch"] = rematch_link(table, seat, m)
    return content


GAME_LINES = ("recent", "happened", "taken", "brief")      # lists of the game's own lines in an email's content
TOLD_LINES = ("taken_back", "rollback")       # ... and its "lines", in these emails (elsewhere: a reply's)


def in_words(content: dict[str, Any]) -> dict[str, Any]:
    """An email's content with the game's words in its reader's language (``content["language"]``,
    as final: workers/mail.py calls this once it knows it): the question, each option's label, what
    happened, the board in words, the result, the notation's help, from the game's catalogue
    (games/core/words.py); the example turn and each option's notation in the reader's words of the
    notation, so that they still parse when sent back; whom it waits for, where the seat sits and
    what the end means for it, in the platform's words. English: the content as it is. A new copy:
    one reader's, never a cache's."""
    language = i18n.known(content.get("language"))
    if language == i18n.DEFAULT:
        return content
    if content.get("kind") == "combined":
        return {**content, "entries": [_in_words(entry, language) for entry in content.get("entries") or []]}
    if str(content.get("kind", "")).startswith("gathering") or not content.get("seat"):
        return content                     # a game being gathered says its own words (gathering_notices.py)
    return _in_words(content, language)


def picture_in_words(content: dict[str, Any], svg: str | None) -> str | None:
    """An email's board picture (or its crop) with its labels in the reader's language."""
    name, language = content.get("game"), i18n.known(content.get("language"))
    return words.say_svg(name, svg, language) if isinstance(name, str) and svg else svg


def places_in_words(content: dict[str, Any], places: list[str]) -> list[str]:
    """The places a crop is around, as the reader's language names them."""
    name, language = content.get("game"), i18n.known(content.get("language"))
    return [words.say(name, place, language) for place in places] if isinstance(name, str) else places


def _in_words(content: dict[str, Any], language: str) -> dict[str, Any]:
    name = content.get("game")
    try:
        game = games.get(name) if isinstance(name, str) else None
    except IllegalMove:                  # no game of ours (a test's)
        game = None
    out = dict(content)

    def say(text: Any) -> Any:
        return words.say(name, text, language) if isinstance(text, str) and game is not None else text

    def write(line: str) -> str:
        return words.write(name, line, language) if game is not None else line

    for key in ("prompt", "notation"):
        if key in content:
            out[key] = say(content[key])
    for key in GAME_LINES + (("lines",) if content.get("kind") in TOLD_LINES else ()):
        if isinstance(content.get(key), list):
            out[key] = [said(name, line, language) if game is not None and isinstance(line, str) else line
                        for line in content[key]]
    if content.get("options") and all(isinstance(o, dict) for o in content["options"]):
        out["options"] = [{**o, "label": say(o.get("label")),
                           **({"notation": write(o["notation"])} if o.get("notation") else {})}
                          for o in content["options"]]
    if content.get("example"):
        out["example"] = [write(line) for line in content["example"]]
    if isinstance(content.get("result"), dict) and content["result"].get("text"):
        out["result"] = {**content["result"], "text": say(content["result"]["text"])}
    if content.get("verdict"):
        out["verdict"] = i18n.gettext(content["verdict"], language)       # framing.OUTCOMES: its English is the msgid
    if "sides" in content and game is not None:
        out["framing"] = framing.worded(game, content["sides"], language)
    if "waiting_names" in content:
        out["waiting_for"] = [i18n.gettext("Waiting for %(name)s.", language,
                                           name=who if who is not None else i18n.gettext("the rules", language))
                              for who in content["waiting_names"]]
    if content.get("back_event"):
        out["line"] = history.describe(content["back_event"], content.get("back_names") or {}, language)
    if isinstance(content.get("seat"), str) and game is not None:
        out["seat_name"] = framing.seat_name(game, content["seat"], language)     # "Dżihadysta", not "jihadist"
    if isinstance(content.get("from_seat"), str) and game is not None:          # table talk: who writes
        out["from_seat"] = framing.seat_name(game, content["from_seat"], language)
    if isinstance(content.get("rules"), str) and game is not None and reference.has_rules(game, language):
        out["rules"] = f"{content['rules']}?lang={language}"      # the rules page in the reader's language
    return out


def headline(lines: list[str]) -> str | None:
    """The latest of what happened, short enough for the top of an email (its first sentences
    when it is long: the whole line is further down). A filter of the templates."""
    if not lines:
        return None
    last = lines[-1]
    if len(last) <= HEADLINE_CHARS:
        return last
    cut = last.rfind(". ", 0, HEADLINE_CHARS)
    return (last[:cut + 1] if cut >= HEADLINE_CHARS // 3 else last[:HEADLINE_CHARS].rsplit(" ", 1)[0]) + " …"


def focus(content: dict[str, Any]) -> list[str]:
    """The words an email's board picture is cropped around, the most telling first: what happened
    last, the question and its options, then what happened before (see workers/board_crop.py)."""
    happened = content.get("recent") or content.get("happened") or []
    return [*happened[-1:], content.get("prompt") or "", *(o["label"] for o in content.get("options") or []),
            *reversed(happened[:-1])]


def _notation(text: str | None, label: str) -> str | None:
    """An option's notation, unless it only repeats the label ("A1  [a1]")."""
    return None if text is None or text.strip().lower() == label.strip().lower() else text


def help_text(table: Table, seat: str, public_url: str = "", language: str | None = None) -> str:
    """What a player can write in a reply (answered to 'help'), in the seat's language."""
    game = table.game

    def _(message: str, **values: Any) -> str:
        return i18n.gettext(message, language, **values)
    talk = (_("- A line starting with 'say:' goes to every player of the table, one starting with 'team:' to your "
              "partner only, and one starting with 'note:' into your private notes (only you read them, on your "
              "seat's page); the lines under it that are not moves go with it. Any other line that is no move "
              "(\"Nice one!\" above your moves) goes to the table too, and the answer says so.") if game.teams else
            _("- A line starting with 'say:' goes to every player of the table, and one starting with 'note:' into "
              "your private notes (only you read them, on your seat's page); the lines under it that are not moves "
              "go with it. Any other line that is no move (\"Nice one!\" above your moves) goes to the table too, "
              "and the answer says so."))
    lines = [_("How to play by email: reply to the latest email of this game."),
             _("- A number answers the question with that option."),
             _("- Several moves at once: one per line (or separated by ';'), applied in order while it is "
               "your turn; the first that no longer fits stops, and you are told why."),
             _("- 'help' shows this; 'digest', 'mute' or 'immediate' choose how often you hear from the "
               "server (add 'everywhere' for all your tables)."),
             _("- 'language pl' or 'language en': your emails at this table in Polish or in English."),
             _("- 'undo' (or 'undo 2') takes back your own last move(s), while no die was rolled, nothing "
               "hidden was revealed and nobody else has moved since."),
             _("- 'rollback N' (or 'rollback N: why') asks the other players to go back to event N, past their "
               "moves (N as numbered in the log and the seat page's replay: the end of a move); it is applied when "
               "all agree. 'agree' or 'refuse' answers such a request."),
             talk,
             _("- 'rules' answers with the rules' sections, 'rules %(section)s' with one, %(examples)s with a "
               "component's whole text. The rules: %(link)s", section=reference.example_section(game, language),
               examples=reference.examples(game, language), link=reference.rules_url(game, public_url, language))]
    if game.notation_help:
        lines.append(_("- Moves in the game's notation: %(notation)s",
                       notation=words.say(game.name, game.notation_help, language)))
    example_lines = example(table, seat) if seat in table.prompts() else []
    if example_lines:           # in the reader's words of the notation, which read back
        lines.append(_("For example, your turn now could be: %(example)s",
                       example=" / ".join(words.write(game.name, line, language) for line in example_lines)))
    return "\n".join(lines)


_examples: "OrderedDict[tuple[str, str, bytes], list[str]]" = OrderedDict()
_examples_lock = threading.Lock()


def example(table: Table, seat: str) -> list[str]:
    """The game's example turn for the seat (game.example), worked out once per position and seat in
    a process: a reminder, a timeout's email or a 'help' answer at the same position reuse the turn
    email's (it is the dearest part of an email's content). Kept by the game, the seat and a hash of
    the whole state, so a position reached again after an undo or a rollback finds its own."""
    try:
        key = (table.game.name, seat, hashlib.blake2b(marshal.dumps(table.state), digest_size=16).digest())
    except ValueError:                   # a state marshal cannot write (not plain data): worked out each time
        return table.game.example(table.state, seat)
    with _examples_lock:
        kept = _examples.get(key)
        if kept is not None:
            _examples.move_to_end(key)
            return list(kept)
    lines = table.game.example(table.state, seat)
    with _examples_lock:
        _examples[key] = list(lines)
        while len(_examples) > EXAMPLES_KEPT:
            _examples.popitem(last=False)
    return lines


def invitation(table: Table, seat: str, m: MailSettings) -> dict[str, Any]:
    return {**_base(table, seat, m), "kind": "invitation", "notation": table.game.notation_help}


def your_turn(store: TableStore, table: Table, seat: str, edge: int, m: MailSettings) -> dict[str, Any] | None:
    """None when the seat is no longer waited on since ``edge``: the email has nothing to say."""
    if store.waiting(table.id).get(seat) != edge or table.result() is not None:
        return None
    return {**turn(table, seat, m, store), "kind": "your_turn", "recent": summary_since_last_move(store, table, seat),
            "welcome": False}


def combined(store: TableStore, notices: list[str], m: MailSettings) -> dict[str, Any] | None:
    """One email for several turns ("<table>/<seat>/<edge>" each): a digest, or what was held
    while mail could not be sent. Turns that are over by now are left out; None if none is left."""
    entries, to, name, languages = [], None, None, []
    for notice in notices:
        table_id, seat, edge = notice.split("/")
        table = load(store, table_id)
        if store.waiting(table_id).get(seat) != int(edge) or table.result() is not None:
            continue
        content = turn(table, seat, m)
        to, name = content["to"], content["name"]
        languages.append(preferences.language(store, table, seat))
        entries.append({"notice": notice, **{key: content[key] for key in ("game", "title", "table", "seat", "seq",
                                                                           "prompt", "link", "options")}})
    if not entries:
        return None
    return {"kind": "combined", "to": to, "name": name, "entries": entries, "table": None, "seat": None,
            "lobby": f"{m.public_url.rstrip('/')}/lobby/{lobby_key(m.secret_key, to)}",
            "language": next((spoken for spoken in languages if spoken != i18n.DEFAULT), i18n.DEFAULT)}


def game_over(store: TableStore, table: Table, seat: str, m: MailSettings) -> dict[str, Any]:
    """To every player at the end: the result in their words and the game's, the final board, what
    happened last, the seat page, and the seed that lets anyone check every roll."""
    seen = view(table, seat)
    return {**_base(table, seat, m), "kind": "game_over", "result": table.result(),
            "verdict": framing.outcome(table.game, table.result(), seat), "seed": table.doc["seed"],
            "picture": table.game.picture(seen["state"], seat), "brief": table.game.brief(table.state, seat),
            "recent": summary_since_last_move(store, table, seat),
            "rematch": rematch_link(table, seat, m), "language": preferences.language(store, table, seat)}


def rematch_link(table: Table, seat: str, m: MailSettings) -> str:
    """The end's 'Play again' link: a new table for the same players (tables/rematch.py)."""
    return f"{m.public_url.rstrip('/')}/rematch/{gathering_links.rematch_token(m.secret_key, table.id, seat)}"


def summary_since_last_move(store: TableStore, table: Table, seat: str) -> list[str]:
    """What happened since the seat last moved, one line per card play or placement."""
    # moves taken back since are left out: the undo's own line says that something was
    return history.summarize(table.game, [e["event"] for e in since_last_move(store, table, seat)
                                          if not e.get("undone")], seat, names(table))


def since_last_move(store: TableStore, table: Table, seat: str) -> list[dict[str, Any]]:
    """The events after the seat's own last decision, as the seat may see them, oldest first."""
    back = [envelope.loads(e) for e in store.read_back(table.id, RECENT_LIMIT)]
    recent = []
    for entry in back:
        if entry["by"] == seat and "move" in entry and not str(entry.get("cmd", "")).startswith(FORCED):
            while recent and "move" not in recent[-1]:     # the rest of that decision: the seat's own
                recent.pop()
            break
        recent.append(entry)
    return entries_for(table, list(reversed(recent)), seat)


def reminder(table: Table, seat: str, deadline: float, m: MailSettings) -> dict[str, Any]:
    """Before a deadline: the time left, what happens then, and the decision once more."""
    action = table.doc.get("on_timeout", "wait")
    return {**turn(table, seat, m), "kind": "reminder", "left_seconds": deadline - m.now,
            "deadline": deadline, "consequence": CONSEQUENCES[action]}


def timeout(table: Table, seat: str, m: MailSettings, taken: list[dict[str, Any]],
            to_seat: str | None = None) -> dict[str, Any]:
    """A seat ran out of time: told to the seat (with what a bot did for it, if one did) and to the
    others (``to_seat``)."""
    reader = to_seat or seat
    content = turn(table, reader, m)
    return {**content, "kind": "timeout", "late": seat, "late_name": table.seats[seat]["name"],
            "action": table.doc.get("on_timeout", "wait"),
            "taken": [e["text"] for e in entries_for(table, taken, reader)]}


def host_timeout(table: Table, seat: str, edge: int, m: MailSettings) -> dict[str, Any]:
    """To the host: a seat is out of time; two signed links decide what happens."""
    base = m.public_url.rstrip("/")
    expires = int(m.now + m.link_ttl)
    hosting = next((s for s, info in table.seats.items()      # a host who plays reads it in their seat's language
                    if (info.get("email") or "").lower() == table.doc["host"].lower()), None)
    return {"kind": "host_timeout", "to": table.doc["host"], "table": table.id, "seat": seat,
            "language": preferences.language(None, table, hosting) if hosting else i18n.DEFAULT,
            "title": table.game.title, "late_name": table.seats[seat]["name"],
            "extend": f"{base}/host/{signing.sign(m.secret_key, 'host', table.id, seat, edge, 'extend', expires)}",
            "bot": f"{base}/host/{signing.sign(m.secret_key, 'host', table.id, seat, edge, 'bot', expires)}"}


def vacation(table: Table, seat: str, away: str, until: float, m: MailSettings) -> dict[str, Any]:
    """To the other players of a table: ``away`` (a seat) is on vacation; deadlines move."""
    return {**_base(table, seat, m), "kind": "vacation", "away": table.seats[away]["name"],
            "away_seat": away, "until_at": until}


CONSEQUENCES = {"wait": N_("the game will wait for you, and the other players will be told you are late"),
                "host": N_("the table's host will decide what happens"),
                "bot": N_("a bot will play this turn for you")}     # N_: the emails say them in the reader's language
