#!/usr/bin/env python3
"""Writes the benchmark inputs of Benchmarks/normalize.sh, a fixed pseudo-random mix:
OUT/prices.txt (the shapes of a spreadsheet price column), prices-mixed.txt (every notation
the parser reads: trials, cycles, Swiss, Nordic, Indian, yen, accounting), dates.txt,
cycles.txt and brands.txt."""
import random
import sys
from pathlib import Path

out = Path(sys.argv[1])
count = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
rng = random.Random(20261130)
out.mkdir(parents=True, exist_ok=True)


def amount():
    return rng.choice([rng.randint(1, 99) + rng.randint(0, 99) / 100, rng.randint(100, 99999) + rng.randint(0, 99) / 100])


def column_price():
    a = amount()
    whole, cents = int(a), int(round((a - int(a)) * 100))
    us = f"{whole:,}.{cents:02d}"
    eu = f"{whole:,}".replace(",", ".") + f",{cents:02d}"
    return rng.choice([f"${us}", f"{eu} €", f"€{us}", f"EUR {eu}", f"£{us}", f"{us} USD", f"{whole}.{cents:02d}",
                       f"-{us}", f"({us})", f"{eu}", f"USD {us}", f"{us} €"])


def price():
    a = amount()
    whole, cents = int(a), int(round((a - int(a)) * 100))
    us = f"{whole:,}.{cents:02d}"
    eu = f"{whole:,}".replace(",", ".") + f",{cents:02d}"
    return rng.choice([
        f"${us}", f"{eu} €", f"€{us}", f"EUR {eu}", f"£{us}", f"{us} USD", f"CHF {whole:,}".replace(",", "'") + ".–",
        f"{whole} kr", f"R$ {eu}", f"¥{whole:,}", f"{whole:,}円", f"₹{us}", f"{eu} zł", f"${us}/mo", f"{eu} €/Monat",
        f"({us})", f"-{us}", f"{us} DR", f"Free trial, then ${us}/month", f"{eu}\u00a0€", f"US$ {us}", f"{us}",
    ])


MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
DE = ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"]
ES = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"]


def date():
    y, m, d = rng.randint(2020, 2030), rng.randint(1, 12), rng.randint(1, 28)
    return rng.choice([
        f"{y}-{m:02d}-{d:02d}", f"{m:02d}/{d:02d}/{y}", f"{d:02d}.{m:02d}.{y}", f"{MONTHS[m-1]} {d}, {y}",
        f"{d} {MONTHS[m-1][:3]} {y}", f"{d}. {DE[m-1]} {y}", f"{d} de {ES[m-1]} de {y}", f"{y}年{m}月{d}日",
        f"{y}-{m:02d}-{d:02d}T10:00:00Z", f"{MONTHS[m-1][:3]} {d}", "tomorrow", "in 3 days", "next Monday",
    ])


CYCLES = ["monthly", "Monthly", "yearly", "annual", "/mo", "per month", "every 2 weeks", "quarterly", "p.a.",
          "mensual", "monatlich", "mensuel", "每月", "月額", "every 3 months", "12 months", "weekly", "biweekly"]
BRANDS = ["Netflix", "netflix premium", "Spotify Family", "NETFLIX.COM 866-579-7172", "SPOTIFY P1A2B3C4D",
          "AMZN Prime*AB12CD", "APPLE.COM/BILL", "GOOGLE *YouTube", "PAYPAL *DISNEYPLUS", "Gym membership",
          "Rent", "Adobe Creative Cloud", "CORNER BAKERY 1234", "Dropbox Plus", "ChatGPT Plus"]

(out / "prices.txt").write_text("\n".join(column_price() for _ in range(count)) + "\n")
(out / "prices-mixed.txt").write_text("\n".join(price() for _ in range(count)) + "\n")
(out / "dates.txt").write_text("\n".join(date() for _ in range(count)) + "\n")
(out / "cycles.txt").write_text("\n".join(rng.choice(CYCLES) for _ in range(count)) + "\n")
(out / "brands.txt").write_text("\n".join(rng.choice(BRANDS) for _ in range(count)) + "\n")
