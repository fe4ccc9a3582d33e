"""One error envelope for everything: {"code", "message", "status"} (+ "errors", "seq", "view")."""

from typing import Any

from flask import Flask, jsonify
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from games.core import IllegalMove
from store.connect import UNAVAILABLE
from tables import TableError

from .openapi import DocumentExtras
from .schemas import Error

HTTP_CODES = {400: "bad_request", 401: "no_credential", 403: "wrong_credential", 404: "not_found",
              405: "method_not_allowed", 409: "conflict", 413: "too_large", 415: "unsupported_media_type",
              422: "invalid_request", 428: "precondition_required", 429: "rate_limited", 500: "server_error", 503: "unavailable"}


def envelope(status: int, code: str, message: str, **extra: Any) -> tuple[Any, int]:
    return jsonify({"status": status, "code": code, "message": message, **extra}), status


# A field whose refusal has a code of its own, the same the table layer gives when the schema
# lets a value through that the rules then refuse (a client keys on the code, not on who refused).
FIELD_CODES = {"days": "bad_vacation", "on_timeout": "bad_timeout", "time_control": "bad_time_control"}


def _code(messages: dict[str, Any]) -> str:
    """The code of a validation refusal: a field's own when every refused field has that one."""
    refused = {field for fields in messages.values() if isinstance(fields, dict) for field in fields}
    codes = {FIELD_CODES.get(field) for field in refused}
    return codes.pop() if len(codes) == 1 and None not in codes else "invalid_request"


def _field_sentence(messages: dict[str, Any]) -> str:
    """The first validation message, as a sentence: 'expected_seq: Not a valid integer.'"""
    for fields in messages.values():
        if isinstance(fields, dict):
            for field, problems in fields.items():
                problem = problems[0] if isinstance(problems, list) else problems
                if isinstance(problem, dict):
                    inner = _field_sentence({"": problem})
                    return inner if field == "value" else f"{field}: {inner}"   # "value": a dict's value
                return f"{field}: {problem}" if field != "_schema" else str(problem)
        elif isinstance(fields, list) and fields:
            return str(fields[0])
    return "The request is not valid."


class JsonErrorsApi(Api):
    ERROR_SCHEMA = Error         # what the OpenAPI document says every error looks like
    DEFAULT_ERROR_RESPONSE_NAME = None     # each route lists its own refusals (server/openapi.py)

    def __init__(self, app: Flask) -> None:
        super().__init__(app, spec_kwargs={"extra_plugins": [DocumentExtras()]})
        # the credentials some routes take (seat tokens are documented on each route)
        self.spec.components.security_scheme("api_key", {"type": "apiKey", "in": "header", "name": "X-API-Key"})
        self.spec.components.security_scheme("inbound_secret", {"type": "apiKey", "in": "header",
                                                                "name": "X-Inbound-Secret"})
        self.spec.components.security_scheme("inbound_basic", {"type": "http", "scheme": "basic"})

    def handle_http_exception(self, error: HTTPException) -> Any:  # type: ignore[override]
        status = error.code or 500
        data = getattr(error, "data", None) or {}
        messages = data.get("messages") or data.get("errors")
        if status == 400 and messages and "json" in messages and not isinstance(messages["json"], dict):
            return envelope(400, "malformed_json", "The request body is not valid JSON.")
        if messages:
            return envelope(status, _code(messages) if status == 422 else "invalid_request",
                            _field_sentence(messages), errors=messages)
        message = data.get("message") or (error.description if status != 500 else "Something went wrong on "
                                          "the server; the move was not applied.")
        answer, status = envelope(status, HTTP_CODES.get(status, "error"), str(message))
        for name, value in error.get_headers():
            if name.lower() in ("allow", "retry-after", "www-authenticate"):    # 405 says what is allowed
                answer.headers[name] = value
        return answer, status


def register(app: Flask) -> None:
    @app.errorhandler(TableError)
    def table_error(error: TableError) -> Any:
        extra = dict(error.extra)
        answer, status = envelope(error.status, error.code, error.message, **extra)
        if "retry_after" in extra:
            answer.headers["Retry-After"] = str(extra["retry_after"])
        return answer, status

    @app.errorhandler(IllegalMove)
    def illegal_move(error: IllegalMove) -> Any:
        return envelope(422, error.code, error.message)

    def redis_down(error: Exception) -> Any:
        """Redis is restarting (or loading its data), or a cluster's master is down until its
        replica takes over: a clear 503; the client connects again by itself at the next
        request once it is back."""
        response, status = envelope(503, "unavailable", "The server's database is not answering just now. Try "
                                    "again in a few seconds; a move sent again with the same Idempotency-Key "
                                    "is applied at most once.")
        response.headers["Retry-After"] = "5"
        return response, status

    for unavailable in UNAVAILABLE:
        app.register_error_handler(unavailable, redis_down)
