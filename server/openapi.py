"""What the OpenAPI document says beyond what flask-smorest derives from the routes: every
refusal each route answers, with the error envelope, and the rules a request keeps across its
fields (a schema's ``OPENAPI``: "exactly one of move, option and text"). No catch-all "default"
answer: a status a route gives is listed on it, so that a client (and schemathesis) can hold the
server to its document."""

from collections.abc import Callable
from typing import Any

from apispec import BasePlugin
from flask_smorest import Blueprint

from .schemas import Error

ERROR = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}

# What each refusal means when a route says nothing more specific.
WHEN = {
    401: "No seat token: send 'Authorization: Bearer <token>' (or ?token=).",
    403: "The token is not one of this table's seats.",
    404: "There is no such table.",
    409: "The table cannot take this now: ``code`` says why.",
    422: "The request does not fit its schema, or the table refuses it: ``code`` and ``message`` say why.",
    429: "Too many requests from this client or to one address: wait as long as Retry-After says.",
}


def refusals(blp: Blueprint, *statuses: int, **when: str) -> Callable[[Any], Any]:
    """Document the 4xx answers of a route (``when`` overrides a meaning: ``when_409="..."``)."""
    def decorate(view: Any) -> Any:
        for status in statuses:
            description = when.get(f"when_{status}", WHEN[status])
            view = blp.alt_response(status, schema=Error, description=description)(view)
        return view
    return decorate


class DocumentExtras(BasePlugin):
    """Every operation lists 503 (the database does not answer) and, with a JSON body, 400 (not
    JSON, or nested too deeply); a schema's ``OPENAPI`` goes into its component."""

    def schema_helper(self, name: str, definition: dict[str, Any], **kwargs: Any) -> dict[str, Any] | None:
        return getattr(kwargs.get("schema"), "OPENAPI", None)

    def operation_helper(self, path: str | None = None, operations: dict[str, Any] | None = None,
                         **kwargs: Any) -> None:
        for operation in (operations or {}).values():
            responses = operation.setdefault("responses", {})
            if "requestBody" in operation and "application/json" in operation["requestBody"].get("content", {}):
                responses.setdefault("400", {"description": "The body is not JSON, or nests too deeply.",
                                             "content": ERROR})
            if 503 not in responses:
                responses.setdefault("503", {"description": "The server's database is not answering just now: try "
                                                            "again after Retry-After.", "content": ERROR})
