#!/usr/bin/env bash
# Fuzzes the parsers that input reaches with libFuzzer and AddressSanitizer.
#
#   Scripts/fuzz.sh TARGET SECONDS [libFuzzer flags]   one target (names: Scripts/fuzz.sh list)
#   Scripts/fuzz.sh all SECONDS                        every target in turn
#   Scripts/fuzz.sh smoke SECONDS                      every target in turn, debug build, fixed seed and
#                                                      input count (smoke_runs); exit 1 on any finding
#   Scripts/fuzz.sh build                              only build the harness
#   Scripts/fuzz.sh minimize TARGET FILE               shrink a crashing input into Fixtures/fuzz-open/TARGET/
#   Scripts/fuzz.sh replay TARGET FILE...              run inputs once (a crash prints its stack)
#
# Everything is built and kept under .build/fuzz (the normal build is not touched): the Ingest
# library compiled with coverage instrumentation and AddressSanitizer, and one harness binary
# whose target is chosen by INGEST_FUZZ_TARGET. Corpora live in .build/fuzz/corpus/TARGET and
# are seeded from Fixtures/ on every run. Findings (crash-*, timeout-*, oom-*, leak-*) are
# written to .build/fuzz/findings/TARGET/.
set -euo pipefail
cd "$(dirname "$0")/.."

ROOT=$PWD
BUILD=$ROOT/.build/fuzz
# FUZZ_CONFIG=debug builds the library unoptimised: about 5 times quicker to build, slower to run.
# The smoke run builds debug unless told otherwise, to keep CI short.
if [[ ${1:-} == smoke ]]; then CONFIG=${FUZZ_CONFIG:-debug}; else CONFIG=${FUZZ_CONFIG:-release}; fi
BIN=$BUILD/ingest-fuzz-$CONFIG
# Leak checks off (the Swift runtime keeps caches for the process's life, and libFuzzer's check
# runs an input twice); a small quarantine and no allocation stacks make a run about 1.6 times
# faster. `replay` keeps ASan's defaults.
FUZZ_ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:quarantine_size_mb=16:malloc_context_size=0}
TARGETS=(csv import zip drafts canonical config rates price date cycle sheets-link ocr-layout)

usage() {
    sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

build() {
    swift build --build-path "$BUILD" -c "$CONFIG" --target Ingest \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing >&2
    local sources=(Scripts/fuzz/main.swift Tests/IngestTests/FuzzTargets.swift)
    # The objects of the library's current sources only: a renamed or deleted source leaves
    # its old object behind in the build folder.
    local objects=() source
    while IFS= read -r source; do
        objects+=("$BUILD/$CONFIG/Ingest.build/$(basename "$source").o")
    done < <(find Sources/Ingest -name '*.swift' | sort)
    objects+=("$BUILD/$CONFIG"/Ingest.build/resource_bundle_accessor.swift.o)
    if [[ -x $BIN ]]; then
        local stale=0 f
        for f in "${sources[@]}" "${objects[@]}"; do [[ $f -nt $BIN ]] && stale=1; done
        [[ $stale == 1 ]] || return 0
    fi
    echo "fuzz.sh: linking $BIN" >&2
    swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name IngestFuzz -use-ld=lld \
        -I "$BUILD/$CONFIG/Modules" -I Sources/CZlib \
        "${sources[@]}" "${objects[@]}" -lz -o "$BIN"
}

# The longest input libFuzzer makes for a target: whole files for the table and document
# readers, a cell or a link for the value parsers.
max_len() {
    case $1 in
        csv|import) echo 4096 ;;
        zip|drafts|canonical|config|rates|ocr-layout) echo 8192 ;;
        *) echo 512 ;;
    esac
}

