#!/usr/bin/env python3
"""Generates input files of realistic shape for the speed benchmark (Benchmarks/shapes.sh).

    python3 Benchmarks/gen_shapes.py OUT_DIR [--rows N] [--seed S] [--only SHAPE,...]

Shapes (each a file in OUT_DIR, with the ingest flags it is imported with in OUT_DIR/flags.txt):
  chase     Chase-like checking export: card descriptors ending in an MM/DD purchase date and
            a store number, ACH lines whose IDs differ on every row, ~1 % quoted fields with
            commas and "", newest first, 2,000+ recurring series among one-off charges.
  dkb       the same kind of transactions as a DKB-like German export: Windows-1252 (EUR as
            0x80, umlauts), ';', every field quoted, trailing ';', CRLF, six preamble lines,
            dd.mm.yyyy, -1.234,56, eleven columns with Glaeubiger-ID and Mandatsreferenz.
  monzo     Monzo/Revolut-like UTF-8 export with merchant categories, ISO dates and times.
  french    a French bank's ';' export, dd/mm/yyyy, decimal comma, Latin-1 free of accents
            only where the bank writes them.
  notion    a Notion database export: BOM, emoji in names, multi-line quoted notes,
            "November 30, 2026 9:00 AM" dates, $1,299.00 prices, multi-select cells (a tenth
            of the rows of the others).
  subs      a plain subscription list with 30 % duplicate rows.
Each has a long tail of distinct merchants (at least 200,000 distinct descriptors per million
rows) and per-row unique references. Deterministic for a seed.
"""
import argparse
import datetime as dt
import os
import random

BRANDS = ["NETFLIX.COM", "SPOTIFY", "HULU", "DISNEY PLUS", "APPLE.COM/BILL", "GOOGLE *YOUTUBE", "AMAZON PRIME",
          "DROPBOX", "ADOBE", "MICROSOFT*365", "NYTIMES", "PELOTON", "AUDIBLE", "PATREON", "GITHUB", "CANVA",
          "DUOLINGO", "HBO MAX", "PARAMOUNT+", "CRUNCHYROLL", "NOTION LABS", "1PASSWORD", "OPENAI *CHATGPT"]
WORDS = ["CAFE", "MARKET", "PIZZA", "BAKERY", "HARDWARE", "BOOKS", "FUEL", "PHARMACY", "GRILL", "DELI", "TACO",
         "SUSHI", "FLORIST", "TAILOR", "GARAGE", "CINEMA", "HOTEL", "PARKING", "TAXI", "SALON", "GYM", "TOYS"]
CITIES = ["NEW YORK NY", "AUSTIN TX", "SEATTLE WA", "CHICAGO IL", "DENVER CO", "BOSTON MA", "MIAMI FL"]
DE_CITIES = ["BERLIN", "MUENCHEN", "HAMBURG", "KOELN", "FRANKFURT", "Düsseldorf", "Nürnberg"]


def merchants(rng, n):
    """A long tail of distinct one-off merchant names."""
    out = set()
    while len(out) < n:
        out.add(f"{rng.choice(WORDS)} {rng.choice(WORDS)} {rng.randint(1, 99999)}")
    return sorted(out)


