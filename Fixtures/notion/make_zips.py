#!/usr/bin/env python3
"""Builds the Notion export ZIPs used by the tests. Deterministic: fixed timestamps and
attributes, so running it again gives the same bytes. Run from this folder: python3 make_zips.py"""
import io
import struct
import zipfile
import zlib

STAMP = (2026, 11, 30, 12, 0, 0)
DB_ID = "0a1b2c3d4e5f60718293a4b5c6d7e8f9"
TOOLS_ID = "f9e8d7c6b5a4938271605f4e3d2c1b0a"

HEADER = "Name,Price,Billing,Next renewal,Category,Active,Shared with\n"
VIEW_ROWS = [
    'Netflix,$15.49,Monthly,2026-12-05,"Entertainment, Streaming",Yes,Family (https://www.notion.so/Family-0a1b2c3d4e5f60718293a4b5c6d7e8f9)\n',
    "Spotify,€10.99,Monthly,2026-12-12,Music,Yes,\n",
]
HIDDEN_ROWS = [
    "Gym,30 USD,Monthly,2026-12-13,Fitness,No,\n",
    "iCloud+,$2.99,Monthly,2026-12-01,Cloud,Yes,\n",
]
TOOLS = "Tool,Cost,Cycle\nGitHub Copilot,$10.00,Monthly\nFigma,$144.00,Yearly\n"


def csv_bytes(rows):
    return ("\ufeff" + HEADER + "".join(rows)).encode("utf-8")


def info(name, method=zipfile.ZIP_DEFLATED):
    zi = zipfile.ZipInfo(name, date_time=STAMP)
    zi.compress_type = method
    zi.external_attr = 0o644 << 16
    zi.create_system = 3
    return zi


def build(members):
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data, method in members:
            z.writestr(info(name, method), data)
    return buf.getvalue()


class Unseekable(io.RawIOBase):
    """A write-only stream without seek/tell, so zipfile writes data descriptors."""
    def __init__(self):
        self.out = bytearray()

    def writable(self):
        return True

    def write(self, b):
        self.out += b
        return len(b)


def build_streamed(members):
    sink = Unseekable()
    with zipfile.ZipFile(sink, "w") as z:
        for name, data, method in members:
            with z.open(info(name, method), "w") as f:
                f.write(data)
    return bytes(sink.out)


def build_zip64(name, data):
    """A stored member whose sizes and offset live only in ZIP64 records."""
    crc = zlib.crc32(data)
    n = name.encode()
    dostime, dosdate = 12 << 11, ((2026 - 1980) << 9) | (11 << 5) | 30
    local_extra = struct.pack("<HHQQ", 1, 16, len(data), len(data))
    local = struct.pack("<IHHHHHIIIHH", 0x04034B50, 45, 0, 0, dostime, dosdate, crc,
                        0xFFFFFFFF, 0xFFFFFFFF, len(n), len(local_extra)) + n + local_extra
    central_extra = struct.pack("<HHQQQ", 1, 24, len(data), len(data), 0)
    central = struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 45, 45, 0, 0, dostime, dosdate, crc,
                          0xFFFFFFFF, 0xFFFFFFFF, len(n), len(central_extra), 0, 0, 0, 0,
                          0xFFFFFFFF) + n + central_extra
    cd_offset = len(local) + len(data)
    eocd64_offset = cd_offset + len(central)
    eocd64 = struct.pack("<IQHHIIQQQQ", 0x06064B50, 44, 45, 45, 0, 0, 1, 1, len(central), cd_offset)
    locator = struct.pack("<IIQI", 0x07064B50, 0, eocd64_offset, 1)
    eocd = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, 0xFFFF, 0xFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0)
    return local + data + central + eocd64 + locator + eocd


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


folder = "Export-7c1f2e3d"
view = csv_bytes(VIEW_ROWS)
every = csv_bytes(VIEW_ROWS + HIDDEN_ROWS)
readme = b"# Subscriptions\n"

# The usual export: the view, the _all file, a Markdown page, a folder entry.
write("export.zip", build([
    (f"{folder}/Subscriptions {DB_ID}.md", readme, zipfile.ZIP_DEFLATED),
    (f"{folder}/Subscriptions {DB_ID}.csv", view, zipfile.ZIP_DEFLATED),
    (f"{folder}/Subscriptions {DB_ID}_all.csv", every, zipfile.ZIP_DEFLATED),
]))

# A large workspace export: a ZIP of Part-N.zip files, one database in each, one member stored.
write("export-parts.zip", build([
    ("Export-Part-1.zip", build([(f"Subscriptions {DB_ID}_all.csv", every, zipfile.ZIP_DEFLATED)]), zipfile.ZIP_STORED),
    ("Export-Part-2.zip", build([(f"Tools {TOOLS_ID}.csv", TOOLS.encode(), zipfile.ZIP_STORED)]), zipfile.ZIP_STORED),
]))

# Written as a stream: sizes follow each member in a data descriptor.
write("export-streamed.zip", build_streamed([(f"Subscriptions {DB_ID}.csv", view, zipfile.ZIP_DEFLATED)]))

write("export-zip64.zip", build_zip64(f"Subscriptions {DB_ID}.csv", view))

write("no-csv.zip", build([(f"{folder}/Subscriptions {DB_ID}.md", readme, zipfile.ZIP_DEFLATED)]))

whole = build([(f"Subscriptions {DB_ID}.csv", view, zipfile.ZIP_STORED)])
write("truncated.zip", whole[: len(whole) // 2])

# One byte of the stored CSV changed: the CRC-32 no longer matches.
damaged = bytearray(whole)
at = damaged.find(b"Netflix")
damaged[at] = ord("B")
write("bad-crc.zip", bytes(damaged))
