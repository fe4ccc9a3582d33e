"""The shapes of the API's requests and answers (marshmallow), for validation and OpenAPI."""

import unicodedata
from typing import Any

from marshmallow import EXCLUDE, INCLUDE, Schema, ValidationError, fields, validate, validates_schema

import i18n
from tables.clock import VACATION_MAX_DAYS
from tables.deadlines import TIMEOUT_ACTIONS

MAX_SEQ = 2**53 - 1          # a seq or an option number: any larger is no table's (and JSON's safe integers end here)
MAX_MOVE_TEXT = 20_000       # characters of a move (or a stretch of moves) written as text
MIN_VACATION_DAYS = 0.01     # about a quarter of an hour: any shorter is no vacation


class Error(Schema):
    """Every error answer (the HTTP status is repeated in ``status``); some add a field or two."""

    class Meta:
        unknown = INCLUDE

    status = fields.Integer(required=True, metadata={"description": "The HTTP status, e.g. 422."})
    code = fields.String(required=True, metadata={"description": "Machine-readable, e.g. 'stale_seq'."})
    message = fields.String(required=True, metadata={"description": "A sentence a player understands."})
    errors = fields.Dict(metadata={"description": "A request that does not fit its schema: the problems, by field."})
    seq = fields.Integer(metadata={"description": "stale_seq: the table's current seq."})
    view = fields.Dict(metadata={"description": "stale_seq: the current view."})
    retry_after = fields.Integer(metadata={"description": "rate_limited: seconds to wait (also in Retry-After)."})


class Health(Schema):
    ok = fields.Boolean()
    redis = fields.String(metadata={"description": "'up'"})


