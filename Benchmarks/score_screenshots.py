#!/usr/bin/env python3
"""Scores screenshot imports against golden JSON, per layout family and overall.

    score_screenshots.py --truth-dir Fixtures/screenshots --pred-dir DIR [--json]

Truth: <stem>.json (canonical `ingest/subscriptions@1` plus "family" and "locale"); predictions:
DIR/<stem>.json, the output of `ingest import IMAGE --accept all`. Subscriptions are paired
one-to-one, greedily by name similarity (case and punctuation ignored; the larger of token overlap
and character ratio, at least 0.6). Reported: subscription precision and recall; over pairs the
accuracy of name (exact after folding), amount+currency, cycle and next renewal; and field-F1, where
a true positive needs the name matched and amount and currency right.
"""
import argparse
import json
import sys
import unicodedata
from collections import defaultdict
from decimal import Decimal
from difflib import SequenceMatcher
from pathlib import Path


def fold(s):
    s = unicodedata.normalize("NFKC", s or "").casefold()
    return " ".join("".join(ch if unicodedata.category(ch)[0] in "LN" else " " for ch in s).split())


def tokens(s):
    out = []
    for t in fold(s).split():
        buf = ""
        for ch in t:
            if ord(ch) >= 0x3000:
                if buf:
                    out.append(buf)
                    buf = ""
                out.append(ch)
            else:
                buf += ch
        if buf:
            out.append(buf)
    return out


def similarity(a, b):
    fa, fb = fold(a), fold(b)
    if not fa or not fb:
        return 0.0
    ratio = SequenceMatcher(None, fa.replace(" ", ""), fb.replace(" ", "")).ratio()
    ta, tb = set(tokens(a)), set(tokens(b))
    overlap = len(ta & tb) / max(len(ta), len(tb)) if ta and tb else 0.0
    return max(ratio, overlap)


def price_key(p):
    if not isinstance(p, dict) or p.get("amount") is None:
        return None
    return (Decimal(str(p["amount"])), (p.get("currency") or "").upper() or None)


def cycle_key(c):
    if not isinstance(c, dict):
        return None
    unit, n = c.get("unit"), int(c.get("interval") or 1)
    if unit == "month" and n % 12 == 0:
        unit, n = "year", n // 12
    return unit, n


def pair(truth, pred):
    scored = sorted(((similarity(t["name"], p.get("name")), i, j) for i, t in enumerate(truth)
                     for j, p in enumerate(pred)), reverse=True)
    used_t, used_p, pairs = set(), set(), []
    for s, i, j in scored:
        if s < 0.6:
            break
        if i in used_t or j in used_p:
            continue
        used_t.add(i)
        used_p.add(j)
        pairs.append((truth[i], pred[j]))
    return pairs


class Tally:
    def __init__(self):
        self.truth = self.pred = self.matched = self.tp = 0
        self.fields = defaultdict(int)
        self.images = 0

    def add(self, truth, pred):
        self.images += 1
        self.truth += len(truth)
        self.pred += len(pred)
        for t, p in pair(truth, pred):
            self.matched += 1
            name = fold(t["name"]) == fold(p.get("name"))
            money = price_key(t.get("price")) == price_key(p.get("price"))
            cycle = cycle_key(t.get("cycle")) == cycle_key(p.get("cycle"))
            date = (t.get("nextRenewal") or None) == (p.get("nextRenewal") or None)
            for k, v in (("name", name), ("amount+currency", money), ("cycle", cycle), ("nextRenewal", date)):
                self.fields[k] += v
            self.tp += money

    def figures(self):
        p = self.matched / self.pred if self.pred else 0.0
        r = self.matched / self.truth if self.truth else 0.0
        fp = self.tp / self.pred if self.pred else 0.0
        fr = self.tp / self.truth if self.truth else 0.0
        out = {"images": self.images, "truth": self.truth, "predicted": self.pred, "precision": round(p, 3),
               "recall": round(r, 3), "field_f1": round(2 * fp * fr / (fp + fr), 3) if fp + fr else 0.0}
        for k in ("name", "amount+currency", "cycle", "nextRenewal"):
            out[k] = round(self.fields[k] / self.matched, 3) if self.matched else 0.0
        return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--truth-dir", required=True)
    ap.add_argument("--pred-dir", required=True)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args()
    overall, families = Tally(), defaultdict(Tally)
    for tpath in sorted(Path(a.truth_dir).glob("*.json")):
        truth = json.loads(tpath.read_text(encoding="utf-8"))
        ppath = Path(a.pred_dir) / tpath.name
        pred = json.loads(ppath.read_text(encoding="utf-8"))["subscriptions"] if ppath.exists() else []
        subs = truth["subscriptions"]
        overall.add(subs, pred)
        families[truth["family"]].add(subs, pred)
        if a.verbose:
            got = {p.get("name"): p for p in pred}
            pairs = pair(subs, pred)
            bad = [(t, p) for t, p in pairs if price_key(t["price"]) != price_key(p.get("price"))
                   or cycle_key(t.get("cycle")) != cycle_key(p.get("cycle")) or t.get("nextRenewal") != p.get("nextRenewal")]
            missing = [t["name"] for t in subs if all(t is not x for x, _ in pairs)]
            extra = [p.get("name") for p in pred if all(p is not y for _, y in pairs)]
            if bad or missing or extra:
                print(f"{tpath.stem}: missing {missing} extra {extra}")
                for t, p in bad:
                    print(f"    {t['name']}: want {t['price']} {t.get('cycle')} {t.get('nextRenewal')} got {p.get('price')} {p.get('cycle')} {p.get('nextRenewal')}")
    result = {"overall": overall.figures(), "families": {k: v.figures() for k, v in sorted(families.items())}}
    if a.json:
        print(json.dumps(result, indent=2))
        return 0
    cols = ("images", "truth", "predicted", "precision", "recall", "name", "amount+currency", "cycle", "nextRenewal", "field_f1")
    print(f"{'family':<14}" + "".join(f"{c[:10]:>11}" for c in cols))
    for name, fig in list(result["families"].items()) + [("overall", result["overall"])]:
        print(f"{name:<14}" + "".join(f"{fig[c]:>11}" for c in cols))
    worst = min(f["field_f1"] for f in result["families"].values())
    print(f"field-F1 {result['overall']['field_f1']:.3f} overall, lowest family {worst:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
