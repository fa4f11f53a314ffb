#!/usr/bin/env python3
"""Generates bank and card statements in real export layouts, with the subscriptions hidden in
them written out as golden JSON. Deterministic: the same seed gives the same bytes.

    python3 Fixtures/bank/generate.py            # writes Fixtures/bank/<layout>.csv + .expected.json
    python3 Fixtures/bank/generate.py --rows 1000000 --out big.csv   # one large Chase-style file
"""
import argparse, datetime as dt, json, os, random, string, zlib

TODAY = dt.date(2026, 11, 30)
START = dt.date(2025, 10, 20)
HERE = os.path.dirname(os.path.abspath(__file__))


def stable(text):
    """A number from a text that is the same in every run (Python's hash() is not)."""
    return zlib.crc32(text.encode("utf-8"))


def token(rng, n=10):
    return "".join(rng.choice(string.ascii_uppercase + string.digits) for _ in range(n)).replace("O", "0")


def add_months(d, n, day=None):
    m = d.month - 1 + n
    y, m = d.year + m // 12, m % 12 + 1
    import calendar
    last = calendar.monthrange(y, m)[1]
    return dt.date(y, m, min(day or d.day, last))


def shift_weekend(d):
    return d + dt.timedelta(days={5: 2, 6: 1}.get(d.weekday(), 0))


class Sub:
    """A subscription: expected name, descriptor maker, period, prices over time, start/end."""
    def __init__(self, name, desc, period, prices, start, end=None, weekend=False, trial=False):
        self.name, self.desc, self.period, self.prices = name, desc, period, prices
        self.start, self.end, self.weekend, self.trial = start, end, weekend, trial

    def first(self):
        """The first paid charge's day on the grid: a month (or week cycle) after a trial."""
        d = self.start
        if self.trial:
            d = add_months(d, 1) if self.period[0] == "month" else d + dt.timedelta(days=7 * self.period[1])
        return d

    def grid(self, i):
        """The day the i-th paid charge is due, before a weekend or processing delay moves it."""
        unit, n = self.period
        first = self.first()
        return add_months(first, n * i) if unit == "month" else (first + dt.timedelta(days=7 * n * i) if unit == "week" else add_months(first, 12 * i))

    def charges(self, rng):
        out, i, d = [], 0, self.start
        if self.trial:
            out.append((d, 0.0))
            d = add_months(d, 1) if self.period[0] == "month" else d + dt.timedelta(days=7 * self.period[1])
        first = d
        while d <= TODAY - dt.timedelta(days=2) and (self.end is None or d <= self.end):
            price = [p for since, p in self.prices if since <= d][-1]
            drift = [0, 0, 0, 1, 2] if self.period[0] != "week" else [0, 0, 0, 1]
            day = shift_weekend(d) if self.weekend else d + dt.timedelta(days=rng.choice(drift))
            out.append((day, price))
            i += 1
            unit, n = self.period
            d = add_months(first, n * i) if unit == "month" else (first + dt.timedelta(days=7 * n * i) if unit == "week" else add_months(first, 12 * i))
        return out

    def expected(self, rng_charges, currency):
        real = [c for c in rng_charges if c[1] > 0]
        last_day, last_price = real[-1]
        unit, n = self.period
        cycle = {"unit": unit, "interval": n}
        days = {"week": 7 * n, "month": 30.44 * n, "year": 365.25}[unit]
        active = (TODAY - last_day).days <= days + max(10, days / 2)
        # The next charge is due on the plan's grid (the day it is billed on), the first such
        # day after the last paid charge and not before today.
        step = len(real)
        nxt = self.grid(step)
        while nxt < TODAY:
            step += 1
            nxt = self.grid(step)
        return {"name": self.name, "amount": f"{last_price:.2f}", "currency": currency, "cycle": cycle,
                "nextRenewal": nxt.isoformat(), "active": active, "lastCharge": last_day.isoformat(), "charges": len(real)}


def region_us(rng):
    subs = [
        Sub("Netflix", lambda r: r.choice(["NETFLIX.COM 866-579-7172 CA", "Netflix.com Los Gatos CA", "NETFLIX.COM NETFLIX.COM CA"]),
            ("month", 1), [(START, 15.49), (dt.date(2026, 4, 1), 17.99)], dt.date(2025, 11, 5)),
        Sub("Spotify", lambda r: f"SPOTIFY {token(r)}", ("month", 1), [(START, 11.99)], dt.date(2025, 11, 12)),
        Sub("Disney+", lambda r: f"PAYPAL *DISNEYPLUS {r.randint(4000000000, 4999999999)}", ("month", 1), [(START, 13.99)], dt.date(2025, 11, 20)),
        Sub("Amazon Prime", lambda r: f"AMZN Prime*{token(r, 9)}", ("year", 1), [(START, 139.00)], dt.date(2025, 11, 25)),
        Sub("Apple.com", lambda r: "APPLE.COM/BILL 866-712-7753 CA", ("month", 1), [(START, 2.99)], dt.date(2025, 11, 3)),
        Sub("Apple.com", lambda r: "APPLE.COM/BILL 866-712-7753 CA", ("month", 1), [(START, 10.99)], dt.date(2025, 11, 17)),
        Sub("Planet Fitness", lambda r: "PLANET FITNESS 0123 CHICAGO IL", ("month", 1), [(START, 24.99)], dt.date(2025, 11, 17), weekend=True),
        Sub("ChatGPT Plus", lambda r: "OPENAI *CHATGPT SUBSCR", ("month", 1), [(START, 20.00)], dt.date(2026, 1, 8), trial=False),
        Sub("Adobe Creative Cloud", lambda r: f"ADOBE *CREATIVE CLOUD {r.randint(100, 999)}-{r.randint(100, 999)}-{r.randint(1000, 9999)} CA",
            ("month", 1), [(START, 59.99)], dt.date(2025, 11, 9), end=dt.date(2026, 5, 9)),
        Sub("The New York Times", lambda r: "NYTIMES*NYTIMES.COM", ("week", 4), [(START, 17.00)], dt.date(2025, 11, 2)),
        Sub("HelloFresh", lambda r: f"HELLOFRESH {token(r, 6)} NY", ("week", 1), [(START, 59.99), (dt.date(2026, 6, 1), 65.99)], dt.date(2026, 3, 2)),
        Sub("Dropbox", lambda r: f"DROPBOX*{token(r, 7)} DROPBOX.COM CA", ("year", 1), [(START, 119.88)], dt.date(2025, 11, 14)),
        Sub("Headspace", lambda r: "HEADSPACE.COM SANTA MONICA CA", ("month", 1), [(START, 12.99)], dt.date(2026, 2, 21), trial=True),
    ]
    bills = [("RENT PAYMENT ACME PROPERTY MGMT", 1850.00, 1), ("VERIZON WIRELESS PAYMENTS", 85.00, 22), ("CON ED OF NY INTELL CK", None, 15),
             ("GEICO *AUTO INSURANCE", 132.40, 8)]
    noise = ["WHOLEFDS MKT #10234 NEW YORK NY", "SQ *BLUE BOTTLE COFFEE NY", "UBER *TRIP HELP.UBER.COM CA", "SHELL OIL 57444 BROOKLYN NY",
             "AMZN Mktp US*{t}", "TRADER JOE S #540 NEW YORK NY", "CVS/PHARMACY #01234 NY", "CHIPOTLE 1234 NEW YORK NY", "TARGET 00012345 BROOKLYN NY"]
    lookalike = [("NETFLIX.COM GIFT CARD LOS GATOS CA", 25.00), ("APPLE.COM/BILL 866-712-7753 CA", 4.99), ("SPOTIFY USA MERCH", 29.00)]
    income = [("ACME CORP PAYROLL PPD ID 1234567890", 3120.55, 14)]
    transfers = [("ONLINE TRANSFER TO SAV XXXXXX1234", 200.00), ("PAYMENT THANK YOU - WEB", 900.00)]
    return "USD", subs, bills, noise, lookalike, income, transfers


def region_uk(rng):
    subs = [
        Sub("Netflix", lambda r: r.choice(["NETFLIX.COM", "Netflix.com Amsterdam"]), ("month", 1), [(START, 10.99), (dt.date(2026, 5, 1), 12.99)], dt.date(2025, 11, 4)),
        Sub("Spotify", lambda r: f"Spotify P{token(r, 9)}", ("month", 1), [(START, 11.99)], dt.date(2025, 11, 14)),
        Sub("Disney+", lambda r: "DISNEY PLUS", ("month", 1), [(START, 7.99)], dt.date(2025, 11, 21), end=dt.date(2026, 6, 21)),
        Sub("Amazon Prime", lambda r: f"AMZN Prime*{token(r, 9)}", ("month", 1), [(START, 8.99)], dt.date(2025, 11, 27)),
        Sub("PureGym", lambda r: "PUREGYM LTD LEEDS", ("month", 1), [(START, 24.99)], dt.date(2025, 11, 1), weekend=True),
        Sub("Microsoft 365", lambda r: f"MSFT *{token(r, 8)} MICROSOFT 365", ("year", 1), [(START, 79.99)], dt.date(2025, 11, 2)),
        Sub("The Guardian", lambda r: "GUARDIAN NEWS & MEDIA", ("month", 3), [(START, 36.00)], dt.date(2025, 11, 10)),
        Sub("YouTube Premium", lambda r: "GOOGLE *YOUTUBE PREMIUM g.co/helppay#", ("month", 1), [(START, 12.99)], dt.date(2026, 2, 6)),
    ]
    bills = [("COUNCIL TAX LEEDS CITY COUNCIL", 152.00, 1), ("TV LICENCE MBP", 14.21, 6), ("THAMES WATER", 38.00, 12),
             ("EE LIMITED", 25.00, 18), ("RENT HOMELET LETTINGS", 1200.00, 28)]
    noise = ["TESCO STORES 3021 LONDON", "PRET A MANGER LONDON", "TFL TRAVEL CH TFL.GOV.UK/CP", "SAINSBURYS S/MKTS", "DELIVEROO {t}",
             "BOOTS 1234 LONDON", "COSTA COFFEE 43011", "AMAZON.CO.UK*{t}"]
    lookalike = [("NETFLIX.COM", 15.00), ("Spotify P{t}", 5.00)]
    income = [("ACME LTD SALARY", 2650.00, 25)]
    transfers = [("TRANSFER TO SAVINGS POT", 150.00), ("BARCLAYCARD PAYMENT CARD REPAYMENT", 400.00)]
    return "GBP", subs, bills, noise, lookalike, income, transfers