def one_line(value: str) -> None:
    """Text that goes into emails and pages: no control characters (CR/LF would split an email
    header), no line separators, no text-direction overrides, no lone surrogates."""
    if any(unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") or c in BIDI_CONTROLS for c in value):
        raise ValidationError("Use letters, digits, spaces and punctuation only: no line breaks or control "
                              "characters.")


BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# The same rule in the OpenAPI document (a JSON Schema pattern): no control characters (Cc), line or
# paragraph separators, or text-direction controls. A message's lines may also hold tabs and line
# breaks, and not only spaces. A lone surrogate is no Unicode text, so no pattern can name it.
_BARRED = "\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069"
ONE_LINE_PATTERN = f"^[^\\u0000-\\u001f{_BARRED}]*$"
_LINES = f"[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f{_BARRED}]"
_VISIBLE = f"[^\\u0000-\\u0020{_BARRED}\\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000]"   # no space either
MESSAGE_PATTERN = f"^{_LINES}*{_VISIBLE}{_LINES}*$"     # lines of text, not all of it blank
MAX_NAME = 60
MAX_EMAIL = 254           # RFC 5321's longest address
MAX_WORD = 40             # a game, seat, bot or option name
ON_TIMEOUT = list(TIMEOUT_ACTIONS)    # what a table does when a player's time runs out


def _name(**metadata: str) -> fields.String:
    return fields.String(validate=[validate.Length(max=MAX_NAME), one_line],
                         metadata={"pattern": ONE_LINE_PATTERN, **metadata})


def _email(**metadata: str) -> fields.Email:
    return fields.Email(validate=[validate.Length(max=MAX_EMAIL), one_line],
                        metadata={"pattern": ONE_LINE_PATTERN, **metadata})


def _word(metadata: dict[str, Any] | None = None, **kwargs: Any) -> fields.String:
    return fields.String(validate=[validate.Length(min=1, max=MAX_WORD), one_line],
                         metadata={"pattern": ONE_LINE_PATTERN, **(metadata or {})}, **kwargs)


class JsonBoolean(fields.Boolean):
    """JSON's true and false only (marshmallow's Boolean also takes 0, 1, "yes"...), as the
    document's "type: boolean" says."""

    def _deserialize(self, value: object, attr: object, data: object, **kwargs: object) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class SeatRequest(Schema):
    name = _name(description=f"The player's name (at most {MAX_NAME} characters, one line).")
    email = _email(description="Where the player's emails go.")
    language = fields.String(validate=validate.OneOf(list(i18n.LANGUAGES)), metadata={
        "description": "The language the player reads the game in: en (the default) or pl."})
    bot = _word(metadata={"description": "Instead of a player: the name of a bot of the game."})
    notifications = fields.String(validate=validate.OneOf(["immediate", "digest", "mute"]), metadata={
        "description": "The player's emails at this table from the start: immediate (the default), digest, or "
                       "mute (none: a player who plays through the API). The same as PUT "
                       "/tables/{id}/notifications, before the first email could go."})


class CreateTableRequest(Schema):
    game = _word(required=True, metadata={"example": "clash"})
    options = fields.Dict(keys=_word(), load_default=dict)
    seats = fields.Dict(keys=_word(), values=fields.Nested(SeatRequest), required=True,
                        validate=validate.Length(max=8), metadata={
                            "description": "Every seat of the game (GET /games): a player {name, email} or {bot}.",
                            "example": {"mcworld": {"name": "Ann", "email": "ann@example.org"},
                                        "jihad": {"name": "Bob", "email": "bob@example.org"}}})
    time_control = fields.Dict(metadata={"description": "{'kind': 'clock', 'preset': 'live'|'fast'|'slow'}, "
                                         "{'kind': 'daily', 'at': 'HH:MM', 'tz': 'Europe/Warsaw'} or "
                                         "{'kind': 'untimed'} (the default: 21 days a move)."})
    on_timeout = fields.String(validate=validate.OneOf(ON_TIMEOUT),
                               metadata={"description": "wait (default), host (the host is asked) or bot "
                                                        "(a bot plays the turn)."})
    host = _email(description="The host's address: asked at a timeout when on_timeout is host.")


class SeatCredential(Schema):
    token = fields.String(metadata={"description": "The seat's secret: send it as 'Authorization: Bearer'."})
    url = fields.String()


class CreatedTable(Schema):
    id = fields.String()
    seed_sha256 = fields.String()
    seats = fields.Dict(keys=fields.String(), values=fields.Nested(SeatCredential))


NOT_NULL = [{"type": kind} for kind in ("object", "array", "string", "number", "boolean")]   # any JSON but null


class MoveRequest(Schema):
    class Meta:
        unknown = EXCLUDE

    OPENAPI = {"anyOf": [{"required": [name]} for name in ("move", "option", "text")],    # exactly one of them
               "not": {"anyOf": [{"required": ["move", "option"]}, {"required": ["move", "text"]},
                                 {"required": ["option", "text"]}]}}

    move = fields.Raw(metadata={"description": "The move object, exactly as listed in the prompt's options. Send "
                                               "exactly one of move, option and text.", "anyOf": NOT_NULL})
    option = fields.Integer(strict=True, validate=validate.Range(min=1, max=MAX_SEQ),
                            metadata={"description": "Or: the number of an option (1 is the first)."})
    text = fields.String(validate=validate.Length(max=MAX_MOVE_TEXT),
                         metadata={"description": "Or: an option's number, or the game's notation; several "
                                                  "moves, one a line or separated by ';'."})
    expected_seq = fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_SEQ),
                                  metadata={"description": "The seq of the view the move was decided from."})

    @validates_schema
    def exactly_one(self, data: dict, **_: object) -> None:
        if sum(k in data for k in ("move", "option", "text")) != 1:
            raise ValidationError("Send exactly one of 'move', 'option' or 'text'.")


class Prompt(Schema):
    seat = fields.String()
    kind = fields.String()
    text = fields.String()
    options = fields.List(fields.Dict())
    range = fields.Dict()
    anytime = fields.List(fields.Dict(), metadata={"description": "Moves the seat may also make now, besides "
                                                   "answering (a game that has them: La Famiglia's sales, gifts, "
                                                   "standing instructions)."})


