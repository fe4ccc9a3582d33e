"""The app's JSON answers written by orjson (a maintained C library, some 5 to 10 times faster
than the standard library on a view or a move's answer): the same bytes as Flask's own provider
for what the server answers (keys sorted, compact, a final newline), except that text beyond ASCII
is written as UTF-8 rather than escaped. What orjson does not take (dates, which Flask writes as
HTTP dates; integers beyond 64 bits) goes to Flask's own provider. Request bodies are read by
orjson too, and by the standard library whenever orjson refuses one (NaN, a huge integer), so
that what a client may send is what it was."""

import json
from typing import Any

import orjson
from flask import Response
from flask.json.provider import DefaultJSONProvider

OPTIONS = orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


class OrjsonProvider(DefaultJSONProvider):
    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if kwargs:                     # asked for a layout of its own (an indent, unsorted keys)
            return super().dumps(obj, **kwargs)
        try:
            return orjson.dumps(obj, default=self.default, option=OPTIONS).decode()
        except orjson.JSONEncodeError:
            return self._as_flask(obj)

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        if not kwargs:
            try:
                return orjson.loads(s)
            except orjson.JSONDecodeError:
                pass
        return json.loads(s, **kwargs)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        if not self.compact_now():
            return super().response(obj)
        return self._app.response_class(self.body(obj), mimetype=self.mimetype)

    def compact_now(self) -> bool:
        """Are answers written compact (``body``)? Not when the app is in debug mode (indented)."""
        return not ((self.compact is None and self._app.debug) or self.compact is False)

    def body(self, obj: Any) -> bytes:
        """A compact answer's bytes, as ``response`` writes them (needs no request)."""
        try:
            return orjson.dumps(obj, default=self.default, option=OPTIONS) + b"\n"
        except orjson.JSONEncodeError:
            return (self._as_flask(obj) + "\n").encode()

    def held_body(self, table: Any, seat: str | None, obj: dict[str, Any], view: dict[str, Any],
                  keep: bool = False) -> bytes:
        """``body(obj)``, the same bytes, where ``view`` (``obj`` or its view) is the seat's view of
        ``table``'s copy, its state the one the copy keeps for the seat at its seq (tables.view):
        with ``keep`` (a move's answer), the state's bytes are kept with the copy (an
        orjson.Fragment, once per seq and seat), and the seat's next view of the copy at that seq
        (a turn of several questions) writes them as they are."""
        state = view.get("state")
        held = table.kept(("state written", seat), dict) if state is not None else None
        known = held.get(id(state)) if held else None      # {id(state): (state, its bytes)}
        if known is None or known[0] is not state:
            if not keep or held is None:
                return self.body(obj)
            try:
                known = held[id(state)] = (state, orjson.Fragment(orjson.dumps(state, default=self.default,
                                                                               option=OPTIONS)))
            except orjson.JSONEncodeError:
                return self.body(obj)
        written = {**view, "state": known[1]}
        try:
            return orjson.dumps(written if view is obj else {**obj, "view": written}, default=self.default,
                                option=OPTIONS) + b"\n"
        except orjson.JSONEncodeError:
            return self.body(obj)

    def _as_flask(self, obj: Any) -> str:
        """What Flask's provider writes (non-ASCII escaped, so a lone surrogate too)."""
        return super().dumps(obj, separators=(",", ":"))
