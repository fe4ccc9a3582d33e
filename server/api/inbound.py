"""POST /inbound/mail: a mail provider's webhook for players' replies (the raw message)."""

import hmac

from flask import request
from flask.views import MethodView
from flask_smorest import Blueprint

import tables
from tables.mailparse import REPLY_ADDRESS
from workers.inbound import enqueue_receive

from ..extensions import services
from ..openapi import refusals

blp = Blueprint("inbound", __name__, description="Replies by email, from a mail provider")

RAW_FIELDS = ("raw", "body-mime", "email", "RawEmail")   # ours, Mailgun's, SendGrid's, Postmark's


# The raw message (providers' form and JSON fields are read too: see the description).
RAW_BODY = {"required": True, "content": {"message/rfc822": {"schema": {
    "type": "string", "pattern": "[^ \\t\\n\\r\\u000b\\f]"}}}}     # not only blank


@blp.route("/inbound/mail")
class InboundMail(MethodView):
    @blp.response(202)
    @blp.doc(security=[{"inbound_secret": []}, {"inbound_basic": []}], requestBody=RAW_BODY, responses={"202": {
        "description": "Taken: a worker applies it", "content": {"application/json": {"schema": {
            "type": "object", "properties": {"accepted": {"type": "boolean"}}}}}}})
    @refusals(blp, 403, 404, 422, when_403="The inbound secret is missing or wrong.",
              when_404="The server takes no replies by webhook (no PBEM_INBOUND_SECRET).",
              when_422="The request carries no email message.")
    def post(self):  # type: ignore[no-untyped-def]
        """A reply as the raw MIME message: the request body, or a form/JSON field named raw,
        body-mime (Mailgun) or email (SendGrid). Applied by a worker, which emails the answer
        (only to the seat's own address, and only for a reply whose address and sender verify).
        Off (404) unless the server has PBEM_INBOUND_SECRET; send it in X-Inbound-Secret, or as
        the password of HTTP Basic authentication."""
        s = services()
        secret = s.settings.inbound_secret
        if not secret:
            raise tables.NotFound("This server takes no replies by webhook: its operator has not set "
                                  "PBEM_INBOUND_SECRET.", code="inbound_disabled")
        if not hmac.compare_digest(_given_secret().encode(), secret.encode()):
            raise tables.Forbidden("This webhook needs the server's inbound secret, in the X-Inbound-Secret header "
                                   "or as the password of HTTP Basic authentication (never in the URL).",
                                   code="wrong_secret")
        raw, recipients = _raw_message()
        if not raw.strip():
            raise tables.Invalid("The request carries no email message.", code="no_message")
        enqueue_receive(s.redis, s.settings, raw, recipients)
        return {"accepted": True}


def _given_secret() -> str:
    """The secret from the X-Inbound-Secret header, or the password of HTTP Basic authentication
    (what a provider that cannot send headers puts in the webhook's URL: https://any:SECRET@host/...).
    Never from the query string: access logs keep it."""
    auth = request.authorization
    basic = auth.password if auth is not None and auth.type == "basic" else None
    return request.headers.get("X-Inbound-Secret") or basic or ""


def _raw_message() -> tuple[bytes, list[str]]:
    body = request.get_json(silent=True) if request.is_json else None
    if isinstance(body, dict):
        raw = next((body[f] for f in RAW_FIELDS if isinstance(body.get(f), str)), "")
        recipients = body.get("recipients") if isinstance(body.get("recipients"), list) else []
        return raw.encode(), [r for r in recipients if isinstance(r, str) and REPLY_ADDRESS.search(r)]
    for field in RAW_FIELDS:
        if field in request.form:
            return request.form[field].encode(), request.form.getlist("recipient")
    return request.get_data(), []
