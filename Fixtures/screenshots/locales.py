"""How each UI language writes prices, cycles, dates and labels (the fixtures' wording)."""
from decimal import Decimal

MONTHS = {
    "en": ["January", "February", "March", "April", "May", "June", "July", "August", "September",
           "October", "November", "December"],
    "de": ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
           "Oktober", "November", "Dezember"],
    "es": ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre",
           "octubre", "noviembre", "diciembre"],
    "fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
           "octobre", "novembre", "décembre"],
}

LABELS = {
    "en": {"renews": "Renews {d}", "next": "Next payment: {d}", "nextlabel": "Next billing date",
           "monthly": "Monthly", "yearly": "Yearly", "cancel": "Cancel", "manage": "Manage",
           "active": "Active", "total": "Total", "subtotal": "Subtotal", "tax": "Tax", "balance": "Balance",
           "history": "Payment history", "subs": "Subscriptions", "last": "Last paid {d}",
           "expired": "Expired {d}"},
    "de": {"renews": "Verlängert sich am {d}", "next": "Nächste Zahlung: {d}", "nextlabel": "Nächste Abbuchung",
           "monthly": "Monatlich", "yearly": "Jährlich", "cancel": "Kündigen", "manage": "Verwalten",
           "active": "Aktiv", "total": "Gesamt", "subtotal": "Zwischensumme", "tax": "MwSt.", "balance": "Kontostand",
           "history": "Zahlungsverlauf", "subs": "Abonnements", "last": "Zuletzt bezahlt {d}",
           "expired": "Abgelaufen am {d}"},
    "es": {"renews": "Se renueva el {d}", "next": "Próximo pago: {d}", "nextlabel": "Próximo cobro",
           "monthly": "Mensual", "yearly": "Anual", "cancel": "Cancelar", "manage": "Gestionar",
           "active": "Activa", "total": "Total", "subtotal": "Subtotal", "tax": "IVA", "balance": "Saldo",
           "history": "Historial de pagos", "subs": "Suscripciones", "last": "Último pago {d}",
           "expired": "Caducada el {d}"},
    "fr": {"renews": "Se renouvelle le {d}", "next": "Prochain paiement : {d}", "nextlabel": "Prochain prélèvement",
           "monthly": "Mensuel", "yearly": "Annuel", "cancel": "Annuler", "manage": "Gérer",
           "active": "Actif", "total": "Total", "subtotal": "Sous-total", "tax": "TVA", "balance": "Solde",
           "history": "Historique des paiements", "subs": "Abonnements", "last": "Dernier paiement {d}",
           "expired": "Expiré le {d}"},
    "zh": {"renews": "续费日期 {d}", "next": "下次扣费 {d}", "nextlabel": "下次扣费日期",
           "monthly": "连续包月", "yearly": "连续包年", "cancel": "取消", "manage": "管理",
           "active": "生效中", "total": "合计", "subtotal": "小计", "tax": "税", "balance": "余额",
           "history": "扣费记录", "subs": "自动续费", "last": "上次扣费 {d}", "expired": "已过期 {d}"},
}

SUFFIX = {  # per cycle unit, short and long forms
    "en": {"month": ["/month", "/mo", " per month"], "year": ["/year", "/yr", " per year"], "week": ["/week"]},
    "de": {"month": [" / Monat", " monatlich"], "year": [" / Jahr", " jährlich"], "week": [" / Woche"]},
    "es": {"month": ["/mes", " al mes"], "year": ["/año", " al año"], "week": ["/semana"]},
    "fr": {"month": ["/mois", " par mois"], "year": ["/an", " par an"], "week": ["/semaine"]},
    "zh": {"month": ["/月"], "year": ["/年"], "week": ["/周"]},
}

SIGN = {"USD": "$", "EUR": "€", "GBP": "£", "INR": "₹", "CNY": "¥", "JPY": "¥", "CHF": "CHF", "CAD": "C$"}
MINOR = {"JPY": 0}


def money(amount, currency, lang, style=0):
    """The amount as a page in `lang` prints it."""
    a = Decimal(amount)
    digits = 0 if currency == "JPY" or (currency == "CNY" and a == a.to_integral_value()) else 2
    whole, _, frac = f"{a:,.{digits}f}".partition(".")
    if lang in ("de", "es", "fr"):
        num = whole.replace(",", " " if lang == "fr" else ".") + ("," + frac if frac else "")
        return f"CHF {num}" if currency == "CHF" else f"{num} {SIGN[currency]}"
    num = whole + ("." + frac if frac else "")
    if currency == "CNY" and style == 1:
        return f"{num}元"
    sign = SIGN[currency]
    return f"{sign} {num}" if sign.isalpha() else f"{sign}{num}"


def date_text(iso, lang, style=0, year=True):
    y, m, d = (int(x) for x in iso.split("-"))
    if lang == "zh":
        return f"{y}年{m}月{d}日" if year else f"{m}月{d}日"
    if lang == "en":
        name = MONTHS["en"][m - 1]
        if style == 1:
            name = name[:3]
        return f"{name} {d}, {y}" if year else f"{name} {d}"
    if lang == "de":
        return f"{d}. {MONTHS['de'][m - 1]} {y}" if style == 0 else f"{d:02d}.{m:02d}.{y}"
    if lang == "es":
        return f"{d} de {MONTHS['es'][m - 1]} de {y}" if style == 0 else f"{d:02d}/{m:02d}/{y}"
    return f"{d} {MONTHS['fr'][m - 1]} {y}" if style == 0 else f"{d:02d}/{m:02d}/{y}"


def cycle_text(unit, interval, lang, style=0):
    forms = SUFFIX[lang][unit]
    return forms[min(style, len(forms) - 1)]
