#!/usr/bin/env python3
"""Field-level F1 of `ingest import` on generated exports (`generate.py`), tuning and locked.

    python3 Fixtures/exports/score.py [--ingest .build/debug/ingest] [--split tuning|locked|both] [--files]

Generates seed 1 (tuning) and seed 2 (locked) into a temporary folder, imports each export with
`--accept all --today 2026-12-01`, pairs output subscriptions with the truth (by name words, then
price) and counts per field (name, price, currency, cycle, nextRenewal, category): a right value
is a true positive, a wrong one a false positive and a false negative, a missing one a false
negative, a value on an output subscription with no truth a false positive. Locked figures are
printed, never the locked files' rows.
"""
import argparse
import json
import re
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIELDS = ["name", "price", "currency", "cycle", "nextRenewal", "category"]
SPLITS = {"tuning": 1, "locked": 2}


def words(text):
    text = unicodedata.normalize("NFKC", text or "").lower()
    return set(re.findall(r"\w+", text))


def flat(sub):
    price = sub.get("price") or {}
    cycle = sub.get("cycle")
    return {"name": " ".join((sub.get("name") or "").split()), "price": price.get("amount"),
            "currency": price.get("currency"), "cycle": f"{cycle['unit']}/{cycle['interval']}" if cycle else None,
            "nextRenewal": sub.get("nextRenewal"), "category": sub.get("category")}


def pair(output, truth):
    """Greedy pairs (output index, truth index) by name-word overlap, price breaking ties."""
    scores = []
    for i, o in enumerate(output):
        for j, t in enumerate(truth):
            a, b = words(o["name"]), words(t["name"])
            overlap = len(a & b) / max(1, len(a | b))
            if overlap == 0:
                continue
            scores.append((overlap + (0.5 if o["price"] == t["price"] else 0), i, j))
    used_o, used_t, pairs = set(), set(), []
    for _, i, j in sorted(scores, reverse=True):
        if i in used_o or j in used_t:
            continue
        used_o.add(i)
        used_t.add(j)
        pairs.append((i, j))
    return pairs


def score_file(ingest, csv_path, truth):
    args_path = csv_path.with_suffix(".args")
    extra = args_path.read_text().split() if args_path.exists() else []
    run = subprocess.run([ingest, "import", str(csv_path), "--accept", "all", "--today", "2026-12-01"] + extra,
                         capture_output=True, text=True)
    output = []
    if run.returncode == 0:
        try:
            output = [flat(s) for s in json.loads(run.stdout)["subscriptions"]]
        except (ValueError, KeyError):
            output = []
    counts = {f: [0, 0, 0] for f in FIELDS}  # tp, fp, fn
    pairs = pair(output, truth)
    matched_o = {i for i, _ in pairs}
    matched_t = {j for _, j in pairs}
    for i, j in pairs:
        for f in FIELDS:
            got, want = output[i][f], truth[j][f]
            if got == want:
                counts[f][0] += 1
            elif got is None:
                counts[f][2] += 1
            else:
                counts[f][1] += 1
                counts[f][2] += 1
    for i, o in enumerate(output):
        if i not in matched_o:
            for f in FIELDS:
                if o[f] is not None:
                    counts[f][1] += 1
    for j, t in enumerate(truth):
        if j not in matched_t:
            for f in FIELDS:
                counts[f][2] += 1
    return counts


def f1(c):
    tp, fp, fn = c
    return 1.0 if tp + fp + fn == 0 else 2 * tp / (2 * tp + fp + fn)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ingest", default=str(HERE.parent.parent / ".build/debug/ingest"))
    ap.add_argument("--split", default="both", choices=["tuning", "locked", "both"])
    ap.add_argument("--files", action="store_true", help="per-file F1 (tuning only)")
    args = ap.parse_args()
    splits = list(SPLITS) if args.split == "both" else [args.split]
    with tempfile.TemporaryDirectory() as tmp:
        for split in splits:
            folder = Path(tmp) / split
            subprocess.run([sys.executable, str(HERE / "generate.py"), "--seed", str(SPLITS[split]), "--out", str(folder)],
                           check=True, capture_output=True)
            total = {f: [0, 0, 0] for f in FIELDS}
            groups = {"apps": {f: [0, 0, 0] for f in FIELDS}, "notion/sheets": {f: [0, 0, 0] for f in FIELDS}}
            for truth_path in sorted(folder.glob("*.truth.json")):
                name = truth_path.name.removesuffix(".truth.json")
                counts = score_file(args.ingest, folder / f"{name}.csv", json.loads(truth_path.read_text()))
                group = "notion/sheets" if name.startswith(("notion", "sheets")) else "apps"
                for f in FIELDS:
                    for k in range(3):
                        total[f][k] += counts[f][k]
                        groups[group][f][k] += counts[f][k]
                if args.files and split == "tuning":
                    all_c = [sum(counts[f][k] for f in FIELDS) for k in range(3)]
                    print(f"  {name:22} F1 {f1(all_c):.3f}  " + " ".join(f"{f}={f1(counts[f]):.2f}" for f in FIELDS))
            overall = [sum(total[f][k] for f in FIELDS) for k in range(3)]
            parts = " ".join(f"{f} {f1(total[f]):.3f}" for f in FIELDS)
            by_group = " ".join(f"{g} {f1([sum(c[f][k] for f in FIELDS) for k in range(3)]):.3f}" for g, c in groups.items())
            print(f"{split:7} F1 {f1(overall):.3f}  ({by_group})  {parts}")


if __name__ == "__main__":
    main()
