"""Benchmark HopLens: ``python bench/run_bench.py [--scales tiny,demo] [--out bench/results]``.

Thin wrapper over ``hoplens bench`` (core/evaluation/bench.py); see docs/evaluation.md.
"""

from __future__ import annotations

import sys

from core.cli import main  # the CLI is the outermost layer; core.evaluation never imports it

if __name__ == "__main__":
    sys.exit(main(["bench", *sys.argv[1:]]))
