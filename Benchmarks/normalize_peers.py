#!/usr/bin/env python3
"""Times the Python peers on the same inputs: price-parser for prices, dateparser and
dateutil for dates. Prints `KIND PEER VALUES_PER_SECOND`; a peer that is not installed
prints `missing` (install with `pip install price-parser dateparser python-dateutil`)."""
import sys
import time
from datetime import datetime
from pathlib import Path

folder = Path(sys.argv[1])


def rate(kind, peer, fn, lines, budget=2.0):
    start = time.perf_counter()
    done = 0
    while time.perf_counter() - start < budget:
        for line in lines:
            try:
                fn(line)
            except Exception:
                pass
            done += 1
            if done % 200 == 0 and time.perf_counter() - start >= budget:
                break
    print(f"{kind} {peer} {int(done / (time.perf_counter() - start))}")


prices = (folder / "prices.txt").read_text().splitlines()
mixed = (folder / "prices-mixed.txt").read_text().splitlines()
dates = (folder / "dates.txt").read_text().splitlines()
try:
    from price_parser import Price
    rate("price", "price-parser", Price.fromstring, prices)
    rate("price-mixed", "price-parser", Price.fromstring, mixed)
except ImportError:
    print("price price-parser missing")
    print("price-mixed price-parser missing")
try:
    import dateparser
    settings = {"RELATIVE_BASE": datetime(2026, 11, 30)}
    parser = dateparser.DateDataParser(settings=settings)
    rate("date", "dateparser", lambda s: parser.get_date_data(s), dates)
except ImportError:
    print("date dateparser missing")
try:
    from dateutil import parser as dateutil_parser
    rate("date", "dateutil", lambda s: dateutil_parser.parse(s, fuzzy=True), dates)
except ImportError:
    print("date dateutil missing")
