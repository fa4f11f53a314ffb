#!/usr/bin/env python3
"""Writes N subscription CSV files of R rows each, as teams keep them in a repository.

Deterministic (fixed seed). About one file in ten has a problem a CI check should catch: an
unparseable or negative price, an unknown currency, a ragged row, a duplicate row, a bad date.

usage: gen_validate_files.py OUT_DIR [--files 2000] [--rows 50]
"""
import argparse
import os
import random

SERVICES = ["Netflix", "Spotify", "Disney+", "YouTube Premium", "iCloud+", "Dropbox", "GitHub", "Notion",
            "Figma", "Adobe CC", "Microsoft 365", "Google One", "NYTimes", "The Economist", "Peloton",
            "Duolingo", "Headspace", "1Password", "Slack", "Zoom", "AWS", "Hetzner", "Audible", "Kindle Unlimited"]
CYCLES = ["monthly", "yearly", "biweekly", "quarterly", "weekly"]
CURRENCIES = ["USD", "EUR", "GBP", "CHF", "SEK"]
CATEGORIES = ["streaming", "music", "software", "cloud", "news", "fitness", "education"]


def row(rng, n):
    name = f"{rng.choice(SERVICES)} {n}"
    price = f"{rng.choice(CURRENCIES)} {rng.randint(1, 99)}.{rng.randint(0, 99):02d}"
    date = f"2027-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    return [name, price, rng.choice(CYCLES), date, rng.choice(CATEGORIES)]


def spoil(rng, rows):
    kind = rng.randrange(6)
    i = rng.randrange(len(rows))
    if kind == 0:
        rows[i][1] = "n/a"
    elif kind == 1:
        rows[i][1] = "USD -4.99"
    elif kind == 2:
        rows[i][1] = "12.00 XYZ"
    elif kind == 3:
        rows[i] = rows[i][:3]
    elif kind == 4:
        rows.append(list(rows[i]))
    else:
        rows[i][3] = "soon"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--rows", type=int, default=50)
    args = parser.parse_args()
    rng = random.Random(20261130)
    os.makedirs(args.out, exist_ok=True)
    for f in range(args.files):
        folder = os.path.join(args.out, f"team{f % 20:02d}")
        os.makedirs(folder, exist_ok=True)
        rows = [row(rng, n) for n in range(args.rows)]
        if rng.random() < 0.1:
            spoil(rng, rows)
        with open(os.path.join(folder, f"subs{f:04d}.csv"), "w", encoding="utf-8", newline="") as out:
            out.write("Service,Price,Billing,Next renewal,Category\n")
            for cells in rows:
                out.write(",".join(cells) + "\n")


if __name__ == "__main__":
    main()
