#!/usr/bin/env python3
"""Renders the screenshot fixtures and their golden JSON from the same case data.

    python3 Fixtures/screenshots/render.py [--json-only] [STEM...]

Needs Debian `chromium` and fonts (fonts-noto-core, fonts-noto-cjk, fonts-dejavu) and Pillow.
Each case gives <stem>.png or .jpg (rendered from templates.py with headless Chromium, then
quantised or JPEG-compressed, maybe cropped) and <stem>.json: the subscriptions a reader should
find, in the canonical `ingest/subscriptions@1` form. Deterministic: no clock, no randomness.
"""
import json
import os
import subprocess
import sys
import tempfile
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from PIL import Image

from templates import TEMPLATES

HERE = Path(__file__).resolve().parent
PHONE, DESKTOP = 390, 1100


def item(name, amount, currency, unit="month", renewal="2026-12-05", **kw):
    return dict(name=name, amount=amount, currency=currency, unit=unit, interval=1, renewal=renewal, **kw)


def case(stem, template, items, lang="en", theme="light", scale=2, width=PHONE, height=844, fmt="png", crop=None, **kw):
    return dict(stem=stem, template=template, items=items, lang=lang, theme=theme, scale=scale, width=width,
                height=height, fmt=fmt, crop=crop, **kw)


HIST = [("2026-11-05", "Netflix.com"), ("2026-10-05", "Netflix.com"), ("2026-09-05", "Netflix.com")]

