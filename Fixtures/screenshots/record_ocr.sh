#!/bin/sh
# Records what the OCR engine reads from each fixture (ingest ocr --format json) into ocr/,
# so the layout tests run on real OCR output without running OCR. Run from the repository
# root after changing the engine or the images:  Fixtures/screenshots/record_ocr.sh [path/to/ingest]
set -eu
bin=${1:-.build/debug/ingest}
dir=Fixtures/screenshots
for truth in "$dir"/*.json; do
    stem=$(basename "$truth" .json)
    image=$(ls "$dir/$stem".png "$dir/$stem".jpg 2>/dev/null | head -n 1)
    locale=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["locale"])' "$truth")
    (cd "$dir" && "../../$bin" ocr --format json --locale "$locale" "$(basename "$image")") > "$dir/ocr/$stem.json"
done
