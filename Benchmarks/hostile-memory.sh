#!/usr/bin/env bash
# Peak memory (maximum resident set, from /usr/bin/time -v) of `ingest import` on hostile
# inputs: ZIPs holding 1 GiB of newlines, a 1.6 GB cell, the first nested in another ZIP; a
# link whose body never ends; a link whose gzipped body inflates to 1 GiB. Each run is capped
# at 4 GB of address space and 120 s. Run from the repository root:
#   Benchmarks/hostile-memory.sh [INGEST_BINARY]
set -euo pipefail
bin="${1:-}"
if [[ -z "$bin" ]]; then
  swift build --product ingest >/dev/null
  bin="$(swift build --show-bin-path)/ingest"
fi
work="$(mktemp -d)"
server=""
trap '[[ -n "$server" ]] && kill "$server"; rm -rf "$work"' EXIT
python3 Benchmarks/hostile_memory_inputs.py zips "$work"
python3 Benchmarks/hostile_memory_inputs.py serve "$work/port" &
server=$!
while [[ ! -s "$work/port" ]]; do sleep 0.1; done
base="http://127.0.0.1:$(cat "$work/port")"

run() {
  local label="$1"; shift
  local out
  out="$( (ulimit -v 4000000; timeout 120 /usr/bin/time -v "$bin" import "$@" --accept all --today 2026-11-30 -o "$work/out.json") 2>&1 || true)"
  local rss status message
  rss="$(echo "$out" | awk -F': ' '/Maximum resident set size/ {print $2}')"
  status="$(echo "$out" | awk -F': ' '/Exit status/ {print $2}')"
  message="$(echo "$out" | grep -m1 '^ingest: ' | cut -c1-150 || true)"
  [[ -z "$status" ]] && status="killed"
  echo "$label: max RSS $((${rss:-0} / 1024)) MiB, exit $status; ${message:-$(echo "$out" | grep -m1 -i 'signal\|fatal' || true)}"
}

run "zip 1 GiB of newlines" "$work/newlines.zip"
run "zip 1 GiB of newlines, --max-member-bytes 4e9" "$work/newlines.zip" --max-member-bytes 4000000000
run "zip 1.6 GB cell" "$work/cell.zip"
run "zip nested newlines" "$work/nested.zip"
run "link endless body" "$base/endless.csv"
run "link endless body, --max-bytes 1e9" "$base/endless.csv" --max-bytes 1000000000
run "link gzip to 1 GiB" "$base/gzip.csv"