CASES = [
    # App Store subscriptions list (phone): name, plan, "Renews <date>", price at the right.
    case("appstore_light_en_usd", "appstore", [
        item("Apple Music", "10.99", "USD", plan="Individual (Monthly)", renewal="2026-12-05"),
        item("Disney+", "13.99", "USD", plan="Premium (Monthly)", renewal="2026-12-14"),
        item("Headspace", "69.99", "USD", unit="year", plan="Annual", renewal="2027-03-02"),
    ], expired=[dict(name="HBO Max", date="2026-10-01")]),
    case("appstore_dark_en_gbp", "appstore", [
        item("Spotify Premium", "11.99", "GBP", plan="Individual (Monthly)", renewal="2026-12-09"),
        item("Duolingo Super", "83.99", "GBP", unit="year", plan="Super (Yearly)", renewal="2027-06-21"),
        item("YouTube Premium", "12.99", "GBP", plan="Individual (Monthly)", renewal="2026-12-21"),
        item("iCloud+", "2.99", "GBP", plan="200 GB (Monthly)", renewal="2026-12-02"),
    ], theme="dark", scale=3),
    case("appstore_light_de_eur", "appstore", [
        item("Apple TV+", "9.99", "EUR", plan="Monatlich", renewal="2026-12-18"),
        item("Bumble", "39.99", "EUR", unit="year", plan="Jährlich", renewal="2027-01-11"),
        item("Calm", "8.99", "EUR", plan="Monatlich", renewal="2026-12-27"),
    ], lang="de", scale=1),
    case("appstore_light_fr_eur_jpeg", "appstore", [
        item("Deezer Premium", "11.99", "EUR", plan="Mensuel", renewal="2026-12-12"),
        item("Le Monde", "99.00", "EUR", unit="year", plan="Annuel", renewal="2027-02-01"),
    ], lang="fr", scale=2, fmt="jpg"),
    case("appstore_dark_es_eur_crop", "appstore", [
        item("Netflix", "13.99", "EUR", plan="Estándar (Mensual)", renewal="2026-12-08"),
        item("Strava", "59.99", "EUR", unit="year", plan="Anual", renewal="2027-04-15"),
        item("Tinder Gold", "17.49", "EUR", plan="Mensual", renewal="2026-12-19"),
    ], lang="es", theme="dark", scale=2, crop=(0, 0.08, 1, 0.75)),
    # Google Play "Payments & subscriptions": price line and "Next payment" under the name.
    case("googleplay_light_en_inr", "googleplay", [
        item("YouTube Premium", "129", "INR", renewal="2026-12-05"),
        item("Google One", "1300", "INR", unit="year", renewal="2027-05-20"),
        item("Hotstar", "299", "INR", renewal="2026-12-11"),
    ], balance="250", scale=3),
    case("googleplay_dark_en_usd", "googleplay", [
        item("Google One", "1.99", "USD", renewal="2026-12-03"),
        item("Tidal HiFi", "10.99", "USD", renewal="2026-12-17"),
        item("Nova Launcher Prime", "4.99", "USD", unit="year", renewal="2027-08-30"),
    ], balance="12.40", theme="dark", scale=2),
    case("googleplay_light_de_eur_jpeg", "googleplay", [
        item("YouTube Music", "10.99", "EUR", renewal="2026-12-06"),
        item("Komoot Premium", "59.99", "EUR", unit="year", renewal="2027-03-14"),
    ], balance="5", lang="de", scale=2, fmt="jpg"),
    case("googleplay_light_es_eur", "googleplay", [
        item("Spotify", "10.99", "EUR", renewal="2026-12-24"),
        item("Google One", "19.99", "EUR", unit="year", renewal="2027-02-10"),
        item("Babbel", "12.99", "EUR", renewal="2026-12-01"),
    ], balance="3.50", lang="es", scale=1),
    # PayPal automatic payments (desktop): last paid date (not a renewal), frequency, amount + code.
    case("paypal_light_en_usd", "paypal", [
        item("Spotify USA", "11.99", "USD", last="2026-11-14", renewal=None),
        item("Dropbox Inc", "119.88", "USD", unit="year", last="2026-03-02", renewal=None),
        item("Patreon", "5.00", "USD", last="2026-11-01", renewal=None),
    ], balance="240.55", width=DESKTOP, height=560, scale=1),
    case("paypal_dark_en_eur", "paypal", [
        item("Zattoo", "9.99", "EUR", last="2026-11-20", renewal=None),
        item("Proton AG", "47.88", "EUR", unit="year", last="2026-06-11", renewal=None),
    ], balance="1204.10", width=DESKTOP, height=520, scale=2, theme="dark"),
    case("paypal_light_de_chf", "paypal", [
        item("Swisscom blue TV", "29.90", "CHF", last="2026-11-03", renewal=None),
        item("NZZ Digital", "299.00", "CHF", unit="year", last="2026-09-15", renewal=None),
        item("Spotify AB", "12.95", "CHF", last="2026-11-22", renewal=None),
    ], balance="88.00", lang="de", width=DESKTOP, height=560, scale=1),
    # A bank app's recurring card charges, with balance and a transaction history under them.
    case("bank_light_de_eur", "bank", [
        item("Netflix", "13.99", "EUR", renewal="2026-12-05"),
        item("Spotify", "10.99", "EUR", renewal="2026-12-12"),
        item("Adobe", "286.92", "EUR", unit="year", renewal="2027-04-02"),
    ], balance="2345.67", history=[("REWE Markt", "2026-11-28", "54.20"), ("Netflix", "2026-11-05", "13.99")],
        recurring_title="Daueraufträge & Abos", lang="de", scale=3, height=900),
    case("bank_dark_en_gbp", "bank", [
        item("Amazon Prime", "8.99", "GBP", renewal="2026-12-16"),
        item("Now TV", "9.99", "GBP", renewal="2026-12-03"),
        item("The Times", "26.00", "GBP", renewal="2026-12-20"),
    ], balance="1873.02", history=[("Tesco Stores", "2026-11-29", "23.18"), ("Now TV", "2026-11-03", "9.99")],
        recurring_title="Recurring payments", theme="dark", scale=2, height=900),
    case("bank_light_fr_eur_jpeg", "bank", [
        item("Canal+", "24.99", "EUR", renewal="2026-12-07"),
        item("Deezer", "11.99", "EUR", renewal="2026-12-15"),
    ], balance="912.40", history=[("Carrefour", "2026-11-27", "37.60")],
        recurring_title="Paiements récurrents", lang="fr", scale=2, fmt="jpg", height=820),
    case("bank_light_es_eur", "bank", [
        item("Movistar Plus+", "10.00", "EUR", renewal="2026-12-01"),
        item("HBO Max", "9.99", "EUR", renewal="2026-12-23"),
        item("Amazon Prime", "49.90", "EUR", unit="year", renewal="2027-07-08"),
    ], balance="3120.00", history=[("Mercadona", "2026-11-26", "41.30")],
        recurring_title="Pagos recurrentes", lang="es", scale=1, height=900),
    # Emailed receipts: order id, subtotal, tax and total around one item.
    case("receipt_light_en_usd", "receipt", [
        item("Disney+ Premium", "13.99", "USD", plan="Monthly", last="2026-11-05", renewal="2026-12-05"),
    ], subtotal="13.99", tax="1.12", total="15.11", mail_title="Your receipt from Apple", width=800, height=700, scale=1),
    case("receipt_light_en_gbp_2items", "receipt", [
        item("Apple One Individual", "18.95", "GBP", plan="Monthly", last="2026-11-12", renewal="2026-12-12"),
        item("Fitness+", "9.99", "GBP", plan="Monthly", last="2026-11-12", renewal="2026-12-12"),
    ], subtotal="28.94", tax="4.82", total="28.94", mail_title="Your receipt from Apple", width=800, height=780, scale=2),
    case("receipt_light_de_eur_jpeg", "receipt", [
        item("YouTube Premium", "12.99", "EUR", plan="Monatlich", last="2026-11-09", renewal="2026-12-09"),
    ], subtotal="10.92", tax="2.07", total="12.99", mail_title="Ihre Quittung", lang="de", width=800, height=700, scale=2, fmt="jpg"),
    case("receipt_light_fr_eur", "receipt", [
        item("Canal+ Ciné Séries", "15.99", "EUR", plan="Mensuel", last="2026-11-21", renewal="2026-12-21"),
    ], subtotal="13.33", tax="2.66", total="15.99", mail_title="Votre reçu", lang="fr", width=800, height=700, scale=1),
    # Streaming account pages (desktop): plan, price, "Next billing date" label over the date.
    case("streaming_dark_en_usd", "streaming", [item("Premium Ultra HD", "22.99", "USD", renewal="2026-12-05")],
         brand="STREAMFLIX", history=HIST, theme="dark", width=DESKTOP, height=760, scale=1),
    case("streaming_light_en_gbp", "streaming", [item("Standard with adverts", "5.99", "GBP", renewal="2026-12-13")],
         brand="FLIXBOX", history=HIST[:2], width=DESKTOP, height=720, scale=2),
    case("streaming_dark_de_eur_jpeg", "streaming", [item("Premium-Abo", "17.99", "EUR", renewal="2026-12-29")],
         brand="KINOWELT", history=HIST, lang="de", theme="dark", width=DESKTOP, height=760, scale=1, fmt="jpg"),
    case("streaming_light_es_eur", "streaming", [item("Plan Estándar", "12.99", "EUR", unit="month", renewal="2027-01-04")],
         brand="CINEPLUS", history=HIST[:2], lang="es", width=DESKTOP, height=720, scale=1),
    # Spreadsheet / Notion tables: header row, rows, a total row.
    case("table_light_en_usd", "table", [
        item("Netflix", "15.49", "USD", renewal="2026-12-05", category="Streaming"),
        item("Notion", "96.00", "USD", unit="year", renewal="2027-02-14", category="Productivity"),
        item("GitHub Copilot", "10.00", "USD", renewal="2026-12-18", category="Developer"),
        item("NYTimes", "4.00", "USD", renewal="2026-12-01", category="News"),
    ], headers=["Name", "Price", "Billing", "Next renewal", "Category"], total="125.49", doc_title="Subscriptions 2026",
        width=DESKTOP, height=380, scale=1),
    case("table_dark_de_eur", "table", [
        item("Spotify", "10.99", "EUR", renewal="2026-12-12", category="Musik"),
        item("ADAC", "94.00", "EUR", unit="year", renewal="2027-05-01", category="Auto"),
        item("Zeit Digital", "19.99", "EUR", renewal="2026-12-15", category="Nachrichten"),
    ], headers=["Name", "Preis", "Zyklus", "Nächste Zahlung", "Kategorie"], total="124.98", doc_title="Abos",
        lang="de", theme="dark", width=DESKTOP, height=330, scale=2),
    case("table_light_fr_eur_jpeg", "table", [
        item("Deezer", "11.99", "EUR", renewal="2026-12-10", category="Musique"),
        item("Free Mobile", "19.99", "EUR", renewal="2026-12-02", category="Télécom"),
        item("Mediapart", "110.00", "EUR", unit="year", renewal="2027-09-01", category="Presse"),
    ], headers=["Nom", "Prix", "Fréquence", "Prochain paiement", "Catégorie"], total="141.98", doc_title="Abonnements",
        lang="fr", width=DESKTOP, height=330, scale=1, fmt="jpg"),
    case("table_light_en_jpy", "table", [
        item("Netflix", "1490", "JPY", renewal="2026-12-08", category="Video"),
        item("Amazon Prime", "5900", "JPY", unit="year", renewal="2027-03-21", category="Shopping"),
        item("Nintendo Online", "306", "JPY", renewal="2026-12-25", category="Games"),
    ], headers=["Service", "Amount", "Cycle", "Next payment", "Category"], total="7696", doc_title="Subscriptions (JPY)",
        width=DESKTOP, height=330, scale=2),
    # Chinese auto-renew lists (自动续费), light and dark.
    case("zh_autorenew_light_cny", "zh_autorenew", [
        item("QQ音乐 豪华绿钻", "15", "CNY", renewal="2026-12-08"),
        item("爱奇艺 黄金VIP", "25", "CNY", renewal="2026-12-16"),
        item("百度网盘 超级会员", "248", "CNY", unit="year", renewal="2027-06-02"),
    ], title="自动续费管理", lang="zh", scale=3),
    case("zh_autorenew_dark_cny", "zh_autorenew", [
        item("腾讯视频 VIP", "30", "CNY", renewal="2026-12-03"),
        item("网易云音乐 黑胶VIP", "15", "CNY", renewal="2026-12-22"),
    ], title="自动续费", lang="zh", theme="dark", scale=2),
    case("zh_autorenew_light_cny_yuan", "zh_autorenew", [
        item("优酷 VIP会员", "25", "CNY", renewal="2026-12-11", money_style=1),
        item("WPS 超级会员", "179", "CNY", unit="year", renewal="2027-01-19", money_style=1),
        item("Keep 会员", "19", "CNY", renewal="2026-12-30", money_style=1),
    ], title="自动续费管理", lang="zh", scale=2, fmt="jpg"),
    # A tracker's dashboard: spend and average cards above a grid of subscription cards.
    case("cards_light_en_usd", "cards", [
        item("Netflix", "15.49", "USD", renewal="2026-12-05"),
        item("Spotify", "11.99", "USD", renewal="2026-12-09"),
        item("1Password", "35.88", "USD", unit="year", renewal="2027-04-11", derived="2.99"),
        item("Figma", "144.00", "USD", unit="year", renewal="2027-01-20", derived="12.00"),
        item("Claude Pro", "20.00", "USD", renewal="2026-12-14"),
        item("Dropbox", "11.99", "USD", renewal="2026-12-28"),
    ], title="My subscriptions", spend="76.45", average="12.74", width=DESKTOP, height=760, scale=1),
    case("cards_dark_en_eur", "cards", [
        item("Disney+", "11.99", "EUR", renewal="2026-12-02"),
        item("ChatGPT Plus", "23.00", "EUR", renewal="2026-12-10"),
        item("Nextcloud", "99.00", "EUR", unit="year", renewal="2027-02-28", derived="8.25"),
    ], title="Dashboard", spend="43.24", average="14.41", theme="dark", width=DESKTOP, height=520, scale=2),
    case("cards_light_en_chf_crop", "cards", [
        item("Swisscom", "45.00", "CHF", renewal="2026-12-06"),
        item("Teleboy", "12.90", "CHF", renewal="2026-12-18"),
        item("Migros Cumulus", "48.00", "CHF", unit="year", renewal="2027-05-05", derived="4.00"),
    ], title="Abos", spend="61.90", average="20.63", width=DESKTOP, height=520, scale=1, crop=(0, 0.28, 1, 1)),
]