def region_de(rng):
    pp = "PayPal Europe S.a.r.l. et Cie S.C.A"
    subs = [
        Sub("Netflix", lambda r: ("Netflix International B.V.", f"{r.randint(10**11, 10**12)} Netflix Monatsabo"), ("month", 1),
            [(START, 13.99), (dt.date(2026, 3, 1), 15.99)], dt.date(2025, 11, 6)),
        Sub("Spotify", lambda r: (pp, f"{r.randint(10**12, 10**13)} PP.{r.randint(1000, 9999)}.PP . Spotify AB, Ihr Einkauf bei Spotify AB"),
            ("month", 1), [(START, 10.99)], dt.date(2025, 11, 15)),
        Sub("Disney+", lambda r: (pp, f"{r.randint(10**12, 10**13)} PP.{r.randint(1000, 9999)}.PP . Disney Plus, Ihr Einkauf bei Disney Plus"),
            ("month", 1), [(START, 9.99)], dt.date(2025, 11, 23)),
        Sub("McFit", lambda r: ("RSG Group GmbH McFit", f"Mitgliedsbeitrag {r.randint(100000, 999999)}"), ("month", 1), [(START, 24.90)], dt.date(2025, 11, 1), weekend=True),
        Sub("Amazon Prime", lambda r: ("AMAZON EU S.A R.L., NIEDERLASSUNG DEUTSCHLAND", f"{token(r, 12)} Amazon Prime Amzn.de/prime"), ("year", 1), [(START, 89.90)], dt.date(2025, 11, 3)),
        Sub("Zeitverlag", lambda r: ("Zeitverlag Gerd Bucerius GmbH", f"ZEIT ONLINE Abo KD-NR {r.randint(10**6, 10**7)}"), ("month", 1), [(START, 4.99), (dt.date(2026, 4, 1), 5.99)], dt.date(2025, 11, 8), end=dt.date(2026, 7, 8)),
        Sub("Adobe Creative Cloud", lambda r: ("ADOBE SYSTEMS SOFTWARE IRELAND LTD", f"{token(r, 14)} Adobe Creative Cloud"), ("month", 1), [(START, 24.39)], dt.date(2026, 1, 19)),
    ]
    bills = [(("Hausverwaltung Schmidt", "Miete Wohnung 3 OG"), 950.00, 1), (("Stadtwerke Muenchen GmbH", "Abschlag Strom Vertragskonto 2001234"), 68.00, 15),
             (("Rundfunk ARD, ZDF, DRadio", "Rundfunkbeitrag Beitragsnr. 123456789"), 55.08, 15), (("Telekom Deutschland GmbH", "Festnetz Rechnung Kd-Nr 1234"), 39.95, 20),
             (("HUK-COBURG Versicherung", "Kfz-Versicherung Vertrag 123"), 41.20, 1)]
    noise = [("REWE Markt GmbH", "Kartenzahlung girocard REWE SAGT DANKE {t}"), ("EDEKA Center", "Kartenzahlung {t}"), ("dm-drogerie markt", "Kartenzahlung {t}"),
             ("DB Vertrieb GmbH", "Fahrkarte {t}"), (pp, "{t} PP.1234.PP . Otto GmbH, Ihr Einkauf bei Otto GmbH"), ("Aral Station", "Kartenzahlung {t}")]
    lookalike = [(("Netflix International B.V.", "Netflix Geschenkkarte"), 25.00), ((pp, "PP.5555.PP . Spotify AB, Ihr Einkauf bei Spotify AB Merch"), 19.99)]
    income = [(("ACME GmbH", "Gehalt Lohn/Gehalt 11"), 3150.00, 28)]
    transfers = [(("Max Mustermann", "Umbuchung Tagesgeld"), 300.00), (("DKB Kreditkarte", "Kreditkartenabrechnung"), 250.00)]
    return "EUR", subs, bills, noise, lookalike, income, transfers


def region_nl(rng):
    subs = [
        Sub("Netflix", lambda r: ("Netflix International B.V.", f"Omschrijving: Netflix abonnement Kenmerk: {r.randint(10**9, 10**10)}"), ("month", 1),
            [(START, 11.99), (dt.date(2026, 2, 1), 13.49)], dt.date(2025, 11, 6)),
        Sub("Spotify", lambda r: ("Spotify AB", f"Naam: Spotify AB Omschrijving: {token(r, 10)}"), ("month", 1), [(START, 10.99)], dt.date(2025, 11, 16)),
        Sub("Basic-Fit", lambda r: ("Basic-Fit Nederland B.V.", f"Lidmaatschap {r.randint(10**6, 10**7)}"), ("week", 4), [(START, 29.99)], dt.date(2025, 11, 3)),
        Sub("RTL Nederland Videoland", lambda r: ("RTL Nederland Interactief Videoland", "Videoland Plus"), ("month", 1), [(START, 7.99)], dt.date(2025, 11, 12), end=dt.date(2026, 5, 12)),
        Sub("NRC", lambda r: ("NRC Media B.V.", "NRC digitaal kwartaal"), ("month", 3), [(START, 59.00)], dt.date(2025, 12, 1)),
    ]
    bills = [(("Woningcorporatie Ymere", "Huur maart"), 875.00, 1), (("Ziggo Services B.V.", "Internet en TV"), 59.50, 24), (("Eneco Consumenten", "Termijnbedrag energie"), 112.00, 10),
             (("Belastingdienst", "Toeslag/aanslag"), 45.00, 20)]
    noise = [("Albert Heijn 1234", "Betaalautomaat {t}"), ("Jumbo Supermarkt", "Betaalautomaat {t}"), ("NS Reizigers", "{t}"), ("Thuisbezorgd.nl", "iDEAL {t}"),
             ("HEMA", "Betaalautomaat {t}")]
    lookalike = [(("Spotify AB", "Spotify cadeaukaart"), 30.00)]
    income = [(("ACME B.V.", "Salaris november"), 2890.00, 24)]
    transfers = [(("Spaarrekening J Jansen", "Overboeking naar spaarrekening"), 250.00)]
    return "EUR", subs, bills, noise, lookalike, income, transfers


def region_se(rng):
    subs = [
        Sub("Spotify", lambda r: ("Spotify AB", "Spotify"), ("month", 1), [(START, 129.00), (dt.date(2026, 5, 1), 139.00)], dt.date(2025, 11, 14)),
        Sub("Netflix", lambda r: ("NETFLIX.COM", "Kortköp NETFLIX.COM"), ("month", 1), [(START, 149.00)], dt.date(2025, 11, 3)),
        Sub("Viaplay", lambda r: ("Viaplay Group", "Viaplay Total"), ("month", 1), [(START, 449.00)], dt.date(2025, 11, 20), end=dt.date(2026, 4, 20)),
        Sub("SATS", lambda r: ("SATS Sverige AB", "Autogiro SATS"), ("month", 1), [(START, 599.00)], dt.date(2025, 11, 27), weekend=True),
        Sub("Storytel", lambda r: ("Storytel Sweden AB", "Storytel"), ("month", 1), [(START, 199.00)], dt.date(2026, 1, 9)),
    ]
    bills = [(("Hyresvärden AB", "Hyra"), 8900.00, 28), (("Telia Sverige AB", "Bredband"), 399.00, 25), (("Vattenfall AB", "Elräkning"), None, 20),
             (("Länsförsäkringar", "Försäkring hem"), 215.00, 1)]
    noise = [("ICA Supermarket", "Kortköp {t}"), ("Coop Konsum", "Kortköp {t}"), ("SL", "Kortköp {t}"), ("Systembolaget", "Kortköp {t}"), ("Espresso House", "Kortköp {t}")]
    lookalike = [(("NETFLIX.COM", "Kortköp NETFLIX.COM presentkort"), 300.00)]
    income = [(("ACME AB", "Lön"), 32500.00, 25)]
    transfers = [(("Eget konto", "Överföring sparkonto"), 2000.00)]
    return "SEK", subs, bills, noise, lookalike, income, transfers


def region_dk(rng):
    subs = [
        Sub("Netflix", lambda r: ("", f"Netflix.com {r.randint(1000, 9999)}"), ("month", 1), [(START, 129.00), (dt.date(2026, 3, 1), 139.00)], dt.date(2025, 11, 3)),
        Sub("Spotify", lambda r: ("", f"Visa/Dankort Spotify P{token(r, 9)}"), ("month", 1), [(START, 119.00)], dt.date(2025, 11, 14)),
        Sub("Fitness World", lambda r: ("", "Fitness World BS"), ("month", 1), [(START, 299.00)], dt.date(2025, 11, 1), weekend=True),
        Sub("Mofibo", lambda r: ("", "Mofibo.com"), ("month", 1), [(START, 149.00)], dt.date(2025, 11, 18), end=dt.date(2026, 3, 18)),
        Sub("TV 2 Play", lambda r: ("", "TV 2 PLAY"), ("month", 1), [(START, 99.00)], dt.date(2025, 12, 7)),
    ]
    bills = [(("", "Husleje BS"), 7800.00, 1), (("", "Ørsted Salg og Service BS"), 640.00, 10), (("", "YouSee Internet BS"), 299.00, 15), (("", "Tryg Forsikring BS"), 410.00, 1)]
    noise = [("", "Netto {t}"), ("", "Føtex {t}"), ("", "Rejsekort {t}"), ("", "7-Eleven {t}"), ("", "Lidl {t}")]
    lookalike = [(("", "Netflix.com gavekort"), 250.00)]
    income = [(("", "Løn ACME A/S"), 28400.00, 30)]
    transfers = [(("", "Overførsel til opsparing"), 1500.00)]
    return "DKK", subs, bills, noise, lookalike, income, transfers


def region_no(rng):
    subs = [
        Sub("Netflix", lambda r: ("", "Visa 478213 NETFLIX.COM"), ("month", 1), [(START, 129.00), (dt.date(2026, 6, 1), 149.00)], dt.date(2025, 11, 4)),
        Sub("Spotify", lambda r: ("", f"Visa 478213 Spotify P{token(r, 9)}"), ("month", 1), [(START, 119.00)], dt.date(2025, 11, 16)),
        Sub("Viaplay", lambda r: ("", "Avtalegiro Viaplay Group Norway AS"), ("month", 1), [(START, 449.00)], dt.date(2025, 11, 21), end=dt.date(2026, 5, 21)),
        Sub("SATS", lambda r: ("", "Avtalegiro SATS Norge AS"), ("month", 1), [(START, 649.00)], dt.date(2025, 11, 1), weekend=True),
        Sub("Storytel", lambda r: ("", "Visa 478213 Storytel Norway"), ("month", 1), [(START, 229.00)], dt.date(2026, 1, 11)),
    ]
    bills = [(("", "Husleie Boligbyggelag"), 11800.00, 1), (("", "Avtalegiro Fjordkraft AS strøm"), None, 20), (("", "Avtalegiro Telenor Norge AS"), 499.00, 15),
             (("", "Avtalegiro Gjensidige Forsikring"), 389.00, 1)]
    noise = [("", "Varekjøp REMA 1000 {t}"), ("", "Varekjøp KIWI {t}"), ("", "Visa 478213 Ruter {t}"), ("", "Varekjøp Vinmonopolet {t}"), ("", "Varekjøp Narvesen {t}")]
    lookalike = [(("", "Visa 478213 NETFLIX.COM gavekort"), 300.00)]
    income = [(("", "Lønn ACME AS"), 41250.00, 25)]
    transfers = [(("", "Overføring til sparekonto"), 3000.00)]
    return "NOK", subs, bills, noise, lookalike, income, transfers


