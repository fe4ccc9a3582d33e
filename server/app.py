"""The Flask app factory."""

import time
from typing import Any

from flask import Flask, Response, g, request

import config

from . import docs_assets, errors, extensions, fast_routes, gathering_pages, guards, home, languages, lobby, mute, pages, rules
from .api import catalogue, inbound, invitations, mail_log, moves, ops, positions, replay, tables, talk
from .json_provider import OrjsonProvider
from .session import CookieOnlyWhenSent


class WholeAnswer(Response):
    """A response whose body is all in memory (a list of parts: every JSON answer, every page)
    is handed to the server as one list, which Granian writes at once: any other iterable is
    pulled from Python one part at a time, each under the GIL, and closed afterwards. Closing
    such a response does nothing (nothing to close, no callbacks), so nothing is lost by not
    being called back; a stream, a file, a HEAD or an empty status goes the usual way."""

    def get_app_iter(self, environ: Any) -> Any:
        status = self.status_code
        if (type(self.response) is not list or self._on_close or self.direct_passthrough or status < 200
                or status in (204, 304) or environ["REQUEST_METHOD"] == "HEAD"):
            return super().get_app_iter(environ)
        return list(self.iter_encoded())


def create_app(overrides: dict[str, Any] | None = None) -> Flask:
    settings = config.load(overrides)
    if not settings.redis_url:
        raise RuntimeError("REDIS_URL is not set: start the server with 'pbem run', which starts Redis for you.")
    app = Flask(__name__)
    app.response_class = WholeAnswer
    app.json = OrjsonProvider(app)                # the hot answers (a view, a move's) in a tenth of the time
    app.session_interface = CookieOnlyWhenSent()  # the seat pages' flashed messages; the API sends no cookie
    app.config.update(
        SECRET_KEY=settings.secret_key, MAX_CONTENT_LENGTH=16 * 1024 * 1024,
        API_TITLE="PBEM turn server", API_VERSION="1", OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/", OPENAPI_JSON_PATH="openapi.json", OPENAPI_SWAGGER_UI_PATH="/docs",
        OPENAPI_SWAGGER_UI_URL=docs_assets.URL)
    extensions.init_app(app, settings)
    languages.init_app(app)
    api = errors.JsonErrorsApi(app)
    errors.register(app)
    guards.init_app(app, settings)
    for blueprint in (catalogue.blp, tables.blp, moves.blp, inbound.blp, mail_log.blp, ops.blp, replay.blp, talk.blp,
                      positions.blp, invitations.blp):
        api.register_blueprint(blueprint)
    app.register_blueprint(pages.blp)
    app.register_blueprint(talk.page_blp)
    app.register_blueprint(mute.blp)
    app.register_blueprint(home.blp)
    app.register_blueprint(docs_assets.blp)
    app.register_blueprint(lobby.blp)
    app.register_blueprint(gathering_pages.blp)
    app.register_blueprint(rules.blp)
    _plain_routes(app)
    _measure(app)
    _sync_only(app)
    fast_routes.install(app)      # the hottest routes' ordinary requests answered before Flask
    return app


def _plain_routes(app: Flask) -> None:
    """The two hottest routes (a seat's view, a move) answered by plain view functions, without
    the documented wrappers' layers (webargs, marshmallow, flask-smorest's, MethodView's), which
    cost them more than their work. The OpenAPI document is still written from the documented
    routes, and whatever a plain view does not read as ordinary goes through them."""
    app.view_functions["tables.TableView"] = tables.view_answer
    app.view_functions["moves.Moves"] = moves.plain_moves(app.view_functions["moves.Moves"])


def _sync_only(app: Flask) -> None:
    """Every view and hook of this app is a plain function (none is ``async def``): Flask's check,
    run for each of them on every request, is done once per function (a method's, once per
    function under it) instead."""
    plain: set[Any] = set()
    check = app.ensure_sync

    def ensure_sync(func: Any) -> Any:
        key = getattr(func, "__func__", func)
        try:
            if key in plain:
                return func
        except TypeError:                 # cannot be a key: checked each time
            return check(func)
        done = check(func)
        if done is func and len(plain) < 4096:
            plain.add(key)
        return done

    app.ensure_sync = ensure_sync  # type: ignore[method-assign]


def _measure(app: Flask) -> None:
    @app.before_request
    def started() -> None:
        g.started = request.environ.get(fast_routes.STARTED) or time.perf_counter()

    @app.after_request
    def answered(response: Any) -> Any:
        endpoint = request.url_rule.rule if request.url_rule else "unmatched"
        extensions.services().metrics.answered(endpoint, str(response.status_code),
                                               time.perf_counter() - g.get("started", time.perf_counter()))
        return response