def truth(c):
    name = f"{c['stem']}.{c['fmt']}"
    subs, totals = [], {}
    for it in c["items"]:
        amount = Decimal(it["amount"])
        digits = 0 if it["currency"] == "JPY" else 2
        subs.append({
            "name": it["name"],
            "price": {"amount": f"{amount:.{digits}f}", "currency": it["currency"]},
            "cycle": {"unit": it["unit"], "interval": it["interval"]},
            "nextRenewal": it.get("renewal"),
            "category": None,
            "notes": None,
            "source": {"file": name},
        })
        monthly = amount / 12 if it["unit"] == "year" else amount
        t = totals.setdefault(it["currency"], [Decimal(0), Decimal(0)])
        t[0] += monthly
        t[1] += amount if it["unit"] == "year" else amount * 12
    q = lambda v, cur: str(v.quantize(Decimal(1) if cur == "JPY" else Decimal("0.01"), rounding=ROUND_HALF_UP))
    summary = {"active": len(subs), "totals": [{"currency": k, "monthly": q(v[0], k), "yearly": q(v[1], k)}
                                              for k, v in sorted(totals.items())]}
    locale = {"en": "en_US", "de": "de_DE", "es": "es_ES", "fr": "fr_FR", "zh": "zh_CN"}[c["lang"]]
    if c["lang"] == "en" and c["items"][0]["currency"] == "GBP":
        locale = "en_GB"
    return {"schema": "ingest/subscriptions@1", "family": c["template"], "locale": locale, "subscriptions": subs,
            "summary": summary}


