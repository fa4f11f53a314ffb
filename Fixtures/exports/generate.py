#!/usr/bin/env python3
"""Writes other apps' subscription exports, shaped after their published formats, with truth.

    python3 Fixtures/exports/generate.py --seed 1 --out DIR

Each seed gives one export per shape (Wallos, Firefly III bills and recurrences, YNAB
scheduled transactions, Actual schedules, Bobby, Subscription Day, TrackMySubs, SubsHero,
Rocket Money, Notion templates in five languages, Sheets budget templates): DIR/NAME.csv and
DIR/NAME.truth.json, the subscriptions `ingest import --accept all --today 2026-12-01` should
give (cancelled and income rows left out). Seed 1 is the tuning split, seed 2 the locked one
(`score.py` reads both; rules are written only from seed 1).
"""
import argparse
import csv
import io
import json
import random
from datetime import date, timedelta
from pathlib import Path

TODAY = date(2026, 12, 1)
# Options a user gives for an export whose file does not say them (written to NAME.args).
ARGS = {}

# name as written, standard category, currency, typical price, cycle (unit, interval)
SERVICES = [
    ("Netflix", "streaming", "USD", 15.49, ("month", 1)),
    ("Netflix Standard", "streaming", "EUR", 13.99, ("month", 1)),
    ("Spotify Family", "music", "EUR", 17.99, ("month", 1)),
    ("Spotify Premium", "music", "USD", 11.99, ("month", 1)),
    ("Disney+", "streaming", "EUR", 9.99, ("month", 1)),
    ("iCloud+ 200 GB", "cloud", "USD", 2.99, ("month", 1)),
    ("iCloud+ 2 TB", "cloud", "EUR", 9.99, ("month", 1)),
    ("Google One 2 TB", "cloud", "USD", 9.99, ("month", 1)),
    ("Google One 100 GB", "cloud", "GBP", 19.99, ("year", 1)),
    ("GitHub Copilot", "software", "USD", 10.00, ("month", 1)),
    ("1Password Families", "software", "USD", 59.88, ("year", 1)),
    ("Adobe Photoshop", "software", "EUR", 26.43, ("month", 1)),
    ("Microsoft 365 Family", "software", "EUR", 99.00, ("year", 1)),
    ("YouTube Premium", "streaming", "USD", 13.99, ("month", 1)),
    ("Amazon Prime", "shopping", "USD", 139.00, ("year", 1)),
    ("Dropbox Plus", "cloud", "USD", 119.88, ("year", 1)),
    ("Duolingo Super", "education", "USD", 83.99, ("year", 1)),
    ("The New York Times", "news", "USD", 4.00, ("week", 4)),
    ("Headspace", "fitness", "USD", 12.99, ("month", 1)),
    ("Planet Fitness", "fitness", "USD", 24.99, ("month", 1)),
    ("HelloFresh", "food", "USD", 71.92, ("week", 1)),
    ("Audible Premium Plus", "education", "USD", 14.95, ("month", 1)),
    ("Xbox Game Pass Ultimate", "gaming", "EUR", 17.99, ("month", 1)),
    ("Nintendo Switch Online", "gaming", "EUR", 19.99, ("year", 1)),
    ("NordVPN", "utilities", "USD", 59.88, ("year", 2)),
    ("Fibre 500 Mbit", "utilities", "EUR", 39.99, ("month", 1)),
    ("Mobile plan", "utilities", "GBP", 12.00, ("month", 1)),
    ("Car insurance", "finance", "EUR", 420.00, ("year", 1)),
    ("Gym membership", "fitness", "GBP", 35.00, ("month", 1)),
    ("Patreon - Podcast", "music", "USD", 5.00, ("month", 1)),
    ("Notion Plus", "software", "USD", 96.00, ("year", 1)),
    ("ChatGPT Plus", "software", "USD", 20.00, ("month", 1)),
    ("Canva Pro", "software", "USD", 119.99, ("year", 1)),
    ("Apple Music", "music", "USD", 10.99, ("month", 1)),
    ("Crunchyroll Mega Fan", "streaming", "USD", 11.99, ("month", 1)),
    ("Strava", "fitness", "EUR", 59.99, ("year", 1)),
    ("Backblaze", "cloud", "USD", 9.00, ("month", 1)),
    ("Domain example.org", "cloud", "USD", 12.00, ("year", 1)),
    ("Water filter delivery", "shopping", "USD", 30.00, ("month", 3)),
    ("Newspaper weekend", "news", "GBP", 8.50, ("month", 1)),
]

