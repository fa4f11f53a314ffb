#!/usr/bin/env python3
"""The peer for Benchmarks/screenshots.sh: the tesseract CLI plus the naive rule "a line with a
price becomes a subscription, the text before the price is its name".

    naive_screenshot.py IMAGE [--langs eng] > prediction.json
"""
import argparse
import json
import re
import subprocess

PRICE = re.compile(r"(?P<pre>[$€£₹¥]|CHF)\s?(?P<a>\d+(?:[.,]\d{1,2})?)|(?P<b>\d+(?:[.,]\d{1,2})?)\s?(?P<suf>[€£₹¥元]|CHF)")
CODES = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "¥": "CNY", "元": "CNY", "CHF": "CHF"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("image")
    ap.add_argument("--langs", default="eng")
    a = ap.parse_args()
    text = subprocess.run(["tesseract", a.image, "-", "-l", a.langs], capture_output=True, text=True).stdout
    subs = []
    for line in text.splitlines():
        m = PRICE.search(line)
        if not m:
            continue
        amount = (m.group("a") or m.group("b")).replace(",", ".")
        name = line[:m.start()].strip(" -:·|") or line[m.end():].strip(" -:·|/")
        subs.append({"name": name, "price": {"amount": amount, "currency": CODES[m.group("pre") or m.group("suf")]},
                     "cycle": None, "nextRenewal": None})
    print(json.dumps({"schema": "ingest/subscriptions@1", "subscriptions": subs}, ensure_ascii=False))


if __name__ == "__main__":
    main()
