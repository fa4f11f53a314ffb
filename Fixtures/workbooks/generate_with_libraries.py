#!/usr/bin/env python3
"""Writes two workbooks with the libraries other programs use to write them (openpyxl for .xlsx,
odfpy for .ods; pip install openpyxl odfpy), so the reader is also tried on files it did not
shape itself. Test-time tools only. Run from this folder: python3 generate_with_libraries.py"""
import datetime
from decimal import Decimal

import openpyxl
from openpyxl.styles import Font

book = openpyxl.Workbook()
book.properties.created = book.properties.modified = datetime.datetime(2026, 1, 1)
notes = book.active
notes.title = "Read me"
notes["A1"] = "Household subscriptions, kept by hand"
sheet = book.create_sheet("Abonnements")
sheet.append(["Mes abonnements 2026"])
sheet.append([])
sheet.append(["Service", "Montant", "Fréquence", "Prochain prélèvement", "Catégorie"])
sheet["A3"].font = Font(bold=True)
rows = [
    ("Canal+", Decimal("24.99"), "mensuel", datetime.date(2026, 3, 5), "TV"),
    ("Deezer Premium", Decimal("11.99"), "mensuel", datetime.date(2026, 3, 12), None),
    ("Free Fibre", Decimal("29.99"), "mensuel", datetime.datetime(2026, 3, 20, 8, 30), "Internet"),
    ("Assurance habitation", Decimal("186.4"), "annuel", datetime.date(2026, 9, 1), "Maison"),
]
for r in rows:
    sheet.append(list(r))
for row in sheet.iter_rows(min_row=4, max_row=3 + len(rows)):
    row[1].number_format = '#,##0.00\\ [$€-40C]'
    row[3].number_format = "dd/mm/yyyy"
sheet.append([])
sheet.append(["Total", "=SUM(B4:B7)"])
book.save("openpyxl-abonnements.xlsx")

from odf.opendocument import OpenDocumentSpreadsheet
from odf.table import Table, TableRow, TableCell
from odf.text import P

doc = OpenDocumentSpreadsheet()
table = Table(name="Subscriptions")


def cell(value=None, text=None, **attrs):
    c = TableCell(**attrs)
    if text is not None:
        c.addElement(P(text=text))
    return c


def add(*cells):
    tr = TableRow()
    for c in cells:
        tr.addElement(c)
    table.addElement(tr)


add(cell(valuetype="string", text="Name"), cell(valuetype="string", text="Price"),
    cell(valuetype="string", text="Every"), cell(valuetype="string", text="Renews"))
add(cell(valuetype="string", text="YouTube Premium"), cell(valuetype="currency", currency="GBP", value="12.99", text="£12.99"),
    cell(valuetype="string", text="month"), cell(valuetype="date", datevalue="2026-03-08", text="08/03/2026"))
add(cell(valuetype="string", text="Amazon Prime"), cell(valuetype="currency", currency="GBP", value="95", text="£95.00"),
    cell(valuetype="string", text="year"), cell(valuetype="date", datevalue="2026-07-14", text="14/07/2026"))
add(cell(valuetype="string", text="Xbox Game Pass"), cell(valuetype="currency", currency="GBP", value="14.99", text="£14.99"),
    cell(valuetype="string", text="month"), cell(valuetype="date", datevalue="2026-03-27", text="27/03/2026"))
doc.spreadsheet.addElement(table)
doc.save("odfpy-subscriptions.ods")
