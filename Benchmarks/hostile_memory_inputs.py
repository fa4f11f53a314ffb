#!/usr/bin/env python3
"""Hostile inputs for Benchmarks/hostile-memory.sh: ZIP bombs written to a folder, and an HTTP
server on 127.0.0.1 whose answers never end or inflate a thousandfold.
  hostile_memory_inputs.py zips DIR
  hostile_memory_inputs.py serve PORTFILE   (writes the port it listens on to PORTFILE)"""
import gzip
import http.server
import sys
import zipfile

GiB = 1 << 30
DB = "Subs 0a1b2c3d4e5f60718293a4b5c6d7e8f9.csv"


def member(zf, name, head, fill, size):
    with zf.open(name, "w", force_zip64=True) as f:
        f.write(head)
        chunk = fill * (1 << 20)
        left = size
        while left > 0:
            n = min(left, len(chunk))
            f.write(chunk[:n])
            left -= n


def zips(folder):
    with zipfile.ZipFile(f"{folder}/newlines.zip", "w", zipfile.ZIP_DEFLATED) as zf:
        member(zf, DB, b"Service,Price,Billing\n", b"\n", GiB)
    with zipfile.ZipFile(f"{folder}/cell.zip", "w", zipfile.ZIP_DEFLATED) as zf:
        member(zf, DB, b'Service,Price,Billing\n"', b"a", 1_600_000_000)
    with zipfile.ZipFile(f"{folder}/nested.zip", "w", zipfile.ZIP_DEFLATED) as zf:
        zf.write(f"{folder}/newlines.zip", "Export-Part-1.zip")


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    bomb = b""

    def log_message(self, *args):
        pass

    def do_GET(self):
        if "/endless" in self.path:
            self.send_response(200)
            self.send_header("Content-Type", "text/csv")
            self.send_header("Connection", "close")
            self.end_headers()
            rows = b"Service,1.00 USD,monthly\n" * 40000
            try:
                self.wfile.write(b"Service,Price,Billing\n")
                while True:
                    self.wfile.write(rows)
            except OSError:
                return
        elif "/gzip" in self.path:
            self.send_response(200)
            self.send_header("Content-Type", "text/csv")
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(Handler.bomb)))
            self.send_header("Connection", "close")
            self.end_headers()
            try:
                self.wfile.write(Handler.bomb)
            except OSError:
                return
        else:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()


def serve(portfile):
    rows = b"Service,1.00 USD,monthly\n" * 40000
    Handler.bomb = gzip.compress(b"Service,Price,Billing\n" + rows * (GiB // len(rows)), 6, mtime=0)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with open(portfile, "w") as f:
        f.write(str(server.server_address[1]))
    server.serve_forever()


if __name__ == "__main__":
    {"zips": zips, "serve": serve}[sys.argv[1]](sys.argv[2])
