#!/usr/bin/env python3
"""The locale round trip with another CLDR implementation: Babel (Python) writes seeded
amounts and dates for every locale it shares with ICU, and `ingest normalize` reads them
back with the locale given. Same styles, seed scheme and tuning/locked halves (FNV-1a of the
identifier, even is tuning) as `ingest bench-locales`. Needs `pip install babel`.

    python3 Benchmarks/locales_babel.py INGEST_BINARY [--count N] [--failures N] [--half tuning]
"""
import argparse
import datetime
import json
import random
import subprocess
from decimal import Decimal

from babel import Locale, localedata
from babel.dates import format_date, format_skeleton
from babel.numbers import format_currency, get_currency_precision, get_territory_currencies

TODAY = datetime.date(2026, 11, 30)


def half(identifier):
    h = 0xCBF29CE484222325
    for b in identifier.encode():
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "tuning" if h % 2 == 0 else "locked"


def cases(identifier, count, rng):
    locale = Locale.parse(identifier)
    out = []
    own = None
    if locale.territory:
        found = get_territory_currencies(locale.territory, datetime.date(2026, 1, 1))
        own = found[0] if found else None
    currencies = [c for c in [own, "USD", "EUR"] if c]
    currencies = list(dict.fromkeys(currencies))
    for style in ("price-symbol", "price-code", "price-accounting"):
        for n in range(count):
            code = currencies[0 if n < count - 2 else (n - (count - 2) + 1) % len(currencies)]
            digits = get_currency_precision(code)
            units = rng.randrange(1, [1, 100, 10_000, 1_000_000, 100_000_000][rng.randrange(5)] * 100 + 1)
            if digits == 0:
                units = units // 100 + 1
            if style == "price-accounting" or (style == "price-symbol" and rng.randrange(3) == 0):
                units = -units
            amount = Decimal(units).scaleb(-digits)
            kw = {"locale": locale, "currency_digits": True}
            if style == "price-code":
                text = format_currency(amount, code, format="¤¤ #,##0.00" if digits else "¤¤ #,##0", **kw)
            elif style == "price-accounting":
                text = format_currency(amount, code, format_type="accounting", **kw)
            else:
                text = format_currency(amount, code, **kw)
            out.append((style, text, f"{amount} {code}"))
    first = datetime.date(1990, 1, 1).toordinal()
    last = datetime.date(2035, 12, 31).toordinal()
    for style in ("short", "medium", "long", "full", "MMMd"):
        for _ in range(count):
            if style == "MMMd":
                day = TODAY + datetime.timedelta(days=rng.randrange(300))
                text = format_skeleton("MMMd", day, locale=locale)
            else:
                day = datetime.date.fromordinal(rng.randrange(first, last + 1))
                text = format_date(day, format=style, locale=locale)
            out.append(("date-" + style, text, day.isoformat()))
    return out


def read(binary, identifier, kind, texts):
    if not texts:
        return []
    proc = subprocess.run([binary, "normalize", kind, "--locale", identifier, "--today", TODAY.isoformat()],
                          input="\n".join(texts) + "\n", capture_output=True, text=True)
    if proc.returncode != 0:
        return ["usage: " + proc.stderr.strip().splitlines()[0]] * len(texts)
    return [json.loads(line) for line in proc.stdout.splitlines()]


def matches(style, answer, expected):
    if not isinstance(answer, dict):
        return False
    if style.startswith("price"):
        amount, code = expected.split(" ")
        return answer.get("amount") is not None and Decimal(answer["amount"]) == Decimal(amount) and answer.get("currency") == code
    return answer.get("date") == expected


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--count", type=int, default=4)
    ap.add_argument("--failures", type=int, default=0)
    ap.add_argument("--half", choices=["tuning", "locked"])
    args = ap.parse_args()
    identifiers = sorted(i for i in localedata.locale_identifiers() if i != "root")
    totals = {}
    per_locale = {}
    shown = 0
    unknown = []
    for identifier in identifiers:
        h = half(identifier)
        if args.half and h != args.half:
            continue
        rng = random.Random(f"{identifier}-1")
        try:
            made = cases(identifier, args.count, rng)
        except Exception:
            continue
        prices = [c for c in made if c[0].startswith("price")]
        dates = [c for c in made if c[0].startswith("date")]
        answers = read(args.binary, identifier, "price", [t for _, t, _ in prices]) + \
            read(args.binary, identifier, "date", [t for _, t, _ in dates])
        if any(isinstance(a, str) for a in answers):
            # A locale of Babel's newer CLDR that this ICU does not know: refused, not counted.
            unknown.append(identifier)
            continue
        for (style, text, expected), answer in zip(prices + dates, answers):
            ok = matches(style, answer, expected)
            t = totals.setdefault((h, style), [0, 0])
            t[1] += 1
            t[0] += ok
            p = per_locale.setdefault(identifier, [0, 0])
            p[1] += 1
            p[0] += ok
            if not ok and shown < args.failures:
                shown += 1
                print(f"FAIL {identifier} {style} {text!r} expected {expected} got {answer}")
    for h in ("tuning", "locked"):
        rows = {s: v for (hh, s), v in totals.items() if hh == h}
        if not rows:
            continue
        for style, (ok, n) in sorted(rows.items()):
            print(f"{h} {style}: {ok}/{n} {ok / n:.4f}")
        for kind in ("price", "date"):
            ok = sum(v[0] for s, v in rows.items() if s.startswith(kind))
            n = sum(v[1] for s, v in rows.items() if s.startswith(kind))
            if n:
                print(f"{h} {kind}s: {ok}/{n} {ok / n:.4f}")
    print(f"locales ICU does not know (refused, not counted): {len(unknown)}")
    worst = sorted((p for p in per_locale.items() if p[1][0] < p[1][1]), key=lambda p: (p[1][0] - p[1][1], p[0]))
    print("worst: " + ", ".join(f"{k} ({half(k)}) {v[0]}/{v[1]}" for k, v in worst[:12]))


if __name__ == "__main__":
    main()