# category labels by language for the standard categories the services use
LABELS = {
    "en": {"streaming": "Entertainment", "music": "Music", "cloud": "Cloud storage", "software": "Software",
           "shopping": "Shopping", "education": "Education", "news": "News", "fitness": "Health", "food": "Food",
           "gaming": "Games", "utilities": "Utilities", "finance": "Insurance"},
    "de": {"streaming": "Unterhaltung", "music": "Musik", "cloud": "Speicher", "software": "Software",
           "shopping": "Einkaufen", "education": "Bildung", "news": "Nachrichten", "fitness": "Gesundheit",
           "food": "Essen", "gaming": "Spiele", "utilities": "Nebenkosten", "finance": "Versicherung"},
    "fr": {"streaming": "Divertissement", "music": "Musique", "cloud": "Stockage", "software": "Logiciels",
           "shopping": "Achats", "education": "Formation", "news": "Presse", "fitness": "Santé", "food": "Alimentation",
           "gaming": "Jeux", "utilities": "Téléphone", "finance": "Assurance"},
    "es": {"streaming": "Entretenimiento", "music": "Música", "cloud": "Almacenamiento", "software": "Software",
           "shopping": "Compras", "education": "Educación", "news": "Noticias", "fitness": "Salud", "food": "Comida",
           "gaming": "Juegos", "utilities": "Suministros", "finance": "Seguros"},
    "ja": {"streaming": "動画", "music": "音楽", "cloud": "クラウド", "software": "ソフトウェア", "shopping": "ショッピング",
           "education": "教育", "news": "ニュース", "fitness": "健康", "food": "食費", "gaming": "ゲーム",
           "utilities": "通信費", "finance": "保険"},
}

MONTHS = {"en": ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                 "November", "December"]}


def add_months(d, n):
    y, m = divmod(d.month - 1 + n, 12)
    year, month = d.year + y, m + 1
    last = [31, 29 if (year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)) else 28, 31, 30, 31, 30, 31, 31, 30, 31,
            30, 31][month - 1]
    return date(year, month, min(d.day, last))


def advance(d, cycle, times=1):
    unit, interval = cycle
    if unit == "day":
        return d + timedelta(days=interval * times)
    if unit == "week":
        return d + timedelta(weeks=interval * times)
    if unit == "month":
        return add_months(d, interval * times)
    return add_months(d, 12 * interval * times)


def roll(anchor, cycle):
    """The first renewal on or after TODAY, from an anchor in the past (counted from the anchor)."""
    n = 0
    d = anchor
    while d < TODAY:
        n += 1
        d = advance(anchor, cycle, n)
    return d


def money(amount, currency):
    return f"{amount:.0f}" if currency == "JPY" else f"{amount:.2f}"


class Row:
    def __init__(self, rng, service, currency=None):
        name, category, cur, price, cycle = service
        self.name, self.category, self.cycle = name, category, cycle
        self.currency = currency or cur
        factor = rng.choice([1, 1, 1, 0.9, 1.1])
        self.price = round(price * factor, 2) if self.currency != "JPY" else float(round(price * 150, -1))
        self.next = TODAY + timedelta(days=rng.randint(0, 330))
        self.status = "active"

    def truth(self, next_renewal=None):
        return {"name": self.name, "price": money(self.price, self.currency), "currency": self.currency,
                "cycle": f"{self.cycle[0]}/{self.cycle[1]}", "nextRenewal": str(next_renewal or self.next),
                "category": self.category}


def rows(rng, n, currency=None, cycles=None):
    picked = rng.sample(SERVICES, n)
    out = []
    for s in picked:
        if cycles:
            s = (s[0], s[1], s[2], s[3], rng.choice(cycles))
        out.append(Row(rng, s, currency))
    return out


def write_csv(header, body, dialect=","):
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=dialect, lineterminator="\n")
    w.writerow(header)
    for r in body:
        w.writerow(r)
    return buf.getvalue()


