"""HTML mockups of billing pages. Each template takes a case (see render.py) and returns a page."""
from html import escape as e

from locales import LABELS, cycle_text, date_text, money

COLORS = ["#e50914", "#1db954", "#0a84ff", "#ff9f0a", "#bf5af2", "#30b0c7", "#ff375f", "#8e8e93"]


def page(case, body, css=""):
    dark = case["theme"] == "dark"
    bg, fg, sub, card, line = (("#000", "#f2f2f7", "#98989f", "#1c1c1e", "#38383a") if dark
                               else ("#f2f2f7", "#111", "#6e6e73", "#fff", "#d1d1d6"))
    return f"""<!doctype html><html><head><meta charset="utf-8"><style>
* {{ box-sizing: border-box; }}
body {{ margin: 0; background: {bg}; color: {fg}; font-family: "Noto Sans", "Noto Sans CJK SC", "DejaVu Sans", sans-serif;
       font-size: 15px; width: {case['width']}px; }}
.sub {{ color: {sub}; font-size: 13px; }}
.card {{ background: {card}; }}
.line {{ border-bottom: 1px solid {line}; }}
.status {{ display: flex; justify-content: space-between; padding: 12px 24px 6px; font-weight: 600; font-size: 15px; }}
.icon {{ width: 44px; height: 44px; border-radius: 10px; color: #fff; font-weight: 700; font-size: 22px;
        display: flex; align-items: center; justify-content: center; flex: none; }}
.tabbar {{ position: fixed; bottom: 0; left: 0; right: 0; display: flex; justify-content: space-around; padding: 10px 0 24px;
          font-size: 11px; border-top: 1px solid {line}; background: {card}; }}
{css}
</style></head><body>{body}</body></html>"""


def status_bar():
    return '<div class="status"><span>9:41</span><span>5G &nbsp; 87%</span></div>'


def price(item, case, style=0, cycle=True):
    text = money(item["amount"], item["currency"], case["lang"], item.get("money_style", 0))
    if cycle and item.get("unit"):
        text += cycle_text(item["unit"], item["interval"], case["lang"], style)
    return text


def renew(item, case, key="renews", style=0, year=True):
    return LABELS[case["lang"]][key].format(d=date_text(item["renewal"], case["lang"], style, year))


def icon(i, name):
    return f'<div class="icon" style="background:{COLORS[i % len(COLORS)]}">{e(name[0])}</div>'


def appstore(case):
    L = LABELS[case["lang"]]
    rows = ""
    for i, it in enumerate(case["items"]):
        rows += f"""<div class="row line">{icon(i, it['name'])}<div class="mid"><div class="name">{e(it['name'])}</div>
<div class="sub">{e(it.get('plan', ''))}</div><div class="sub">{e(renew(it, case, year=case.get('year', False)))}</div></div>
<div class="price">{e(price(it, case, 0))}</div></div>"""
    expired = "".join(f"""<div class="row line">{icon(7, x['name'])}<div class="mid"><div class="name">{e(x['name'])}</div>
<div class="sub">{e(L['expired'].format(d=date_text(x['date'], case['lang'])))}</div></div></div>""" for x in case.get("expired", []))
    body = f"""{status_bar()}<div class="nav">{e(L['subs'])}</div>
<div class="section">{e(L['active'].upper())}</div><div class="card group">{rows}</div>
{'<div class="section">' + ('EXPIRED' if case['lang'] == 'en' else '—') + '</div><div class="card group">' + expired + '</div>' if expired else ''}"""
    css = """.nav { font-size: 30px; font-weight: 700; padding: 8px 20px 12px; }
.section { font-size: 13px; padding: 18px 20px 6px; opacity: .6; }
.group { margin: 0 16px; border-radius: 12px; }
.row { display: flex; gap: 14px; align-items: center; padding: 14px 16px; }
.mid { flex: 1; } .name { font-size: 17px; font-weight: 600; } .price { font-size: 15px; }"""
    return page(case, body, css)


