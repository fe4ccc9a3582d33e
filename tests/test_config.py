"""Settings: defaults from config/defaults.toml, overridden by the environment."""

import config


def test_defaults_and_environment_overrides(tmp_path):
    settings = config.load(environ={"PBEM_DATA_DIR": str(tmp_path)})
    assert settings.redis_url == "" and settings.smtp_url == ""
    assert settings.outbox_dir == tmp_path / "outbox"
    assert len(settings.secret_key) == 64
    assert config.load(environ={"PBEM_DATA_DIR": str(tmp_path)}).secret_key == settings.secret_key
    env = {"REDIS_URL": "redis://h:1/0", "SMTP_URL": "smtp://m:25", "PUBLIC_URL": "https://p", "SECRET_KEY": "s",
           "PBEM_DATA_DIR": str(tmp_path), "MAIL_OUTBOX": "/o", "PBEM_SNAPSHOT_EVERY": "7",
           "PBEM_MAIL_RETRY_INTERVALS": "1,2"}
    settings = config.load(environ=env)
    assert (settings.redis_url, settings.smtp_url, settings.public_url, settings.secret_key) == \
        ("redis://h:1/0", "smtp://m:25", "https://p", "s")
    assert (str(settings.outbox_dir), settings.snapshot_every, settings.mail_retry_intervals) == ("/o", 7, [1, 2])


def test_the_embedded_redis_configuration_keeps_the_append_only_file_on():
    lines = config.REDIS_CONF.read_text().splitlines()
    assert "appendonly yes" in lines and "bind 127.0.0.1" in lines