def region_es(rng):
    subs = [
        Sub("Netflix", lambda r: ("", "RECIBO NETFLIX INTERNATIONAL B.V."), ("month", 1), [(START, 12.99), (dt.date(2026, 5, 1), 13.99)], dt.date(2025, 11, 6)),
        Sub("Spotify", lambda r: ("", f"COMPRA TARJ. 5540XXXXXXXX1234 SPOTIFY P{token(r, 9)}"), ("month", 1), [(START, 11.99)], dt.date(2025, 11, 12)),
        Sub("DAZN", lambda r: ("", "COMPRA TARJ. 5540XXXXXXXX1234 DAZN LIMITED"), ("month", 1), [(START, 29.99)], dt.date(2025, 11, 19), end=dt.date(2026, 6, 19)),
        Sub("Movistar+", lambda r: ("", "RECIBO TELEFONICA DE ESPANA MOVISTAR PLUS"), ("month", 1), [(START, 22.00)], dt.date(2025, 11, 9)),
        Sub("Disney+", lambda r: ("", "COMPRA TARJ. 5540XXXXXXXX1234 DISNEY PLUS"), ("month", 1), [(START, 9.99)], dt.date(2026, 1, 24)),
    ]
    bills = [(("", "TRANSFERENCIA ALQUILER PISO"), 950.00, 1), (("", "RECIBO IBERDROLA CLIENTES LUZ"), None, 14), (("", "RECIBO VODAFONE ESPANA"), 35.00, 8),
             (("", "RECIBO MAPFRE SEGUROS HOGAR"), 31.00, 2)]
    noise = [("", "COMPRA TARJ. 5540XXXXXXXX1234 MERCADONA {t}"), ("", "COMPRA TARJ. 5540XXXXXXXX1234 EL CORTE INGLES {t}"),
             ("", "COMPRA TARJ. 5540XXXXXXXX1234 CARREFOUR {t}"), ("", "COMPRA TARJ. 5540XXXXXXXX1234 RENFE {t}"), ("", "COMPRA TARJ. 5540XXXXXXXX1234 BAR PEPE {t}")]
    lookalike = [(("", "COMPRA TARJ. 5540XXXXXXXX1234 NETFLIX TARJETA REGALO"), 25.00)]
    income = [(("", "NOMINA ACME SL"), 2150.00, 28)]
    transfers = [(("", "TRASPASO A CUENTA AHORRO"), 150.00)]
    return "EUR", subs, bills, noise, lookalike, income, transfers


def region_it(rng):
    subs = [
        Sub("Netflix", lambda r: ("", "ADDEBITO SDD NETFLIX INTERNATIONAL B.V."), ("month", 1), [(START, 12.99), (dt.date(2026, 4, 1), 13.99)], dt.date(2025, 11, 7)),
        Sub("Spotify", lambda r: ("", f"PAGAMENTO POS SPOTIFY P{token(r, 9)}"), ("month", 1), [(START, 10.99)], dt.date(2025, 11, 15)),
        Sub("DAZN", lambda r: ("", "PAGAMENTO POS DAZN LIMITED"), ("month", 1), [(START, 34.99)], dt.date(2025, 11, 3)),
        Sub("Sky", lambda r: ("", "ADDEBITO SDD SKY ITALIA SRL"), ("month", 1), [(START, 24.90)], dt.date(2025, 11, 10), end=dt.date(2026, 5, 10)),
        Sub("McFit", lambda r: ("", "ADDEBITO SDD RSG GROUP ITALIA MCFIT"), ("month", 1), [(START, 29.90)], dt.date(2025, 11, 1), weekend=True),
    ]
    bills = [(("", "BONIFICO AFFITTO APPARTAMENTO"), 780.00, 1), (("", "ADDEBITO SDD ENEL ENERGIA BOLLETTA"), None, 18), (("", "ADDEBITO SDD TIM TELECOM ITALIA"), 29.90, 6),
             (("", "ADDEBITO SDD UNIPOLSAI ASSICURAZIONI"), 42.00, 3)]
    noise = [("", "PAGAMENTO POS ESSELUNGA {t}"), ("", "PAGAMENTO POS COOP {t}"), ("", "PAGAMENTO POS TRENITALIA {t}"), ("", "PAGAMENTO POS BAR CENTRALE {t}"),
             ("", "PAGAMENTO POS CONAD {t}")]
    lookalike = [(("", "PAGAMENTO POS NETFLIX CARTA REGALO"), 25.00)]
    income = [(("", "STIPENDIO ACME SRL"), 1980.00, 27)]
    transfers = [(("", "GIROCONTO VERSO CONTO DEPOSITO"), 200.00)]
    return "EUR", subs, bills, noise, lookalike, income, transfers


def region_fr(rng):
    subs = [
        Sub("Netflix", lambda r: ("", "PRLV SEPA NETFLIX INTERNATIONAL B.V."), ("month", 1), [(START, 13.49), (dt.date(2026, 4, 1), 14.99)], dt.date(2025, 11, 5)),
        Sub("Spotify", lambda r: ("", f"CB SPOTIFY {r.randint(1, 28):02d}/{r.randint(1, 12):02d}"), ("month", 1), [(START, 11.12)], dt.date(2025, 11, 13)),
        Sub("Deezer", lambda r: ("", "PRLV SEPA DEEZER SA"), ("month", 1), [(START, 11.99)], dt.date(2025, 11, 22), end=dt.date(2026, 5, 22)),
        Sub("Canal+", lambda r: ("", f"PRLV SEPA GROUPE CANAL+ {r.randint(10**6, 10**7)}"), ("month", 1), [(START, 27.99)], dt.date(2025, 11, 8)),
        Sub("Basic-Fit", lambda r: ("", "PRLV SEPA BASIC FIT FRANCE"), ("week", 4), [(START, 29.99)], dt.date(2025, 11, 4)),
    ]
    bills = [(("", "PRLV SEPA LOYER CABINET IMMO"), 890.00, 3), (("", "PRLV SEPA FREE MOBILE"), 19.99, 4), (("", "PRLV SEPA EDF CLIENTS PARTICULIERS"), 72.00, 12),
             (("", "PRLV SEPA AXA FRANCE IARD ASSURANCE"), 48.00, 6)]
    noise = [("", "CB CARREFOUR {d}"), ("", "CB MONOPRIX {d}"), ("", "CB BOULANGERIE PAUL {d}"), ("", "CB SNCF {d}"), ("", "CB FNAC {d}")]
    lookalike = [(("", "CB NETFLIX.COM CARTE CADEAU"), 25.00)]
    income = [(("", "VIR SALAIRE ACME SAS"), 2480.00, 28)]
    transfers = [(("", "VIREMENT INTERNE LIVRET A"), 200.00)]
    return "EUR", subs, bills, noise, lookalike, income, transfers


def region_cn(rng):
    subs = [
        Sub("iQIYI", lambda r: ("爱奇艺", "黄金VIP会员连续包月"), ("month", 1), [(START, 25.00), (dt.date(2026, 3, 1), 30.00)], dt.date(2025, 11, 5)),
        Sub("NetEase Cloud Music", lambda r: ("网易云音乐", "黑胶VIP连续包月"), ("month", 1), [(START, 15.00)], dt.date(2025, 11, 11)),
        Sub("Bilibili", lambda r: ("哔哩哔哩", "大会员连续包月"), ("month", 1), [(START, 15.00)], dt.date(2025, 11, 19), end=dt.date(2026, 5, 19)),
        Sub("Tencent Video", lambda r: ("腾讯视频", "VIP会员年卡"), ("year", 1), [(START, 198.00)], dt.date(2025, 11, 1)),
        Sub("Baidu Netdisk", lambda r: ("百度网盘", "超级会员连续包月"), ("month", 1), [(START, 30.00)], dt.date(2025, 11, 26)),
    ]
    bills = [(("国家电网", "电费缴费"), None, 10), (("中国移动", "话费充值"), 100.00, 5), (("房东", "房租"), 4500.00, 1)]
    noise = [("美团外卖", "外卖订单{t}"), ("滴滴出行", "快车{t}"), ("盒马鲜生", "商品{t}"), ("瑞幸咖啡", "咖啡{t}"), ("京东商城", "订单{t}")]
    lookalike = [(("爱奇艺", "单片点播"), 6.00)]
    income = [(("某某公司", "工资"), 18000.00, 10)]
    transfers = [(("余额宝", "余额宝转入"), 1000.00)]
    return "CNY", subs, bills, noise, lookalike, income, transfers


def region_ch(rng):
    subs = [
        Sub("Netflix", lambda r: ("", "LASTSCHRIFT NETFLIX INTERNATIONAL B.V."), ("month", 1), [(START, 18.90), (dt.date(2026, 4, 1), 20.90)], dt.date(2025, 11, 6)),
        Sub("Spotify", lambda r: ("", f"KARTENBELASTUNG SPOTIFY P{token(r, 9)}"), ("month", 1), [(START, 13.95)], dt.date(2025, 11, 13)),
        Sub("Zattoo", lambda r: ("", "KARTENBELASTUNG ZATTOO AG"), ("month", 1), [(START, 13.00)], dt.date(2025, 11, 20), end=dt.date(2026, 6, 20)),
        Sub("Neue Zürcher Zeitung", lambda r: ("", "LASTSCHRIFT NEUE ZUERCHER ZEITUNG AG NZZ DIGITAL"), ("month", 1), [(START, 29.00)], dt.date(2025, 11, 2), weekend=True),
        Sub("Migros Fitness", lambda r: ("", "LASTSCHRIFT MIGROS FITNESS ABO"), ("month", 1), [(START, 89.00)], dt.date(2026, 1, 15)),
    ]
    bills = [(("", "DAUERAUFTRAG MIETE WOHNUNG VERWALTUNG AG"), 1950.00, 1), (("", "LASTSCHRIFT SWISSCOM (SCHWEIZ) AG RECHNUNG"), 65.00, 20),
             (("", "LASTSCHRIFT CSS KRANKEN-VERSICHERUNG AG PRAEMIE"), 384.50, 1), (("", "LASTSCHRIFT EWZ ELEKTRIZITAETSWERK STROM"), None, 25)]
    noise = [("", "KAUF/DIENSTLEISTUNG MIGROS ZUERICH {t}"), ("", "KAUF/DIENSTLEISTUNG COOP-1234 BERN {t}"), ("", "KAUF/DIENSTLEISTUNG SBB CFF FFS {t}"),
             ("", "KAUF/DIENSTLEISTUNG DENNER {t}"), ("", "TWINT KAUF/DIENSTLEISTUNG GALAXUS {t}")]
    lookalike = [(("", "KARTENBELASTUNG NETFLIX GESCHENKKARTE"), 25.00)]
    income = [(("", "GUTSCHRIFT LOHN ACME AG"), 7250.00, 25)]
    transfers = [(("", "UEBERTRAG AUF SPARKONTO"), 500.00)]
    return "CHF", subs, bills, noise, lookalike, income, transfers