def googleplay(case):
    L = LABELS[case["lang"]]
    rows = "".join(f"""<div class="row">{icon(i, it['name'])}<div><div class="name">{e(it['name'])}</div>
<div class="sub">{e(price(it, case, 0))}</div><div class="sub">{e(renew(it, case, 'next', 1))}</div></div></div>"""
                   for i, it in enumerate(case["items"]))
    body = f"""{status_bar()}<div class="top">&larr; &nbsp; Payments &amp; subscriptions</div>
<div class="bal card">Google Play {e(L['balance'])}: {e(money(case['balance'], case['items'][0]['currency'], case['lang']))}</div>
<div class="head">{e(L['subs'])}</div>{rows}<div class="head">Budget &amp; history</div>"""
    css = """.top { font-size: 20px; padding: 14px 18px; } .head { font-size: 14px; font-weight: 600; padding: 16px 20px 4px; color: #1a73e8; }
.bal { margin: 8px 16px; padding: 14px; border-radius: 12px; }
.row { display: flex; gap: 16px; padding: 14px 20px; align-items: flex-start; } .name { font-size: 16px; }"""
    return page(case, body, css)


def paypal(case):
    L = LABELS[case["lang"]]
    rows = "".join(f"""<tr class="line"><td>{icon(i, it['name'])}</td><td><div class="name">{e(it['name'])}</div>
<div class="sub">{e(L['last'].format(d=date_text(it['last'], case['lang'], 1)))}</div></td>
<td class="sub">{e(L['monthly'] if it['unit'] == 'month' else L['yearly'])}</td>
<td class="amt">{e(money(it['amount'], it['currency'], case['lang']))} {it['currency']}</td></tr>"""
                   for i, it in enumerate(case["items"]))
    body = f"""<div class="hdr">PayPal &nbsp; <span class="sub">Dashboard &nbsp; Send &amp; Request &nbsp; Wallet &nbsp; Activity</span></div>
<div class="wrap"><div class="side card"><div class="sub">PayPal {e(L['balance'])}</div><div class="big">{e(money(case['balance'], case['items'][0]['currency'], case['lang']))}</div></div>
<div class="main card"><h2>Automatic payments</h2><table>{rows}</table></div></div>"""
    css = """.hdr { padding: 18px 32px; font-size: 22px; font-weight: 700; } .wrap { display: flex; gap: 24px; padding: 0 32px; }
.side { width: 260px; padding: 20px; border-radius: 12px; height: 120px; } .big { font-size: 28px; margin-top: 8px; }
.main { flex: 1; padding: 20px 28px; border-radius: 12px; } table { width: 100%; border-collapse: collapse; }
td { padding: 14px 8px; } .amt { text-align: right; font-size: 16px; } .name { font-size: 16px; font-weight: 600; }"""
    return page(case, body, css)


def bank(case):
    L = LABELS[case["lang"]]
    cur = case["items"][0]["currency"]
    rows = "".join(f"""<div class="row line">{icon(i, it['name'])}<div class="mid"><div class="name">{e(it['name'])}</div>
<div class="sub">{e(L['monthly'] if it['unit'] == 'month' else L['yearly'])} · {e(renew(it, case, 'next', 0))}</div></div>
<div class="amt">-{e(money(it['amount'], it['currency'], case['lang']))}</div></div>""" for i, it in enumerate(case["items"]))
    hist = "".join(f"""<div class="row line"><div class="mid"><div class="name">{e(h[0])}</div><div class="sub">{e(date_text(h[1], case['lang'], 1))}</div></div>
<div class="amt">-{e(money(h[2], cur, case['lang']))}</div></div>""" for h in case["history"])
    body = f"""{status_bar()}<div class="acct card"><div class="sub">{e(L['balance'])}</div><div class="big">{e(money(case['balance'], cur, case['lang']))}</div>
<div class="sub">DE89 •••• 4242</div></div><div class="head">{e(case['recurring_title'])}</div><div class="card grp">{rows}</div>
<div class="head">{e(L['history'])}</div><div class="card grp">{hist}</div>"""
    css = """.acct { margin: 12px 16px; padding: 18px; border-radius: 16px; } .big { font-size: 30px; font-weight: 700; }
.head { font-size: 18px; font-weight: 700; padding: 18px 20px 8px; } .grp { margin: 0 16px; border-radius: 14px; }
.row { display: flex; gap: 12px; align-items: center; padding: 12px 14px; } .mid { flex: 1; } .name { font-size: 16px; font-weight: 600; }
.amt { font-size: 16px; font-weight: 600; }"""
    return page(case, body, css)


