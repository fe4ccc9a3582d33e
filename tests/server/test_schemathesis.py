"""Issue 10, defect 7: schemathesis over the whole API (`st run --checks all`: examples,
coverage, fuzzing and stateful phases) finds no server error, no answer that breaks its
documented schema and no undocumented status or content type. On loopback only: the server
runs here, against the test Redis; about 20 s.

The seed is fixed so that CI is repeatable; PBEM_SCHEMATHESIS_SEED=random (or a number)
explores other inputs, and PBEM_SCHEMATHESIS_EXAMPLES more of them."""

import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from store.embedded import free_port

HERE = Path(__file__).parent
ST = Path(sys.executable).with_name("st")
SEED = "20261125"


@pytest.fixture
def api_url(env, redis_client):
    from server.app import create_app
    app = create_app({"inbound_secret": "s3", "rate_limit_tables": "10000 per minute",
                      "rate_limit_invites": "10000 per minute"})
    port = free_port()
    server = make_server("127.0.0.1", port, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}"
    server.shutdown()


def test_schemathesis_finds_nothing_wrong_anywhere_in_the_api(api_url, tmp_path):
    seed = os.environ.get("PBEM_SCHEMATHESIS_SEED", SEED)
    command = [str(ST), "--config-file", str(HERE / "schemathesis.toml"), "run", f"{api_url}/openapi.json",
               "--checks", "all", "--max-examples", os.environ.get("PBEM_SCHEMATHESIS_EXAMPLES", "25"),
               "--generation-database", "none", "--no-color", "--request-timeout", "20",
               "-H", "X-Inbound-Secret: s3", *([] if seed == "random" else ["--seed", seed])]
    run = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    report = run.stdout + run.stderr
    assert run.returncode == 0, report[-20000:]
    tested = re.search(r"Tested: (\d+)", report)
    cases = re.search(r"(\d+) generated, (\d+) passed", report)
    assert tested and int(tested.group(1)) >= 15, report[-3000:]          # every operation was reached
    assert cases and int(cases.group(1)) == int(cases.group(2)) > 300, report[-3000:]