def region_pl(rng):
    subs = [
        Sub("Netflix", lambda r: ("", "ZAKUP PRZY UŻYCIU KARTY NETFLIX.COM"), ("month", 1), [(START, 43.00), (dt.date(2026, 3, 1), 49.00)], dt.date(2025, 11, 5)),
        Sub("Spotify", lambda r: ("", f"ZAKUP PRZY UŻYCIU KARTY SPOTIFY P{token(r, 9)}"), ("month", 1), [(START, 23.99)], dt.date(2025, 11, 14)),
        Sub("Player", lambda r: ("", "ZAKUP PRZY UŻYCIU KARTY PLAYER.PL TVN"), ("month", 1), [(START, 15.00)], dt.date(2025, 11, 22), end=dt.date(2026, 5, 22)),
        Sub("Legimi", lambda r: ("", "ZAKUP PRZY UŻYCIU KARTY LEGIMI SA"), ("month", 1), [(START, 39.99)], dt.date(2025, 11, 9)),
        Sub("Canal+", lambda r: ("", "POLECENIE ZAPŁATY CANAL+ POLSKA SA"), ("month", 1), [(START, 55.00)], dt.date(2026, 1, 17)),
    ]
    bills = [(("", "PRZELEW CZYNSZ SPÓŁDZIELNIA MIESZKANIOWA"), 750.00, 10), (("", "POLECENIE ZAPŁATY PGE OBRÓT ENERGIA ELEKTRYCZNA"), None, 18),
             (("", "POLECENIE ZAPŁATY ORANGE POLSKA FAKTURA"), 65.00, 12), (("", "POLECENIE ZAPŁATY PZU SA UBEZPIECZENIE"), 89.00, 3)]
    noise = [("", "ZAKUP PRZY UŻYCIU KARTY BIEDRONKA {t}"), ("", "ZAKUP PRZY UŻYCIU KARTY LIDL {t}"), ("", "ZAKUP PRZY UŻYCIU KARTY ŻABKA {t}"),
             ("", "ZAKUP PRZY UŻYCIU KARTY ORLEN {t}"), ("", "ZAKUP PRZY UŻYCIU KARTY ALLEGRO {t}")]
    lookalike = [(("", "ZAKUP PRZY UŻYCIU KARTY NETFLIX KARTA PODARUNKOWA"), 100.00)]
    income = [(("", "PRZELEW WYNAGRODZENIE ACME SP Z O O"), 8400.00, 10)]
    transfers = [(("", "PRZELEW WŁASNY NA RACHUNEK OSZCZĘDNOŚCIOWY"), 500.00)]
    return "PLN", subs, bills, noise, lookalike, income, transfers


def region_paypal(rng):
    subs = [
        Sub("Netflix", lambda r: ("Netflix.com", ""), ("month", 1), [(START, 15.49), (dt.date(2026, 4, 1), 17.99)], dt.date(2025, 11, 7)),
        Sub("Spotify", lambda r: ("Spotify USA Inc", ""), ("month", 1), [(START, 11.99)], dt.date(2025, 11, 15)),
        Sub("Disney+", lambda r: ("Disney Plus", ""), ("month", 1), [(START, 13.99)], dt.date(2025, 11, 21), end=dt.date(2026, 6, 21)),
        Sub("Patreon", lambda r: ("Patreon", ""), ("month", 1), [(START, 5.00)], dt.date(2025, 11, 1)),
        Sub("Dropbox", lambda r: ("Dropbox, Inc", ""), ("year", 1), [(START, 119.88)], dt.date(2025, 11, 14)),
    ]
    bills = []
    noise = [("eBay Inc {t}", ""), ("Etsy {t}", ""), ("Uber", ""), ("Steam Purchase", ""), ("Airbnb", "")]
    lookalike = [(("Netflix.com", ""), 25.00)]
    income = [(("John Smith", ""), 45.00, 12)]
    transfers = []
    return "USD", subs, bills, noise, lookalike, income, transfers


def vary(region, rng):
    """The region with its scenario changed by the seed: each subscription kept with 80 %
    odds (the first always, it carries the refunded double charge), its start moved by up to
    three weeks and, one in three, its descriptor in two spellings; each bill kept with 75 %
    odds."""
    def varied(r):
        currency, subs, bills, noise, lookalike, income, transfers = region(r)
        kept = [subs[0]] + [s for s in subs[1:] if rng.random() < 0.8]
        for s in kept[1:]:
            s.start = s.start + dt.timedelta(days=rng.randint(-10, 21))
            # One in three descriptors comes in two spellings: cut at 20 characters, or with
            # its first space left out, on half of the charges.
            if rng.random() < 1 / 3:
                def spelled(r, orig=s.desc, mode=rng.choice(["cut", "glue"])):
                    text = orig(r)
                    if isinstance(text, tuple) or r.random() < 0.5:
                        return text
                    return text[:20].rstrip() if mode == "cut" else text.replace(" ", "", 1)
                s.desc = spelled
        bills = [b for b in bills if rng.random() < 0.75]
        return currency, kept, bills, noise, lookalike, income, transfers
    return varied


def scenario(region, rng, noise_per_month=30):
    """Transactions: (date, signed amount, payee, text, reference, kind, status) — negative = out."""
    currency, subs, bills, noise, lookalike, income, transfers = region(rng)
    txs, expected = [], []
    def split(d):
        return d if isinstance(d, tuple) else ("", d)
    for sub in subs:
        charges = sub.charges(rng)
        for day, price in charges:
            if price == 0:
                continue
            payee, text = split(sub.desc(rng))
            txs.append((day, -price, payee, text, "", "sub", ""))
        # A yearly plan charged once in the export cannot be told from a one-off: not expected.
        if sum(1 for _, p in charges if p > 0) >= 2:
            expected.append(sub.expected(charges, currency))
    # A double charge later refunded, on the first subscription.
    day, price = subs[0].charges(random.Random(1))[3]
    payee, text = split(subs[0].desc(rng))
    txs.append((day + dt.timedelta(days=1), -price, payee, text, "", "double", ""))
    txs.append((day + dt.timedelta(days=6), price, payee, text, "", "refund", ""))
    month = START
    while month <= TODAY:
        for desc, amount, dom in bills:
            d = add_months(month, 0, dom)
            if START <= d <= TODAY:
                payee, text = split(desc)
                txs.append((d, -(amount or round(rng.uniform(40, 140), 2)), payee, text, "", "bill", ""))
        for desc, amount, dom in income:
            d = add_months(month, 0, dom)
            if START <= d <= TODAY:
                payee, text = split(desc)
                txs.append((d, amount, payee, text, "", "income", ""))
        for desc, amount in transfers:
            d = add_months(month, 0, rng.randint(1, 28))
            if START <= d <= TODAY:
                payee, text = split(desc)
                txs.append((d, -amount, payee, text, "", "transfer", ""))
        for _ in range(noise_per_month):
            d = add_months(month, 0, rng.randint(1, 28))
            if START <= d <= TODAY:
                payee, text = split(rng.choice(noise))
                fill = lambda s: s.replace("{t}", token(rng, 8)).replace("{d}", d.strftime("%d/%m"))
                txs.append((d, -round(rng.uniform(3, 120), 2), fill(payee), fill(text), "", "noise", ""))
        month = add_months(month, 1, 1)
    for desc, amount in lookalike:
        d = START + dt.timedelta(days=rng.randint(30, 300))
        payee, text = split(desc)
        txs.append((d, -amount, payee.replace("{t}", token(rng, 9)), text.replace("{t}", token(rng, 9)), "", "oneoff", ""))
    txs.append((TODAY - dt.timedelta(days=1), -round(rng.uniform(5, 50), 2), *split(noise[0] if isinstance(noise[0], tuple) else ("", noise[0]))[:2], "", "pending", "pending"))
    txs = [(d, a, p.replace("{t}", token(rng, 8)), t.replace("{t}", token(rng, 8)), r, k, s) for d, a, p, t, r, k, s in txs if d >= START]
    txs.sort(key=lambda t: (t[0], t[1]))
    return currency, txs, expected


def money(a, comma=False):
    s = f"{a:.2f}"
    return s.replace(".", ",") if comma else s


def write(path, lines, encoding="utf-8"):
    with open(path, "w", encoding=encoding, newline="") as f:
        f.write("".join(lines))


def q(cells, sep=","):
    out = []
    for c in cells:
        c = str(c)
        out.append('"' + c.replace('"', '""') + '"' if (sep in c or '"' in c) else c)
    return sep.join(out) + "\r\n"


def desc(t):
    return (t[2] + " " + t[3]).strip() if t[2] and t[3] and not t[3].startswith(t[2]) else (t[3] or t[2])


