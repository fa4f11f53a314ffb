#!/bin/sh
# Screenshot import quality on generated pages (Fixtures/screenshots/generator/generate.py), one split at a time.
#   Benchmarks/generated-screenshots.sh tuning|locked [COUNT]     from the repository root
# Pages are generated once into .build/generated-shots/SPLIT (COUNT first seeds of the split, default 40)
# and imported one at a time with one OCR thread (OMP_THREAD_LIMIT=1), so the machine's other core
# stays free. INGEST=path/to/ingest picks the binary (default: a debug build). Prints per family the
# subscription field-F1 and the per-field F1 (name, amount, currency, cycle, renewal); extra arguments
# after COUNT go to the scorer (--verbose, --by theme, --by icon, ...). Pages in Italian, Portuguese
# and Dutch need the OCR packs tesseract-ocr-ita, -por and -nld; without one such a page scores nothing.
set -eu
cd "$(dirname "$0")/.."
split=${1:?usage: generated-screenshots.sh tuning|locked [COUNT] [scorer options]}
count=${2:-40}
shift $(( $# < 2 ? $# : 2 ))
pages=.build/generated-shots/$split-$count
if [ ! -f "$pages/.done" ]; then
    mkdir -p "$pages"
    python3 Fixtures/screenshots/generator/generate.py --split "$split" --count "$count" --out "$pages" >/dev/null
    touch "$pages/.done"
fi
if [ -z "${INGEST:-}" ]; then
    swift build --product ingest >/dev/null
    INGEST=.build/debug/ingest
fi
out=${PRED_DIR:-$(mktemp -d)}
mkdir -p "$out"
export OMP_THREAD_LIMIT=1
for truth in "$pages"/*.json; do
    stem=$(basename "$truth" .json)
    image=$(ls "$pages/$stem".png "$pages/$stem".jpg 2>/dev/null | head -n 1)
    locale=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["locale"])' "$truth")
    "$INGEST" import "$image" --accept all --today 2026-11-30 --locale "$locale" -q -o "$out/$stem.json" 2>/dev/null || true
done
python3 Benchmarks/score_screenshots.py --truth-dir "$pages" --pred-dir "$out" --fields "$@"
[ -n "${PRED_DIR:-}" ] || rm -rf "$out"
