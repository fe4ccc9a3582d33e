"""The shapes of the requests and answers of POST /invitations and its gathering (issue 21). The
addresses and seats are checked by tables/gathering_check.py, which says what is wrong in a
sentence with its own code (bad_email, missing_seat, same_address...), so they are plain here."""

from marshmallow import Schema, fields, validate

import i18n

from .schemas import MAX_EMAIL, MAX_NAME, MAX_WORD, ON_TIMEOUT, ONE_LINE_PATTERN, JsonBoolean, one_line


def _text(limit: int, **metadata: object) -> fields.String:
    return fields.String(validate=[validate.Length(max=limit), one_line],
                         metadata={"pattern": ONE_LINE_PATTERN, **metadata})


def _required(limit: int, **metadata: object) -> fields.String:
    return fields.String(required=True, validate=[validate.Length(min=1, max=limit), one_line],
                         metadata={"pattern": ONE_LINE_PATTERN, **metadata})


class Creator(Schema):
    name = _text(MAX_NAME, description="Your name, as the others see it.")
    email = _required(MAX_EMAIL, description="Your address: the confirmation goes there first.",
                      example="ann@example.org")
    seat = _required(MAX_WORD, description="The seat you play.", example="mcworld")
    language = fields.String(validate=validate.OneOf(list(i18n.LANGUAGES)), metadata={
        "description": "The language you read the game in: en (the default) or pl."})


class InvitationRequest(Schema):
    game = _required(MAX_WORD, example="clash")
    options = fields.Dict(keys=fields.String(validate=validate.Length(max=MAX_WORD)), load_default=dict,
                          metadata={"description": "The game's options (GET /games); defaults for those left out."})
    time_control = fields.Dict(metadata={"description": "As for POST /tables: {'kind': 'clock', 'preset': 'fast'}, "
                                         "{'kind': 'daily', 'at': '18:00', 'tz': 'Europe/Warsaw'} or untimed."})
    on_timeout = fields.String(validate=validate.OneOf(ON_TIMEOUT), metadata={
        "description": "wait (default), bot (a bot plays the late turn) or host (you decide)."})
    creator = fields.Nested(Creator, required=True)
    seats = fields.Dict(keys=fields.String(validate=validate.Length(max=MAX_WORD)), values=fields.Dict(), required=True,
                        validate=validate.Length(max=8), metadata={
                            "description": "Every other seat: {'name', 'email'} (an invitation; 'language': 'pl' "
                                           "for Polish), {'bot': NAME} or {'open': true} (a join link to share).",
                            "example": {"jihad": {"name": "Bob", "email": "bob@example.org"}}})
    public = JsonBoolean(load_default=False, metadata={"description": "List the open seats at /open."})


class InvitationAnswer(Schema):
    id = fields.String(metadata={"description": "The table's id, once it starts."})
    status = fields.String(metadata={"description": "unconfirmed: the creator must confirm by email."})
    message = fields.String(metadata={"description": "What happens next, in a sentence."})
    confirm_by = fields.Float(metadata={"description": "The request lapses unconfirmed at this time (UTC seconds)."})
    seed_sha256 = fields.String(metadata={"description": "The commitment to the table's secret seed."})


class GatheringSeat(Schema):
    state = fields.String(metadata={"description": "creator, invited, accepted, declined, lapsed, refused, bot, open "
                                                   "or taken."})
    name = fields.String()


class GatheringAnswer(Schema):
    id = fields.String()
    game = fields.String()
    status = fields.String(metadata={"description": "unconfirmed, gathering, started or cancelled."})
    seats = fields.Dict(keys=fields.String(), values=fields.Nested(GatheringSeat))
    waiting_on = fields.List(fields.String())
    joins = fields.Dict(keys=fields.String(), values=fields.String(),
                        metadata={"description": "For the creator: the join link of each open seat."})
    seed_sha256 = fields.String()


class SeatChange(Schema):
    name = _text(MAX_NAME)
    email = _text(MAX_EMAIL)
    bot = _text(MAX_WORD)
    open = JsonBoolean()
