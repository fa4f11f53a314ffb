#!/usr/bin/env bash
# Imports a generated CSV of 100,000 and 1,000,000 rows with `ingest import` and parses the same
# files with Python's csv module (and polars, when installed), printing rows/s, the ratios and
# the peak resident memory of each. It also times the CSV reader alone (built from
# Sources/Ingest/Readers with a small driver), so the reading layer can be told apart from the
# rest of the import. Run from the repository root: bash Benchmarks/import-1m.sh
# ROWS="100000 1000000" chooses the sizes and ROUNDS=3 the turns each command gets (the least
# times are shown); files are kept in bench-out/ between runs.
set -euo pipefail
cd "$(dirname "$0")/.."

ROWS=${ROWS:-"100000 1000000"}
OUT=bench-out
mkdir -p "$OUT"

if [ ! -x /usr/bin/time ]; then
    echo "installing GNU time for peak memory figures" >&2
    apt-get install -y time >/dev/null
fi

swift build -c release --static-swift-stdlib --product ingest >&2
BIN="$(swift build -c release --show-bin-path)/ingest"

# The reader alone: the Readers sources and the few types they use, with a driver that reads
# every row. If the file list no longer compiles, that line is left out.
READER=""
if swiftc -O -static-stdlib -module-name ReaderBench -o "$OUT/reader-only" \
    Sources/Ingest/Readers/{CSVTokenizer,CSVTable,RecordBatch,ChunkReader,InputProbe,RecordReader,HeaderFinder,RowClassifier,TextEncoding,TextFastPaths,SourceRow}.swift \
    Sources/Ingest/Normalize/ScalarText.swift \
    Sources/Ingest/Detection/{HeaderMatcher,HeaderVocabulary,Field,MemoCache}.swift Sources/Ingest/Drafts/Issue.swift \
    Benchmarks/ReaderOnly/main.swift >&2; then
    READER="$OUT/reader-only"
else
    echo "(the reader-only driver did not build; its line is left out)" >&2
fi

HAVE_POLARS=0
if python3 -c 'import polars' 2>/dev/null; then HAVE_POLARS=1; fi

# run NAME COMMAND...: runs the command once and appends "NAME wall cpu kib" to $OUT/runs.txt
# (CPU = user + system seconds). Each size is measured in $ROUNDS rounds, every command once
# per round in turn, and the table gives each command's least wall and least CPU time: on a
# shared machine a neighbour's burst only ever adds time, and taking turns gives every command
# the same chances. Both ratios are printed: the import works on two threads, so its wall time
# is what a user waits, while the CPU time says more about the program than the neighbours.
run() {
    local name=$1
    shift
    /usr/bin/time -f '%e %U %S %M' -o "$OUT/time.txt" "$@" >/dev/null 2>"$OUT/stderr.txt" || {
        echo "$name failed:" >&2
        cat "$OUT/stderr.txt" >&2
        exit 1
    }
    echo "$name $(cat "$OUT/time.txt")" >> "$OUT/runs.txt"
}

ROUNDS=${ROUNDS:-3}
echo "least of $ROUNDS rounds per size; CPU = user + system"
printf '%-30s %14s %10s %10s %19s %13s\n' "what" "input" "wall" "CPU" "speed (CPU)" "peak RSS"
for n in $ROWS; do
    csv="$OUT/big-$n.csv"
    if [ ! -s "$csv" ]; then python3 Benchmarks/make_big_csv.py "$n" > "$csv"; fi
    rm -f "$OUT/runs.txt"
    for round in $(seq "$ROUNDS"); do
        # The output goes to a file, as a user's would.
        run "ingest_import" "$BIN" import "$csv" --accept all -o "$OUT/import.json" --today 2026-11-30
        rm -f "$OUT/import.json"
        if [ -n "$READER" ]; then run "ingest_CSV_reader_only" "$READER" "$csv"; fi
        run "python3_csv_(parse_only)" python3 -c '
import csv, sys
n = 0
with open(sys.argv[1], newline="", encoding="utf-8") as f:
    for row in csv.reader(f):
        n += 1
' "$csv"
        if [ "$HAVE_POLARS" = 1 ]; then
            run "polars_read_csv_(parse_only)" python3 -c '
import sys, polars
polars.read_csv(sys.argv[1], infer_schema_length=0)
' "$csv"
        fi
    done

    python3 - "$n" "$OUT/runs.txt" <<'PY'
import sys
rows, path = int(sys.argv[1]), sys.argv[2]
best = {}
for line in open(path):
    name, wall, user, system, kib = line.split()
    wall, cpu, kib = float(wall), max(float(user) + float(system), 0.01), int(kib)
    was = best.get(name)
    best[name] = (wall, cpu, kib) if was is None else (min(was[0], wall), min(was[1], cpu), max(was[2], kib))
for name, (wall, cpu, kib) in best.items():
    print(f"{name.replace('_', ' '):<30} {rows:>9} rows {wall:>8.2f} s {cpu:>8.2f} s {rows / cpu:>12,.0f} rows/s {kib / 1024:>9.1f} MiB")
ingest, python = best["ingest_import"], best["python3_csv_(parse_only)"]
print(f"  {rows} rows, wall time relative to python csv: ingest import {ingest[0] / max(python[0], 0.01):.2f}x")
# Round by round: each import against the Python parse of the same round, a few seconds apart,
# which a machine whose speed drifts affects alike.
walls = {}
for line in open(path):
    name, wall = line.split()[:2]
    walls.setdefault(name, []).append(float(wall))
pairs = sorted(i / max(p, 0.01) for i, p in zip(walls["ingest_import"], walls["python3_csv_(parse_only)"]))
if len(pairs) > 1:
    median = (pairs[(len(pairs) - 1) // 2] + pairs[len(pairs) // 2]) / 2
    faster = sum(1 for r in pairs if r < 1)
    print(f"  {rows} rows, round by round: median {median:.2f}x, {pairs[0]:.2f}-{pairs[-1]:.2f}x, import faster in {faster} of {len(pairs)} rounds")
print(f"  {rows} rows, CPU time relative to python csv: ingest import {ingest[1] / python[1]:.2f}x", end="")
if "ingest_CSV_reader_only" in best:
    print(f", CSV reader alone {best['ingest_CSV_reader_only'][1] / python[1]:.2f}x", end="")
if "polars_read_csv_(parse_only)" in best:
    print(f"; polars {best['polars_read_csv_(parse_only)'][1] / python[1]:.2f}x", end="")
print()
PY
done
if [ "$HAVE_POLARS" = 0 ]; then echo "(polars not installed: pip install polars to compare with it)"; fi
