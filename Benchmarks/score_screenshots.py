#!/usr/bin/env python3
"""Scores screenshot imports against golden JSON, per layout family and overall.

    score_screenshots.py --truth-dir Fixtures/screenshots --pred-dir DIR [--json]

Truth: <stem>.json (canonical `ingest/subscriptions@1` plus "family" and "locale"); predictions:
DIR/<stem>.json, the output of `ingest import IMAGE --accept all`. Subscriptions are paired
one-to-one, greedily by name similarity (case and punctuation ignored; the larger of token overlap
and character ratio, at least 0.6). Reported: subscription precision and recall; over pairs the
accuracy of name (exact after folding), amount+currency, cycle and next renewal; and field-F1, where
a true positive needs the name matched and amount and currency right. Per field (name, amount,
currency, cycle, renewal) an F1 counts a field right only on a paired subscription; `fields_f1` is
their mean. A truth entry marked "optional" (a row cut by the crop) is neither required nor an error.
`--by KEY` groups by a key of the truth's "variant" (generated pages) instead of the family.
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
        self.right = defaultdict(int)
        self.images = 0

    def add(self, truth, pred):
        self.images += 1
        pairs = pair(truth, pred)
        optional = [(t, p) for t, p in pairs if t.get("optional")]
        self.truth += sum(1 for t in truth if not t.get("optional"))
        self.pred += len(pred) - len(optional)
        for t, p in pairs:
            if t.get("optional"):
                continue
            self.matched += 1
            name = fold(t["name"]) == fold(p.get("name"))
            money = price_key(t.get("price")) == price_key(p.get("price"))
            cycle = cycle_key(t.get("cycle")) == cycle_key(p.get("cycle"))
            date = (t.get("nextRenewal") or None) == (p.get("nextRenewal") or None)
            for k, v in (("name", name), ("amount+currency", money), ("cycle", cycle), ("nextRenewal", date)):
                self.fields[k] += v
            tk, pk = price_key(t.get("price")), price_key(p.get("price"))
            amount = (tk and tk[0]) == (pk and pk[0])
            currency = (tk and tk[1]) == (pk and pk[1])
            for k, v in (("name", name), ("amount", amount), ("currency", currency), ("cycle", cycle), ("renewal", date)):
                self.right[k] += v
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
        f1s = []
        for k in FIELDS:
            fp_, fr_ = (self.right[k] / self.pred if self.pred else 0.0), (self.right[k] / self.truth if self.truth else 0.0)
            f1s.append(2 * fp_ * fr_ / (fp_ + fr_) if fp_ + fr_ else 0.0)
            out[f"f1_{k}"] = round(f1s[-1], 3)
        out["fields_f1"] = round(sum(f1s) / len(f1s), 3)
        return out


FIELDS = ("name", "amount", "currency", "cycle", "renewal")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--truth-dir", required=True)
    ap.add_argument("--pred-dir", required=True)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--by", help="group by this key of the truth's variant instead of the family")
    ap.add_argument("--fields", action="store_true", help="print the per-field F1 table")
    a = ap.parse_args()
    overall, families = Tally(), defaultdict(Tally)
    for tpath in sorted(Path(a.truth_dir).glob("*.json")):
        truth = json.loads(tpath.read_text(encoding="utf-8"))
        ppath = Path(a.pred_dir) / tpath.name
        pred = json.loads(ppath.read_text(encoding="utf-8"))["subscriptions"] if ppath.exists() else []
        subs = truth["subscriptions"]
        overall.add(subs, pred)
        families[str(truth.get("variant", {}).get(a.by)) if a.by else truth["family"]].add(subs, pred)
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
    if a.fields:
        cols = ("images", "truth", "predicted", "recall") + tuple(f"f1_{k}" for k in FIELDS) + ("fields_f1", "field_f1")
    print(f"{'family':<14}" + "".join(f"{c[:10]:>11}" for c in cols))
    for name, fig in list(result["families"].items()) + [("overall", result["overall"])]:
        print(f"{name:<14}" + "".join(f"{fig[c]:>11}" for c in cols))
    worst = min(f["field_f1"] for f in result["families"].values())
    print(f"field-F1 {result['overall']['field_f1']:.3f} overall, lowest family {worst:.3f}; "
          f"per-field F1 mean {result['overall']['fields_f1']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
