#!/usr/bin/env bash
# Runs each hostile input shape through `ingest` at a size n and at 10n, printing the wall
# time, the 10n/n ratio and the peak resident memory of each run, and whether the ratio stays
# within 12 (time linear in the input). The shapes are written by hostile_inputs.py into
# bench-out/hostile/. Run from the repository root: bash Benchmarks/hostile.sh
# BIN=path times another build of ingest instead of building this one; PIPE=0 leaves out the
# newlines streamed through a pipe (100 MiB and 1 GiB).
set -uo pipefail
cd "$(dirname "$0")/.."

OUT=bench-out/hostile
mkdir -p "$OUT"

if [ ! -x /usr/bin/time ]; then
    echo "installing GNU time for peak memory figures" >&2
    apt-get install -y time >/dev/null
fi

if [ -z "${BIN:-}" ]; then
    swift build -c release --static-swift-stdlib --product ingest >&2 || exit 1
    BIN="$(swift build -c release --show-bin-path)/ingest"
fi

# measure NAME COMMAND...: runs the command once, prints "wall kib exit" (the command's own
# output goes to $OUT/NAME.log).
measure() {
    local name=$1
    shift
    /usr/bin/time -f "%e %M" -o "$OUT/$name.time" "$@" >"$OUT/$name.log" 2>&1
    local code=$?
    # GNU time writes "Command exited with non-zero status N" above its line when N > 0.
    echo "$(tail -1 "$OUT/$name.time") $code"
}

# shape NAME GENERATOR-SHAPE N COMMAND-KIND: generates the input at n and 10n and runs it.
over=0
printf "%-26s %10s %10s %8s %10s %10s %6s\n" "shape" "n time s" "10n time s" "ratio" "n MiB" "10n MiB" "exits"
row() {
    local name=$1 shape=$2 n=$3 kind=$4
    local results=()
    for size in "$n" "$((n * 10))"; do
        local file="$OUT/$shape-$size.csv"
        [ -f "$file" ] || python3 Benchmarks/hostile_inputs.py "$shape" "$size" "$file"
        case $kind in
            accept) results+=("$(measure "$name-$size" "$BIN" import "$file" --accept all -o "$OUT/$name-$size.json")") ;;
            drafts) results+=("$(measure "$name-$size" "$BIN" import "$file" --drafts "$OUT/$name-$size.drafts.json")") ;;
        esac
    done
    report "$name" "${results[@]}"
}

# report NAME "wall kib exit" "wall kib exit": one line of the table.
report() {
    local name=$1
    read -r t1 m1 e1 <<<"$2"
    read -r t2 m2 e2 <<<"$3"
    local ratio
    ratio=$(python3 -c "a, b = $t1, $t2; print('%.1f' % (b / a if a > 0 else 0))")
    local flag=""
    if python3 -c "import sys; a, b = $t1, $t2; sys.exit(0 if a <= 0.05 or b / a <= 12 else 1)"; then flag=""; else flag="  over 12x"; over=1; fi
    printf "%-26s %10s %10s %7sx %10s %10s %6s%s\n" "$name" "$t1" "$t2" "$ratio" "$((m1 / 1024))" "$((m2 / 1024))" "$e1/$e2" "$flag"
}

row "long name (words)"        long-name   4000    accept
row "open quote (lines)"       open-quote  1000    accept
row "identical rows, accept"   identical   20000   accept
row "identical rows, drafts"   identical   20000   drafts
row "columns"                  columns     1000    accept
row "blank lines"              blank-lines 1600000 accept
row "one big cell (bytes)"     big-cell    100000  accept
row "rows of 1 MB notes"        big-rows    4       accept
row "newlines only (bytes)"    newlines    1600000 accept
row "one long header word"     long-word   100000  accept
row "bytes 0xFF (binary)"      binary-ff   100000  accept

if [ "${PIPE:-1}" != 0 ]; then
    results=()
    for size in $((100 << 20)) $((1000 << 20)); do
        results+=("$(measure "pipe-$size" bash -c "head -c $size /dev/zero | tr '\\0' '\\n' | '$BIN' import - --accept all -o '$OUT/pipe-$size.json'")")
    done
    report "newlines through a pipe" "${results[@]}"
fi

# Inputs that must stop at once, with an error, whatever their size.
printf "\n%-26s %10s %10s %6s  %s\n" "stops with an error" "time s" "MiB" "exit" "message"
for input in /dev/zero; do
    read -r t m e <<<"$(timeout 120 bash -c "$(declare -f measure); OUT=$OUT; measure devzero '$BIN' import '$input' --accept all -o '$OUT/devzero.json'")"
    printf "%-26s %10s %10s %6s  %s\n" "$input" "$t" "$((m / 1024))" "$e" "$(grep -m1 ingest "$OUT/devzero.log" | cut -c1-100)"
done
read -r t m e <<<"$(timeout 120 bash -c "$(declare -f measure); OUT=$OUT; measure zeropipe bash -c \"head -c 4G /dev/zero | '$BIN' import - --accept all -o '$OUT/zeropipe.json'\"")"
printf "%-26s %10s %10s %6s  %s\n" "/dev/zero through a pipe" "$t" "$((m / 1024))" "$e" "$(grep -m1 ingest "$OUT/zeropipe.log" | cut -c1-100)"

exit $over