def cycle_words(cycle):
    return {("month", 1): "Monthly", ("year", 1): "Yearly", ("week", 1): "Weekly", ("week", 4): "Every 4 weeks",
            ("month", 3): "Quarterly", ("year", 2): "Every 2 years", ("week", 2): "Every 2 weeks",
            ("month", 6): "Every 6 months"}[cycle]


# --- shapes ------------------------------------------------------------------------------

def wallos(rng):
    """Wallos: Export to CSV (subscriptions.php export): one row per subscription."""
    body, truth = [], []
    for r in rows(rng, rng.randint(8, 14)):
        sign = {"USD": "$", "EUR": "€", "GBP": "£"}[r.currency]
        state = rng.choice(["Enabled"] * 6 + ["Disabled"])
        cancel = "" if state == "Enabled" else str(TODAY - timedelta(days=rng.randint(5, 90)))
        body.append([r.name, cycle_words(r.cycle), str(r.next), "Automatic", LABELS["en"][r.category],
                     rng.choice(["Credit Card", "PayPal", "Bank transfer"]), "Me", f"{sign}{money(r.price, r.currency)}",
                     "", f"https://example.com/{r.name.split()[0].lower()}", state, "Yes", cancel,
                     "Yes" if state == "Enabled" else "No"])
        if state == "Enabled":
            truth.append(r.truth())
    header = ["Name", "Payment Cycle", "Next Payment", "Renewal", "Category", "Payment Method", "Paid By", "Price",
              "Notes", "URL", "State", "Notifications", "Cancellation Date", "Active"]
    return write_csv(header, body), truth


FIREFLY_FREQ = {("week", 1): ("weekly", 0), ("week", 2): ("weekly", 1), ("month", 1): ("monthly", 0),
                ("month", 3): ("quarterly", 0), ("month", 6): ("half-year", 0), ("year", 1): ("yearly", 0),
                ("year", 2): ("yearly", 1), ("week", 4): ("weekly", 3)}


def firefly_bills(rng):
    """Firefly III data export, bills: amount_min/amount_max, date of the first bill, repeat_freq + skip."""
    body, truth = [], []
    for i, r in enumerate(rows(rng, rng.randint(8, 12)), 1):
        freq, skip = FIREFLY_FREQ[r.cycle]
        first = r.next
        for _ in range(rng.randint(1, 4)):
            first = advance(first, r.cycle, -1) if r.cycle[0] != "week" else first - timedelta(weeks=r.cycle[1])
        active = rng.random() > 0.1
        body.append([1, i, "2026-01-02T10:00:00+01:00", "2026-05-02T10:00:00+01:00", r.currency, r.name,
                     money(r.price, r.currency), money(r.price, r.currency), str(first), freq, skip,
                     "1" if active else "0", ""])
        if active:
            truth.append(r.truth(roll(first, r.cycle)))
    header = ["user_id", "bill_id", "created_at", "updated_at", "currency_code", "name", "amount_min", "amount_max",
              "date", "repeat_freq", "skip", "active", "notes"]
    return write_csv(header, body), truth


def firefly_recurrences(rng):
    """Firefly III data export, recurrences: a recurrence row, its repetition and its transaction (ragged)."""
    lines = ["type,id,title,description,first_date,repeat_until,repetitions,apply_rules,active,"
             "repetition_type,repetition_moment,repetition_skip,weekend,amount,currency_code,source_name,"
             "destination_name,category_name"]
    truth = []
    for i, r in enumerate(rows(rng, rng.randint(6, 9), cycles=[("month", 1), ("year", 1), ("week", 1)]), 1):
        first = add_months(r.next, -rng.randint(1, 5)) if r.cycle[0] != "week" else r.next - timedelta(weeks=3)
        kind = {"month": "monthly", "year": "yearly", "week": "weekly"}[r.cycle[0]]
        moment = {"month": str(first.day), "year": first.isoformat(), "week": str(first.isoweekday())}[r.cycle[0]]
        lines.append(f"recurrence,{i},{r.name},,{first},,0,1,1")
        lines.append(f"repetition,{i},,,,,,,,{kind},{moment},0,1")
        lines.append(f"transaction,{i},,,,,,,,,,,,{money(r.price, r.currency)},{r.currency},Checking,{r.name},"
                     f"{LABELS['en'][r.category]}")
        truth.append(r.truth(roll(first, r.cycle)))
    return "\n".join(lines) + "\n", truth