def render(c, browser="chromium"):
    html = TEMPLATES[c["template"]](c)
    out = HERE / f"{c['stem']}.{c['fmt']}"
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "page.html"
        page.write_text(html, encoding="utf-8")
        shot = Path(tmp) / "shot.png"
        subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        "--font-render-hinting=none", f"--force-device-scale-factor={c['scale']}",
                        f"--window-size={c['width']},{c['height']}", f"--screenshot={shot}", page.as_uri()],
                       check=True, capture_output=True, env={**os.environ, "TZ": "UTC", "LANG": "C.UTF-8"})
        img = Image.open(shot).convert("RGB")
        if c["crop"]:
            w, h = img.size
            x0, y0, x1, y1 = c["crop"]
            img = img.crop((int(x0 * w), int(y0 * h), int(x1 * w), int(y1 * h)))
        if c["fmt"] == "jpg":
            img.save(out, "JPEG", quality=72)
        else:
            img.quantize(colors=48, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(out, "PNG", optimize=True)
    (HERE / f"{c['stem']}.json").write_text(json.dumps(truth(c), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def main(argv):
    json_only = "--json-only" in argv
    wanted = set(argv) - {"--json-only"}
    for c in CASES:
        if not wanted or c["stem"] in wanted:
            if json_only:
                (HERE / f"{c['stem']}.json").write_text(json.dumps(truth(c), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
            else:
                render(c)
            print(c["stem"])


if __name__ == "__main__":
    main(sys.argv[1:])
