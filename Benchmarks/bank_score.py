#!/usr/bin/env python3
"""Scores `ingest import --from bank` on the generated statements in Fixtures/bank: precision,
recall and F1 on subscriptions, and the accuracy of price, cycle, next renewal and active
state of the matched ones, per layout and overall.

    python3 Benchmarks/bank_score.py [path/to/ingest]
"""
import glob, json, os, subprocess, sys, unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The statements' extensions: CSV and TAB exports and the bank file formats (OFX, QFX, QIF, CAMT XML, MT940).
FORMATS = {"csv", "tab", "ofx", "qfx", "qif", "xml", "sta"}
BIN = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "ingest")


def fold(name):
    text = unicodedata.normalize("NFKD", name).lower()
    return "".join(c if c.isalnum() else " " for c in text if not unicodedata.combining(c)).split()


def same(expected, found):
    e, f = fold(expected), fold(found)
    return bool(e and f) and (e[0] == f[0] or e[0] in f or f[0] in e or "".join(e) in "".join(f))


def run(path, today, inactive, extra=()):
    args = [BIN, "import", path, "--from", "bank", "--accept", "all", "--today", today, "-q", *extra]
    if inactive:
        args.append("--include-inactive")
    out = subprocess.run(args, capture_output=True, text=True)
    if out.returncode != 0:
        return []
    return json.loads(out.stdout)["subscriptions"]


def score(path):
    golden = json.load(open(path.rsplit(".", 1)[0] + ".expected.json", encoding="utf-8"))
    expected = golden["subscriptions"]
    extra = golden.get("arguments", [])
    found = run(path, golden["today"], True, extra)
    active = {(s["name"], s["price"]["amount"], s["source"]["row"]) for s in run(path, golden["today"], False, extra)}
    used, pairs = set(), []
    for e in expected:
        best = None
        for i, f in enumerate(found):
            if i in used or not same(e["name"], f["name"]):
                continue
            gap = abs(float(f["price"]["amount"]) - float(e["amount"]))
            if best is None or gap < best[0]:
                best = (gap, i)
        if best:
            used.add(best[1])
            pairs.append((e, found[best[1]]))
    tp = len(pairs)
    p = tp / len(found) if found else 0.0
    r = tp / len(expected) if expected else 1.0
    f1 = 2 * p * r / (p + r) if p + r else 0.0
    def share(test):
        return sum(1 for e, f in pairs if test(e, f)) / tp if tp else 0.0
    return {
        "layout": golden["layout"], "expected": len(expected), "found": len(found), "matched": tp,
        "precision": p, "recall": r, "f1": f1,
        "price": share(lambda e, f: f["price"]["amount"] == e["amount"] and f["price"]["currency"] == e["currency"]),
        "cycle": share(lambda e, f: f.get("cycle") == e["cycle"]),
        "renewal": share(lambda e, f: f.get("nextRenewal") == e["nextRenewal"]),
        "active": share(lambda e, f: ((f["name"], f["price"]["amount"], f["source"]["row"]) in active) == e["active"]),
        "missed": [e["name"] for e in expected if all(e is not x for x, _ in pairs)],
        "wrong": [f"{e['name']}: {f['price']['amount']} {f.get('cycle')} {f.get('nextRenewal')} (expected {e['amount']} {e['cycle']} {e['nextRenewal']})"
                  for e, f in pairs if f["price"]["amount"] != e["amount"] or f.get("cycle") != e["cycle"] or f.get("nextRenewal") != e["nextRenewal"]],
        "extra": [f["name"] + " " + f["price"]["amount"] for i, f in enumerate(found) if i not in used],
    }


def statements(folder):
    return sorted(p for p in glob.glob(os.path.join(folder, "*.*")) if p.rsplit(".", 1)[1] in FORMATS)


def main():
    rows = [score(p) for p in statements(os.path.join(ROOT, "Fixtures", "bank"))]
    print(f"{'layout':16}{'exp':>5}{'found':>6}{'prec':>7}{'recall':>7}{'F1':>6}{'price':>7}{'cycle':>7}{'renew':>7}{'active':>7}")
    for r in rows:
        print(f"{r['layout']:16}{r['expected']:5}{r['found']:6}{r['precision']:7.2f}{r['recall']:7.2f}{r['f1']:6.2f}"
              f"{r['price']:7.2f}{r['cycle']:7.2f}{r['renewal']:7.2f}{r['active']:7.2f}")
    exp = sum(r["expected"] for r in rows); fnd = sum(r["found"] for r in rows); tp = sum(r["matched"] for r in rows)
    p, rc = tp / fnd if fnd else 0, tp / exp if exp else 0
    f1 = 2 * p * rc / (p + rc) if p + rc else 0
    w = lambda k: sum(r[k] * r["matched"] for r in rows) / tp if tp else 0
    print(f"{'all':16}{exp:5}{fnd:6}{p:7.2f}{rc:7.2f}{f1:6.2f}{w('price'):7.2f}{w('cycle'):7.2f}{w('renewal'):7.2f}{w('active'):7.2f}")
    print(f"worst layout F1: {min(r['f1'] for r in rows):.2f} (target: overall ≥ 0.90, no layout below 0.75)")
    for r in rows:
        if r["missed"] or r["extra"] or r["wrong"]:
            print(f"  {r['layout']}: missed {r['missed']} extra {r['extra']} wrong {r['wrong']}")


if __name__ == "__main__":
    main()
