"""Swagger UI's files for `/docs`, served by the app from the swagger-ui-bundle package: the docs
page works without a CDN (or any network) between the browser and this server."""

from typing import Any

from flask import Blueprint, send_from_directory
from swagger_ui_bundle import swagger_ui_path

blp = Blueprint("docs_assets", __name__)
URL = "/docs/assets/"


@blp.get(URL + "<path:name>")
def asset(name: str) -> Any:
    return send_from_directory(str(swagger_ui_path), name, max_age=86400)
