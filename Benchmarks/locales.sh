#!/usr/bin/env bash
# The locale round trip over every locale Foundation lists: amounts and dates written by
# Foundation's own formatters in every style, read back with the locale given, as shares per
# style for the tuning and locked halves, with the worst locales. Run from the repository root:
#   Benchmarks/locales.sh [--seed N] [--count N] [--any-currency]
# Only tuning failures are for reading: `ingest bench-locales --half tuning --failures 50`.
set -euo pipefail
swift build --product ingest >/dev/null
"$(swift build --show-bin-path)/ingest" bench-locales "$@"
