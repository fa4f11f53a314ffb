#!/usr/bin/env bash
# Imports a generated CSV of 100,000 and 1,000,000 rows with `ingest import` and parses the same
# files with Python's csv module (and polars, when installed), printing rows/s, the ratios and
# the peak resident memory of each. It also times the CSV reader alone (built from
# Sources/Ingest/Readers with a small driver), so the reading layer can be told apart from the
# rest of the import. Run from the repository root: bash Benchmarks/import-1m.sh
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

# The reader alone: the Readers sources and the few types they use, with a driver that reads
# every row. If the file list no longer compiles, that line is left out.
READER=""
if swiftc -O -module-name ReaderBench -o "$OUT/reader-only" \
    Sources/Ingest/Readers/{CSVTokenizer,CSVTable,ChunkReader,DelimiterSniffer,HeaderFinder,RowClassifier,TextEncoding,TextFastPaths,SourceRow}.swift \
    Sources/Ingest/Normalize/ScalarText.swift \
    Sources/Ingest/Detection/{HeaderMatcher,HeaderVocabulary,Field,MemoCache}.swift Sources/Ingest/Drafts/Issue.swift \
    Benchmarks/ReaderOnly/main.swift >&2; then
    READER="$OUT/reader-only"
else
    echo "(the reader-only driver did not build; its line is left out)" >&2
fi

HAVE_POLARS=0
if python3 -c 'import polars' 2>/dev/null; then HAVE_POLARS=1; fi

# measure NAME ROWS COMMAND...: runs the command and prints one table line. CPU seconds
# (user + system) go to $OUT/cpu.txt and wall seconds to $OUT/wall.txt. Both ratios are
# printed: the import builds drafts on a second thread, so its wall time is what a user waits,
# while on a shared machine the CPU time says more about the program than about the neighbours.
measure() {
    local name=$1 rows=$2
    shift 2
    /usr/bin/time -f '%e %U %S %M' -o "$OUT/time.txt" "$@" >/dev/null 2>"$OUT/stderr.txt" || {
        echo "$name failed:" >&2
        cat "$OUT/stderr.txt" >&2
        exit 1
    }
    python3 - "$name" "$rows" "$OUT/cpu.txt" $(cat "$OUT/time.txt") <<'PY'
import sys
name, rows, cpu_file = sys.argv[1], int(sys.argv[2]), sys.argv[3]
wall, user, system, kib = float(sys.argv[4]), float(sys.argv[5]), float(sys.argv[6]), int(sys.argv[7])
cpu = max(user + system, 0.01)
print(f"{name:<30} {rows:>9} rows {wall:>8.2f} s {cpu:>8.2f} s {rows / cpu:>12,.0f} rows/s {kib / 1024:>9.1f} MiB")
with open(cpu_file, "w") as f:
    f.write(f"{cpu}\n")
with open(cpu_file.replace("cpu.txt", "wall.txt"), "w") as f:
    f.write(f"{wall}\n")
PY
}

printf '%-30s %14s %10s %10s %19s %13s\n' "what" "input" "wall" "CPU" "speed (CPU)" "peak RSS"
for n in $ROWS; do
    csv="$OUT/big-$n.csv"
    if [ ! -s "$csv" ]; then python3 Benchmarks/make_big_csv.py "$n" > "$csv"; fi

    # The output goes to a file: builds before the OutputFile fix replaced a device given to -o
    # (such as /dev/null) with a plain file when run as root.
    measure "ingest import" "$n" "$BIN" import "$csv" --accept all -o "$OUT/import.json" --today 2026-11-30
    rm -f "$OUT/import.json"
    ingest_s=$(cat "$OUT/cpu.txt")
    ingest_wall=$(cat "$OUT/wall.txt")

    reader_s=""
    if [ -n "$READER" ]; then
        measure "ingest CSV reader only" "$n" "$READER" "$csv"
        reader_s=$(cat "$OUT/cpu.txt")
    fi

    measure "python3 csv (parse only)" "$n" python3 -c '
import csv, sys
n = 0
with open(sys.argv[1], newline="", encoding="utf-8") as f:
    for row in csv.reader(f):
        n += 1
' "$csv"
    python_s=$(cat "$OUT/cpu.txt")
    python_wall=$(cat "$OUT/wall.txt")

    polars_s=""
    if [ "$HAVE_POLARS" = 1 ]; then
        measure "polars read_csv (parse only)" "$n" python3 -c '
import sys, polars
polars.read_csv(sys.argv[1], infer_schema_length=0)
' "$csv"
        polars_s=$(cat "$OUT/cpu.txt")
    fi

    python3 - "$n" "$ingest_s" "$python_s" "$reader_s" "$polars_s" "$ingest_wall" "$python_wall" <<'PY'
import sys
n, ingest, python = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
reader, polars = sys.argv[4], sys.argv[5]
ingest_wall, python_wall = float(sys.argv[6]), max(float(sys.argv[7]), 0.01)
print(f"  {n} rows, wall time relative to python csv: ingest import {ingest_wall / python_wall:.2f}x")
print(f"  {n} rows, CPU time relative to python csv: ingest import {ingest / python:.2f}x", end="")
if reader:
    print(f", CSV reader alone {float(reader) / python:.2f}x", end="")
if polars:
    print(f"; polars {float(polars) / python:.2f}x", end="")
print()
PY
done
if [ "$HAVE_POLARS" = 0 ]; then echo "(polars not installed: pip install polars to compare with it)"; fi
