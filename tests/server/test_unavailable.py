"""Redis down (restarting, or loading its file): a clear 503 in the error envelope, never a 500;
and the same app answers again once Redis is back, with nothing to restart."""

import config
from store.embedded import EmbeddedRedis, free_port


def test_redis_down_is_a_503_then_the_app_recovers_by_itself(tmp_path, monkeypatch):
    port = free_port()
    monkeypatch.setenv("PBEM_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("SECRET_KEY", "test-secret")
    from server.app import create_app
    client = create_app({"redis_url": f"redis://127.0.0.1:{port}/0"}).test_client()
    for answer in (client.get("/tables/abcd1234/view"),
                   client.post("/tables/abcd1234/moves", json={"option": 1, "expected_seq": 3},
                               headers={"Authorization": "Bearer x", "Idempotency-Key": "k"})):
        assert answer.status_code == 503, answer.get_data(as_text=True)
        assert answer.json["status"] == 503 and answer.json["code"] == "unavailable"
        assert "Try again in a few seconds" in answer.json["message"]
        assert answer.headers["Retry-After"] == "5"
    server = EmbeddedRedis(tmp_path / "redis", config.REDIS_CONF, port=port).start()
    try:
        assert client.get("/tables/abcd1234/view").status_code == 404     # Redis answers: no such table
    finally:
        server.stop()