YNAB_FREQ = {("month", 1): "monthly", ("year", 1): "yearly", ("week", 1): "weekly", ("week", 2): "everyOtherWeek",
             ("week", 4): "every4Weeks", ("month", 3): "every3Months", ("month", 6): "twiceAYear",
             ("year", 2): "everyOtherYear"}


def ynab(rng):
    """YNAB API scheduled_transactions as a CSV: amounts in milliunits, outflows negative; the
    budget's currency is not in the file (the user passes it)."""
    body, truth = [], []
    currency = rng.choice(["USD", "EUR"])
    ARGS["ynab-scheduled"] = ["--currency", currency]
    for r in rows(rng, rng.randint(8, 12), currency=currency):
        milli = -int(round(r.price * 1000))
        body.append([f"st-{rng.randint(10**7, 10**8)}", str(r.next - timedelta(days=400)), str(r.next),
                     YNAB_FREQ[r.cycle], milli, "", "", "Checking", r.name, LABELS["en"][r.category], "", "false"])
        truth.append(r.truth())
    body.insert(rng.randint(0, len(body)), ["st-1", "2025-01-25", str(TODAY + timedelta(days=24)), "monthly", 3200000,
                                            "Salary", "", "Checking", "Employer", "Inflow: Ready to Assign", "", "false"])
    body.insert(rng.randint(0, len(body)), ["st-2", "2025-01-02", str(TODAY + timedelta(days=1)), "monthly", -500000,
                                            "", "", "Checking", "Transfer : Savings", "", "acc-9", "false"])
    header = ["id", "date_first", "date_next", "frequency", "amount", "memo", "flag_color", "account_name",
              "payee_name", "category_name", "transfer_account_id", "deleted"]
    return write_csv(header, body), truth


def actual(rng):
    """Actual Budget schedules: name, payee, next date, amount (outflows negative), recurrence text;
    no currency in the file (the user passes it)."""
    body, truth = [], []
    ARGS["actual-schedules"] = ["--currency", "USD"]
    for r in rows(rng, rng.randint(8, 12), currency="USD", cycles=[("month", 1), ("year", 1), ("week", 2)]):
        rec = {("month", 1): "Every month", ("year", 1): "Every year", ("week", 2): "Every 2 weeks"}[r.cycle]
        body.append([r.name, r.name, "Checking", r.next.strftime("%m/%d/%Y"), "Upcoming",
                     f"-{money(r.price, r.currency)}", rec])
        truth.append(r.truth())
    header = ["Name", "Payee", "Account", "Next date", "Status", "Amount", "Recurring"]
    return write_csv(header, body), truth


def bobby(rng):
    """Bobby: title, price, currency, cycle count + unit, first bill date."""
    body, truth = [], []
    units = {"day": "Day", "week": "Week", "month": "Month", "year": "Year"}
    for r in rows(rng, rng.randint(8, 12)):
        first = r.next
        for _ in range(rng.randint(1, 6)):
            first = advance(first, r.cycle, -1) if r.cycle[0] != "week" else first - timedelta(weeks=r.cycle[1])
        body.append([r.name, money(r.price, r.currency), r.currency, r.cycle[1], units[r.cycle[0]], str(first), ""])
        truth.append(r.truth(roll(first, r.cycle)))
    header = ["title", "price", "currency", "cycleCount", "cycleUnit", "firstBill", "description"]
    return write_csv(header, body), truth


def subscription_day(rng):
    body, truth = [], []
    for r in rows(rng, rng.randint(8, 12)):
        body.append([r.name, money(r.price, r.currency), r.currency, cycle_words(r.cycle), r.next.strftime("%d/%m/%Y"),
                     LABELS["en"][r.category], ""])
        truth.append(r.truth())
    header = ["Subscription", "Amount", "Currency", "Billing", "Next Billing Date", "Category", "Notes"]
    return write_csv(header, body), truth


