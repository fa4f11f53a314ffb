#!/usr/bin/env python3
"""The plain-Python full job a benchmark shape is compared with (Benchmarks/shapes.sh): read the
file with `csv` in its known dialect and encoding, amounts as `Decimal`, dates with `strptime`
in the known format, then JSON out. For statements, charges are grouped into recurring series
(the descriptor without digits and punctuation as the key; three or more charges of one amount
in different months); for lists, duplicate rows (same name and cycle) are folded.

    python3 Benchmarks/shapes_peer.py SHAPE FILE > out.json
"""
import csv
import datetime as dt
import json
import re
import sys
from collections import defaultdict
from decimal import Decimal

KEY = re.compile(r"[^A-Za-z ]+")


def merchant_key(text):
    return " ".join(KEY.sub(" ", text).split()[:3]).upper()


def statement(rows, date_of, amount_of, text_of):
    series = defaultdict(list)
    for row in rows:
        amount = amount_of(row)
        if amount >= 0:
            continue
        series[(merchant_key(text_of(row)), amount)].append(date_of(row))
    out = []
    for (key, amount), dates in series.items():
        months = {(d.year, d.month) for d in dates}
        if len(months) >= 3:
            last = max(dates)
            out.append({"name": key, "price": {"amount": str(-amount), "currency": None},
                        "cycle": {"unit": "month", "interval": 1}, "lastCharge": last.isoformat()})
    out.sort(key=lambda s: s["name"])
    return out


def de_amount(text):
    return Decimal(text.replace(".", "").replace(" ", "").replace(",", "."))


def main():
    shape, path = sys.argv[1], sys.argv[2]
    if shape == "chase":
        with open(path, newline="", encoding="utf-8") as f:
            rows = list(csv.reader(f))[1:]
        result = statement(rows, lambda r: dt.datetime.strptime(r[1], "%m/%d/%Y").date(), lambda r: Decimal(r[3]), lambda r: r[2])
    elif shape == "dkb":
        with open(path, newline="", encoding="cp1252") as f:
            rows = list(csv.reader(f, delimiter=";"))[7:]
        result = statement(rows, lambda r: dt.datetime.strptime(r[0], "%d.%m.%Y").date(), lambda r: de_amount(r[8]), lambda r: r[4])
    elif shape == "monzo":
        with open(path, newline="", encoding="utf-8") as f:
            rows = list(csv.reader(f))[1:]
        result = statement(rows, lambda r: dt.datetime.strptime(r[1], "%d/%m/%Y").date(), lambda r: Decimal(r[7]), lambda r: r[4])
    elif shape == "french":
        with open(path, newline="", encoding="utf-8") as f:
            rows = list(csv.reader(f, delimiter=";"))[1:]
        result = statement(rows, lambda r: dt.datetime.strptime(r[0], "%d/%m/%Y").date(), lambda r: de_amount(r[3]), lambda r: r[2])
    else:
        with open(path, newline="", encoding="utf-8-sig") as f:
            reader = csv.reader(f)
            next(reader)
            seen = {}
            for r in reader:
                if shape == "notion":
                    price = Decimal(r[1].replace("$", "").replace(",", ""))
                    when = dt.datetime.strptime(r[3], "%B %d, %Y %I:%M %p").date()
                    currency = "USD"
                else:
                    amount, currency = r[1].split(" ")
                    price = Decimal(amount)
                    when = dt.datetime.strptime(r[3], "%Y-%m-%d").date()
                key = (r[0].lower(), r[2].lower())
                if key not in seen:
                    seen[key] = {"name": r[0], "price": {"amount": str(price), "currency": currency},
                                 "cycle": r[2], "nextRenewal": when.isoformat(), "category": r[4] or None}
            result = list(seen.values())
    json.dump({"subscriptions": result}, sys.stdout, indent=2, ensure_ascii=False)


if __name__ == "__main__":
    main()
