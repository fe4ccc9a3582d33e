"""The cookie session, opened only for a request that brings its cookie. Only the seat pages use
it (a message flashed across the redirect after a form); the API's clients send no cookie, so
their requests build no signer, and an empty session sets no cookie."""

from flask import Flask, Request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface


class CookieOnlyWhenSent(SecureCookieSessionInterface):
    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if not request.cookies.get(self.get_cookie_name(app)):
            return self.session_class()
        return super().open_session(app, request)