def trackmysubs(rng):
    """TrackMySubs: a frequency number and a cycle unit in two columns."""
    body, truth = [], []
    units = {"day": "Day", "week": "Week", "month": "Month", "year": "Year"}
    for r in rows(rng, rng.randint(8, 12), cycles=[("month", 1), ("year", 1), ("day", 45), ("week", 2), ("month", 3)]):
        status = rng.choice(["Active"] * 5 + ["Cancelled"])
        body.append([r.name, money(r.price, r.currency), r.currency, r.cycle[1], units[r.cycle[0]],
                     r.next.strftime("%m/%d/%Y"), LABELS["en"][r.category], "Personal", "", status])
        if status == "Active":
            truth.append(r.truth())
    header = ["Name", "Price", "Currency", "Billing Frequency", "Billing Cycle", "Next Bill Date", "Category", "Folder",
              "Notes", "Status"]
    return write_csv(header, body), truth


def subshero(rng):
    body, truth = [], []
    for r in rows(rng, rng.randint(8, 12)):
        start = advance(r.next, r.cycle, -1) if r.cycle[0] != "week" else r.next - timedelta(weeks=r.cycle[1])
        body.append([r.name, "", money(r.price, r.currency), r.currency, cycle_words(r.cycle), str(start), str(r.next),
                     "Active", LABELS["en"][r.category], "Visa"])
        truth.append(r.truth())
    header = ["Subscription Name", "Plan", "Price", "Currency", "Billing Cycle", "Start Date", "Next Renewal", "Status",
              "Category", "Payment Method"]
    return write_csv(header, body), truth


def rocket_money(rng):
    body, truth = [], []
    for r in rows(rng, rng.randint(8, 12), currency="USD", cycles=[("month", 1), ("year", 1), ("week", 1)]):
        freq = {("month", 1): "Monthly", ("year", 1): "Annually", ("week", 1): "Weekly"}[r.cycle]
        body.append([r.name, f"${money(r.price, r.currency)}", freq, r.next.strftime("%b %d, %Y"),
                     LABELS["en"][r.category], "Active"])
        truth.append(r.truth())
    header = ["Service", "Amount", "Frequency", "Next Bill", "Category", "Status"]
    return write_csv(header, body), truth


NOTION_HEADERS = {
    "en": ["Name", "Website", "Price", "Billing", "Next renewal", "Category", "Status"],
    "de": ["Name", "Webseite", "Preis", "Abrechnung", "Nächste Verlängerung", "Kategorie", "Status"],
    "fr": ["Nom", "Site web", "Prix", "Facturation", "Prochain renouvellement", "Catégorie", "Statut"],
    "es": ["Nombre", "Sitio web", "Precio", "Facturación", "Próxima renovación", "Categoría", "Estado"],
    "ja": ["名前", "ウェブサイト", "料金", "支払いサイクル", "次回更新日", "カテゴリー", "ステータス"],
}
NOTION_CYCLES = {
    "en": {("month", 1): "Monthly", ("year", 1): "Yearly"},
    "de": {("month", 1): "Monatlich", ("year", 1): "Jährlich"},
    "fr": {("month", 1): "Mensuel", ("year", 1): "Annuel"},
    "es": {("month", 1): "Mensual", ("year", 1): "Anual"},
    "ja": {("month", 1): "毎月", ("year", 1): "毎年"},
}
NOTION_STATUS = {"en": ("Active", "Cancelled"), "de": ("Aktiv", "Gekündigt"), "fr": ("Actif", "Résilié"),
                 "es": ("Activo", "Cancelado"), "ja": ("契約中", "解約済み")}


