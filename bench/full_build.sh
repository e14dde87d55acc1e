#!/usr/bin/env bash
# The full-scale measurement of issue 19: a from-scratch `hoplens build` timed by /usr/bin/time -v, then
# `hoplens bench --scales full` on that store (query latencies, open + integrity check, budgets, machine load).
#
#   bench/full_build.sh [DATA] [WORK]      DATA: a generated full-scale dataset folder (default: WORK/data-full)
#   REUSE=1 bench/full_build.sh ...        keep WORK/store-full if it is complete and only run the bench
#
# Writes WORK/build-full.json (the build's report), WORK/build-full.time (/usr/bin/time -v), WORK/load.txt and
# WORK/results/bench-*.json + latest.json; the bench reads build-full.* back, so its JSON holds the build too.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="$(realpath -m "${2:-${WORK:-$HOME/.hoplens/bench-full}}")"
DATA="${1:-$WORK/data-full}"
cd "$ROOT"
if [ -f .venv/bin/activate ]; then . .venv/bin/activate; fi
[ -f "$DATA/manifest.json" ] || { echo "no dataset at $DATA (hoplens generate --scale full --out $DATA)" >&2; exit 2; }
mkdir -p "$WORK"
DATA="$(realpath "$DATA")"
[ "$DATA" = "$WORK/data-full" ] || ln -sfn "$DATA" "$WORK/data-full"
echo "dataset $DATA: $(python -c "import json,sys; m=json.load(open(sys.argv[1])); print(m.get('documents'), 'documents,', m.get('estimated_tokens'), 'estimated tokens')" "$DATA/manifest.json")" | tee "$WORK/load.txt"
if [ "${REUSE:-0}" = 1 ] && [ -f "$WORK/store-full/store.sqlite" ] && [ -f "$WORK/build-full.time" ]; then
  echo "REUSE=1: keeping $WORK/store-full" | tee -a "$WORK/load.txt"
else
  rm -rf "$WORK/store-full"
  echo "load before build: $(cat /proc/loadavg)  $(date -u +%FT%TZ)" | tee -a "$WORK/load.txt"
  /usr/bin/time -v hoplens build --data "$WORK/data-full" --store "$WORK/store-full" --json --quiet \
    > "$WORK/build-full.json" 2> "$WORK/build-full.time"
  echo "load after build:  $(cat /proc/loadavg)  $(date -u +%FT%TZ)" | tee -a "$WORK/load.txt"
  grep -E "Elapsed|Maximum resident|Percent of CPU|Exit status" "$WORK/build-full.time"
fi
hoplens bench --scales full --work "$WORK" --reuse-store --out "$WORK/results"
echo "load after bench:  $(cat /proc/loadavg)  $(date -u +%FT%TZ)" | tee -a "$WORK/load.txt"
