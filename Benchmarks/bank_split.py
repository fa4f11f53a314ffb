#!/usr/bin/env python3
"""Strict F1 of the bank importer on statements generated from seeds, split into a tuning set
and a locked set: rules are written looking at tuning statements only; locked ones are
scored, never read. Each seed writes every layout and format of Fixtures/bank/generate.py
with its scenario varied by the seed (subscriptions and bills left out or moved, noise per
month), with bills, salary and transfers in the truth as non-subscriptions.

    python3 Benchmarks/bank_split.py path/to/ingest [--seeds 10]

Prints F1 per set for CSV layouts, bank file formats, and all, then the tuning statements'
misses and extras (the locked set's are not printed).
"""
import argparse, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import bank_score  # noqa: E402

TUNING_FROM, LOCKED_FROM = 1000, 9000


def f1(rows):
    exp = sum(r["expected"] for r in rows)
    fnd = sum(r["found"] for r in rows)
    tp = sum(r["matched"] for r in rows)
    p, r = (tp / fnd if fnd else 0.0), (tp / exp if exp else 0.0)
    return (2 * p * r / (p + r) if p + r else 0.0), p, r, exp


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--seeds", type=int, default=10, help="seeds per set")
    args = ap.parse_args()
    bank_score.BIN = args.binary
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, start in (("tuning", TUNING_FROM), ("locked", LOCKED_FROM)):
            rows = []
            for seed in range(start, start + args.seeds):
                folder = os.path.join(tmp, f"{name}-{seed}")
                os.makedirs(folder)
                subprocess.run([sys.executable, os.path.join(ROOT, "Fixtures", "bank", "generate.py"), "--seed", str(seed), "--vary",
                                "--dir", folder], check=True)
                for path in bank_score.statements(folder):
                    row = bank_score.score(path)
                    row["format"] = path.rsplit(".", 1)[1] not in ("csv", "tab")
                    row["seed"] = seed
                    rows.append(row)
            results[name] = rows
    print(f"{'set':8}{'part':10}{'statements':>11}{'expected':>9}{'prec':>7}{'recall':>7}{'F1':>7}")
    for name, rows in results.items():
        for part, chosen in (("csv", [r for r in rows if not r["format"]]), ("formats", [r for r in rows if r["format"]]), ("all", rows)):
            score, p, r, exp = f1(chosen)
            print(f"{name:8}{part:10}{len(chosen):11}{exp:9}{p:7.3f}{r:7.3f}{score:7.3f}")
    print("\ntuning statements' differences:")
    for r in results["tuning"]:
        if r["missed"] or r["extra"]:
            print(f"  {r['seed']} {r['layout']}: missed {r['missed']} extra {r['extra']}")


if __name__ == "__main__":
    main()
