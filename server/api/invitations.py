"""Players start games themselves (issue 21): POST /invitations, no token. Nothing is sent to
anyone but the creator until the creator confirms by email; then the others are invited, open
seats get join links, and the table starts when every seat is filled. The creator (with the seat
link of the confirmation emails) follows and changes the seats here too."""

import time
from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from tables import gathering, gathering_check, gathering_seats
from tables.gathering_links import Links
from workers.gathering import enqueue_mails

from .. import guards
from ..auth import credential
from ..extensions import services
from ..openapi import refusals
from ..invitation_schemas import GatheringAnswer, InvitationAnswer, InvitationRequest, SeatChange

blp = Blueprint("invitations", __name__, description="Players start a game themselves: invitations and open seats")


def links() -> Links:
    s = services().settings
    return Links(s.public_url.rstrip("/"), s.secret_key, s.reply_address_domain)


def queue_mail(g: gathering.Gathering) -> None:
    s = services()
    enqueue_mails(s.redis, s.settings, g)          # type: ignore[arg-type]


def ask(body: dict[str, Any]) -> gathering.Gathering:
    """A request from the API or the page's form: limited, kept unconfirmed, its confirmation sent."""
    s = services()
    asked = [str((body.get("creator") or {}).get("email") or "")]
    asked += [str(spec.get("email") or "") for spec in (body.get("seats") or {}).values() if isinstance(spec, dict)]
    gathering_check.check(body)                          # a bad request is not counted
    guards.limit_player_request(s.settings, asked)
    g = gathering.ask(s.store, body, time.time())
    queue_mail(g)
    return g


@blp.route("/invitations")
class Invitations(MethodView):
    @blp.arguments(InvitationRequest)
    @blp.response(202, InvitationAnswer)
    @refusals(blp, 422, 429, when_422="The request does not fit its schema, or not the game (an unknown game, "
              "seats that are not its seats, a bad address, one address for two seats...).")
    def post(self, body: dict[str, Any]):  # type: ignore[no-untyped-def]
        """Ask for a new game with invited players, bots and open seats. Answers 202: the creator is
        emailed a confirmation link; nobody else is emailed before they click it (or reply 'confirm').

        Limited per client and per address named (429 past a limit)."""
        g = ask(body)
        return {"id": g.id, "status": g.status, "confirm_by": float(g.doc["created"]) + gathering.UNCONFIRMED,
                "seed_sha256": g.doc["seed_sha256"],
                "message": f"We emailed {g.creator['email']} a link to confirm this game. Nobody else is emailed "
                           "until it is clicked (or the email is answered 'confirm'); the request lapses in 24 hours."}


def view(g: gathering.Gathering, seat: str | None) -> dict[str, Any]:
    """What a seat of the gathering sees: the seats' states and names, never an address; the
    creator also its join links."""
    out = {"id": g.id, "game": g.doc["game"], "status": g.status, "seed_sha256": g.doc["seed_sha256"],
           "seats": {s: {"state": i["state"], "name": i.get("name", "")} for s, i in g.seats.items()},
           "waiting_on": g.waiting_on(), "joins": {}}
    if seat == g.creator["seat"]:
        out["joins"] = {s: links().join(g.id, s) for s, i in g.seats.items() if i["state"] == "open"}
    return out


GATHERING_403 = "The token is not one of this game's seats."
GATHERING_404 = "There is no game waiting for players with this id."
CREATOR_403 = "Only the player who set up the game (with their seat's token) changes it."


def _creator(gid: str) -> gathering.Gathering:
    g = gathering.need(services().store, gid)
    seat = gathering.seat_of(g, credential(), services().settings.secret_key)
    if seat != g.creator["seat"]:
        gathering_seats.creator_only(g, None)
    return g


@blp.route("/invitations/<gid>")
class Invitation(MethodView):
    @blp.response(200, GatheringAnswer)
    @refusals(blp, 403, 404, when_403=GATHERING_403, when_404=GATHERING_404)
    def get(self, gid: str):  # type: ignore[no-untyped-def]
        """A game waiting for players, as a seat of it sees it (its seat link's token); without one,
        only the seats' states."""
        g = gathering.need(services().store, gid)
        return view(g, gathering.seat_of(g, credential(), services().settings.secret_key))


@blp.route("/invitations/<gid>/seats/<seat>")
class InvitationSeat(MethodView):
    @blp.arguments(SeatChange)
    @blp.response(200, GatheringAnswer)
    @refusals(blp, 403, 404, 409, 422, 429, when_403=CREATOR_403, when_404=GATHERING_404,
              when_409="The game is no longer waiting for players, or the seat was taken or changed meanwhile.",
              when_422="The request does not fit its schema, or the seat is not the game's, or the address asked "
              "never to be emailed.")
    def post(self, body: dict[str, Any], gid: str, seat: str):  # type: ignore[no-untyped-def]
        """The creator gives a seat to another person (invited), a bot, or opens it."""
        g = _creator(gid)
        if body.get("email"):
            guards.limit_player_request(services().settings, [body["email"]])
        done = gathering_seats.assign(services().store, g.id, seat, body, time.time())
        queue_mail(done)
        return view(done, done.creator["seat"])


@blp.route("/invitations/<gid>/cancel")
class InvitationCancel(MethodView):
    @blp.response(200, GatheringAnswer)
    @refusals(blp, 403, 404, 409, when_403=CREATOR_403, when_404=GATHERING_404,
              when_409="The game started already, or is no longer waiting for players.")
    def post(self, gid: str):  # type: ignore[no-untyped-def]
        """The creator gives the game up before it starts; whoever accepted is told."""
        g = _creator(gid)
        done = gathering_seats.give_up(services().store, g.id, time.time(), "cancelled")
        queue_mail(done)
        return view(done, done.creator["seat"])
