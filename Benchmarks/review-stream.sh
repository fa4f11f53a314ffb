#!/bin/sh
# Memory and time of `ingest import BIG.csv --accept all -o out.json` on the streaming path,
# with duplicate merging (two passes: a key counter, then the fold) and without it
# (--keep-duplicates, one pass), against Python's csv + json modules writing the same rows.
# Usage: Benchmarks/review-stream.sh [ROWS] [DISTINCT_NAMES]   (default 200000 rows, all distinct)
set -eu
ROWS=${1:-200000}
DISTINCT=${2:-$ROWS}
OUT=bench-out/review-stream
mkdir -p "$OUT"
swift build -c release --static-swift-stdlib --product ingest >/dev/null
BIN=$(swift build -c release --show-bin-path)/ingest
python3 - "$ROWS" "$DISTINCT" "$OUT/big.csv" <<'PY'
import sys, random
rows, distinct, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
random.seed(7)
cycles = ["monthly", "yearly", "weekly"]
with open(path, "w") as f:
    f.write("Service,Price,Billing,Next renewal,Category\n")
    for i in range(rows):
        n = i % distinct
        f.write(f"Service {n},{(n % 50) + 0.99:.2f} EUR,{cycles[n % 3]},2027-{(n % 12) + 1:02d}-15,Software\n")
PY
cat > "$OUT/peer.py" <<'PY'
import csv, json, sys
with open(sys.argv[1], newline="") as f, open(sys.argv[2], "w") as out:
    out.write('{"subscriptions": [\n')
    for i, row in enumerate(csv.DictReader(f)):
        amount, currency = row["Price"].split(" ")
        out.write((",\n" if i else "") + json.dumps({"name": row["Service"], "price": {"amount": amount, "currency": currency},
                                                    "cycle": row["Billing"], "nextRenewal": row["Next renewal"]}, indent=2))
    out.write("\n]}\n")
PY
measure() {
    /usr/bin/time -f "%e %M" -o "$OUT/time" "$@" >/dev/null 2>"$OUT/stderr" || { cat "$OUT/stderr"; exit 1; }
    cat "$OUT/time"
}
set -- $(measure python3 "$OUT/peer.py" "$OUT/big.csv" "$OUT/peer.json"); PT=$1; PM=$2
set -- $(measure "$BIN" import "$OUT/big.csv" --accept all --today 2026-11-30 -q --keep-duplicates -o "$OUT/one.json"); KT=$1; KM=$2
set -- $(measure "$BIN" import "$OUT/big.csv" --accept all --today 2026-11-30 -q -o "$OUT/merged.json"); MT=$1; MM=$2
echo "rows: $ROWS, distinct names: $DISTINCT"
printf '%-44s %8s s %8s KB max RSS\n' "python csv+json (peer)" "$PT" "$PM"
printf '%-44s %8s s %8s KB max RSS\n' "ingest import --keep-duplicates (1 pass)" "$KT" "$KM"
printf '%-44s %8s s %8s KB max RSS\n' "ingest import (merging duplicates, 2 passes)" "$MT" "$MM"
python3 -c "print(f'time vs peer: {float($KT)/float($PT):.2f}x (one pass), {float($MT)/float($PT):.2f}x (merging); merging costs {float($MT)/float($KT):.2f}x one pass')"