def notion(rng, lang):
    body, truth = [], []
    cur = {"en": "USD", "de": "EUR", "fr": "EUR", "es": "EUR", "ja": "JPY"}[lang]
    for r in rows(rng, rng.randint(5, 9), currency=cur, cycles=[("month", 1), ("month", 1), ("year", 1)]):
        amount = money(r.price, r.currency)
        price = {"en": f"${amount}", "de": f"{amount.replace('.', ',')} €", "fr": f"{amount.replace('.', ',')} €",
                 "es": f"{amount.replace('.', ',')} €", "ja": f"¥{int(r.price):,}"}[lang]
        when = {"en": f"{MONTHS['en'][r.next.month - 1]} {r.next.day}, {r.next.year}",
                "de": r.next.strftime("%d.%m.%Y"), "fr": r.next.strftime("%d/%m/%Y"), "es": r.next.strftime("%d/%m/%Y"),
                "ja": f"{r.next.year}/{r.next.month:02d}/{r.next.day:02d}"}[lang]
        cancelled = rng.random() < 0.15
        url = f"https://www.{r.name.split()[0].lower().strip('+')}.com"
        body.append([r.name, url, price, NOTION_CYCLES[lang][r.cycle], when, LABELS[lang][r.category],
                     NOTION_STATUS[lang][1 if cancelled else 0]])
        if not cancelled:
            truth.append(r.truth())
    return "\ufeff" + write_csv(NOTION_HEADERS[lang], body), truth


def sheets_budget(rng):
    """A household budget sheet: a title, section rows (no price) above their rows, a total."""
    lines = [["Subscriptions budget 2026", "", "", "", ""], ["", "", "", "", ""],
             ["Service", "Cost", "Frequency", "Renews", "Notes"]]
    truth = []
    cur = rng.choice(["USD", "EUR", "GBP"])
    sign = {"USD": "$", "EUR": "€", "GBP": "£"}[cur]
    sections = rng.sample(["streaming", "music", "cloud", "software", "fitness", "utilities"], 3)
    pool = [s for s in SERVICES]
    for section in sections:
        lines.append([LABELS["en"][section], "", "", "", ""])
        members = [s for s in pool if s[1] == section][:3]
        for s in members:
            r = Row(rng, s, cur)
            lines.append([r.name, f"{sign}{money(r.price, cur)}", cycle_words(r.cycle), str(r.next), ""])
            truth.append(r.truth())
    lines.append(["Total", "", "", "", ""])
    return write_csv(lines[0], lines[1:]), truth


def sheets_yen(rng):
    """A Japanese household list with an English header and a bare ¥."""
    body, truth = [], []
    jp = [("Netflix", "streaming", "JPY", 1490, ("month", 1)), ("Amazon Prime", "shopping", "JPY", 5900, ("year", 1)),
          ("U-NEXT", "streaming", "JPY", 2189, ("month", 1)), ("Spotify", "music", "JPY", 980, ("month", 1)),
          ("iCloud+ 50 GB", "cloud", "JPY", 130, ("month", 1)), ("Nintendo Switch Online", "gaming", "JPY", 2400, ("year", 1)),
          ("DAZN", "streaming", "JPY", 4200, ("month", 1)), ("ABEMA Premium", "streaming", "JPY", 960, ("month", 1))]
    for s in rng.sample(jp, 6):
        r = Row(rng, s, "JPY")
        r.price = float(s[3])
        body.append([r.name, f"¥{int(r.price):,}", cycle_words(r.cycle), str(r.next), LABELS["en"][r.category]])
        truth.append(r.truth())
    return write_csv(["Service", "Price", "Cycle", "Next payment", "Category"], body), truth


SHAPES = [("wallos", wallos), ("firefly-bills", firefly_bills), ("firefly-recurrences", firefly_recurrences),
          ("ynab-scheduled", ynab), ("actual-schedules", actual), ("bobby", bobby),
          ("subscription-day", subscription_day), ("trackmysubs", trackmysubs), ("subshero", subshero),
          ("rocket-money", rocket_money)] + [(f"notion-{lang}", (lambda lang: lambda rng: notion(rng, lang))(lang))
                                             for lang in ["en", "de", "fr", "es", "ja"]] + \
         [("sheets-budget", sheets_budget), ("sheets-yen", sheets_yen)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name, shape in SHAPES:
        rng = random.Random(f"{args.seed}:{name}")
        text, truth = shape(rng)
        (out / f"{name}.csv").write_text(text, encoding="utf-8")
        (out / f"{name}.truth.json").write_text(json.dumps(truth, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        if name in ARGS:
            (out / f"{name}.args").write_text(" ".join(ARGS[name]) + "\n", encoding="utf-8")
    print(f"{len(SHAPES)} exports written to {out}")


if __name__ == "__main__":
    main()
