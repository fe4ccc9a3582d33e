"""The cookie session, opened only for a request that brings its cookie. Only the seat pages use
it (a message flashed across the redirect after a form); the API's clients send no cookie, so
their requests build no signer, and an empty session sets no cookie (nor works out the cookie's
settings to find that out)."""

from flask import Flask, Request, Response
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin


class CookieOnlyWhenSent(SecureCookieSessionInterface):
    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if "HTTP_COOKIE" not in request.environ or not request.cookies.get(self.get_cookie_name(app)):
            return self.session_class()
        return super().open_session(app, request)

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        # untouched and empty: Flask's own would set nothing and add no Vary either
        if not session and not session.modified and not session.accessed:
            return
        super().save_session(app, session, response)
