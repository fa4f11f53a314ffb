#!/usr/bin/env python3
"""Builds the small hostile ZIPs of the CLI tests: each holds far more than it weighs.
Deterministic (fixed timestamps). Run from this folder: python3 make_zips.py"""
import io
import zipfile

STAMP = (2026, 11, 30, 12, 0, 0)
DB = "Subs 0a1b2c3d4e5f60718293a4b5c6d7e8f9.csv"
MiB = 1 << 20


def archive(members):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for name, data in members:
            zi = zipfile.ZipInfo(name, date_time=STAMP)
            zi.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(zi, data, compresslevel=9)
    return out.getvalue()


# 16 MiB of newlines under a header (the honest header gives the true size).
newlines = archive([(DB, b"Service,Price\n" + b"\n" * (16 * MiB))])
# One 16 MiB cell.
cell = archive([(DB, b"Service,Price\n\"" + b"a" * (16 * MiB) + b"\"\n")])
# The newline bomb inside a Part-1.zip.
nested = archive([("Export-Part-1.zip", newlines)])
# A table six archives deep.
deep = archive([(DB, b"Service,Price\nNetflix,9.99\n")])
for level in range(6):
    deep = archive([("Part-%d.zip" % level, deep)])

for name, data in [("newline-bomb.zip", newlines), ("cell-bomb.zip", cell), ("nested-bomb.zip", nested), ("too-deep.zip", deep)]:
    with open(name, "wb") as f:
        f.write(data)
