#!/usr/bin/env python3
"""Writes a subscriptions CSV of N rows (default 1,000,000) to standard output, the same bytes
every run: name, price with currency, cycle, next renewal, category, notes.
Usage: python3 Benchmarks/make_big_csv.py 1000000 > big.csv"""
import random
import sys

SERVICES = [
    ("Netflix", "Streaming"), ("Spotify", "Music"), ("Disney+", "Streaming"), ("iCloud+", "Cloud"),
    ("Dropbox", "Cloud"), ("Notion", "Productivity"), ("Adobe Creative Cloud", "Design"),
    ("The New York Times", "News"), ("Duolingo", "Education"), ("Xbox Game Pass", "Games"),
    ("GitHub Copilot", "Development"), ("1Password", "Security"), ("Peloton", "Fitness"),
    ("HelloFresh", "Food"), ("Audible", "Books"), ("YouTube Premium", "Streaming"),
]
PRICES = ["€{:d}.{:02d}", "USD {:d}.{:02d}", "£{:d}.{:02d}", "{:d}.{:02d} EUR"]
CYCLES = ["monthly", "monthly", "monthly", "yearly", "weekly", "quarterly"]
NOTES = ["", "", "", "family plan", "shared with Sam, Alex", "billed to the work card", "\"trial\" ends soon"]


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    rng = random.Random(20261130)
    out = sys.stdout
    out.write("Name,Price,Billing cycle,Next renewal,Category,Notes\n")
    lines = []
    for i in range(n):
        name, category = SERVICES[rng.randrange(len(SERVICES))]
        price = PRICES[rng.randrange(len(PRICES))].format(rng.randrange(1, 200), rng.randrange(100))
        month, day = rng.randrange(1, 13), rng.randrange(1, 29)
        year = 2027 if month < 12 else 2026
        note = NOTES[rng.randrange(len(NOTES))]
        if "," in note or '"' in note:
            note = '"' + note.replace('"', '""') + '"'
        lines.append(f"{name} {i},{price},{CYCLES[rng.randrange(len(CYCLES))]},{year}-{month:02d}-{day:02d},{category},{note}\n")
        if len(lines) == 10000:
            out.write("".join(lines))
            lines = []
    out.write("".join(lines))


if __name__ == "__main__":
    main()
