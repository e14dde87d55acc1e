"""``hoplens app``: the port comes from --port, else from Streamlit's own server.port; --demo's server settings."""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import time
import urllib.request

from core.commands import app as app_cmd


def _args(**kw) -> argparse.Namespace:
    return argparse.Namespace(**{"port": None, "headless": True, "demo": False, **kw})


def test_port_is_passed_only_when_given():
    assert "--server.port" not in app_cmd.command(_args())
    cmd = app_cmd.command(_args(port=8600))
    assert cmd[cmd.index("--server.port") + 1] == "8600"


def test_bad_port_is_a_clear_error():
    import pytest

    with pytest.raises(ValueError, match="--port must be between 1 and 65535"):
        app_cmd.command(_args(port=70000))


def test_demo_sets_the_hardening_flags():
    cmd = app_cmd.command(_args(demo=True), max_upload_mb=5)
    pairs = dict(zip(cmd[5::2], cmd[6::2], strict=False))
    assert pairs["--server.enableXsrfProtection"] == "true" and pairs["--server.enableCORS"] == "true"
    assert pairs["--client.showErrorDetails"] == "none" and pairs["--server.maxUploadSize"] == "5"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_streamlit_server_port_setting_is_honoured(tmp_path):
    """No --port: the server listens where STREAMLIT_SERVER_PORT says (it used to be forced to 8501)."""
    port = _free_port()
    env = {**os.environ, "STREAMLIT_SERVER_PORT": str(port), "STREAMLIT_SERVER_ADDRESS": "127.0.0.1",
           "HOPLENS_HOME": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "core.cli", "app", "--headless"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            cwd=app_cmd.ROOT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2) as r:
                    assert r.read().strip() == b"ok"
                    break
            except OSError:
                assert proc.poll() is None, "hoplens app exited"
                assert time.monotonic() < deadline, f"nothing listening on {port}"
                time.sleep(0.3)
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=20)
