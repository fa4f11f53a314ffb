#!/bin/sh
# Records what the OCR engine reads from each fixture (ingest ocr --format json) into ocr/,
# so the layout tests run on real OCR output without running OCR. Run from the repository
# root after changing the engine or the images:  Fixtures/screenshots/record_ocr.sh [path/to/ingest]
# Needs what generator/generate.py needs for the pages in generated/ (Chromium, fonts, Pillow).
set -eu
bin=${1:-.build/debug/ingest}
dir=Fixtures/screenshots
for truth in "$dir"/*.json; do
    stem=$(basename "$truth" .json)
    image=$(ls "$dir/$stem".png "$dir/$stem".jpg 2>/dev/null | head -n 1)
    locale=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["locale"])' "$truth")
    (cd "$dir" && "../../$bin" ocr --format json --locale "$locale" "$(basename "$image")") > "$dir/ocr/$stem.json"
done
# Generated pages (generated/): made again from their seeds, then recorded the same way.
gen=$dir/generated
binpath=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
pages=$(mktemp -d)
trap 'rm -rf "$pages"' EXIT
for truth in "$gen"/*.json; do
    stem=$(basename "$truth" .json)
    seed=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["seed"])' "$truth")
    locale=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["locale"])' "$truth")
    python3 "$dir/generator/generate.py" --seeds "$seed" --out "$pages" >/dev/null
    image=$(ls "$pages/$stem".png "$pages/$stem".jpg 2>/dev/null | head -n 1)
    (cd "$pages" && "$binpath" ocr --format json --locale "$locale" "$(basename "$image")") > "$gen/ocr/$stem.json"
done
