#!/usr/bin/env bash
# Files per second for `ingest validate` next to `frictionless validate` on the same generated
# files, in the same run; also checks the JSON and SARIF reports (schema / structure).
# Run from the repository root: bash Benchmarks/validate.sh [FILES] [ROWS]
set -euo pipefail
FILES=${1:-2000}
ROWS=${2:-50}
cd "$(dirname "$0")/.."
python3 -c "import jsonschema" 2>/dev/null || pip install -q jsonschema
command -v frictionless >/dev/null || pip install -q frictionless

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
swift build -c release --static-swift-stdlib --product ingest > "$WORK/build.log" 2>&1 || { cat "$WORK/build.log"; exit 1; }
BIN=$(swift build -c release --show-bin-path)/ingest
python3 Benchmarks/gen_validate_files.py "$WORK/data" --files "$FILES" --rows "$ROWS"
echo "generated $FILES files of $ROWS rows"

# run_timed OUTFILE CMD...: runs CMD with stdout to OUTFILE; prints "WALL CPU" seconds (CPU = user +
# system of the command and its children), so figures stay comparable when other work shares the machine.
run_timed() {
    local out=$1; shift
    python3 -c '
import resource, subprocess, sys, time
out = sys.argv[1]
start = time.perf_counter()
with open(out, "w") as f:
    subprocess.run(sys.argv[2:], stdout=f, stderr=subprocess.DEVNULL)
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{wall:.3f} {usage.ru_utime + usage.ru_stime:.3f}")' "$out" "$@"
}
report() {  # report NAME FILES WALL CPU
    python3 -c 'import sys; name, n, wall, cpu = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]); print(f"{name:<22} {wall:7.2f} s wall, {n / wall:7.1f} files/s; {cpu:7.2f} s CPU, {n / cpu:7.1f} files per CPU-second")' "$@"
}

"$BIN" validate "$WORK/data" --today 2026-11-30 >/dev/null 2>&1 || true   # warm the file cache
read -r ingest_wall ingest_cpu < <(run_timed "$WORK/report.json" "$BIN" validate "$WORK/data" --today 2026-11-30 --format json)
report "ingest validate" "$FILES" "$ingest_wall" "$ingest_cpu"

"$BIN" validate "$WORK/data" --today 2026-11-30 --format sarif > "$WORK/report.sarif" || true
python3 Benchmarks/check_validate_reports.py "$WORK/report.json" "$WORK/report.sarif"

read -r fl_wall fl_cpu < <(cd "$WORK" && run_timed "$WORK/frictionless.json" frictionless validate --json --parallel 'data/*/*.csv')
report "frictionless validate" "$FILES" "$fl_wall" "$fl_cpu"
python3 -c "
import json, sys
r = json.load(open(sys.argv[1]))
print(f\"frictionless checked {len(r.get('tasks', []))} files, valid: {r.get('valid')}\")" "$WORK/frictionless.json" || true
python3 -c "import sys; w1, c1, w2, c2 = map(float, sys.argv[1:]); print(f'ratio: ingest validate is {w2 / w1:.1f}x faster (wall), {c2 / c1:.1f}x (CPU)')" "$ingest_wall" "$ingest_cpu" "$fl_wall" "$fl_cpu"
