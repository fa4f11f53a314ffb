#!/usr/bin/env python3
"""Procedural billing-page screenshots with truth: a seed gives a page.

    python3 Fixtures/screenshots/generator/generate.py --split tuning --count 40 --out .build/generated-shots/tuning-40
    python3 Fixtures/screenshots/generator/generate.py --seeds 7 12 --out /tmp/x --html   # also keep the HTML

Each seed draws, independently, a family (App Store list or detail, Google Play, a web billing
table, a bank's direct debits, an emailed receipt, a tracker's card grid, a Chinese auto-renew
list), a language, currency and money form, font family and size, name weight, icon shape (none,
small, a tall letter tile spanning 2-3 text lines), row height and separators, price position and
cycle form, renewal wording and date form, theme (light, dark, low contrast, coloured cards),
device scale 1-3x, PNG or JPEG 40-95, crops, status bar, banner, tab bar, an inactive section and
pages with no prices at all. The page and `<stem>.json` (canonical `ingest/subscriptions@1` plus
`family`, `locale` and the drawn `variant`) come from the same data.

The split rule lives in `seeds.json` next to this script: tuning and locked seeds never overlap,
and some variants (listed there) are drawn only for locked seeds, so the locked set also measures
layouts no rule was written against. Images go outside the repository (they are made again from seeds).
Needs Debian `chromium`, fonts-noto-core, fonts-noto-cjk, fonts-dejavu, fonts-liberation, Pillow.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from datetime import date, timedelta
from decimal import Decimal
from html import escape as e
from pathlib import Path

from PIL import Image

HERE = Path(__file__).resolve().parent
SPLITS = json.loads((HERE / "seeds.json").read_text(encoding="utf-8"))
TODAY = date(2026, 11, 30)

FONTS = ["Noto Sans", "DejaVu Sans", "Liberation Sans", "Noto Serif", "DejaVu Serif", "Liberation Serif",
         "DejaVu Sans Mono", "Liberation Sans Narrow", "Noto Sans Display", "Noto Sans CJK SC"]
NAMES = ["Netflix", "Spotify", "Disney+", "YouTube Premium", "Apple Music", "iCloud+", "Dropbox Plus", "Notion",
         "Figma Professional", "Adobe Creative Cloud", "Microsoft 365", "Amazon Prime", "Hulu", "Paramount+",
         "Audible", "Headspace", "Calm", "Duolingo Super", "Strava", "Peloton", "NordVPN", "1Password",
         "Evernote", "Todoist Pro", "GitHub Copilot", "ChatGPT Plus", "Claude Pro", "Canva Pro", "Grammarly",
         "The Athletic", "New York Times", "Washington Post", "Medium", "Patreon", "Twitch Turbo", "Xbox Game Pass",
         "PlayStation Plus", "Nintendo Online", "Crunchyroll", "Tidal", "Deezer", "SoundCloud Go", "Bumble",
         "Tinder Gold", "Babbel", "Blinkist", "Kindle Unlimited", "Google One", "Proton Mail", "Backblaze",
         "Fastmail", "Zoom Pro", "Slack Pro", "Linear", "Readwise", "Setapp", "Skillshare", "MasterClass"]
ZH_NAMES = ["QQ音乐 豪华绿钻", "爱奇艺 黄金VIP", "腾讯视频 VIP", "网易云音乐 黑胶VIP", "百度网盘 超级会员",
            "优酷 VIP会员", "WPS 超级会员", "Keep 会员", "哔哩哔哩 大会员", "喜马拉雅 VIP"]
PLANS = {"en": ["Individual", "Family", "Premium", "Standard", "Basic", "Pro", "Plus"],
         "de": ["Einzelperson", "Familie", "Premium", "Standard"], "es": ["Individual", "Familiar", "Premium", "Estándar"],
         "fr": ["Individuel", "Famille", "Premium", "Standard"], "it": ["Individuale", "Famiglia", "Premium"],
         "pt": ["Individual", "Família", "Premium"], "nl": ["Individueel", "Gezin", "Premium"], "zh": ["连续包月", "连续包年"]}

MONTHS = {
    "en": "January February March April May June July August September October November December",
    "de": "Januar Februar März April Mai Juni Juli August September Oktober November Dezember",
    "es": "enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre",
    "fr": "janvier février mars avril mai juin juillet août septembre octobre novembre décembre",
    "it": "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre",
    "pt": "janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro",
    "nl": "januari februari maart april mei juni juli augustus september oktober november december",
}
MONTHS = {k: v.split() for k, v in MONTHS.items()}

# Per language: renewal wordings, "next payment" labels, cycle words, section titles.
WORDS = {
    "en": dict(renews=["Renews {d}", "Renews on {d}", "Next payment: {d}", "Next billing date: {d}", "Auto-renews {d}"],
               label=["Next billing date", "Next payment", "Renews on"], month=["Monthly", "/month", "/mo", " per month"],
               year=["Yearly", "/year", "/yr", " per year", "Annual"], week=["Weekly", "/week"], title="Subscriptions",
               active="ACTIVE", inactive=["EXPIRED", "Inactive", "Cancelled"], expired="Expired {d}", total="Total",
               balance="Balance", plan="Plan", price="Price", cancel="Cancel", history="Payment history"),
    "de": dict(renews=["Verlängert sich am {d}", "Nächste Zahlung: {d}", "Nächste Abbuchung am {d}"],
               label=["Nächste Abbuchung", "Nächste Zahlung"], month=["Monatlich", " / Monat", " monatlich"],
               year=["Jährlich", " / Jahr", " jährlich"], week=["Wöchentlich"], title="Abonnements", active="AKTIV",
               inactive=["ABGELAUFEN", "Inaktiv", "Gekündigt"], expired="Abgelaufen am {d}", total="Gesamt",
               balance="Kontostand", plan="Tarif", price="Preis", cancel="Kündigen", history="Zahlungsverlauf"),
    "es": dict(renews=["Se renueva el {d}", "Próximo pago: {d}", "Renovación: {d}"], label=["Próximo cobro", "Próximo pago"],
               month=["Mensual", "/mes", " al mes"], year=["Anual", "/año", " al año"], week=["Semanal"],
               title="Suscripciones", active="ACTIVAS", inactive=["CADUCADAS", "Inactivas", "Canceladas"],
               expired="Caducada el {d}", total="Total", balance="Saldo", plan="Plan", price="Precio", cancel="Cancelar",
               history="Historial de pagos"),
    "fr": dict(renews=["Se renouvelle le {d}", "Prochain paiement : {d}", "Renouvellement le {d}"],
               label=["Prochain prélèvement", "Prochain paiement"], month=["Mensuel", "/mois", " par mois"],
               year=["Annuel", "/an", " par an"], week=["Hebdomadaire"], title="Abonnements", active="ACTIFS",
               inactive=["EXPIRÉS", "Inactifs", "Résiliés"], expired="Expiré le {d}", total="Total", balance="Solde",
               plan="Formule", price="Prix", cancel="Annuler", history="Historique des paiements"),
    "it": dict(renews=["Si rinnova il {d}", "Prossimo pagamento: {d}", "Rinnovo il {d}"], label=["Prossimo addebito"],
               month=["Mensile", "/mese", " al mese"], year=["Annuale", "/anno", " all'anno"], week=["Settimanale"],
               title="Abbonamenti", active="ATTIVI", inactive=["SCADUTI", "Inattivi", "Annullati"],
               expired="Scaduto il {d}", total="Totale", balance="Saldo", plan="Piano", price="Prezzo", cancel="Annulla",
               history="Cronologia pagamenti"),
    "pt": dict(renews=["Renova em {d}", "Próximo pagamento: {d}", "Renovação em {d}"], label=["Próxima cobrança"],
               month=["Mensal", "/mês", " por mês"], year=["Anual", "/ano", " por ano"], week=["Semanal"],
               title="Assinaturas", active="ATIVAS", inactive=["EXPIRADAS", "Inativas", "Canceladas"],
               expired="Expirou em {d}", total="Total", balance="Saldo", plan="Plano", price="Preço", cancel="Cancelar",
               history="Histórico de pagamentos"),
    "nl": dict(renews=["Wordt verlengd op {d}", "Volgende betaling: {d}", "Verlengt op {d}"], label=["Volgende afschrijving"],
               month=["Maandelijks", "/maand", " per maand"], year=["Jaarlijks", "/jaar", " per jaar"], week=["Wekelijks"],
               title="Abonnementen", active="ACTIEF", inactive=["VERLOPEN", "Inactief", "Opgezegd"],
               expired="Verlopen op {d}", total="Totaal", balance="Saldo", plan="Abonnement", price="Prijs",
               cancel="Opzeggen", history="Betalingsgeschiedenis"),
    "zh": dict(renews=["下次扣费 {d}", "续费日期 {d}", "{d} 自动续费"], label=["下次扣费日期"], month=["连续包月", "/月", "每月"],
               year=["连续包年", "/年", "每年"], week=["每周"], title="自动续费管理", active="生效中", inactive=["已取消", "已过期"],
               expired="已过期 {d}", total="合计", balance="余额", plan="套餐", price="价格", cancel="取消",
               history="扣费记录"),
}
LOCALES = {"en": ["en_US", "en_GB", "en_IN", "en_CA", "en_AU"], "de": ["de_DE", "de_CH", "de_AT"],
           "es": ["es_ES", "es_MX"], "fr": ["fr_FR", "fr_CA"], "it": ["it_IT"], "pt": ["pt_BR", "pt_PT"],
           "nl": ["nl_NL"], "zh": ["zh_CN"]}
# Currency per locale region, and how pages print it: sign before/after, ISO code, minor digits.
CURRENCY = {"US": "USD", "GB": "GBP", "IN": "INR", "CA": "CAD", "AU": "AUD", "DE": "EUR", "CH": "CHF", "AT": "EUR",
            "ES": "EUR", "MX": "MXN", "FR": "EUR", "IT": "EUR", "BR": "BRL", "PT": "EUR", "NL": "EUR", "CN": "CNY"}
SIGNS = {"USD": ["$", "US$"], "GBP": ["£"], "INR": ["₹"], "CAD": ["C$", "CA$"], "AUD": ["A$", "AU$"], "EUR": ["€"],
         "CHF": ["CHF"], "MXN": ["MX$"], "BRL": ["R$"], "CNY": ["¥", "元"], "JPY": ["¥"], "SEK": ["kr"],
         "PLN": ["zł"], "TRY": ["₺"], "KRW": ["₩"]}
EXTRA_CURRENCIES = ["JPY", "SEK", "PLN", "TRY", "KRW", "CHF", "GBP", "USD"]
ZERO_DIGITS = {"JPY", "KRW"}


def split_of(seed):
    for name, spec in SPLITS["splits"].items():
        if spec["first"] <= seed < spec["first"] + spec["count"]:
            return name
    return "other"


class Draw:
    """One page's choices, each drawn independently from the seed's generator."""

    def __init__(self, seed):
        self.seed = seed
        self.rng = random.Random(seed)
        self.locked = split_of(seed) == "locked"
        self.variant = {}

    def pick(self, key, options, locked_only=()):
        """A choice among `options`; those in `locked_only` are drawn only for locked seeds."""
        pool = [o for o in options if self.locked or o not in locked_only]
        value = self.rng.choice(pool)
        self.variant[key] = value
        return value

    def chance(self, key, p):
        value = self.rng.random() < p
        self.variant[key] = value
        return value


def money_text(d, amount, cur, lang, sign_form):
    """How this page prints `amount` in `cur`: sign, code before or after, local decimal marks."""
    digits = 0 if cur in ZERO_DIGITS or (cur == "CNY" and amount == amount.to_integral_value() and sign_form == "yuan") else 2
    whole, _, frac = f"{amount:,.{digits}f}".partition(".")
    comma = lang in ("de", "es", "fr", "it", "pt", "nl") and not cur.startswith("CHF")
    if comma:
        whole = whole.replace(",", " " if lang == "fr" else ".")
    num = whole + (("," if comma else ".") + frac if frac else "")
    if sign_form == "code-before":
        return f"{cur} {num}"
    if sign_form == "code-after":
        return f"{num} {cur}"
    if sign_form == "yuan":
        return f"{num}元"
    sign = SIGNS[cur][0] if sign_form == "sign" else SIGNS[cur][-1]
    if sign.isalpha() and sign != "kr":
        return f"{sign} {num}"
    if comma or sign in ("kr", "zł"):
        return f"{num} {sign}"
    return f"{sign}{num}"


def date_text(day, lang, form, year=True, locale=""):
    if lang == "zh":
        return f"{day.year}年{day.month}月{day.day}日" if year else f"{day.month}月{day.day}日"
    if form == "iso":
        return day.isoformat()
    if form == "numeric":
        if locale == "en_US":
            return f"{day.month}/{day.day}/{day.year}"
        sep = "." if lang == "de" else ("-" if lang == "nl" else "/")
        return f"{day.day:02d}{sep}{day.month:02d}{sep}{day.year}"
    name = MONTHS[lang][day.month - 1]
    if form == "short":
        name = name[:3]
    if lang == "en":
        return f"{name} {day.day}, {day.year}" if year else f"{name} {day.day}"
    if lang == "de":
        return f"{day.day}. {name} {day.year}" if year else f"{day.day}. {name}"
    if lang in ("es", "pt"):
        return f"{day.day} de {name} de {day.year}" if year else f"{day.day} de {name}"
    return f"{day.day} {name} {day.year}" if year else f"{day.day} {name}"


def make_items(d, lang, cur, count):
    names = ZH_NAMES if lang == "zh" else NAMES
    items = []
    for name in d.rng.sample(names, count):
        unit = d.rng.choices(["month", "year", "week"], [0.65, 0.3, 0.05])[0]
        base = {"month": (3, 25), "year": (20, 200), "week": (2, 9)}[unit]
        amount = Decimal(d.rng.randint(base[0] * 100, base[1] * 100)) / 100
        if cur in ("JPY", "KRW", "INR"):
            amount = Decimal(int(amount * {"JPY": 150, "KRW": 1300, "INR": 80}[cur]))
        elif d.rng.random() < 0.5:
            amount = amount.quantize(Decimal(1)) - Decimal("0.01") if amount > 1 else amount
        renewal = TODAY + timedelta(days=d.rng.randint(1, 7 if unit == "week" else (30 if unit == "month" else 360)))
        plan = d.rng.choice(PLANS.get(lang, PLANS["en"]))
        items.append(dict(name=name, amount=amount, currency=cur, unit=unit, renewal=renewal, plan=plan))
    return items


THEMES = {  # background, text, secondary, card, separator
    "light": ("#f2f2f7", "#111111", "#6e6e73", "#ffffff", "#d1d1d6"),
    "dark": ("#000000", "#f2f2f7", "#98989f", "#1c1c1e", "#38383a"),
    "low-contrast": ("#e9e9ee", "#55555c", "#8a8a92", "#f4f4f7", "#dadade"),
    "cards": ("#eef1f6", "#1b1f2a", "#5a5f6e", "#3b5bdb", "#d0d4dc"),
}
CARD_TEXT = {"cards": ("#ffffff", "#dfe6ff")}  # text on coloured cards: white, secondary light blue
TILE_COLORS = ["#e50914", "#1db954", "#0a84ff", "#ff9f0a", "#bf5af2", "#30b0c7", "#ff375f", "#5856d6"]


class Page:
    """The drawn page: choices shared by all families, and the pieces they build rows from."""

    def __init__(self, seed):
        d = self.d = Draw(seed)
        self.family = d.pick("family", ["appstore", "appstore_detail", "googleplay", "web_table", "bank", "receipt",
                                        "cards", "zh_autorenew"])
        if self.family == "zh_autorenew":
            self.lang = d.variant["lang"] = "zh"
        else:
            self.lang = d.pick("lang", ["en", "en", "en", "de", "es", "fr", "it", "pt", "nl"], locked_only=("pt", "nl"))
        self.locale = d.pick("locale", LOCALES[self.lang])
        region = self.locale.split("_")[1]
        self.cur = CURRENCY[region]
        if self.lang == "en" and d.chance("other_currency", 0.25):
            self.cur = d.pick("currency", EXTRA_CURRENCIES)
        d.variant["currency"] = self.cur
        self.sign_form = d.pick("money", ["sign", "sign", "alt-sign", "code-before", "code-after"])
        if self.lang == "zh":
            self.sign_form = d.pick("money", ["sign", "yuan"])
        self.date_form = d.pick("date", ["long", "short", "numeric", "iso"], locked_only=("iso",))
        self.date_year = d.chance("date_year", 0.75)
        self.renew_wording = d.rng.randrange(8)
        self.cycle_form = d.rng.randrange(8)
        self.theme = d.pick("theme", list(THEMES))
        self.font = d.pick("font", FONTS, locked_only=("Liberation Sans Narrow", "DejaVu Serif"))
        if self.lang == "zh":
            self.font = d.variant["font"] = "Noto Sans CJK SC"
        self.size = d.pick("size", [13, 14, 15, 16, 17, 19])
        self.name_weight = d.pick("name_weight", [400, 600, 700])
        self.icon = d.pick("icon", ["none", "small", "tile", "tall-tile", "logo"], locked_only=("logo",))
        self.row_pad = d.pick("row_pad", [6, 10, 14, 20])
        self.separator = d.pick("separator", ["line", "none", "gap"])
        self.scale = d.pick("scale", [1, 1.5, 2, 2.625, 3])
        self.jpeg = d.rng.choice([None, None, 40, 60, 75, 95])
        d.variant["jpeg"] = self.jpeg
        self.status_bar = d.chance("status_bar", 0.6)
        self.banner = d.chance("banner", 0.25)
        self.tab_bar = d.chance("tab_bar", 0.35)
        self.inactive = d.chance("inactive", 0.35)
        self.crop = d.pick("crop", ["none", "none", "top", "bottom-through-row"])
        self.no_prices = d.chance("no_prices", 0.05)
        count = {"appstore_detail": 1, "receipt": 1}.get(self.family, d.rng.randint(2, 6))
        self.items = make_items(d, self.lang, self.cur, count)
        self.W = WORDS[self.lang]

    # Text pieces.
    def money(self, it):
        return money_text(self.d, it["amount"], it["currency"], self.lang, self.sign_form)

    def cycle_word(self, it, index=None):
        forms = self.W[it["unit"]]
        return forms[(self.cycle_form if index is None else index) % len(forms)]

    def price_with_cycle(self, it):
        """The price as the row prints it, with its cycle attached (`/mo`) or as a separate word."""
        word = self.cycle_word(it)
        if word.startswith(("/", " ")):
            return self.money(it) + word
        return self.money(it)

    def cycle_elsewhere(self, it):
        """The cycle word shown on another line, or "" when it is attached to the price."""
        word = self.cycle_word(it)
        return "" if word.startswith(("/", " ")) else word

    def date(self, day, year=None):
        return date_text(day, self.lang, self.date_form, self.date_year if year is None else year, self.locale)

    def renews(self, it):
        form = self.W["renews"][self.renew_wording % len(self.W["renews"])]
        return form.format(d=self.date(it["renewal"]))

    def icon_html(self, i, name, lines=3):
        if self.icon == "none":
            return ""
        color = TILE_COLORS[(self.d.seed + i) % len(TILE_COLORS)]
        if self.icon == "small":
            size, font = round(self.size * 1.6), round(self.size * 0.9)
        elif self.icon == "tile":
            size, font = round(self.size * 2.9), round(self.size * 1.4)
        elif self.icon == "tall-tile":
            size, font = round(self.size * 1.35 * lines + 8), round(self.size * 1.25 * lines)
        else:  # a logo: two overlapping shapes, no letter
            size = round(self.size * 2.6)
            return (f'<div class="icon" style="width:{size}px;height:{size}px;background:{color};border-radius:50%">'
                    f'<div style="width:45%;height:45%;background:#fff;border-radius:4px;transform:rotate(45deg)"></div></div>')
        radius = size // 5 if i % 2 == 0 else size // 2
        return (f'<div class="icon" style="width:{size}px;height:{size}px;font-size:{font}px;background:{color};'
                f'border-radius:{radius}px">{e(name[0].upper())}</div>')

    def chrome_top(self):
        html = ""
        if self.status_bar:
            html += '<div class="status"><span>9:41</span><span>5G &nbsp; 87%</span></div>'
        if self.banner:
            text = {"en": "Get 3 months free with Premium. Try it now", "de": "Jetzt 3 Monate gratis testen",
                    "zh": "开通年卡 立省30元"}.get(self.lang, "Premium: 3 months free")
            html += f'<div class="banner">{e(text)}</div>'
        return html

    def chrome_bottom(self):
        if not self.tab_bar:
            return ""
        tabs = ["Today", "Games", "Apps", "Arcade", "Search"] if self.lang != "zh" else ["首页", "会员", "我的"]
        return '<div class="tabbar">' + "".join(f"<span>{t}</span>" for t in tabs) + "</div>"

    def html(self, body, width, extra_css=""):
        bg, fg, sub, card, line = THEMES[self.theme]
        card_text = ""
        if self.theme in CARD_TEXT:
            card_text = f"color: {CARD_TEXT[self.theme][0]}; }} .card .sub {{ color: {CARD_TEXT[self.theme][1]};"
        sep = {"line": f"border-bottom: 1px solid {line};", "none": "", "gap": "margin-bottom: 8px;"}[self.separator]
        return f"""<!doctype html><html><head><meta charset="utf-8"><style>
