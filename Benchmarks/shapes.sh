#!/usr/bin/env bash
# Import speed on realistic file shapes (Benchmarks/gen_shapes.py: a Chase-like and a DKB-like
# statement, Monzo-like, French, a Notion export, a list with 30 % duplicates), each next to the
# plain-Python full job on the same file (Benchmarks/shapes_peer.py) and, where installed,
# polars' read_csv parse alone, in the same run. Prints wall and CPU times, the ratio
# ingest / Python (below 1: ingest is faster) and each command's peak memory.
#
#   bash Benchmarks/shapes.sh [ROWS] [SHAPES]     e.g. bash Benchmarks/shapes.sh 1000000 chase,dkb
#
# ROUNDS (default 3) runs per command; the least time is shown.
set -euo pipefail
ROWS=${1:-1000000}
ONLY=${2:-}
cd "$(dirname "$0")/.."
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
swift build -c release --static-swift-stdlib --product ingest > "$WORK/build.log" 2>&1 || { cat "$WORK/build.log"; exit 1; }
BIN=$(swift build -c release --show-bin-path)/ingest
python3 Benchmarks/gen_shapes.py "$WORK/data" --rows "$ROWS" --only "$ONLY"
python3 Benchmarks/shapes_run.py "$BIN" "$WORK/data" "${ROUNDS:-3}"
