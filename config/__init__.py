"""Settings: config/defaults.toml, then the environment, then explicit overrides."""

import os
import secrets
import tomllib
from dataclasses import dataclass, fields, replace
from email.utils import parseaddr
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
REDIS_CONF = HERE / "redis.conf"

# Names fixed by DESIGN.md; every other setting reads PBEM_<NAME>.
ENV_NAMES = {"redis_url": "REDIS_URL", "smtp_url": "SMTP_URL", "mail_outbox": "MAIL_OUTBOX",
             "public_url": "PUBLIC_URL", "secret_key": "SECRET_KEY", "data_dir": "PBEM_DATA_DIR"}


@dataclass(frozen=True)
class Settings:
    redis_url: str
    smtp_url: str
    mail_outbox: str
    public_url: str
    secret_key: str
    data_dir: str
    mail_from: str
    reply_domain: str
    link_ttl: int
    inbound_secret: str
    inbound_auth: str
    inbound_dns: str
    inbound_authserv_id: str
    api_keys: str
    open_tables: bool
    rate_limit_tables: str
    rate_limit_invites: str
    mail_in_port: int
    snapshot_every: int
    idempotency_ttl: int
    advance_step_cap: int
    mail_retry_intervals: list[int]
    queue_name: str
    digest_hour: int
    fsync: str
    smtp_timeout: int
    web_workers: int
    web_threads: int
    api_nice: int
    workers: int
    redis_cluster: bool
    queue_url: str
    replica_acks: int
    replica_wait_ms: int

    @property
    def cluster(self) -> bool:
        """The store is a Redis / Valkey Cluster: PBEM_REDIS_CLUSTER, or a redis+cluster:// REDIS_URL."""
        return self.redis_cluster or self.redis_url.split("://", 1)[0].endswith("+cluster")

    @property
    def jobs_url(self) -> str:
        """Where the rq queues live: PBEM_QUEUE_URL, else REDIS_URL when that is one server."""
        return self.queue_url or ("" if self.cluster else self.redis_url)

    @property
    def reply_address_domain(self) -> str:
        return self.reply_domain or parseaddr(self.mail_from)[1].rpartition("@")[2] or "localhost"

    @property
    def api_key_list(self) -> list[str]:
        return [key.strip() for key in self.api_keys.split(",") if key.strip()]

    @property
    def outbox_dir(self) -> Path:
        return Path(self.mail_outbox or Path(self.data_dir) / "outbox")


def _convert(raw: str, default: Any) -> Any:
    if isinstance(default, bool):
        return raw.lower() in ("1", "true", "yes", "on")
    if isinstance(default, int):
        return int(raw)
    if isinstance(default, list):
        return [int(x) for x in raw.split(",") if x.strip()]
    return raw


def load(overrides: dict[str, Any] | None = None, environ: dict[str, str] | None = None) -> Settings:
    environ = os.environ if environ is None else environ
    values = tomllib.loads((HERE / "defaults.toml").read_text())
    for f in fields(Settings):
        env_name = ENV_NAMES.get(f.name, "PBEM_" + f.name.upper())
        if env_name in environ:
            values[f.name] = _convert(environ[env_name], values[f.name])
    values.update(overrides or {})
    settings = Settings(**values)
    if not settings.secret_key:
        settings = replace(settings, secret_key=_kept_secret(Path(settings.data_dir)))
    return settings


RUNTIME_REDIS = "redis.url"      # written by `pbem run` in the data folder: where its embedded Redis listens
RUNTIME_SERVER = "server.url"    # and where its API listens (for `pbem new`, `pbem show`... beside it)


def redis_url_of(settings: Settings) -> str:
    """REDIS_URL, or the embedded Redis a `pbem run` on this data folder started (for the commands
    run beside it: `pbem mail-in`, `pbem worker`, `pbem mail-log`)."""
    if settings.redis_url:
        return settings.redis_url
    path = Path(settings.data_dir) / RUNTIME_REDIS
    return path.read_text().strip() if path.exists() else ""


def _kept_secret(data_dir: Path) -> str:
    """A secret key made on first run and kept, so signed links survive a restart."""
    path = data_dir / "secret_key"
    if path.exists():
        return path.read_text().strip()
    data_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_hex(32)
    path.write_text(key)
    path.chmod(0o600)
    return key