* {{ box-sizing: border-box; }}
body {{ margin: 0; background: {bg}; color: {fg}; font-family: "{self.font}", "Noto Sans CJK SC", sans-serif;
       font-size: {self.size}px; width: {width}px; }}
.sub {{ color: {sub}; font-size: {round(self.size * 0.87)}px; }}
.card {{ background: {card}; {card_text} }}
.row {{ {sep} padding: {self.row_pad}px 16px; display: flex; gap: 14px; align-items: center; }}
.name {{ font-weight: {self.name_weight}; font-size: {round(self.size * 1.12)}px; }}
.mid {{ flex: 1; }}
.status {{ display: flex; justify-content: space-between; padding: 12px 24px 6px; font-weight: 600; }}
.banner {{ margin: 8px 16px; padding: 10px 14px; border-radius: 10px; background: #ffd60a; color: #222; font-weight: 600; }}
.icon {{ color: #fff; font-weight: 700; display: flex; align-items: center; justify-content: center; flex: none; line-height: 1; }}
.tabbar {{ display: flex; justify-content: space-around; padding: 10px 0 24px; font-size: 11px;
          border-top: 1px solid {line}; background: {card}; margin-top: 24px; }}
.section {{ font-size: {round(self.size * 0.85)}px; padding: 16px 20px 6px; opacity: .7; }}
.title {{ font-size: {round(self.size * 1.9)}px; font-weight: 700; padding: 8px 20px 12px; }}
.chip {{ border-radius: 12px; padding: 2px 10px; background: rgba(128,128,128,.2); }}
{extra_css}
</style></head><body>{body}</body></html>"""


def price_block(p, it):
    """The price column of a list row; where it goes is drawn once per page."""
    if p.no_prices:
        return ""
    text = e(p.price_with_cycle(it))
    return f'<div class="chip">{text}</div>' if p.price_pos == "chip" else f"<div>{text}</div>"


def list_rows(p, items, renew_first=False):
    rows = ""
    for i, it in enumerate(items):
        under = [e(it["plan"])]
        cyc = p.cycle_elsewhere(it)
        if cyc:
            under[0] += f" ({e(cyc)})" if p.cycle_form % 2 == 0 else ""
            if p.cycle_form % 2:
                under.append(e(cyc))
        under.append(e(p.renews(it)))
        if renew_first:
            under.reverse()
        name = f'<div class="name">{e(it["name"])}</div>'
        price = price_block(p, it)
        if p.price_pos == "under":
            mid = name + price + "".join(f'<div class="sub">{u}</div>' for u in under)
            right = ""
        elif p.price_pos == "before":
            mid = f'<div style="display:flex;gap:10px">{price}{name}</div>' + "".join(f'<div class="sub">{u}</div>' for u in under)
            right = ""
        else:
            mid = name + "".join(f'<div class="sub">{u}</div>' for u in under)
            right = price
        rows += f'<div class="row card" data-item="{i}">{p.icon_html(i, it["name"], 1 + len(under))}<div class="mid">{mid}</div>{right}</div>'
    return rows


def inactive_rows(p):
    if not p.inactive:
        return "", []
    names = ZH_NAMES if p.lang == "zh" else NAMES
    taken = {it["name"] for it in p.items}
    gone = [n for n in names if n not in taken][: 1 + p.d.seed % 2]
    title = p.W["inactive"][p.d.seed % len(p.W["inactive"])]
    day = TODAY - timedelta(days=20 + p.d.seed % 40)
    rows = "".join(f'<div class="row card"><div class="mid"><div class="name">{e(n)}</div>'
                   f'<div class="sub">{e(p.W["expired"].format(d=p.date(day, True)))}</div></div></div>' for n in gone)
    return f'<div class="section">{e(title)}</div>{rows}', gone


def appstore(p):
    p.price_pos = p.d.pick("price_pos", ["right", "right", "under", "chip", "before"], locked_only=("before",))
    inactive, _ = inactive_rows(p)
    body = (p.chrome_top() + f'<div class="title">{e(p.W["title"])}</div><div class="section">{e(p.W["active"])}</div>'
            + list_rows(p, p.items) + inactive + p.chrome_bottom())
    return p.html(body, 390)


def appstore_detail(p):
    it = p.items[0]
    p.price_pos = "right"
    price = "" if p.no_prices else f'<div class="row card"><div class="mid">{e(p.W["price"])}</div><div>{e(p.price_with_cycle(it))}</div></div>'
    body = (p.chrome_top() + f'<div class="title">{e(p.W["title"])}</div>'
            f'<div class="row card">{p.icon_html(0, it["name"], 2)}<div class="mid"><div class="name">{e(it["name"])}</div>'
            f'<div class="sub">{e(it["plan"])}</div></div></div>{price}'
            f'<div class="row card"><div class="mid sub">{e(p.renews(it))}</div></div>'
            f'<div class="section" style="color:#ff3b30;opacity:1">{e(p.W["cancel"])}</div>' + p.chrome_bottom())
    return p.html(body, 390)


def googleplay(p):
    p.price_pos = "under"
    rows = ""
    for i, it in enumerate(p.items):
        price = "" if p.no_prices else f'<div class="sub">{e(p.price_with_cycle(it))}</div>'
        rows += (f'<div class="row" data-item="{i}" style="align-items:flex-start">{p.icon_html(i, it["name"], 3)}<div class="mid">'
                 f'<div class="name">{e(it["name"])}</div>{price}<div class="sub">{e(p.renews(it))}</div></div></div>')
    inactive, _ = inactive_rows(p)
    body = (p.chrome_top() + '<div class="title">&larr; Payments &amp; subscriptions</div>'
            f'<div class="section" style="color:#1a73e8;opacity:1">{e(p.W["title"])}</div>{rows}{inactive}' + p.chrome_bottom())
    return p.html(body, 412)


def web_table(p):
    W = p.W
    heads = [W["title"][:-1] if p.lang == "en" else "Service", W["price"], W["plan"], W["label"][0]]
    rows = ""
    for i, it in enumerate(p.items):
        price = "" if p.no_prices else e(p.money(it))
        rows += (f'<tr data-item="{i}"><td class="name">{e(it["name"])}</td><td class="num">{price}</td>'
                 f'<td>{e(p.cycle_word(it, 0))}</td><td>{e(p.date(it["renewal"]))}</td></tr>')
    total = sum((it["amount"] for it in p.items), Decimal(0))
    total_row = "" if p.no_prices else f'<tr><td><b>{e(W["total"])}</b></td><td class="num"><b>{e(money_text(p.d, total, p.cur, p.lang, p.sign_form))}</b></td><td></td><td></td></tr>'
    border = "1px solid #c8c8c8" if p.separator != "none" else "none"
    css = f"""table {{ border-collapse: collapse; margin: 12px 24px; }} th, td {{ border: {border}; padding: {p.row_pad // 2 + 5}px 14px;
text-align: left; min-width: 130px; }} th {{ background: rgba(128,128,128,.18); }} .num {{ text-align: right; }}"""
    body = (f'<div class="title">{e(W["title"])}</div><table><tr>' + "".join(f"<th>{e(h)}</th>" for h in heads)
            + f"</tr>{rows}{total_row}</table>")
    return p.html(body, 1000, css)


def bank(p):
    W = p.W
    p.price_pos = "right"
    rows = ""
    for i, it in enumerate(p.items):
        amount = "" if p.no_prices else f'<div class="name">-{e(p.money(it))}</div>'
        rows += (f'<div class="row card" data-item="{i}">{p.icon_html(i, it["name"], 2)}<div class="mid"><div class="name">{e(it["name"])}</div>'
                 f'<div class="sub">{e(p.cycle_word(it, 0))} · {e(p.renews(it))}</div></div>{amount}</div>')
    balance = money_text(p.d, Decimal("2345.67"), p.cur, p.lang, p.sign_form)
    hist = "".join(f'<div class="row card"><div class="mid"><div class="name">{e(n)}</div><div class="sub">{e(p.date(TODAY - timedelta(days=k + 2), True))}</div></div>'
                   f'<div>-{e(money_text(p.d, Decimal("23.18") + k, p.cur, p.lang, p.sign_form))}</div></div>' for k, n in enumerate(["Supermarket", "Fuel station"]))
    title = {"en": "Direct debits", "de": "Lastschriften & Daueraufträge", "fr": "Prélèvements", "es": "Domiciliaciones",
             "it": "Addebiti diretti", "pt": "Débitos diretos", "nl": "Incasso's"}.get(p.lang, "Direct debits")
    body = (p.chrome_top() + f'<div class="card" style="margin:12px 16px;padding:16px;border-radius:14px"><div class="sub">{e(W["balance"])}</div>'
            f'<div class="title" style="padding:4px 0">{e(balance)}</div></div><div class="section">{e(title)}</div>{rows}'
            f'<div class="section">{e(W["history"])}</div>{hist}' + p.chrome_bottom())
    return p.html(body, 390)


def receipt(p):
    W = p.W
    it = p.items[0]
    cyc = p.cycle_word(it, 0)
    pairs = [(W["plan"], f'{it["name"]} {it["plan"]}' if p.d.seed % 2 else it["name"])]
    if not p.no_prices:
        pairs.append((W["price"], f"{p.money(it)} ({cyc})" if p.d.seed % 3 else p.price_with_cycle(it)))
    pairs.append((W["label"][p.d.seed % len(W["label"])], p.date(it["renewal"])))
    side = p.d.pick("kv", ["beside", "under"])
    kv = "".join(f'<tr><td class="sub">{e(k)}</td><td>{e(v)}</td></tr>' if side == "beside"
                 else f'<tr><td><div class="sub">{e(k)}</div><div>{e(v)}</div></td></tr>' for k, v in pairs)
    total = "" if p.no_prices else f'<p><b>{e(W["total"])}: {e(p.money(it))}</b></p>'
    body = (f'<div class="card" style="margin:20px auto;width:640px;padding:28px 36px;border-radius:8px">'
            f'<div class="sub">From: billing@example.com</div><h1>Receipt</h1><p class="sub">Order ID MK9Z4XQ2LP</p>'
            f'<table style="border-collapse:collapse">{kv}</table>{total}'
            f'<p class="sub">Billed to Visa •••• 4242. Questions? Visit Support.</p></div>')
    return p.html(body, 760, "td { padding: 8px 18px 8px 0; }")


def cards(p):
    p.price_pos = "under"
    tiles = ""
    for i, it in enumerate(p.items):
        price = "" if p.no_prices else f'<div class="name" style="font-size:{round(p.size * 1.5)}px">{e(p.money(it))}</div><div class="sub">{e(p.cycle_word(it, 0))}</div>'
        tiles += (f'<div class="card" data-item="{i}" style="padding:16px;border-radius:14px"><div style="display:flex;gap:10px;align-items:center">'
                  f'{p.icon_html(i, it["name"], 1)}<div class="name">{e(it["name"])}</div></div>{price}'
                  f'<div class="sub">{e(p.renews(it))}</div></div>')
    cols = p.d.pick("columns", [2, 3, 4])
    body = (f'<div class="title">{e(p.W["title"])}</div>'
            f'<div style="display:grid;grid-template-columns:repeat({cols},1fr);gap:24px;padding:16px 28px">{tiles}</div>')
    return p.html(body, 1100)


def zh_autorenew(p):
    p.price_pos = "under"
    rows = ""
    for i, it in enumerate(p.items):
        price = "" if p.no_prices else f" · {e(p.price_with_cycle(it))}"
        rows += (f'<div class="row card" data-item="{i}" style="margin:10px 14px;border-radius:12px">{p.icon_html(i, it["name"], 3)}<div class="mid">'
                 f'<div class="name">{e(it["name"])}</div><div class="sub">{e(p.cycle_word(it, 0))}{price}</div>'
                 f'<div class="sub">{e(p.renews(it))}</div></div><div class="chip">{e(p.W["cancel"])}</div></div>')
    inactive, _ = inactive_rows(p)
    body = p.chrome_top() + f'<div class="title" style="text-align:center">{e(p.W["title"])}</div>{rows}{inactive}' + p.chrome_bottom()
    return p.html(body, 390)


FAMILIES = {"appstore": appstore, "appstore_detail": appstore_detail, "googleplay": googleplay, "web_table": web_table,
            "bank": bank, "receipt": receipt, "cards": cards, "zh_autorenew": zh_autorenew}

GEOMETRY_JS = """<script>
const rows = [...document.querySelectorAll('[data-item]')].map(r => { const b = r.getBoundingClientRect();
  return [+r.dataset.item, b.top, b.bottom]; });
document.body.insertAdjacentHTML('beforeend', '<pre id="geo">' + JSON.stringify({rows, height: document.body.scrollHeight}) + '</pre>');
</script>"""


def chromium(args):
    return subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           "--font-render-hinting=none", *args], check=True, capture_output=True, text=True,
                          env={**os.environ, "TZ": "UTC", "LANG": "C.UTF-8"})


def cycle_shown(p, it):
    """True when the page prints the item's cycle somewhere (some families print it only with the price)."""
    attached = p.cycle_word(it).startswith(("/", " ")) and not p.no_prices
    if p.family in ("appstore_detail", "googleplay"):
        return attached
    if p.family == "appstore":
        return attached or bool(p.cycle_elsewhere(it))
    if p.family == "receipt":
        return not p.no_prices
    return True


def truth(p, stem, fmt, dropped):
    subs = []
    for i, it in enumerate(p.items):
        cur = it["currency"]
        digits = 0 if cur in ZERO_DIGITS else 2
        sub = {"name": it["name"], "price": {"amount": f"{it['amount']:.{digits}f}", "currency": cur},
               "cycle": {"unit": it["unit"], "interval": 1} if cycle_shown(p, it) else None,
               "nextRenewal": it["renewal"].isoformat(), "source": {"file": f"{stem}.{fmt}"}}
        if p.no_prices:
            sub["price"] = None
        if i in dropped:
            sub["optional"] = True
        subs.append(sub)
    return {"schema": "ingest/subscriptions@1", "family": p.family, "locale": p.locale, "seed": p.d.seed,
            "split": split_of(p.d.seed), "variant": p.d.variant, "subscriptions": subs}


def generate(seed, out, keep_html=False):
    p = Page(seed)
    html = FAMILIES[p.family](p)
    width = {"web_table": 1000, "receipt": 760, "cards": 1100, "googleplay": 412}.get(p.family, 390)
    stem = f"gen{seed:06d}_{p.family}"
    fmt = "jpg" if p.jpeg else "png"
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "page.html"
        page.write_text(html.replace("</body>", GEOMETRY_JS + "</body>"), encoding="utf-8")
        geo_html = chromium([f"--window-size={width},900", "--dump-dom", page.as_uri()]).stdout
        geo = json.loads(geo_html.rsplit('<pre id="geo">', 1)[1].split("</pre>")[0])
        height = max(200, min(2400, int(geo["height"]) + 8))
        page.write_text(html, encoding="utf-8")
        shot = Path(tmp) / "shot.png"
        chromium([f"--force-device-scale-factor={p.scale}", f"--window-size={width},{height}", f"--screenshot={shot}", page.as_uri()])
        img = Image.open(shot).convert("RGB")
    dropped = set()
    w, h = img.size
    s = h / height
    if p.crop == "top":
        img = img.crop((0, int(h * 0.06), w, h))
    elif p.crop == "bottom-through-row" and geo["rows"]:
        index, top, bottom = max(geo["rows"], key=lambda r: r[1])
        img = img.crop((0, 0, w, int((top + (bottom - top) * 0.45) * s)))
        dropped.add(index)
    if p.jpeg:
        img.save(out / f"{stem}.jpg", "JPEG", quality=p.jpeg)
    else:
        img.save(out / f"{stem}.png", "PNG", optimize=True)
    if keep_html:
        (out / f"{stem}.html").write_text(html, encoding="utf-8")
    (out / f"{stem}.json").write_text(json.dumps(truth(p, stem, fmt, dropped), ensure_ascii=False, indent=2) + "\n",
                                      encoding="utf-8")
    return stem


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, type=Path)
    ap.add_argument("--split", choices=sorted(SPLITS["splits"]))
    ap.add_argument("--count", type=int, help="only the first COUNT seeds of the split")
    ap.add_argument("--seeds", type=int, nargs="*", default=[])
    ap.add_argument("--html", action="store_true", help="also write each page's HTML")
    ap.add_argument("--json-only", action="store_true", help="rewrite the truth of pages already in --out")
    a = ap.parse_args()
    seeds = list(a.seeds)
    if a.split:
        spec = SPLITS["splits"][a.split]
        seeds += range(spec["first"], spec["first"] + min(spec["count"], a.count or spec["count"]))
    if not seeds:
        ap.error("give --split or --seeds")
    a.out.mkdir(parents=True, exist_ok=True)
    if a.json_only:
        for path in sorted(a.out.glob("gen*.json")):
            old = json.loads(path.read_text(encoding="utf-8"))
            if old["seed"] not in seeds:
                continue
            p = Page(old["seed"])
            FAMILIES[p.family](p)
            dropped = {i for i, sub in enumerate(old["subscriptions"]) if sub.get("optional")}
            fmt = old["subscriptions"][0]["source"]["file"].rsplit(".", 1)[1] if old["subscriptions"] else "png"
            path.write_text(json.dumps(truth(p, path.stem, fmt, dropped), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        return 0
    for seed in seeds:
        print(generate(seed, a.out, a.html), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
