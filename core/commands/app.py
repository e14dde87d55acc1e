"""``hoplens app``: start the Streamlit app on the configured store.

Without ``--port`` the port is Streamlit's own ``server.port`` (``.streamlit/config.toml``, ``~/.streamlit/config.toml``
or ``STREAMLIT_SERVER_PORT``; 8501 when none is set): this command passes ``--server.port`` only when asked to.
``--demo`` starts the read-only public demo (``HOPLENS_DEMO=1``, docs/app.md) with Streamlit's hardening settings.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("app", help="start the Streamlit analyst app (builds the demo store on first start)")
    p.add_argument("--port", type=int, default=None,
                   help="port to serve on (default: Streamlit's server.port setting, else 8501)")
    p.add_argument("--headless", action="store_true", help="do not open a browser")
    p.add_argument("--demo", action="store_true",
                   help="read-only public demo: write actions hidden and refused, no server paths shown, limits per "
                        "visitor (same as HOPLENS_DEMO=1)")
    p.set_defaults(func=run)


def command(args: argparse.Namespace, max_upload_mb: float | None = None) -> list[str]:
    """The streamlit command line for ``args`` (separate from ``run`` so it can be tested without a server)."""
    cmd = [sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py")]
    if args.port is not None:
        if not 0 < args.port < 65536:
            raise ValueError(f"--port must be between 1 and 65535, got {args.port}")
        cmd += ["--server.port", str(args.port)]
    if args.headless:
        cmd += ["--server.headless", "true"]
    if getattr(args, "demo", False):
        cmd += ["--server.enableXsrfProtection", "true", "--server.enableCORS", "true",
                "--client.showErrorDetails", "none", "--client.toolbarMode", "viewer"]
        if max_upload_mb is not None:
            cmd += ["--server.maxUploadSize", str(max(1, int(max_upload_mb + 0.999)))]
    return cmd


def run(args: argparse.Namespace) -> int:
    app = ROOT / "app.py"
    if not app.exists():
        raise FileNotFoundError(f"{app} not found: run `hoplens app` from a source checkout (pip install -e .)")
    env = dict(os.environ)
    max_upload = None
    if getattr(args, "demo", False):
        from core.config import get_settings

        env["HOPLENS_DEMO"] = "1"
        max_upload = get_settings().max_upload_mb
    return subprocess.call(command(args, max_upload), cwd=ROOT, env=env)