def layouts():
    L = {}
    def chase(txs):
        bal, lines = 5000.0, [q(["Details", "Posting Date", "Description", "Amount", "Type", "Balance", "Check or Slip #"]) ]
        for t in reversed(txs):
            bal += t[1]
            lines.append(q(["DEBIT" if t[1] < 0 else "CREDIT", t[0].strftime("%m/%d/%Y"), desc(t), money(t[1]), "ACH_DEBIT" if t[5] == "bill" else ("DEBIT_CARD" if t[1] < 0 else "ACH_CREDIT"), money(bal), ""]))
        return lines
    L["chase"] = (region_us, chase, "utf-8")
    def wells(txs):
        return [q([t[0].strftime("%m/%d/%Y"), money(t[1]), "*", "", ("PURCHASE AUTHORIZED ON " + t[0].strftime("%m/%d ") + desc(t) + f" S{random.Random(t[0].toordinal()).randint(10**14, 10**15)} CARD 1234") if t[5] in ("sub", "noise", "oneoff", "double") else desc(t)]) for t in txs]
    L["wellsfargo"] = (region_us, wells, "utf-8")
    def amex(txs):
        lines = [q(["Date", "Description", "Amount"])]
        for t in txs:
            if t[5] in ("income",):
                continue
            lines.append(q([t[0].strftime("%m/%d/%Y"), desc(t) if t[5] != "transfer" else "AUTOPAY PAYMENT - THANK YOU", money(-t[1])]))
        return lines
    L["amex"] = (region_us, amex, "utf-8")
    def barclays(txs):
        lines = [q(["Number", "Date", "Account", "Amount", "Subcategory", "Memo"])]
        for t in txs:
            lines.append(q(["", t[0].strftime("%d/%m/%Y"), "20-32-06 13152170", money(t[1]), "Direct Debit" if t[5] == "bill" else ("Counter Credit" if t[1] > 0 else "Debit"), desc(t) + "\t"]))
        return lines
    L["barclays"] = (region_uk, barclays, "utf-8")
    def monzo(txs):
        lines = [q(["Transaction ID", "Date", "Time", "Type", "Name", "Emoji", "Category", "Amount", "Currency", "Local amount", "Local currency", "Notes and #tags", "Address", "Receipt", "Description", "Category split", "Money Out", "Money In"])]
        for i, t in enumerate(txs):
            name = desc(t).split(" P")[0] if t[5] == "sub" else desc(t)
            lines.append(q([f"tx_0000{i:06d}", t[0].strftime("%d/%m/%Y"), "09:12:44", "Card payment" if t[1] < 0 else "Faster payment", name, "", "general", money(t[1]), "GBP", money(t[1]), "GBP", "", "", "", desc(t), "", money(t[1]) if t[1] < 0 else "", money(t[1]) if t[1] > 0 else ""]))
        return lines
    L["monzo"] = (region_uk, monzo, "utf-8")
    def sparkasse(txs):
        head = ["Auftragskonto", "Buchungstag", "Valutadatum", "Buchungstext", "Verwendungszweck", "Glaeubiger ID", "Mandatsreferenz", "Kundenreferenz (End-to-End)", "Sammlerreferenz", "Lastschrift Ursprungsbetrag", "Auslagenersatz Ruecklastschrift", "Beguenstigter/Zahlungspflichtiger", "Kontonummer/IBAN", "BIC (SWIFT-Code)", "Betrag", "Waehrung", "Info"]
        lines = [q(head, ";")]
        for t in reversed(txs):
            typ = "FOLGELASTSCHRIFT" if t[5] in ("sub", "bill") else ("GUTSCHRIFT" if t[1] > 0 else "KARTENZAHLUNG")
            lines.append(q(["DE12700530700031234567", t[0].strftime("%d.%m.%y"), t[0].strftime("%d.%m.%y"), typ, t[3], "", "", "", "", "", "", t[2], "DE89370400440532013000", "COBADEFFXXX", money(t[1], True), "EUR", "Umsatz vorgemerkt" if t[6] else "Umsatz gebucht"], ";"))
        return lines
    L["sparkasse"] = (region_de, sparkasse, "cp1252")
    def dkb(txs):
        lines = ['"Girokonto";"DE02120300000000202051"\r\n', '""\r\n', '"Kontostand vom 30.11.2026:";"2.345,67 €"\r\n', '""\r\n']
        lines.append(q(["Buchungsdatum", "Wertstellung", "Status", "Zahlungspflichtige*r", "Zahlungsempfänger*in", "Verwendungszweck", "Umsatztyp", "IBAN", "Betrag (€)", "Gläubiger-ID", "Mandatsreferenz", "Kundenreferenz"], ";"))
        for t in reversed(txs):
            out = t[1] < 0
            lines.append(q([t[0].strftime("%d.%m.%y"), t[0].strftime("%d.%m.%y"), "Vorgemerkt" if t[6] else "Gebucht", "Max Mustermann" if out else t[2], t[2] if out else "Max Mustermann", t[3], "Ausgang" if out else "Eingang", "DE89370400440532013000", money(t[1], True).replace("-", "-") + " €", "", "", ""], ";"))
        return lines
    L["dkb"] = (region_de, dkb, "utf-8-sig")
    def ing(txs):
        lines = [q(["Datum", "Naam / Omschrijving", "Rekening", "Tegenrekening", "Code", "Af Bij", "Bedrag (EUR)", "Mutatiesoort", "Mededelingen"], ";")]
        for t in reversed(txs):
            lines.append(q([t[0].strftime("%Y%m%d"), t[2], "NL20INGB0001234567", "NL91ABNA0417164300", "IC" if t[5] in ("sub", "bill") else "BA", "Af" if t[1] < 0 else "Bij", money(abs(t[1]), True), "Incasso" if t[5] in ("sub", "bill") else "Betaalautomaat", t[3]], ";"))
        return lines
    L["ing"] = (region_nl, ing, "utf-8")
    def nordea(txs):
        lines = [q(["Bokföringsdag", "Belopp", "Avsändare", "Mottagare", "Namn", "Rubrik", "Saldo", "Valuta"], ";")]
        bal = 20000.0
        for t in reversed(txs):
            bal += t[1]
            lines.append(q([t[0].strftime("%Y/%m/%d"), money(t[1], True), "", "", t[2], t[3], money(bal, True), "SEK"], ";"))
        return lines
    L["nordea"] = (region_se, nordea, "utf-8")
    def danske(txs):
        lines = [q(["Dato", "Tekst", "Beløb", "Saldo", "Status", "Afstemt"], ";")]
        bal = 15000.0
        for t in txs:
            bal += t[1]
            lines.append(q([t[0].strftime("%d.%m.%Y"), t[3], money(t[1], True), money(bal, True), "Venter" if t[6] else "Udført", "Nej"], ";"))
        return lines
    L["danske"] = (region_dk, danske, "cp1252")
    def dnb(txs):
        # DNB's CSV export: booked transactions only, debit and credit in separate columns.
        lines = [q(["Dato", "Forklaring", "Rentedato", "Uttak fra konto", "Innskudd på konto"], ";")]
        for t in txs:
            if t[6]:
                continue
            d = t[0].strftime("%d.%m.%Y")
            lines.append(q([d, desc(t), d, money(-t[1], True) if t[1] < 0 else "", money(t[1], True) if t[1] > 0 else ""], ";"))
        return lines
    L["dnb"] = (region_no, dnb, "utf-8")
    def santander(txs):
        # Santander España's CSV export: operation and value dates, concept, signed amount and balance.
        lines = [q(["FECHA OPERACIÓN", "FECHA VALOR", "CONCEPTO", "IMPORTE EUR", "SALDO"], ";")]
        bal = 4000.0
        rows = []
        for t in txs:
            if t[6]:
                continue
            bal += t[1]
            d = t[0].strftime("%d/%m/%Y")
            rows.append(q([d, d, desc(t), money(t[1], True), money(bal, True)], ";"))
        return lines + rows[::-1]
    L["santander"] = (region_es, santander, "utf-8")
    def unicredit(txs):
        # UniCredit's CSV export: booking and value dates, description, signed amount; no currency column.
        lines = [q(["Data Registrazione", "Data valuta", "Descrizione", "Importo"], ";")]
        for t in reversed(txs):
            if t[6]:
                continue
            lines.append(q([t[0].strftime("%d.%m.%Y"), t[0].strftime("%d.%m.%Y"), desc(t), money(t[1], True)], ";"))
        return lines
    L["unicredit"] = (region_it, unicredit, "utf-8")
    def creditagricole(txs):
        lines = ["Téléchargement du 30/11/2026;\r\n", "\r\n", "Compte de Dépôt carte n° XXXX1234;\r\n", "Solde au 30/11/2026 2 345,67 €\r\n", "\r\n", "Liste des opérations du compte entre le 20/10/2025 et le 30/11/2026\r\n", "\r\n"]
        lines.append(q(["Date", "Libellé", "Débit euros", "Crédit euros"], ";"))
        for t in reversed(txs):
            lines.append(q([t[0].strftime("%d/%m/%Y"), '"' + t[3] + '"' if False else t[3], money(-t[1], True) if t[1] < 0 else "", money(t[1], True) if t[1] > 0 else ""], ";"))
        return lines
    L["creditagricole"] = (region_fr, creditagricole, "cp1252")
    def alipay(txs):
        lines = ["支付宝交易记录明细查询\r\n", "账号:[user@example.com]\r\n", "起始日期:[2025-10-20 00:00:00]    终止日期:[2026-11-30 23:59:59]\r\n",
                 "---------------------------------交易记录明细列表------------------------------------\r\n"]
        lines.append(q(["交易号", "商户订单号", "交易创建时间", "付款时间", "最近修改时间", "交易来源地", "类型", "交易对方", "商品名称", "金额（元）", "收/支", "交易状态", "服务费（元）", "成功退款（元）", "备注", "资金状态"]))
        for i, t in enumerate(reversed(txs)):
            io = "不计收支" if t[5] == "transfer" else ("支出" if t[1] < 0 else "收入")
            stamp = t[0].strftime("%Y-%m-%d") + " 10:%02d:%02d" % (i % 60, (i * 7) % 60)
            lines.append(q([f"2025{i:020d}", "", stamp, stamp, stamp, "其他（包括阿里巴巴和外部商家）", "即时到账交易", t[2], t[3], money(abs(t[1])), io, "等待付款" if t[6] else "交易成功", "0.00", "0.00", "", "已支出" if t[1] < 0 else "已收入"]))
        lines.append("------------------------------------------------------------------------------------\r\n")
        lines.append(f"共{len(txs)}笔记录\r\n")
        lines.append("已收入:0笔,0.00元\r\n")
        return lines
    L["alipay"] = (region_cn, alipay, "gbk")
    def paypal(txs):
        lines = [q(["Date", "Time", "TimeZone", "Name", "Type", "Status", "Currency", "Gross", "Fee", "Net", "From Email Address", "To Email Address", "Transaction ID", "Reference Txn ID", "Balance Impact"])]
        for i, t in enumerate(txs):
            d = t[0].strftime("%m/%d/%Y")
            typ = "PreApproved Payment Bill User Payment" if t[5] in ("sub", "double") else ("Payment Refund" if t[5] == "refund" else ("Mobile Payment" if t[1] > 0 else "Express Checkout Payment"))
            lines.append(q([d, "08:15:00", "PST", t[2], typ, "Pending" if t[6] else "Completed", "USD", money(t[1]), "0.00", money(t[1]), "me@example.com", "", f"{i:017d}", "", "Debit" if t[1] < 0 else "Credit"]))
            if t[1] < 0 and t[5] != "refund":
                lines.append(q([d, "08:15:00", "PST", "", "General Card Deposit", "Completed", "USD", money(-t[1]), "0.00", money(-t[1]), "", "", f"9{i:016d}", f"{i:017d}", "Credit"]))
        return lines
    L["paypal"] = (region_paypal, paypal, "utf-8")
    # Layouts with no entry in the bundled table: generic detection must find them, also
    # without --from bank (their Status and Category columns are shared with subscription lists).
    def citi(txs):
        lines = [q(["Status", "Date", "Description", "Debit", "Credit"])]
        for t in reversed(txs):
            lines.append(q(["Pending" if t[6] else "Cleared", t[0].strftime("%m/%d/%Y"), desc(t),
                            money(-t[1]) if t[1] < 0 else "", money(-t[1]) if t[1] > 0 else ""]))
        return lines
    L["citi"] = (region_us, citi, "utf-8")
    def starling(txs):
        lines = [q(["Date", "Counter Party", "Reference", "Type", "Amount (GBP)", "Balance (GBP)", "Spending Category", "Notes"])]
        bal = 3000.0
        for t in txs:
            bal += t[1]
            kind = "DIRECT DEBIT" if t[5] == "bill" else ("FASTER PAYMENT" if t[1] > 0 else "CARD")
            lines.append(q([t[0].strftime("%d/%m/%Y"), t[2] or desc(t), t[3], kind, money(t[1]), money(bal), "GENERAL", ""]))
        return lines
    L["starling"] = (region_uk, starling, "utf-8")
    def op(txs):
        lines = [q(["Kirjauspäivä", "Arvopäivä", "Määrä EUROA", "Laji", "Selitys", "Saaja/Maksaja", "Saajan tilinumero",
                    "Saajan pankin BIC", "Viite", "Viesti", "Arkistointitunnus"], ";")]
        for i, t in enumerate(reversed(txs)):
            kind = "E-LASKU" if t[5] in ("sub", "bill") else ("PALKKA" if t[5] == "income" else "KORTTIOSTO")
            lines.append(q([t[0].strftime("%d.%m.%Y"), t[0].strftime("%d.%m.%Y"), money(t[1], True), "106", kind, t[2] or desc(t),
                            "", "", "", t[3], f"20261130/5ERT{i:08d}"], ";"))
        return lines
    L["op"] = (region_de, op, "utf-8")
    # Layouts added from the banks' published or widely seen export forms.
    def wechat(txs):
        # WeChat Pay's bill (微信支付账单): a summary block above the table, amounts with ¥,
        # 收/支 for the direction (/ for neutral rows such as transfers), order numbers
        # padded with a tab. Booked rows only.
        booked = [t for t in txs if not t[6]]
        lines = ["微信支付账单明细,,,,,,,,\r\n", "微信昵称：[用户],,,,,,,,\r\n",
                 "起始时间：[2025-10-20 00:00:00] 终止时间：[2026-11-30 23:59:59],,,,,,,,\r\n", "导出类型：[全部],,,,,,,,\r\n",
                 "导出时间：[2026-11-30 10:12:31],,,,,,,,\r\n", ",,,,,,,,\r\n", f"共{len(booked)}笔记录,,,,,,,,\r\n",
                 "注：,,,,,,,,\r\n", "1. 充值/提现/理财通购买/零钱通存取/信用卡还款等交易，将计入中性交易,,,,,,,,\r\n", ",,,,,,,,\r\n",
                 "----------------------微信支付账单明细列表--------------------,,,,,,,,\r\n"]
        lines.append(q(["交易时间", "交易类型", "交易对方", "商品", "收/支", "金额(元)", "支付方式", "当前状态", "交易单号", "商户单号", "备注"]))
        for i, t in enumerate(reversed(booked)):
            neutral = t[5] == "transfer"
            typ = "零钱通" if neutral else ("转账" if t[5] == "income" else ("退款" if t[5] == "refund" else "商户消费"))
            stamp = t[0].strftime("%Y-%m-%d") + " %02d:%02d:%02d" % (8 + i % 12, i % 60, (i * 7) % 60)
            lines.append(q([stamp, typ, t[2], t[3], "/" if neutral else ("支出" if t[1] < 0 else "收入"), "¥" + money(abs(t[1])),
                            "零钱" if i % 2 else "招商银行(1234)", "已全额退款" if t[5] == "refund" else "支付成功",
                            f"42000{i:023d}\t", f"{stable(t[2]) % 10**10:010d}{i:08d}\t", "/"]))
        return lines
    L["wechat"] = (region_cn, wechat, "utf-8-sig")
    def bankofamerica(txs):
        # Bank of America's checking CSV: a summary block, then Date, Description, Amount,
        # Running Bal. with thousands separators; posted rows only, newest last.
        booked = [t for t in txs if not t[6]]
        bal = 40000.0
        start, credits, debits = bal, sum(t[1] for t in booked if t[1] > 0), sum(t[1] for t in booked if t[1] < 0)
        lines = [q(["Description", "", "Summary Amt."]), q(["Beginning balance as of 10/20/2025", "", f"{start:,.2f}"]),
                 q(["Total credits", "", f"{credits:,.2f}"]), q(["Total debits", "", f"{debits:,.2f}"]),
                 q(["Ending balance as of 11/30/2026", "", f"{start + credits + debits:,.2f}"]), "\r\n"]
        lines.append(q(["Date", "Description", "Amount", "Running Bal."]))
        lines.append(q(["10/20/2025", "Beginning balance as of 10/20/2025", "", f"{bal:,.2f}"]))
        for t in booked:
            bal += t[1]
            lines.append(q([t[0].strftime("%m/%d/%Y"), desc(t), f"{t[1]:,.2f}", f"{bal:,.2f}"]))
        return lines
    L["bankofamerica"] = (region_us, bankofamerica, "utf-8")
    def capitalone(txs):
        # Capital One's card CSV: ISO dates, card number, the card's category, and charges and
        # credits as positive numbers in Debit and Credit. Salary does not reach a card.
        lines = [q(["Transaction Date", "Posted Date", "Card No.", "Description", "Category", "Debit", "Credit"])]
        for t in reversed(txs):
            if t[6] or t[5] == "income":
                continue
            category = {"bill": "Utilities", "transfer": "Payment/Credit", "refund": "Payment/Credit"}.get(t[5], "Merchandise" if t[5] == "noise" else "Other Services")
            text = "CAPITAL ONE MOBILE PYMT" if t[5] == "transfer" else desc(t)
            posted = t[0] + dt.timedelta(days=1)
            lines.append(q([t[0].isoformat(), posted.isoformat(), "1234", text, category,
                            money(-t[1]) if t[1] < 0 and t[5] != "transfer" else "", money(abs(t[1])) if t[1] > 0 or t[5] == "transfer" else ""]))
        return lines
    L["capitalone"] = (region_us, capitalone, "utf-8")
    def nationwide(txs):
        # Nationwide's current-account CSV: account lines above, every cell quoted, dates like
        # `20 Oct 2025`, pound signs on the money, Paid out and Paid in apart; Windows-1252.
        bal = 30000.0
        pound = lambda a: ("-" if a < 0 else "") + f"£{abs(a):,.2f}"
        rows = []
        for t in txs:
            if t[6]:
                continue
            bal += t[1]
            typ = {"bill": "Direct debit", "income": "Bank credit ACME LTD", "transfer": "Transfer to 074456 12345678", "refund": "Visa credit"}.get(t[5], "Visa purchase")
            rows.append([t[0].strftime("%d %b %Y"), typ, desc(t), pound(-t[1]) if t[1] < 0 else "", pound(t[1]) if t[1] > 0 else "", pound(bal)])
        head = [["Account Name:", "FlexAccount ****12345"], ["Account Balance:", pound(bal)], ["Available Balance: ", pound(bal)], []]
        quote = lambda cells: ",".join('"' + c.replace('"', '""') + '"' for c in cells) + "\r\n"
        return [quote(c) if c else "\r\n" for c in head] + [quote(["Date", "Transaction type", "Description", "Paid out", "Paid in", "Balance"])] + [quote(r) for r in rows]
    L["nationwide"] = (region_uk, nationwide, "cp1252")
    def hsbcuk(txs):
        # HSBC UK's CSV: no header, date, description and signed amount with thousands
        # separators; posted rows only, newest first.
        return [q([t[0].strftime("%d/%m/%Y"), desc(t), f"{t[1]:,.2f}"]) for t in reversed(txs) if not t[6]]
    L["hsbcuk"] = (region_uk, hsbcuk, "utf-8")
    def societegenerale(txs):
        # Société Générale's CSV: the account number as a spreadsheet formula on the first line,
        # then the label and its full detail, a decimal comma and the currency; Windows-1252.
        lines = ['="00012345678";Compte courant;30/11/2026;\r\n', "\r\n",
                 q(["Date de l'opération", "Libellé", "Détail de l'écriture", "Montant de l'opération", "Devise"], ";")]
        for t in reversed(txs):
            if t[6]:
                continue
            d = desc(t)
            lines.append(q([t[0].strftime("%d/%m/%Y"), d, f"{d} DU {t[0]:%d%m%y}", money(t[1], True), "EUR"], ";"))
        return lines
    L["societegenerale"] = (region_fr, societegenerale, "cp1252")
    def commerzbank(txs):
        # Commerzbank's CSV: the kind of booking (Umsatzart) beside one text with the SEPA
        # references in it, the amount and currency, the account and a category.
        lines = [q(["Buchungstag", "Wertstellung", "Umsatzart", "Buchungstext", "Betrag", "Währung", "Auftraggeberkonto",
                    "Bankleitzahl Auftraggeberkonto", "IBAN Auftraggeberkonto", "Kategorie"], ";")]
        for i, t in enumerate(reversed(txs)):
            if t[6]:
                continue
            dd = t[5] in ("sub", "bill", "double")
            kind = "Lastschrift" if dd else ("Gutschrift" if t[1] > 0 else ("Überweisung" if t[5] == "transfer" else "Kartenzahlung"))
            text = f"{t[2]} {t[3]}".strip()
            if dd:
                text += f" End-to-End-Ref.: E2E{100000 + i} Mandatsref: M-{stable(t[2]) % 10**8:08d} Gläubiger-ID: DE98ZZZ{stable(t[2]) % 10**11:011d} SEPA-BASISLASTSCHRIFT wiederholend"
            d = t[0].strftime("%d.%m.%Y")
            lines.append(q([d, d, kind, text, money(t[1], True), "EUR", "31234567", "70040041", "DE12700400410031234567", "Sonstiges"], ";"))
        return lines
    L["commerzbank"] = (region_de, commerzbank, "utf-8-sig")
    def ingde(txs):
        # ING Germany's CSV: a block of account lines, then Buchung, Valuta, Auftraggeber/Empfänger,
        # Buchungstext, Verwendungszweck, Saldo and Betrag each with its own Währung; ISO-8859-1.
        booked = [t for t in txs if not t[6]]
        bal = 60000.0 + sum(t[1] for t in booked)
        lines = ["Umsatzanzeige;Datei erstellt am: 30.11.2026 10:15\r\n", "\r\n", "IBAN;DE12 5001 0517 0123 4567 89\r\n",
                 "Kontoname;Girokonto\r\n", "Bank;ING\r\n", "Kunde;Max Mustermann\r\n", "Zeitraum;20.10.2025 - 30.11.2026\r\n",
                 f"Saldo;{bal:,.2f};EUR\r\n".replace(",", "X").replace(".", ",").replace("X", "."), "\r\n", "Sortierung;Datum absteigend\r\n", "\r\n",
                 "In der CSV-Datei finden Sie alle bereits gebuchten Umsätze. Die vorgemerkten Umsätze werden nicht aufgenommen, auch wenn sie in Ihrem Internetbanking angezeigt werden.\r\n",
                 "\r\n"]
        lines.append(q(["Buchung", "Valuta", "Auftraggeber/Empfänger", "Buchungstext", "Verwendungszweck", "Saldo", "Währung", "Betrag", "Währung"], ";"))
        for t in reversed(booked):
            kind = {"sub": "Lastschrift", "bill": "Lastschrift", "double": "Lastschrift", "income": "Gehalt/Rente", "transfer": "Überweisung", "refund": "Gutschrift"}.get(t[5], "Lastschrift")
            d = t[0].strftime("%d.%m.%Y")
            lines.append(q([d, d, t[2], kind, t[3], f"{bal:,.2f}".replace(",", "X").replace(".", ",").replace("X", "."), "EUR",
                            f"{t[1]:,.2f}".replace(",", "X").replace(".", ",").replace("X", "."), "EUR"], ";"))
            bal -= t[1]
        return lines
    L["ingde"] = (region_de, ingde, "cp1252")
    def rabobank(txs):
        # Rabobank's CSV: every cell quoted, comma-separated with a decimal comma and a sign on
        # every amount, ISO dates, the counterparty apart from up to three description lines,
        # and the mandate and creditor id of a direct debit.
        head = ["IBAN/BBAN", "Munt", "BIC", "Volgnr", "Datum", "Rentedatum", "Bedrag", "Saldo na trn", "Tegenrekening IBAN/BBAN",
                "Naam tegenpartij", "Naam uiteindelijke partij", "Naam initiërende partij", "BIC tegenpartij", "Code", "Batch ID",
                "Transactiereferentie", "Machtigingskenmerk", "Incassant ID", "Betalingskenmerk", "Omschrijving-1", "Omschrijving-2",
                "Omschrijving-3", "Reden retour", "Oorspr bedrag", "Oorspr munt", "Koers"]
        quote = lambda cells: ",".join('"' + c.replace('"', '""') + '"' for c in cells) + "\r\n"
        lines = [quote(head)]
        bal = 2500.0
        for i, t in enumerate(t for t in txs if not t[6]):
            bal += t[1]
            dd = t[5] in ("sub", "bill", "double")
            code = "id" if dd else ("bc" if t[5] in ("noise", "oneoff") else ("cb" if t[1] > 0 else "tb"))
            sign = lambda a: ("+" if a >= 0 else "-") + money(abs(a), True)
            lines.append(quote(["NL11RABO0101234567", "EUR", "RABONL2U", f"{i + 1:018d}", t[0].isoformat(), t[0].isoformat(), sign(t[1]), sign(bal),
                                "NL91ABNA0417164300" if t[5] not in ("noise", "oneoff") else "", t[2], "", "", "ABNANL2A" if dd else "", code, "",
                                f"E2E{100000 + i}" if dd else "", f"M-{stable(t[2]) % 10**8:08d}" if dd else "",
                                f"NL98ZZZ{stable(t[2]) % 10**12:012d}" if dd else "", "", t[3], "", "", "", "", "", ""]))
        return lines
    L["rabobank"] = (region_nl, rabobank, "utf-8")
    def postfinance(txs):
        # PostFinance's CSV: a block naming period, account and currency, then Datum,
        # Bewegungstyp, Avisierungstext, Gutschrift and Lastschrift in CHF (debits written with
        # a minus), a label and a category; a disclaimer below.
        lines = ["Datum von:;20.10.2025\r\n", "Datum bis:;30.11.2026\r\n", "Bewegungstyp:;Alle\r\n",
                 "Konto:;CH5209000000871234567\r\n", "Währung:;CHF\r\n", "\r\n"]
        lines.append(q(["Datum", "Bewegungstyp", "Avisierungstext", "Gutschrift in CHF", "Lastschrift in CHF", "Label", "Kategorie"], ";"))
        for t in reversed(txs):
            if t[6]:
                continue
            typ = "Gutschrift" if t[1] > 0 else ("Lastschrift" if t[5] in ("sub", "bill", "double") else "Belastung")
            lines.append(q([t[0].strftime("%d.%m.%Y"), typ, desc(t), money(t[1]) if t[1] > 0 else "", money(t[1]) if t[1] < 0 else "", "", ""], ";"))
        lines += ["\r\n", "Disclaimer:\r\n",
                  "Dies ist kein durch PostFinance AG erstelltes Dokument. PostFinance AG ist nicht verantwortlich für den Inhalt.\r\n"]
        return lines
    L["postfinance"] = (region_ch, postfinance, "utf-8-sig")
    def mbank(txs):
        # mBank's CSV (Windows-1250): a block of bank and client lines whose labels start with
        # `#`, then `#Data operacji;#Opis operacji;#Rachunek;#Kategoria;#Kwota;#Saldo po operacji;`
        # with the currency after each amount and spaces grouping thousands.
        booked = [t for t in txs if not t[6]]
        pl = lambda a: f"{a:,.2f}".replace(",", " ").replace(".", ",") + " PLN"
        bal = 6000.0 + sum(t[1] for t in booked)
        lines = ["mBank S.A. Bankowość Detaliczna;\r\n", "Skrytka Pocztowa 2108;\r\n", "90-959 Łódź 2;\r\n", "www.mBank.pl;\r\n",
                 "mLinia: 801 300 800;\r\n", ";\r\n", "#Klient;\r\n", "JAN KOWALSKI;\r\n", ";\r\n", "Lista operacji;\r\n", ";\r\n",
                 "#Za okres:;\r\n", "20.10.2025;30.11.2026;\r\n", ";\r\n", "#zgodnie z wybranymi filtrami wyszukiwania;\r\n", ";\r\n",
                 "#dla rachunków:;\r\n", "eKonto - 1111...2222;\r\n", ";\r\n", "#Waluta;#Wpływy;#Wydatki;\r\n",
                 f"PLN;{pl(sum(t[1] for t in booked if t[1] > 0))};{pl(sum(t[1] for t in booked if t[1] < 0))};\r\n", ";\r\n"]
        lines.append("#Data operacji;#Opis operacji;#Rachunek;#Kategoria;#Kwota;#Saldo po operacji;\r\n")
        for t in reversed(booked):
            category = {"bill": "Rachunki i opłaty", "income": "Wpływy", "transfer": "Przelew własny"}.get(t[5], "Zakupy")
            lines.append(f'{t[0].isoformat()};"{desc(t)}  ";"eKonto 1111 2222 3333 4444";"{category}";{pl(t[1])};{pl(bal)};\r\n')
            bal -= t[1]
        return lines
    L["mbank"] = (region_pl, mbank, "cp1250")
    def n26(txs):
        # N26's CSV (English header whatever the country): ISO dates, the partner apart from
        # the payment reference, the amount in euros with a point; booked rows only.
        lines = [q(["Booking Date", "Value Date", "Partner Name", "Partner Iban", "Type", "Payment Reference", "Account Name",
                    "Amount (EUR)", "Original Amount", "Original Currency", "Exchange Rate"])]
        for t in txs:
            if t[6]:
                continue
            d = desc(t)
            card = d.startswith("COMPRA TARJ.")
            partner = d.split(" ", 3)[3] if card else d.replace("RECIBO ", "", 1)
            typ = "Presentment" if card else ("Direct Debit" if d.startswith("RECIBO") else ("Income" if t[1] > 0 else "Debit Transfer"))
            lines.append(q([t[0].isoformat(), t[0].isoformat(), partner, "" if card else "ES9121000418450200051332", typ, "" if card else d,
                            "Cuenta principal", money(t[1]), "", "", ""]))
        return lines
    L["n26"] = (region_es, n26, "utf-8")
    def revolut(txs):
        # Revolut's account statement CSV: type and product, started and completed time, the
        # merchant as description, amount, fee, currency, state and balance.
        lines = [q(["Type", "Product", "Started Date", "Completed Date", "Description", "Amount", "Fee", "Currency", "State", "Balance"])]
        bal = 9000.0
        for i, t in enumerate(txs):
            d = desc(t)
            for prefix in ("ZAKUP PRZY UŻYCIU KARTY ", "POLECENIE ZAPŁATY ", "PRZELEW "):
                d = d.replace(prefix, "", 1)
            card = desc(t).startswith("ZAKUP")
            typ = "CARD_PAYMENT" if card else ("TOPUP" if t[5] == "income" else "TRANSFER")
            if t[5] == "refund":
                typ = "CARD_REFUND"
            started = f"{t[0].isoformat()} {8 + i % 12:02d}:{i % 60:02d}:{(i * 7) % 60:02d}"
            if not t[6]:
                bal += t[1]
            lines.append(q([typ, "Current", started, "" if t[6] else started, d, money(t[1]), "0.00", "PLN", "PENDING" if t[6] else "COMPLETED",
                            "" if t[6] else money(bal)]))
        return lines
    L["revolut"] = (region_pl, revolut, "utf-8")
    # Bank file formats besides CSV, written from their specifications: OFX 1.02 (SGML), OFX 2.2
    # (XML), Quicken's QFX, QIF, ISO 20022 camt.053 and camt.052, and SWIFT MT940 with German
    # subfields and with Dutch slash fields. Pending rows are left out: these formats list
    # booked transactions.
    def ofx_name(t):
        # OFX 1.x limits NAME to 32 characters; the rest of a long descriptor goes to MEMO.
        d = desc(t)
        return d[:32], d[32:].strip() or (t[3] if t[2] and t[3] else "")
    def ofx_type(t):
        return {"bill": "DIRECTDEBIT", "transfer": "XFER", "income": "DIRECTDEP"}.get(t[5], "POS" if t[1] < 0 else "CREDIT")
    def ofx_sgml(txs, currency, card=False, qfx=False):
        booked = [t for t in txs if not t[6]]
        head = ["OFXHEADER:100", "DATA:OFXSGML", "VERSION:102", "SECURITY:NONE", "ENCODING:USASCII", "CHARSET:1252",
                "COMPRESSION:NONE", "OLDFILEUID:NONE", "NEWFILEUID:NONE", ""]
        body = ["<OFX>", "<SIGNONMSGSRSV1>", "<SONRS>", "<STATUS>", "<CODE>0", "<SEVERITY>INFO", "</STATUS>",
                "<DTSERVER>20261130120000.000[-5:EST]", "<LANGUAGE>ENG"]
        if qfx:
            body += ["<FI>", "<ORG>B1", "<FID>10898", "</FI>", "<INTU.BID>10898"]
        body += ["</SONRS>", "</SIGNONMSGSRSV1>"]
        msgs, rs, acct = ("CREDITCARDMSGSRSV1", "CCSTMTRS", "CCACCTFROM") if card else ("BANKMSGSRSV1", "STMTRS", "BANKACCTFROM")
        body += [f"<{msgs}>", f"<{rs[:-2]}TRNRS>" if False else ("<CCSTMTTRNRS>" if card else "<STMTTRNRS>"), "<TRNUID>1", "<STATUS>", "<CODE>0",
                 "<SEVERITY>INFO", "</STATUS>", f"<{rs}>", f"<CURDEF>{currency}", f"<{acct}>"]
        body += (["<ACCTID>4147202612345678"] if card else ["<BANKID>021000021", "<ACCTID>000123456789", "<ACCTTYPE>CHECKING"])
        body += [f"</{acct}>", "<BANKTRANLIST>", f"<DTSTART>{booked[0][0]:%Y%m%d}", f"<DTEND>{booked[-1][0]:%Y%m%d}"]
        for i, t in enumerate(booked):
            name, memo = ofx_name(t)
            amount = -t[1] if False else t[1]
            body += ["<STMTTRN>", f"<TRNTYPE>{ofx_type(t)}", f"<DTPOSTED>{t[0]:%Y%m%d}120000.000[-5:EST]",
                     f"<TRNAMT>{money(amount)}", f"<FITID>{t[0]:%Y%m%d}{i:06d}", f"<NAME>{name.replace('&', '&amp;')}"]
            if memo:
                body.append(f"<MEMO>{memo.replace('&', '&amp;')}")
            body.append("</STMTTRN>")
        body += ["</BANKTRANLIST>", "<LEDGERBAL>", "<BALAMT>2345.67", "<DTASOF>20261130", "</LEDGERBAL>", f"</{rs}>",
                 "</CCSTMTTRNRS>" if card else "</STMTTRNRS>", f"</{msgs}>", "</OFX>"]
        return [l + "\r\n" for l in head + body]
    L["ofx-us"] = (region_us, lambda txs: ofx_sgml(txs, "USD"), "cp1252", "ofx")
    L["qfx-card"] = (region_us, lambda txs: ofx_sgml([t for t in txs if t[5] != "income"], "USD", card=True, qfx=True), "cp1252", "qfx")
    def xml_escape(s):
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    def ofx_xml(txs, currency):
        booked = [t for t in txs if not t[6]]
        out = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
               '<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>',
               "<OFX>", "  <SIGNONMSGSRSV1>", "    <SONRS>", "      <STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>",
               "      <DTSERVER>20261130093000</DTSERVER>", "      <LANGUAGE>ENG</LANGUAGE>", "    </SONRS>", "  </SIGNONMSGSRSV1>",
               "  <BANKMSGSRSV1>", "    <STMTTRNRS>", "      <TRNUID>0</TRNUID>",
               "      <STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>", "      <STMTRS>", f"        <CURDEF>{currency}</CURDEF>",
               "        <BANKACCTFROM><BANKID>203206</BANKID><ACCTID>13152170</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>",
               "        <BANKTRANLIST>", f"          <DTSTART>{booked[0][0]:%Y%m%d}</DTSTART>", f"          <DTEND>{booked[-1][0]:%Y%m%d}</DTEND>"]
        for i, t in enumerate(booked):
            out += ["          <STMTTRN>", f"            <TRNTYPE>{ofx_type(t)}</TRNTYPE>", f"            <DTPOSTED>{t[0]:%Y%m%d}000000[0:GMT]</DTPOSTED>",
                    f"            <TRNAMT>{money(t[1])}</TRNAMT>", f"            <FITID>{900000 + i}</FITID>",
                    f"            <NAME>{xml_escape(desc(t)[:32])}</NAME>"]
            if len(desc(t)) > 32:
                out.append(f"            <MEMO>{xml_escape(desc(t))}</MEMO>")
            out.append("          </STMTTRN>")
        out += ["        </BANKTRANLIST>", "        <LEDGERBAL><BALAMT>1520.44</BALAMT><DTASOF>20261130</DTASOF></LEDGERBAL>",
                "      </STMTRS>", "    </STMTTRNRS>", "  </BANKMSGSRSV1>", "</OFX>"]
        return [l + "\n" for l in out]
    L["ofx2-uk"] = (region_uk, lambda txs: ofx_xml(txs, "GBP"), "utf-8", "ofx")
    def qif(txs, european=False):
        out = ["!Type:Bank\n"]
        for i, t in enumerate(t for t in txs if not t[6]):
            d = t[0]
            if european:
                date, amount = d.strftime("%d.%m.%Y"), money(t[1], True)
            else:
                # Quicken's own form: month and day padded with a space, `'` before a year from 2000.
                date, amount = f"{d.month:>2}/{d.day:>2}'{d.year % 100:02d}", f"{t[1]:,.2f}"
            out += [f"D{date}\n", f"T{amount}\n"]
            if not european:
                out.append(f"U{amount}\n")
            out += ["CX\n", f"P{t[2] or desc(t)}\n"]
            if t[2] and t[3]:
                out.append(f"M{t[3]}\n")
            category = {"bill": "Bills", "income": "Salary", "transfer": "[Savings]"}.get(t[5])
            if category:
                out.append(f"L{category}\n")
            out.append("^\n")
        return out
    L["qif-us"] = (region_us, qif, "utf-8", "qif")
    L["qif-de"] = (region_de, lambda txs: qif(txs, european=True), "cp1252", "qif")
    def camt(txs, currency, report=False, iban="DE12700530700031234567"):
        booked = [t for t in txs if not t[6]] if not report else txs
        kind, root, item = ("052.001.02", "BkToCstmrAcctRpt", "Rpt") if report else ("053.001.02", "BkToCstmrStmt", "Stmt")
        out = ['<?xml version="1.0" encoding="UTF-8"?>',
               f'<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.{kind}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
               f"  <{root}>", "    <GrpHdr>", "      <MsgId>CAMT-20261130-0001</MsgId>", "      <CreDtTm>2026-11-30T08:00:00+01:00</CreDtTm>", "    </GrpHdr>",
               f"    <{item}>", "      <Id>20261130-0001</Id>", "      <CreDtTm>2026-11-30T08:00:00+01:00</CreDtTm>",
               f"      <Acct><Id><IBAN>{iban}</IBAN></Id><Ccy>{currency}</Ccy></Acct>"]
        for i, t in enumerate(booked):
            out_ = t[1] < 0
            payee, text = (t[2], t[3]) if t[2] else (desc(t), "")
            dd = t[5] in ("sub", "bill", "double")
            out += ["      <Ntry>", f'        <Amt Ccy="{currency}">{abs(t[1]):.2f}</Amt>', f"        <CdtDbtInd>{'DBIT' if out_ else 'CRDT'}</CdtDbtInd>",
                    f"        <Sts>{'PDNG' if t[6] else 'BOOK'}</Sts>", f"        <BookgDt><Dt>{t[0].isoformat()}</Dt></BookgDt>",
                    f"        <ValDt><Dt>{t[0].isoformat()}</Dt></ValDt>", f"        <AcctSvcrRef>{t[0]:%Y%m%d}{i:08d}</AcctSvcrRef>",
                    "        <BkTxCd><Prtry><Cd>" + ("NDDT+105+9248+992" if dd else ("NMSC+106+9200+000" if out_ else "NTRF+166+9200+000")) + "</Cd><Issr>DK</Issr></Prtry></BkTxCd>",
                    "        <NtryDtls>", "          <TxDtls>", "            <Refs>", f"              <EndToEndId>{'E2E' + str(100000 + i) if dd else 'NOTPROVIDED'}</EndToEndId>"]
            if dd:
                out.append(f"              <MndtId>M-{stable(payee) % 10**8:08d}</MndtId>")
            out += ["            </Refs>", "            <RltdPties>"]
            party = f"<Nm>{xml_escape(payee)}</Nm>"
            if out_:
                out += ["              <Dbtr><Nm>Max Mustermann</Nm></Dbtr>", f"              <Cdtr>{party}" + (f"<Id><PrvtId><Othr><Id>DE98ZZZ{stable(payee) % 10**11:011d}</Id><SchmeNm><Prtry>SEPA</Prtry></SchmeNm></Othr></PrvtId></Id>" if dd else "") + "</Cdtr>"]
            else:
                out += [f"              <Dbtr>{party}</Dbtr>", "              <Cdtr><Nm>Max Mustermann</Nm></Cdtr>"]
            out += ["            </RltdPties>"]
            if text:
                out += ["            <RmtInf>", f"              <Ustrd>{xml_escape(text)}</Ustrd>", "            </RmtInf>"]
            out += ["          </TxDtls>", "        </NtryDtls>", f"        <AddtlNtryInf>{'FOLGELASTSCHRIFT' if dd else ('GUTSCHRIFT' if not out_ else 'KARTENZAHLUNG')}</AddtlNtryInf>", "      </Ntry>"]
        out += [f"    </{item}>", f"  </{root}>", "</Document>"]
        return [l + "\n" for l in out]
    L["camt053-de"] = (region_de, lambda txs: camt(txs, "EUR"), "utf-8", "xml")
    L["camt052-nl"] = (region_nl, lambda txs: camt(txs, "EUR", report=True, iban="NL20INGB0001234567"), "utf-8", "xml")
    def mt940(txs, dutch=False):
        booked = [t for t in txs if not t[6]]
        out = [":20:STARTUMSE" if not dutch else ":20:ABN AMRO BANK NV", ":25:70053070/0031234567" if not dutch else ":25:417164300",
               ":28C:00001/001", f":60F:C{booked[0][0]:%y%m%d}EUR2345,67"]
        for i, t in enumerate(booked):
            mark = "D" if t[1] < 0 else "C"
            dd = t[5] in ("sub", "bill", "double")
            out.append(f":61:{t[0]:%y%m%d}{t[0]:%m%d}{mark}{money(abs(t[1]), True)}N{'DDT' if dd else 'MSC'}NONREF")
            payee, text = (t[2], t[3]) if t[2] else (desc(t), "")
            if dutch and t[5] == "noise":
                # A card payment: ABN AMRO's free text, not the SEPA fields.
                info = f"BEA   NR:{token(random.Random(i), 8)} {t[0]:%d.%m.%y}/12.{i % 60:02d} {payee},PAS123"
                lines = [info[k:k + 65] for k in range(0, len(info), 65)]
            elif dutch:
                info = (f"/TRTP/{'SEPA Incasso algemeen doorlopend' if dd else 'SEPA OVERBOEKING'}/CSID/NL{stable(payee) % 10**10:010d}"
                        f"/NAME/{payee}/MARF/{stable(payee) % 10**6:06d}/REMI/{text}/IBAN/NL91ABNA0417164300/BIC/ABNANL2A/EREF/NOTPROVIDED")
                lines = [info[k:k + 65] for k in range(0, len(info), 65)]
            else:
                code = "105" if dd else ("166" if t[1] > 0 else "106")
                purpose = (f"EREF+E2E{100000 + i}MREF+M-{stable(payee) % 10**8:08d}CRED+DE98ZZZ{stable(payee) % 10**11:011d}SVWZ+" if dd else "SVWZ+") + text
                sub = [f"?20{purpose[k:k + 27]}" for k in range(0, min(len(purpose), 27 * 8), 27)]
                fields = [f"{code}?00{'FOLGELASTSCHRIFT' if dd else ('GUTSCHR. UEBERWEISUNG' if t[1] > 0 else 'KARTENZAHLUNG')}", "?109248"]
                fields += [f"?{20 + n}{s[3:]}" for n, s in enumerate(sub)]
                fields += ["?30COBADEFFXXX", "?31DE89370400440532013000", f"?32{payee[:27]}"]
                if len(payee) > 27:
                    fields.append(f"?33{payee[27:54]}")
                info = "".join(fields)
                lines = [info[k:k + 65] for k in range(0, len(info), 65)]
            out.append(":86:" + lines[0])
            out += lines[1:]
        out += [f":62F:C{booked[-1][0]:%y%m%d}EUR1234,56", "-"]
        return [l + "\r\n" for l in out]
    def abnamro_tab(txs):
        # ABN AMRO's tab-separated .TAB export: no header; account, currency, transaction date,
        # balance before and after, value date, amount with a decimal comma, and a description
        # in its slash form (SEPA) or as card-terminal text (BEA).
        bal, lines = 2345.67, []
        for i, t in enumerate(t for t in txs if not t[6]):
            payee, text = (t[2], t[3]) if t[2] else (desc(t), "")
            if t[5] == "noise":
                info = f"BEA   NR:{token(random.Random(i), 8)} {t[0]:%d.%m.%y}/12.{i % 60:02d} {payee},PAS123"
            else:
                dd = t[5] in ("sub", "bill", "double")
                info = (f"/TRTP/{'SEPA Incasso algemeen doorlopend' if dd else 'SEPA OVERBOEKING'}/CSID/NL{stable(payee) % 10**10:010d}"
                        f"/NAME/{payee}/MARF/{stable(payee) % 10**6:06d}/REMI/{text}/IBAN/NL91ABNA0417164300/BIC/ABNANL2A/EREF/NOTPROVIDED")
            before, bal = bal, bal + t[1]
            lines.append("\t".join(["417164300", "EUR", f"{t[0]:%Y%m%d}", money(before, True), money(bal, True), f"{t[0]:%Y%m%d}",
                                    money(t[1], True), info]) + "\r\n")
        return lines
    L["abnamro-tab"] = (region_nl, abnamro_tab, "utf-8", "tab")
    L["mt940-de"] = (region_de, mt940, "cp1252", "sta")
    L["mt940-nl"] = (region_nl, lambda txs: mt940(txs, dutch=True), "utf-8", "sta")
    return L


