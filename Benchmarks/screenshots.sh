#!/bin/sh
# Screenshot import quality and speed on Fixtures/screenshots, against the peer: the tesseract
# CLI with the naive rule "a line with a price is a subscription" (Benchmarks/naive_screenshot.py).
#   Benchmarks/screenshots.sh            run from the repository root; builds -c release
# Prints per-family and overall precision, recall, per-field accuracy and field-F1 for both.
set -eu
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product ingest >/dev/null
bin=.build/release/ingest
dir=Fixtures/screenshots
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
mkdir -p "$out/ingest" "$out/naive"
ingest_ms=0
naive_ms=0
now() { python3 -c 'import time; print(int(time.monotonic() * 1000))'; }
for truth in "$dir"/*.json; do
    stem=$(basename "$truth" .json)
    image=$(ls "$dir/$stem".png "$dir/$stem".jpg 2>/dev/null | head -n 1)
    locale=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["locale"])' "$truth")
    langs=$(python3 -c 'import sys; print({"de":"deu+eng","es":"spa+eng","fr":"fra+eng","zh":"chi_sim+eng"}.get(sys.argv[1][:2],"eng"))' "$locale")
    t0=$(now)
    "$bin" import "$image" --accept all --today 2026-11-30 --locale "$locale" -q -o "$out/ingest/$stem.json" 2>/dev/null || true
    t1=$(now)
    python3 Benchmarks/naive_screenshot.py "$image" --langs "$langs" > "$out/naive/$stem.json" || true
    t2=$(now)
    ingest_ms=$((ingest_ms + t1 - t0))
    naive_ms=$((naive_ms + t2 - t1))
done
echo "== ingest import (OCR engine + layout heuristics)"
python3 Benchmarks/score_screenshots.py --truth-dir "$dir" --pred-dir "$out/ingest" ${VERBOSE:+--verbose}
echo
echo "== peer: tesseract CLI + one draft per line with a price"
python3 Benchmarks/score_screenshots.py --truth-dir "$dir" --pred-dir "$out/naive"
echo
python3 -c 'import sys; i, n = int(sys.argv[1]), int(sys.argv[2]); print(f"time: ingest {i/1000:.1f} s, tesseract CLI peer {n/1000:.1f} s, ratio {i/max(n,1):.2f}")' "$ingest_ms" "$naive_ms"