def receipt(case):
    L = LABELS[case["lang"]]
    it = case["items"][0]
    cur = it["currency"]
    lines = "".join(f"""<tr><td><div class="name">{e(x['name'])}</div><div class="sub">{e(x.get('plan', ''))}</div>
<div class="sub">{e(renew(x, case, 'renews', 1))}</div></td><td class="amt">{e(money(x['amount'], x['currency'], case['lang']))}</td></tr>"""
                    for x in case["items"])
    body = f"""<div class="mail card"><div class="from">From: no_reply@email.example.com &nbsp; · &nbsp; {e(case['mail_title'])}</div>
<h1>Receipt</h1><table class="meta"><tr><td><div class="sub">ORDER ID</div>MK9Z4XQ2LP</td><td><div class="sub">DOCUMENT NO.</div>188304429617</td>
<td><div class="sub">DATE</div>{e(date_text(it['last'], case['lang'], 1))}</td></tr></table>
<table class="items">{lines}</table>
<table class="sum"><tr><td>{e(L['subtotal'])}</td><td class="amt">{e(money(case['subtotal'], cur, case['lang']))}</td></tr>
<tr><td>{e(L['tax'])}</td><td class="amt">{e(money(case['tax'], cur, case['lang']))}</td></tr>
<tr class="tot"><td>{e(L['total'])}</td><td class="amt">{e(money(case['total'], cur, case['lang']))}</td></tr></table>
<div class="sub foot">Billed to Visa •••• 1234. If you have questions, visit Support.</div></div>"""
    css = """.mail { margin: 24px auto; width: 680px; padding: 32px 40px; border-radius: 8px; } h1 { font-size: 34px; }
.from { font-size: 13px; opacity: .7; } table { width: 100%; border-collapse: collapse; margin: 14px 0; }
.meta td { padding: 6px 0; font-size: 13px; } .items td { padding: 16px 0; border-top: 1px solid #ccc; }
.name { font-size: 16px; font-weight: 700; } .amt { text-align: right; } .sum td { padding: 6px 0; }
.tot td { font-weight: 700; border-top: 1px solid #ccc; padding-top: 10px; } .foot { margin-top: 24px; }"""
    return page(case, body, css)


def streaming(case):
    L = LABELS[case["lang"]]
    it = case["items"][0]
    hist = "".join(f"""<tr class="line"><td>{e(date_text(h[0], case['lang'], 1))}</td><td>{e(h[1])}</td>
<td class="amt">{e(money(it['amount'], it['currency'], case['lang']))}</td></tr>""" for h in case["history"])
    body = f"""<div class="hdr"><span class="logo">{e(case['brand'])}</span><span class="sub">Home &nbsp; Series &nbsp; Films &nbsp; My List</span></div>
<div class="main"><h1>Account</h1><div class="box card"><div class="sub">MEMBERSHIP &amp; BILLING</div>
<div class="plan">{e(it['name'])}</div><div class="pr">{e(price(it, case, 0))}</div>
<div class="sub lbl">{e(L['nextlabel'])}</div><div class="val">{e(date_text(it['renewal'], case['lang']))}</div>
<div class="sub">•••• •••• •••• 4242 &nbsp; <u>{e(L['manage'])}</u> &nbsp; <u>{e(L['cancel'])}</u></div></div>
<h3>{e(L['history'])}</h3><table>{hist}</table></div>"""
    css = """.hdr { display: flex; gap: 40px; align-items: center; padding: 18px 40px; } .logo { font-size: 30px; font-weight: 800; color: #e50914; }
.main { padding: 0 40px; width: 760px; } .box { padding: 24px; border-radius: 8px; } .plan { font-size: 22px; font-weight: 700; margin-top: 10px; }
.pr { font-size: 16px; margin: 4px 0 18px; } .lbl { margin-top: 10px; } .val { font-size: 16px; margin-bottom: 18px; }
table { width: 100%; border-collapse: collapse; } td { padding: 10px 4px; } .amt { text-align: right; } h3 { margin-top: 34px; }"""
    return page(case, body, css)