# What a user of the export passes on the command line: Citi's and HSBC UK's files name no currency.
ARGUMENTS = {"citi": ["--currency", "USD"], "hsbcuk": ["--currency", "GBP"], "qif-us": ["--currency", "USD"], "qif-de": ["--currency", "EUR"]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=0, help="write one large Chase-style statement of about this many rows")
    ap.add_argument("--out", default="")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--dir", default=HERE, help="folder the statements and goldens are written to")
    ap.add_argument("--vary", action="store_true",
                    help="vary the scenario with the seed: subscriptions left out or moved, noise per month (for the tuning/locked split)")
    args = ap.parse_args()
    L = layouts()
    if args.rows:
        rng = random.Random(args.seed)
        _, chase, _ = L["chase"][:3]
        with open(args.out, "w", encoding="utf-8", newline="") as f:
            f.write(q(["Details", "Posting Date", "Description", "Amount", "Type", "Balance", "Check or Slip #"]))
            written = 0
            while written < args.rows:
                _, txs, _ = scenario(region_us, rng, noise_per_month=200)
                for line in chase(txs)[1:]:
                    f.write(line)
                    written += 1
                    if written >= args.rows:
                        break
        return
    for name, (region, writer, encoding, *ext) in sorted(L.items()):
        rng = random.Random(f"{args.seed}-{name}")
        currency, txs, expected = scenario(vary(region, rng) if args.vary else region, rng,
                                           noise_per_month=rng.randint(15, 60) if args.vary else 30)
        write(os.path.join(args.dir, f"{name}.{ext[0] if ext else 'csv'}"), writer(txs), encoding)
        with open(os.path.join(args.dir, f"{name}.expected.json"), "w", encoding="utf-8") as f:
            golden = {"layout": name, "today": TODAY.isoformat(), "subscriptions": expected}
            if name in ARGUMENTS:
                golden["arguments"] = ARGUMENTS[name]
            json.dump(golden, f, ensure_ascii=False, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
