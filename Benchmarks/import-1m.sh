#!/usr/bin/env bash
# Imports a generated CSV of 100,000 and 1,000,000 rows with `ingest import` and parses the same
# files with Python's csv module (and polars, when installed), printing rows/s, the ratio and the
# peak resident memory of each. Run from the repository root: bash Benchmarks/import-1m.sh
# ROWS="100000 1000000" chooses the sizes; files are kept in bench-out/ between runs.
set -euo pipefail
cd "$(dirname "$0")/.."

ROWS=${ROWS:-"100000 1000000"}
OUT=bench-out
mkdir -p "$OUT"

if [ ! -x /usr/bin/time ]; then
    echo "installing GNU time for peak memory figures" >&2
    apt-get install -y time >/dev/null
fi

swift build -c release --product ingest >&2
BIN="$(swift build -c release --show-bin-path)/ingest"

HAVE_POLARS=0
if python3 -c 'import polars' 2>/dev/null; then HAVE_POLARS=1; fi

# measure NAME ROWS COMMAND...: runs the command, prints one table line.
measure() {
    local name=$1 rows=$2
    shift 2
    /usr/bin/time -f '%e %M' -o "$OUT/time.txt" "$@" >/dev/null 2>"$OUT/stderr.txt" || {
        echo "$name failed:" >&2
        cat "$OUT/stderr.txt" >&2
        exit 1
    }
    read -r seconds kib < "$OUT/time.txt"
    python3 - "$name" "$rows" "$seconds" "$kib" <<'PY'
import sys
name, rows, seconds, kib = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
rate = rows / seconds if seconds > 0 else float("inf")
print(f"{name:<28} {rows:>9} rows {seconds:>8.2f} s {rate:>12,.0f} rows/s {kib / 1024:>9.1f} MiB")
PY
    echo "$seconds" > "$OUT/last.txt"
}

printf '%-28s %14s %10s %19s %13s\n' "what" "input" "time" "speed" "peak RSS"
for n in $ROWS; do
    csv="$OUT/big-$n.csv"
    if [ ! -s "$csv" ]; then python3 Benchmarks/make_big_csv.py "$n" > "$csv"; fi

    measure "ingest import" "$n" "$BIN" import "$csv" --accept all -o /dev/null --today 2026-11-30
    ingest_s=$(cat "$OUT/last.txt")

    measure "python3 csv (parse only)" "$n" python3 -c '
import csv, sys
n = 0
with open(sys.argv[1], newline="", encoding="utf-8") as f:
    for row in csv.reader(f):
        n += 1
' "$csv"
    python_s=$(cat "$OUT/last.txt")

    if [ "$HAVE_POLARS" = 1 ]; then
        measure "polars read_csv (parse only)" "$n" python3 -c '
import sys, polars
polars.read_csv(sys.argv[1], infer_schema_length=0)
' "$csv"
        polars_s=$(cat "$OUT/last.txt")
    fi

    python3 - "$n" "$ingest_s" "$python_s" "${polars_s:-}" <<'PY'
import sys
n, ingest, python = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
line = f"  {n} rows: ingest import takes {ingest / python:.2f}x the time of python csv parsing"
if sys.argv[4]:
    line += f", {ingest / float(sys.argv[4]):.2f}x that of polars"
print(line)
PY
done
if [ "$HAVE_POLARS" = 0 ]; then echo "(polars not installed: pip install polars to compare with it)"; fi