def table(case):
    L = LABELS[case["lang"]]
    heads = case["headers"]
    rows = "".join(f"""<tr><td>{e(it['name'])}</td><td class="num">{e(money(it['amount'], it['currency'], case['lang']))}</td>
<td>{e(L['monthly'].replace('連続', '') if it['unit'] == 'month' else L['yearly'])}</td><td>{e(date_text(it['renewal'], case['lang'], 1))}</td>
<td>{e(it.get('category', ''))}</td></tr>""" for it in case["items"])
    total = case["items"][0]["currency"]
    body = f"""<div class="bar">{e(case['doc_title'])}</div><table><tr class="h">{''.join(f'<th>{e(h)}</th>' for h in heads)}</tr>{rows}
<tr class="t"><td>{e(L['total'])}</td><td class="num">{e(money(case['total'], total, case['lang']))}</td><td></td><td></td><td></td></tr></table>"""
    css = """.bar { padding: 16px 24px; font-size: 22px; font-weight: 700; } table { border-collapse: collapse; margin: 8px 24px; }
th, td { border: 1px solid #c8c8c8; padding: 7px 14px; text-align: left; min-width: 120px; } th { background: rgba(128,128,128,.18); }
.num { text-align: right; } .t td { font-weight: 700; }"""
    return page(case, body, css)


def zh_autorenew(case):
    L = LABELS["zh"]
    rows = "".join(f"""<div class="row card">{icon(i, it['name'])}<div class="mid"><div class="name">{e(it['name'])}</div>
<div class="sub">{e(it.get('plan', L['monthly'] if it['unit'] == 'month' else L['yearly']))} · {e(price(it, case, 0))}</div>
<div class="sub">{e(renew(it, case, 'next'))}</div></div><div class="btn">{e(L['cancel'])}</div></div>""" for i, it in enumerate(case["items"]))
    body = f"""{status_bar()}<div class="nav">&lt; &nbsp; {e(case['title'])}</div>{rows}<div class="tip sub">到期前一天自动扣费，可随时取消</div>"""
    css = """.nav { font-size: 18px; font-weight: 600; padding: 12px 16px; text-align: center; }
.row { display: flex; gap: 12px; align-items: center; margin: 10px 14px; padding: 14px; border-radius: 12px; }
.mid { flex: 1; } .name { font-size: 17px; font-weight: 600; margin-bottom: 4px; }
.btn { border: 1px solid #999; border-radius: 14px; padding: 3px 12px; font-size: 13px; } .tip { text-align: center; margin-top: 16px; }"""
    return page(case, body, css)


def cards(case):
    L = LABELS[case["lang"]]
    cur = case["items"][0]["currency"]
    tiles = ""
    for i, it in enumerate(case["items"]):
        if it.get("derived"):
            head = f'<div class="big">{e(money(it["derived"], it["currency"], case["lang"]))}</div><div class="sub">{e(price(it, case, 0))}</div>'
        else:
            head = f'<div class="big">{e(money(it["amount"], it["currency"], case["lang"]))}</div><div class="sub">{e(L["monthly"] if it["unit"] == "month" else L["yearly"])}</div>'
        tiles += f"""<div class="tile card"><div class="top">{icon(i, it['name'])}<div class="name">{e(it['name'])}</div></div>{head}
<div class="sub">{e(renew(it, case, 'next', 1))}</div></div>"""
    body = f"""<div class="hdr">{e(case['title'])}</div><div class="stats"><div class="stat card"><div class="sub">Monthly spend</div>
<div class="sv">{e(money(case['spend'], cur, case['lang']))}</div></div><div class="stat card"><div class="sub">Average per subscription</div>
<div class="sv">{e(money(case['average'], cur, case['lang']))}</div></div></div><div class="grid">{tiles}</div>"""
    css = """.hdr { font-size: 26px; font-weight: 700; padding: 22px 32px 8px; } .stats { display: flex; gap: 20px; padding: 8px 32px; }
.stat { padding: 16px 22px; border-radius: 12px; width: 260px; } .sv { font-size: 22px; font-weight: 700; }
.grid { display: grid; grid-template-columns: repeat(3, 1fr); gap: 28px; padding: 20px 32px; }
.tile { padding: 18px; border-radius: 14px; } .top { display: flex; gap: 12px; align-items: center; margin-bottom: 12px; }
.name { font-size: 18px; font-weight: 700; } .big { font-size: 26px; font-weight: 700; }"""
    return page(case, body, css)


TEMPLATES = {"appstore": appstore, "googleplay": googleplay, "paypal": paypal, "bank": bank, "receipt": receipt,
             "streaming": streaming, "table": table, "zh_autorenew": zh_autorenew, "cards": cards}
