#!/usr/bin/env bash
# Values per second of each normaliser on one core (pinned with taskset when available), and
# the same inputs through the Python peers (price-parser, dateparser, dateutil) in the same run.
# `price` is a spreadsheet price column, `price-mixed` every notation at once. Run from the
# repository root:
#   Benchmarks/normalize.sh [COUNT]
set -euo pipefail
count="${1:-20000}"
swift build -c release --static-swift-stdlib --product ingest >/dev/null
bin="$(swift build -c release --show-bin-path)/ingest"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 Benchmarks/normalize_inputs.py "$work" "$count"
ctx=(--today 2026-11-30)
declare -A ours
for name in price price-mixed date cycle brand; do
  kind="${name%-mixed}"
  file="$work/${kind}s${name#$kind}.txt"
  line="$(taskset -c 0 "$bin" bench-normalize "$kind" "$file" "${ctx[@]}" 2>/dev/null || "$bin" bench-normalize "$kind" "$file" "${ctx[@]}")"
  echo "ingest  ${name}: $line"
  ours[$name]="$(echo "$line" | awk '{print $2}')"
done
python3 Benchmarks/normalize_peers.py "$work" | while read -r kind peer rate; do
  if [[ "$rate" == missing ]]; then echo "peer    $kind $peer not installed"; continue; fi
  ratio="$(python3 -c "print(f'{${ours[$kind]}/$rate:.0f}')")"
  echo "peer    $kind $rate values/s ($peer); ingest is ${ratio}x faster"
done