def transactions(rng, rows):
    """(date, merchant, amount in cents (negative: charge), kind, reference) newest first:
    recurring series (monthly, same amount, some with a price step) among one-off charges."""
    start = dt.date(2023, 12, 1)
    days = 3 * 365  # through 2026-11-30, the benchmark's --today
    series = []
    for i in range(max(2000, rows // 400)):
        name = rng.choice(BRANDS) if i < 200 else f"{rng.choice(WORDS)} CLUB {i}"
        amount = -rng.choice([499, 799, 999, 1099, 1299, 1549, 1999, 2999, 4999])
        day = rng.randint(1, 28)
        series.append((name, amount, day))
    recurring = []
    for name, amount, day in series:
        d = dt.date(start.year, start.month, day)
        step = rng.random() < 0.2
        months = 0
        while (d - start).days < days:
            a = amount - (200 if step and months > 18 else 0)
            recurring.append((d, name, a, "sub"))
            months += 1
            y, m = divmod(d.month, 12)
            d = dt.date(d.year + y, m + 1, day)
    tail = merchants(rng, max(1000, rows // 4))
    items = list(recurring[: rows // 3])
    while len(items) < rows:
        d = start + dt.timedelta(days=rng.randrange(days))
        items.append((d, rng.choice(tail), -rng.randint(100, 25000), "once"))
    items.sort(key=lambda t: t[0], reverse=True)
    return [(d, name, amount, kind, rng.getrandbits(48)) for d, name, amount, kind in items[:rows]]


def money_us(cents):
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"


def money_de(cents):
    sign = "-" if cents < 0 else ""
    whole = f"{abs(cents) // 100:,}".replace(",", ".")
    return f"{sign}{whole},{abs(cents) % 100:02d}"


def csv_field(text, delimiter=","):
    if any(c in text for c in (delimiter, '"', "\n")):
        return '"' + text.replace('"', '""') + '"'
    return text


def chase(rng, rows, path):
    balance = 1_000_000
    with open(path, "w", newline="") as f:
        f.write("Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #,\n")
        for d, name, amount, kind, ref in transactions(rng, rows):
            balance -= amount
            if kind == "sub" or rng.random() < 0.6:
                desc = f"{name} {d.month:02d}/{d.day:02d} #{ref % 100000:05d} {rng.choice(CITIES)}"
                kind_text = "DEBIT_CARD"
            else:
                desc = (f"ORIG CO NAME:{name} ORIG ID:{ref % 10**10:010d} DESC DATE:{d:%y%m%d} "
                        f"CO ENTRY DESCR:PAYMENT SEC:PPD TRACE#:{ref:015d} EED:{d:%y%m%d} IND ID:{ref % 10**8}")
                kind_text = "ACH_DEBIT"
            if rng.random() < 0.01:
                desc += ', "PENDING", STORE'
            f.write(",".join(["DEBIT", f"{d:%m/%d/%Y}", csv_field(desc), money_us(amount), kind_text,
                              money_us(balance), "", ""]) + "\n")


def dkb(rng, rows, path):
    with open(path, "w", encoding="cp1252", newline="") as f:
        lines = ['"Girokonto";"DE12 1203 0000 1234 5678 90";', '"";', '"Kontostand vom 30.11.2026:";"12.345,67 €";',
                 '"";', '"Zeitraum:";"01.01.2023 - 30.11.2026";', '"";']
        for line in lines:
            f.write(line + "\r\n")
        header = ["Buchungsdatum", "Wertstellung", "Status", "Zahlungspflichtige*r", "Zahlungsempfänger*in",
                  "Verwendungszweck", "Umsatztyp", "IBAN", "Betrag (€)", "Gläubiger-ID", "Mandatsreferenz"]
        f.write(";".join(f'"{h}"' for h in header) + ";\r\n")
        for d, name, amount, kind, ref in transactions(rng, rows):
            purpose = f"{name} {rng.choice(DE_CITIES)} Karte {ref % 10000:04d} {d:%d.%m}"
            creditor = f"DE98ZZZ{ref % 10**11:011d}" if kind == "sub" else ""
            mandate = f"M-{ref % 10**9}" if kind == "sub" else ""
            row = [f"{d:%d.%m.%Y}", f"{d:%d.%m.%Y}", "Gebucht", "Max Mustermann", name, purpose,
                   "Ausgang", f"DE{ref % 10**20:020d}", money_de(amount), creditor, mandate]
            f.write(";".join('"' + c.replace('"', '""') + '"' for c in row) + ";\r\n")


def monzo(rng, rows, path):
    categories = ["entertainment", "groceries", "eating_out", "transport", "shopping", "bills", "general"]
    with open(path, "w", newline="") as f:
        f.write("Transaction ID,Date,Time,Type,Name,Emoji,Category,Amount,Currency,Local amount,Local currency,"
                "Notes and #tags,Address,Receipt,Description,Category split,Money Out,Money In\n")
        for d, name, amount, kind, ref in transactions(rng, rows):
            category = "entertainment" if kind == "sub" else rng.choice(categories)
            emoji = "🎬" if kind == "sub" else rng.choice(["☕", "🛒", "🍕", "🚕", ""])
            money = money_us(amount)
            f.write(",".join([f"tx_0000{ref:012x}", f"{d:%d/%m/%Y}", f"{rng.randrange(24):02d}:{rng.randrange(60):02d}:00",
                              "Card payment", csv_field(name.title()), emoji, category, money, "GBP", money, "GBP", "",
                              csv_field(f"{rng.randint(1, 200)} High Street, London"), "", csv_field(name), "",
                              money, ""]) + "\n")


def french(rng, rows, path):
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write("Date opération;Date valeur;Libellé;Débit;Crédit;Référence\n")
        for d, name, amount, kind, ref in transactions(rng, rows):
            label = f"CB {name} {d:%d/%m} FACT {ref % 10**6:06d}" if kind == "sub" or rng.random() < 0.7 \
                else f"PRLV SEPA {name} ECH/{d:%d%m%y} ID EMETTEUR/FR{ref % 10**8:08d}"
            f.write(";".join([f"{d:%d/%m/%Y}", f"{d:%d/%m/%Y}", label, money_de(amount).replace(".", " "), "",
                              f"{ref % 10**12:012d}"]) + "\n")


def notion(rng, rows, path):
    emoji = ["🎬", "🎵", "☁️", "📰", "🏋️", "🎮", "📚", ""]
    tags = ["Personal", "Work", "Family", "Shared", "Tax deductible"]
    cycles = ["Monthly", "Yearly", "Weekly", "Quarterly"]
    tail = merchants(rng, max(1000, rows // 2))
    with open(path, "w", encoding="utf-8-sig", newline="") as f:
        f.write("Name,Price,Billing Cycle,Next Payment,Category,Tags,Notes,Status,Created\n")
        for i in range(rows):
            name = (rng.choice(emoji) + " " + (rng.choice(BRANDS).title() if rng.random() < 0.3 else rng.choice(tail).title())).strip()
            cents = rng.choice([499, 999, 1299, 1549, 129900, 2999, 7900])
            price = f"${cents // 100:,}.{cents % 100:02d}"
            d = dt.date(2026, 12, 1) + dt.timedelta(days=rng.randrange(365))
            when = f"{d:%B} {d.day}, {d.year} {rng.randint(1, 12)}:{rng.choice(['00', '30'])} {rng.choice(['AM', 'PM'])}"
            note = "" if rng.random() < 0.6 else f"Shared with family\nCard ending {rng.randint(1000, 9999)}, \"main\" account"
            f.write(",".join([csv_field(name), csv_field(price), rng.choice(cycles), csv_field(when),
                              rng.choice(["Streaming", "Software", "Fitness", "News", ""]),
                              csv_field(", ".join(rng.sample(tags, rng.randint(0, 3)))), csv_field(note),
                              rng.choice(["Active", "Active", "Active", "Paused"]),
                              csv_field(f"{d - dt.timedelta(days=400):%B} {d.day}, {d.year - 1} 9:00 AM")]) + "\n")


def subs(rng, rows, path):
    tail = merchants(rng, max(1000, rows // 4))
    cycles = ["monthly", "yearly", "weekly", "every 3 months"]
    made = []
    with open(path, "w", newline="") as f:
        f.write("Name,Price,Billing cycle,Next renewal,Category\n")
        for i in range(rows):
            if made and rng.random() < 0.3:
                f.write(rng.choice(made))
                continue
            name = rng.choice(BRANDS).title() if rng.random() < 0.2 else rng.choice(tail).title()
            line = ",".join([csv_field(name), f"{rng.randint(1, 99)}.{rng.randint(0, 99):02d} {rng.choice(['USD', 'EUR', 'GBP'])}",
                             rng.choice(cycles), f"2027-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}",
                             rng.choice(["streaming", "software", "news", ""])]) + "\n"
            if len(made) < 50000:
                made.append(line)
            f.write(line)


SHAPES = {
    # name: (writer, file, flags, share of --rows)
    "chase": (chase, "chase.csv", "--from bank", 1.0),
    "dkb": (dkb, "dkb.csv", "--from bank --locale de_DE", 1.0),
    "monzo": (monzo, "monzo.csv", "--from bank", 1.0),
    "french": (french, "french.csv", "--from bank --locale fr_FR", 1.0),
    "notion": (notion, "notion.csv", "--from notion", 0.1),
    "subs": (subs, "subs.csv", "", 1.0),
}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    only = [s for s in args.only.split(",") if s]
    with open(os.path.join(args.out, "flags.txt"), "w") as flags:
        for name, (writer, file, options, share) in SHAPES.items():
            if only and name not in only:
                continue
            rows = max(100, int(args.rows * share))
            writer(random.Random(f"{args.seed}-{name}"), rows, os.path.join(args.out, file))
            flags.write(f"{name}\t{file}\t{rows}\t{options}\n")


if __name__ == "__main__":
    main()
