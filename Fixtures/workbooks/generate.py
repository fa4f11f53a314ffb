#!/usr/bin/env python3
"""Writes the workbook fixtures (.xlsx and .ods) with the standard library's zipfile, so that
every byte is known: the parts a spreadsheet app writes, typed cells, number formats, repeated
rows and columns, and broken files. Run from this folder: python3 generate.py"""
import zipfile
from xml.sax.saxutils import escape

STAMP = (2026, 1, 1, 0, 0, 0)


def write_zip(path, members, compress=zipfile.ZIP_DEFLATED):
    with zipfile.ZipFile(path, "w") as z:
        for name, text in members:
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = compress if name != "mimetype" else zipfile.ZIP_STORED
            z.writestr(info, text.encode("utf-8") if isinstance(text, str) else text)


NS_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
NS_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
NS_PKG = "http://schemas.openxmlformats.org/package/2006/relationships"


def col(n):
    s = ""
    n += 1
    while n:
        n, r = divmod(n - 1, 26)
        s = chr(65 + r) + s
    return s


def xlsx(path, sheets, numfmts=(), xfs=(0,), date1904=False, shared=True, extra=None, workbook_dir="xl"):
    """sheets: [(name, state, rows)] with rows [(rownum, [(col, kind, value, style)])]; kind s (shared
    string), i (inline), n (number), b, str, e."""
    strings, index = [], {}

    def sst(text):
        if text not in index:
            index[text] = len(strings)
            strings.append(text)
        return index[text]

    members = []
    sheet_rels = []
    sheet_entries = []
    for i, (name, state, rows) in enumerate(sheets, 1):
        body = []
        for r, cells in rows:
            out = []
            for c, kind, value, style in cells:
                ref = f"{col(c)}{r}"
                s = f' s="{style}"' if style else ""
                if kind == "s" and shared:
                    out.append(f'<c r="{ref}" t="s"{s}><v>{sst(value)}</v></c>')
                elif kind in ("s", "i"):
                    out.append(f'<c r="{ref}" t="inlineStr"{s}><is><t xml:space="preserve">{escape(value)}</t></is></c>')
                elif kind == "n":
                    out.append(f'<c r="{ref}"{s}><v>{value}</v></c>')
                elif kind == "f":
                    out.append(f'<c r="{ref}"{s}><f>SUM(B2:B9)</f><v>{value}</v></c>')
                else:
                    out.append(f'<c r="{ref}" t="{kind}"{s}><v>{escape(str(value))}</v></c>')
            body.append(f'<row r="{r}">{"".join(out)}</row>')
        xml = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="{NS_MAIN}">'
               f'<sheetData>{"".join(body)}</sheetData></worksheet>')
        if extra and name in extra:
            xml = extra[name](xml)
        members.append((f"{workbook_dir}/worksheets/sheet{i}.xml", xml))
        sheet_rels.append(f'<Relationship Id="rId{i}" Type="{NS_REL}/worksheet" Target="worksheets/sheet{i}.xml"/>')
        st = f' state="{state}"' if state else ""
        sheet_entries.append(f'<sheet name="{escape(name)}" sheetId="{i}"{st} r:id="rId{i}"/>')
    n = len(sheets)
    sheet_rels.append(f'<Relationship Id="rId{n + 1}" Type="{NS_REL}/styles" Target="styles.xml"/>')
    if shared:
        sheet_rels.append(f'<Relationship Id="rId{n + 2}" Type="{NS_REL}/sharedStrings" Target="/{workbook_dir}/sharedStrings.xml"/>')
        sis = "".join(f'<si><t xml:space="preserve">{escape(t)}</t></si>' for t in strings)
        members.append((f"{workbook_dir}/sharedStrings.xml",
                        f'<?xml version="1.0" encoding="UTF-8"?>\n<sst xmlns="{NS_MAIN}" count="{len(strings)}" uniqueCount="{len(strings)}">{sis}</sst>'))
    fmts = "".join(f'<numFmt numFmtId="{i}" formatCode="{escape(code, {chr(34): "&quot;"})}"/>' for i, code in numfmts)
    xf = "".join(f'<xf numFmtId="{i}" fontId="0" fillId="0" borderId="0" applyNumberFormat="1"/>' for i in xfs)
    members.append((f"{workbook_dir}/styles.xml",
                    f'<?xml version="1.0" encoding="UTF-8"?>\n<styleSheet xmlns="{NS_MAIN}"><numFmts count="{len(numfmts)}">{fmts}</numFmts>'
                    f'<cellStyleXfs count="1"><xf numFmtId="0"/></cellStyleXfs><cellXfs count="{len(xfs)}">{xf}</cellXfs></styleSheet>'))
    pr = '<workbookPr date1904="1"/>' if date1904 else "<workbookPr/>"
    members.append((f"{workbook_dir}/workbook.xml",
                    f'<?xml version="1.0" encoding="UTF-8"?>\n<workbook xmlns="{NS_MAIN}" xmlns:r="{NS_REL}">{pr}<sheets>{"".join(sheet_entries)}</sheets></workbook>'))
    members.append((f"{workbook_dir}/_rels/workbook.xml.rels",
                    f'<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="{NS_PKG}">{"".join(sheet_rels)}</Relationships>'))
    members.append(("_rels/.rels",
                    f'<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="{NS_PKG}"><Relationship Id="rId1" Type="{NS_REL}/officeDocument" Target="{workbook_dir}/workbook.xml"/></Relationships>'))
    members.insert(0, ("[Content_Types].xml",
                       '<?xml version="1.0" encoding="UTF-8"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                       '<Default Extension="xml" ContentType="application/xml"/></Types>'))
    write_zip(path, members)


def s(c, v, st=0): return (c, "s", v, st)
def n(c, v, st=0): return (c, "n", v, st)


# A household list as Excel writes it: a summary sheet first, the list on the second sheet,
# a hidden settings sheet. Styles: 1 = built-in date (14), 2 = euro [$€-407], 3 = "$" quoted,
# 4 = dd.mm.yyyy, 5 = yen sign after the digits.
HOUSEHOLD = [
    ("Summary", None, [
        (1, [s(0, "Category"), s(1, "Total")]),
        (2, [s(0, "Entertainment"), (1, "f", "27.98", 2)]),
        (3, [s(0, "Cloud"), (1, "f", "2.99", 2)]),
    ]),
    ("Subscriptions", None, [
        (1, [s(0, "Service"), s(1, "Price"), s(2, "Billing"), s(3, "Next payment"), s(4, "Notes")]),
        (2, [s(0, "Netflix"), n(1, "13.99", 2), s(2, "Monthly"), n(3, "46097", 1), s(4, "family, 4K")]),
        (3, [s(0, "Spotify Premium"), n(1, "10.9900000000000002", 2), s(2, "Monthly"), n(3, "46084", 1)]),
        # Row 4 left empty: the next block starts after a gap.
        (6, [s(0, "iCloud+ 200 GB"), n(1, "2.99", 2), s(2, "Monthly"), n(3, "46090.75", 4),
             s(4, "line one\nline two")]),
        (7, [s(0, "GitHub Copilot"), n(1, "100", 3), s(2, "Yearly"), n(3, "46300", 4)]),
    ]),
    ("Settings", "hidden", [
        (1, [s(0, "Name"), s(1, "Price")]),
        (2, [s(0, "Hidden row"), n(1, "1")]),
    ]),
]
xlsx("household.xlsx", HOUSEHOLD, numfmts=[(164, '[$€-407]#,##0.00'), (165, '"$"#,##0.00'), (166, "dd.mm.yyyy")],
     xfs=(0, 14, 164, 165, 166))

# Inline strings only (no shared strings part), the 1904 date system, a custom ISO date
# format, a yen sign after the digits and a boolean column.
xlsx("inline-1904.xlsx", [
    ("Abos", None, [
        (1, [(0, "i", "Name", 0), (1, "i", "Betrag", 0), (2, "i", "Zyklus", 0), (3, "i", "Nächste Zahlung", 0), (4, "b", "1", 0)]),
        (2, [(0, "i", "Disney+", 0), n(1, "8.99", 2), (2, "i", "monatlich", 0), n(3, "44632", 1), (4, "b", "1", 0)]),
        (3, [(0, "i", "Nintendo Switch Online", 0), n(1, "2400", 3), (2, "i", "jährlich", 0), n(3, "44700", 1), (4, "b", "0", 0)]),
    ]),
], numfmts=[(170, "yyyy-mm-dd"), (171, '[$€-407]\\ #,##0.00'), (172, '#,##0" ¥"')], xfs=(0, 170, 171, 172), date1904=True, shared=False)

# Two list sheets, both read; the second's prices in pounds.
xlsx("two-lists.xlsx", [
    ("Streaming", None, [
        (1, [s(0, "Name"), s(1, "Cost"), s(2, "Cycle")]),
        (2, [s(0, "Netflix"), n(1, "13.99", 1), s(2, "monthly")]),
    ]),
    ("Software", None, [
        (1, [s(0, "Name"), s(1, "Cost"), s(2, "Cycle")]),
        (2, [s(0, "1Password Families"), n(1, "59.88", 2), s(2, "yearly")]),
    ]),
], numfmts=[(164, '[$$-409]#,##0.00'), (165, '[$£-809]#,##0.00')], xfs=(0, 164, 165))

# Broken workbooks, each refused with a located error.
xlsx("broken-shared-index.xlsx", [("List", None, [(1, [s(0, "Name"), s(1, "Price")]), (2, [s(0, "Netflix"), n(1, "5")])])],
     extra={"List": lambda x: x.replace('<c r="A2" t="s"><v>2</v></c>', '<c r="A2" t="s"><v>57</v></c>')})
xlsx("broken-truncated-xml.xlsx", [("List", None, [(1, [s(0, "Name"), s(1, "Price")]), (2, [s(0, "Netflix"), n(1, "9.99")])])],
     extra={"List": lambda x: x[: x.index("</sheetData>") - 20]})
xlsx("broken-dtd.xlsx", [("List", None, [(1, [s(0, "Name"), s(1, "Price")])])],
     extra={"List": lambda x: x.replace("<worksheet", '<!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa">]>\n<worksheet', 1)})
xlsx("broken-number.xlsx", [("List", None, [(1, [s(0, "Name"), s(1, "Price")]), (2, [s(0, "Netflix"), n(1, "twelve")])])])
xlsx("broken-rows-out-of-order.xlsx", [("List", None, [(1, [s(0, "Name"), s(1, "Price")]), (5, [s(0, "Netflix"), n(1, "9.99")]), (3, [s(0, "Spotify"), n(1, "9.99")])])])
xlsx("broken-far-column.xlsx", [("List", None, [(1, [s(0, "Name"), s(1, "Price")]), (2, [s(0, "Netflix"), (12000, "n", "1", 0)])])])
write_zip("not-a-workbook.xlsx", [("readme.txt", "hello")])
# A byte that is not UTF-8 inside an attribute's name: Foundation's XML parser stops the program
# on it, so the reader refuses the member before parsing.
with zipfile.ZipFile("household.xlsx") as source:
    write_zip("broken-not-utf8.xlsx", [(n, source.read(n).replace(b'numFmtId="14"', b'numF\xb4tId="14"', 1) if n == "xl/styles.xml" else source.read(n))
                                       for n in source.namelist()])
with open("household.xlsx", "rb") as f:
    whole = f.read()
with open("broken-cut-off.xlsx", "wb") as f:
    f.write(whole[: len(whole) // 2])


# OpenDocument.
NS_ODS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
          'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
          'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"')


def ods(path, tables, styles=""):
    content = (f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content {NS_ODS} office:version="1.3">'
               f'<office:automatic-styles>{styles}</office:automatic-styles><office:body><office:spreadsheet>'
               f'{"".join(tables)}</office:spreadsheet></office:body></office:document-content>')
    write_zip(path, [
        ("mimetype", "application/vnd.oasis.opendocument.spreadsheet"),
        ("content.xml", content),
        ("META-INF/manifest.xml", '<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>'),
    ])


def text(t):
    return f'<table:table-cell office:value-type="string" calcext:value-type="string"><text:p>{escape(t)}</text:p></table:table-cell>'


def money(v, code, shown):
    return (f'<table:table-cell office:value-type="currency" office:currency="{code}" office:value="{v}">'
            f'<text:p>{escape(shown)}</text:p></table:table-cell>')


def date(v, shown):
    return f'<table:table-cell office:value-type="date" office:date-value="{v}"><text:p>{shown}</text:p></table:table-cell>'


def row(*cells, repeat=None):
    r = f' table:number-rows-repeated="{repeat}"' if repeat else ""
    return f"<table:table-row{r}>{''.join(cells)}</table:table-row>"


EMPTY_TAIL = '<table:table-cell table:number-columns-repeated="16379"/>'
ods("budget.ods", [
    '<table:table table:name="Übersicht">' + row(text("Summe"), money("31.97", "EUR", "31,97 €")) + "</table:table>",
    '<table:table table:name="Abos" table:style-name="ta1">'
    + row(text("Name"), text("Preis"), text("Zyklus"), text("Nächste Abbuchung"), text("Notiz"), EMPTY_TAIL)
    + row(text("Netflix"), money("13.99", "EUR", "13,99 €"), text("monatlich"), date("2026-03-15", "15.03.26"),
          '<table:table-cell office:value-type="string"><text:p>Familie<text:s text:c="2"/>4K</text:p>'
          '<office:annotation><text:p>not this</text:p></office:annotation></table:table-cell>', EMPTY_TAIL)
    + row('<table:table-cell/>', repeat=3)
    + row(text("Spotify"), money("10.99", "EUR", "10,99 €"), text("monatlich"), date("2026-03-02T00:00:00", "02.03.26"),
          '<table:table-cell table:number-columns-repeated="2"/>', EMPTY_TAIL)
    + row(text("Adobe CC"), '<table:table-cell office:value-type="float" office:value="59.99"><text:p>59,99</text:p></table:table-cell>',
          text("monatlich"), '<table:table-cell/>', '<table:table-cell office:value-type="string"><text:p>Zeile eins</text:p><text:p>Zeile zwei</text:p></table:table-cell>', EMPTY_TAIL)
    + row(text("Amazon Prime"), money("89.9", "EUR", "89,90 €"), text("jährlich"), date("2026-11-01", "01.11.26"), EMPTY_TAIL)
    + row('<table:table-cell table:number-columns-repeated="16384"/>', repeat=1048570)
    + "</table:table>",
    '<table:table table:name="Versteckt" table:style-name="ta2">' + row(text("Name"), text("Preis")) + row(text("Geheim"), money("1", "EUR", "1 €")) + "</table:table>",
], styles='<style:style style:name="ta1" style:family="table"><style:table-properties table:display="true"/></style:style>'
          '<style:style style:name="ta2" style:family="table"><style:table-properties table:display="false"/></style:style>')

ods("broken-repeated-rows.ods", [
    '<table:table table:name="List">' + row(text("Name"), text("Price"))
    + row(text("Netflix"), money("9.99", "USD", "$9.99"), repeat=100000000) + "</table:table>"])
# Repeat counts past any integer: empty ones only move the count on, a filled one is refused.
ods("broken-huge-repeats.ods", [
    '<table:table table:name="List">' + row(text("Name"), text("Price"), '<table:table-cell table:number-columns-repeated="99999999999999999999999"/>')
    + row('<table:table-cell/>', repeat="9223372036854775807")
    + row(text("Netflix"), money("9.99", "USD", "$9.99"), '<table:table-cell table:number-columns-repeated="9223372036854775807"/>')
    + "</table:table>"])
ods("broken-repeated-columns.ods", [
    '<table:table table:name="List">' + row(text("Name"), text("Price"))
    + row(text("Netflix"), '<table:table-cell office:value-type="string" table:number-columns-repeated="50000"><text:p>x</text:p></table:table-cell>')
    + "</table:table>"])