# The most inputs the smoke tries per target: about what 30 s reach on a two-core machine with
# the debug build. With the fixed seed the smoke then tries the very inputs a run here tried (or
# fewer on a slower machine), so CI does not fail on an input nobody has seen.
smoke_runs() {
    case $1 in
        csv) echo 11000 ;; import) echo 350 ;; zip) echo 5500 ;; drafts) echo 25000 ;;
        canonical) echo 38000 ;; config) echo 200000 ;; rates) echo 270000 ;; price) echo 56000 ;;
        date) echo 83000 ;; cycle) echo 100000 ;; sheets-link) echo 460000 ;; ocr-layout) echo 1200 ;;
        *) echo -1 ;;
    esac
}

# Writes seed inputs for a target into $2 (emptied first), from Fixtures/.
seed() {
    local target=$1 dir=$2
    rm -rf "$dir"
    mkdir -p "$dir"
    local i=0 f line
    case $target in
        csv)
            # First byte 0: the encoding is told from the bytes.
            while IFS= read -r -d '' f; do
                { printf '\0'; head -c 4095 "$f"; } >"$dir/$((i++))"
            done < <(find Fixtures -type f \( -name '*.csv' -o -name '*.tsv' -o -name 'stdin' \) -size -64k -print0)
            ;;
        import)
            while IFS= read -r -d '' f; do cp "$f" "$dir/$((i++))"; done \
                < <(find Fixtures -type f \( -name '*.csv' -o -name '*.tsv' -o -name '*.zip' \) -size -64k -print0)
            ;;
        zip)
            while IFS= read -r -d '' f; do cp "$f" "$dir/$((i++))"; done \
                < <(find Fixtures -type f -name '*.zip' -size -64k -print0)
            ;;
        workbook)
            # First byte: 0 names the file .xlsx, 1 .ods.
            while IFS= read -r -d '' f; do
                case $f in *.ods) printf '\1' ;; *) printf '\0' ;; esac >"$dir/$i"
                cat "$f" >>"$dir/$((i++))"
            done < <(find Fixtures -type f \( -name '*.xlsx' -o -name '*.ods' \) -size -64k -print0)
            ;;
        drafts)
            while IFS= read -r f; do cp "$f" "$dir/$((i++))"; done \
                < <(grep -rl 'ingest/drafts@1' Fixtures | head -50)
            ;;
        canonical)
            while IFS= read -r f; do cp "$f" "$dir/$((i++))"; done \
                < <(grep -rl 'ingest/subscriptions@1' Fixtures | head -50)
            ;;
        config)
            while IFS= read -r -d '' f; do cp "$f" "$dir/$((i++))"; done \
                < <(find Fixtures -type f -name 'ingest*.json' -print0)
            ;;
        rates)
            while IFS= read -r -d '' f; do cp "$f" "$dir/$((i++))"; done \
                < <(find Fixtures -type f -name '*rates*.json' -print0)
            ;;
        price|date|cycle)
            # One cell per seed: the lines `ingest normalize` was given, and the cells of the
            # fixture tables. First byte 0: no locale.
            {
                cat Fixtures/cli/normalize-*/stdin
                find Fixtures -type f -name '*.csv' -size -16k -exec cat {} + | tr ',;\t' '\n\n\n'
            } | LC_ALL=C sort -u | head -2000 | while IFS= read -r line; do
                printf '\0%s' "$line" >"$dir/$((i++))"
            done
            ;;
        sheets-link)
            { grep -rhoE "(https?://|docs\.google\.com/)[^ \"'<>]+" --exclude-dir=fuzz-open Fixtures Tests/IngestTests/SheetsLinkTests.swift || true; } \
                | LC_ALL=C sort -u | while IFS= read -r line; do
                printf '%s' "$line" >"$dir/$((i++))"
            done
            ;;
        ocr-layout)
            # The words `ingest ocr --format json` recorded for the fixture screenshots, as
            # `OCRWords` reads them (needs jq; without it, one small page); first byte 0: no locale.
            if command -v jq >/dev/null; then
                for f in Fixtures/screenshots/ocr/*.json; do
                    { printf '\0'; jq -r '.[0] | "\(.width) \(.height)", (.lines[].words[]
                        | "\(.box.x) \(.box.y) \(.box.width) \(.box.height) \(.confidence * 100 | floor) \(.text)")' "$f"; } \
                        >"$dir/$((i++))"
                done
            else
                echo "fuzz.sh: jq not found; ocr-layout starts from one small page" >&2
                { printf '\0'; printf '%s\n' '390 844' '20 100 80 16 95 Netflix' '300 100 60 16 95 $15.49' '20 120 80 16 95 Monthly'; } >"$dir/0"
            fi
            ;;
    esac
    # Past findings, so that a run catches a parser that breaks on them again.
    if [[ -d Fixtures/fuzz/$target ]]; then
        for f in Fixtures/fuzz/"$target"/*; do [[ -f $f ]] && cp "$f" "$dir/finding-$(basename "$f")"; done
    fi
    return 0
}

# Runs one target for $2 seconds; extra arguments go to libFuzzer. Returns libFuzzer's status
# (0 when nothing was found).
fuzz() {
    local target=$1 seconds=$2
    shift 2
    local corpus=$BUILD/corpus/$target seeds=$BUILD/seeds/$target findings=$BUILD/findings/$target
    mkdir -p "$corpus" "$findings"
    seed "$target" "$seeds"
    echo "fuzz.sh: $target for ${seconds}s ($(ls "$seeds" | wc -l) seeds, $(ls "$corpus" | wc -l) in corpus)" >&2
    SWIFT_BACKTRACE=enable=no INGEST_FUZZ_TARGET=$target ASAN_OPTIONS=$FUZZ_ASAN_OPTIONS "$BIN" \
        -max_total_time="$seconds" -max_len="$(max_len "$target")" -timeout=10 -rss_limit_mb=2048 \
        -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$findings/" "$@" "$corpus" "$seeds"
}

command=${1:-}
case $command in
    list) printf '%s\n' "${TARGETS[@]}" ;;
    build) build ;;
    all|smoke)
        [[ $# -ge 2 ]] || usage
        start=$SECONDS
        build
        failed=()
        for target in "${TARGETS[@]}"; do
            # The smoke starts from a fixed seed and stops at `smoke_runs`: CI tries inputs
            # that were tried here.
            extra=()
            [[ $command == smoke ]] && extra=(-seed=1 -runs="$(smoke_runs "$target")")
            if ! fuzz "$target" "$2" "${extra[@]}" "${@:3}"; then failed+=("$target"); fi
        done
        echo "fuzz.sh: $((SECONDS - start))s including the build" >&2
        if [[ ${#failed[@]} -gt 0 ]]; then
            echo "fuzz.sh: findings in: ${failed[*]} (see .build/fuzz/findings/)" >&2
            exit 1
        fi
        ;;
    minimize)
        [[ $# -eq 3 ]] || usage
        build
        out=Fixtures/fuzz-open/$2
        mkdir -p "$out"
        name=$(basename "$3")
        SWIFT_BACKTRACE=enable=no INGEST_FUZZ_TARGET=$2 ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} "$BIN" \
            -minimize_crash=1 -runs=20000 -max_len="$(max_len "$2")" -timeout=10 -rss_limit_mb=2048 \
            -artifact_prefix="$BUILD/findings/" -exact_artifact_path="$out/$name" "$3" || true
        [[ -f $out/$name ]] || cp "$3" "$out/$name"
        echo "fuzz.sh: $out/$name ($(wc -c <"$out/$name") bytes)" >&2
        ;;
    replay)
        [[ $# -ge 3 ]] || usage
        build
        SWIFT_BACKTRACE=enable=no INGEST_FUZZ_TARGET=$2 ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0} "$BIN" \
            -timeout=10 -rss_limit_mb=2048 "${@:3}"
        ;;
    ''|-h|--help) usage ;;
    *)
        [[ $# -ge 2 ]] || usage
        [[ " ${TARGETS[*]} " == *" $command "* ]] || { echo "fuzz.sh: unknown target $command (try: Scripts/fuzz.sh list)" >&2; exit 2; }
        build
        fuzz "$command" "$2" "${@:3}"
        ;;
esac