class View(Schema):
    table = fields.String()
    game = fields.String()
    seq = fields.Integer()
    seat = fields.String(allow_none=True)
    status = fields.String(metadata={"description": "'active' or 'finished'"})
    result = fields.Dict(allow_none=True)
    seats = fields.Dict()
    seed_sha256 = fields.String()
    state = fields.Raw()
    prompts = fields.List(fields.Nested(Prompt))
    board = fields.List(fields.String(), metadata={"description": "The text board the seat's emails show "
                                                                  "(GET view and states only)."})
    from_position = fields.String(metadata={"description": "Only for a table started from a position (the option "
                                                           "position) rather than the standard setup: the "
                                                           "HMAC-SHA256 of that position (canonical JSON) keyed "
                                                           "by the table's seed, checked once the seed is out."})
    language = fields.String(metadata={"description": "GET view, for a seat: the language its emails and pages "
                                                      "are in (en or pl): chosen at the start, or by reply "
                                                      "'language pl'."})
    undo = fields.Dict(metadata={"description": "GET view, for a seat: whether it may take its own last moves "
                                                "back now: {available, moves} (and, when not, {code, message})."})
    rollback = fields.Dict(allow_none=True, metadata={
        "description": "GET view, for a seat: the rollback request waiting for the players' answers, or null: "
                       "{id, asked_by, to_seq, reason, asked_at, agreed: [seats], waiting_on: [seats], expires_at}."})
    mid_decision = fields.Boolean(metadata={"description": "GET states only, and only when true: this seq falls "
                                                           "between the events of one decision, when nobody was "
                                                           "being asked anything (prompts is empty)."})


class Event(Schema):
    seq = fields.Integer()
    by = fields.String()
    at = fields.Float()
    event = fields.Dict()
    text = fields.String()
    move = fields.Raw()
    undone = fields.Boolean(metadata={"description": "Only when true: a later undo or rollback took this event "
                                                     "back (it stays in the log as history)."})


class UndoRequest(Schema):
    class Meta:
        unknown = EXCLUDE

    OPENAPI = {"not": {"required": ["moves", "to_seq"]}}       # one or the other (or neither: moves 1)

    moves = fields.Integer(strict=True, validate=validate.Range(min=1, max=20),
                           metadata={"description": "How many of your own last moves to take back (default 1); "
                                                    "not with to_seq."})
    to_seq = fields.Integer(strict=True, validate=validate.Range(min=1, max=MAX_SEQ),
                            metadata={"description": "Or: the seq to go back to (just before one of your own "
                                                     "last moves)."})
    expected_seq = fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_SEQ),
                                  metadata={"description": "The seq of the view the undo was decided from."})


class RollbackRequest(Schema):
    class Meta:
        unknown = EXCLUDE

    to_seq = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=MAX_SEQ),
                            metadata={"description": "The event to go back to: the end of a decision, after the setup."})
    reason = fields.String(load_default="", validate=validate.Length(max=300),
                           metadata={"description": "Why, in a sentence: told to the other players."})


class RollbackAnswer(Schema):
    outcome = fields.String(metadata={"description": "'asked' (waiting for the other players), 'waiting' (your "
                                                     "answer is in, others are still to answer), 'applied', "
                                                     "'refused', or 'none' (no request is open)"})
    request = fields.Dict(allow_none=True, metadata={"description": "{id, asked_by, to_seq, at_seq, reason, "
                                                                    "asked_at, voters, votes}"})
    seq = fields.Integer()


class MoveAnswer(Schema):
    seq = fields.Integer()
    events = fields.List(fields.Nested(Event))
    view = fields.Nested(View)
    applied = fields.List(fields.String(), metadata={"description": "For a stretch: the lines applied."})
    left = fields.List(fields.String(), metadata={"description": "For a stretch: the lines not tried."})
    stopped = fields.List(fields.String(), allow_none=True,
                          metadata={"description": "For a stretch: [the line that did not fit, why]."})


