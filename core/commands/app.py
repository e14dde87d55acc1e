"""``hoplens app``: start the Streamlit app on the configured store."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("app", help="start the Streamlit analyst app (builds the demo store on first start)")
    p.add_argument("--port", type=int, default=8501)
    p.add_argument("--headless", action="store_true", help="do not open a browser")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    app = ROOT / "app.py"
    if not app.exists():
        raise FileNotFoundError(f"{app} not found: run `hoplens app` from a source checkout (pip install -e .)")
    cmd = [sys.executable, "-m", "streamlit", "run", str(app), "--server.port", str(args.port)]
    if args.headless:
        cmd += ["--server.headless", "true"]
    return subprocess.call(cmd, cwd=ROOT)
