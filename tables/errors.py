"""Errors of the use cases, each with an HTTP status, a code and a sentence for a player."""


class TableError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, message: str, code: str | None = None, **extra: object):
        super().__init__(message)
        self.message = message
        self.code = code or self.code
        self.extra = extra


class NotFound(TableError):
    status, code = 404, "not_found"


class Unauthorized(TableError):
    status, code = 401, "no_credential"


class Forbidden(TableError):
    status, code = 403, "wrong_credential"


class StaleSeq(TableError):
    """The client decided from an old view. ``extra["seq"]`` is the table's current seq."""
    status, code = 409, "stale_seq"


class Invalid(TableError):
    status, code = 422, "invalid"


class Closed(TableError):
    """A request the table cannot take now (an undo after a die was rolled, a rollback already
    asked for): its code says why, its message says it to a player."""
    status, code = 409, "closed"