class LogQuery(Schema):
    since = fields.Integer(load_default=0, validate=validate.Range(min=0, max=MAX_SEQ))   # a query: text


class LogAnswer(Schema):
    seq = fields.Integer()
    events = fields.List(fields.Nested(Event))


class VerifyAnswer(Schema):
    ok = fields.Boolean()
    problems = fields.List(fields.String())
    events = fields.Integer()
    game = fields.String(allow_none=True)
    result = fields.Dict(allow_none=True)


class GameEntry(Schema):
    name = fields.String()
    title = fields.String()
    version = fields.String()
    seats = fields.List(fields.String())
    options = fields.Dict()
    bots = fields.List(fields.String())
    notation = fields.String()
    teams = fields.Dict(metadata={"description": "A game played in teams: team name -> its seats."})
    rulings = fields.List(fields.Dict(), metadata={
        "description": "The engine's choices where the rulebook is silent or ambiguous: id, the rule's "
                       "section, the choice made, whether it is provisional, and the rulebook's words where "
                       "they decide it. A ruling a table may change is also one of the options."})


class NotificationsRequest(Schema):
    policy = fields.String(required=True, validate=validate.OneOf(["immediate", "digest", "mute"]),
                           metadata={"description": "immediate, digest (one email a day) or mute"})
    everywhere = JsonBoolean(load_default=False,
                                metadata={"description": "For all of the player's tables, not only this one."})


class NotificationsAnswer(Schema):
    seat = fields.String()
    policy = fields.String(metadata={"description": "The policy in force at this table for this seat."})
    policies = fields.Dict()


class VacationRequest(Schema):
    days = fields.Float(required=True, validate=validate.Range(min=MIN_VACATION_DAYS, max=VACATION_MAX_DAYS),
                        metadata={"description": f"How long, in days from start: at least {MIN_VACATION_DAYS} (about "
                                                 f"a quarter of an hour), at most {VACATION_MAX_DAYS}."})
    start = fields.Float(metadata={"description": "When it begins (POSIX time, not in the past); default now."})


class MailRecord(Schema):
    at = fields.Float()
    seat = fields.String(allow_none=True)
    sender = fields.String(attribute="from", data_key="from")
    outcome = fields.String(metadata={"description": "applied, refused, moved_on, shown, auto_reply, wrong_sender"})
    message_id = fields.String()
    subject = fields.String()
    lines = fields.List(fields.String(), metadata={"description": "What was read from the email: one move a line."})
    applied = fields.List(fields.String())
    stopped = fields.List(fields.String(), allow_none=True, metadata={"description": "[line, why] where it stopped."})
    message = fields.String()
    why = fields.String()
    auth = fields.Dict(metadata={"description": "What the sender checks found: spf, dkim, dkim_domains, dmarc, the "
                                                "From domain's policy, and held (not applied: the domain disowns it)."})


class MailLogAnswer(Schema):
    seat = fields.String()
    records = fields.List(fields.Nested(MailRecord))


class VacationAnswer(Schema):
    start = fields.Float()
    end = fields.Float()
    waiting = fields.List(fields.String(), metadata={"description": "Tables where the deadline moved."})


class PositionQuery(Schema):
    seq = fields.Integer(load_default=None, validate=validate.Range(min=1, max=MAX_SEQ), metadata={
        "description": "The move to take the position at (default: now); a clean point of the game, such as "
                       "the start of a turn."})


class PositionAnswer(Schema):
    table = fields.String()
    game = fields.String()
    seq = fields.Integer()
    seat = fields.String(allow_none=True, metadata={"description": "Whose view (None: an observer)."})
    complete = fields.Boolean(metadata={"description": "False while the game goes on and something hidden was "
                                                       "left out (named in hidden)."})
    hidden = fields.List(fields.String(), metadata={"description": "What was left out: another seat's hand, a "
                                                                   "deck's order, face-down things."})
    options = fields.Dict(metadata={"description": "The table's options, to start a table with (add position)."})
    position = fields.Dict(metadata={"description": "In the game's position format (the option position)."})
