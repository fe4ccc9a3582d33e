"""What every request passes at the edge, before any route reads it: the nesting depth of a JSON
body (Python's parser recurses: 100,000 levels would crash it)."""

import re

from flask import Flask, request

import tables

MAX_JSON_DEPTH = 64            # levels of arrays and objects; the deepest real request has 4
_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)
_RUNS = re.compile(rb"[\[{]+|[\]}]+")


def json_depth(body: bytes, limit: int) -> int:
    """How deep the arrays and objects of a JSON text go (strings do not count), stopping as soon
    as ``limit`` is passed. Not a parser: a malformed body is left to the parser's own error."""
    depth = deepest = 0
    for run in _RUNS.finditer(_STRINGS.sub(b"", body)):
        brackets = run.group()
        depth += len(brackets) if brackets[0] in b"[{" else -len(brackets)
        deepest = max(deepest, depth)
        if deepest > limit:
            break
    return deepest


def init_app(app: Flask) -> None:
    @app.before_request
    def shallow_json() -> None:
        if request.is_json and json_depth(request.get_data(cache=True), MAX_JSON_DEPTH) > MAX_JSON_DEPTH:
            raise tables.TableError(f"The request's JSON is nested too deeply (at most {MAX_JSON_DEPTH} levels).",
                                    code="too_deep")
