#!/usr/bin/env bash
# Bank statements: scores the generated statements in Fixtures/bank (precision, recall, F1 on
# subscriptions; price, cycle, next renewal and active accuracy, per layout), then imports a
# generated Chase-style statement of 100,000 and 1,000,000 rows with `ingest import --from bank`
# next to Python's csv module only parsing the same file, with peak resident memory.
# Run from the repository root: bash Benchmarks/bank.sh   (ROWS="100000 1000000" by default)
set -euo pipefail
cd "$(dirname "$0")/.."

ROWS=${ROWS:-"100000 1000000"}
OUT=bench-out
mkdir -p "$OUT"
if [ ! -x /usr/bin/time ]; then apt-get install -y time >/dev/null; fi

swift build -c release --static-swift-stdlib --product ingest >&2
BIN="$(swift build -c release --show-bin-path)/ingest"

echo "== subscriptions found in Fixtures/bank (today 2026-11-30)"
python3 Benchmarks/bank_score.py "$BIN"

echo
echo "== speed and memory"
printf '%-30s %9s %9s %14s %10s\n' "what" "rows" "seconds" "rows/s" "peak MiB"
measure() {
    local name=$1 rows=$2
    shift 2
    /usr/bin/time -f '%e %M' -o "$OUT/time.txt" "$@" >/dev/null 2>"$OUT/stderr.txt" || { cat "$OUT/stderr.txt" >&2; exit 1; }
    read -r seconds kib < "$OUT/time.txt"
    python3 -c "import sys; n,r,s,k=sys.argv[1],int(sys.argv[2]),float(sys.argv[3]),int(sys.argv[4]); print(f'{n:<30} {r:>9} {s:>9.2f} {r/max(s,1e-9):>14,.0f} {k/1024:>10.1f}')" "$name" "$rows" "$seconds" "$kib"
    echo "$seconds" > "$OUT/last.txt"
}
for n in $ROWS; do
    csv="$OUT/bank-$n.csv"
    [ -s "$csv" ] || python3 Fixtures/bank/generate.py --rows "$n" --out "$csv"
    measure "ingest import --from bank" "$n" "$BIN" import "$csv" --from bank --accept all --today 2026-11-30 -q
    ours=$(cat "$OUT/last.txt")
    measure "python csv (parse only)" "$n" python3 -c "import csv,sys
n=0
with open(sys.argv[1], newline='', encoding='utf-8') as f:
    for row in csv.reader(f): n += 1" "$csv"
    theirs=$(cat "$OUT/last.txt")
    python3 -c "import sys; o,t=float(sys.argv[1]),float(sys.argv[2]); print(f'  ingest / python csv time: {o/max(t,1e-9):.2f}x')" "$ours" "$theirs"
done
tail -1 "$OUT/stderr.txt" >/dev/null || true
