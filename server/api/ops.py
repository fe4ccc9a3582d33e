"""Health and metrics, for whoever runs the server."""

import redis
from flask import Response
from flask.views import MethodView
from flask_smorest import Blueprint
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from ..errors import envelope
from ..extensions import services
from ..schemas import Error
from ..schemas import Health as HealthAnswer

blp = Blueprint("ops", __name__, description="Health and metrics")


@blp.route("/healthz")
class Health(MethodView):
    @blp.response(200, HealthAnswer)
    @blp.alt_response(503, schema=Error, description="Redis does not answer")
    def get(self):  # type: ignore[no-untyped-def]
        """200 when Redis answers; 503 when it does not."""
        try:
            services().store.ping()
        except redis.RedisError:
            return envelope(503, "redis_down", "The server cannot reach its Redis database.")
        return {"ok": True, "redis": "up"}


@blp.route("/metrics")
class Metrics(MethodView):
    @blp.doc(responses={"200": {"description": "The Prometheus text format", "content": {
        CONTENT_TYPE_LATEST.split(";")[0]: {"schema": {"type": "string"}}}}})
    def get(self):  # type: ignore[no-untyped-def]
        """Prometheus metrics."""
        return Response(generate_latest(services().metrics.registry), mimetype=CONTENT_TYPE_LATEST)
