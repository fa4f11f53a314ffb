#!/usr/bin/env python3
"""How much of a screenshot's ground truth the OCR engine reads: per image, the share of the
truth's name words and price amounts found among `ingest ocr` words, for one or more page
segmentation modes, with the wall and CPU time of each batch.

Usage (from the repository root, after `swift build -c release --static-swift-stdlib`):
    Benchmarks/ocr-recall.py --images DIR --truth DIR [--cases cases.tsv] [--psm 11 3 ...]

DIR/<stem>.png is read with the truth DIR/<stem>.json (ingest/subscriptions@1 with a
"subscriptions" list); cases.tsv (image, locale, ...) gives each image's --locale.
"""
import argparse, json, os, re, resource, subprocess, sys, time

BIN = os.environ.get("INGEST_BIN", ".build/release/ingest")


def norm(text):
    return re.sub(r"[^\w]", "", text.lower())


def truth_items(path):
    data = json.load(open(path))
    names, amounts = [], []
    for sub in data.get("subscriptions", []):
        if sub.get("optional") or sub.get("note"):
            continue
        for w in (sub.get("name") or "").split():
            if norm(w):
                names.append(norm(w))
        amount = (sub.get("price") or {}).get("amount")
        if amount:
            amounts.append(amount)
    return names, amounts


def amount_found(amount, digit_words):
    """`399.00` is found as 39900 (any separator) or, for whole amounts, as 399."""
    whole, _, frac = amount.partition(".")
    targets = {re.sub(r"\D", "", amount)}
    if frac in ("", "00"):
        targets.add(whole)
    return any(d == t or d.startswith(t) and len(d) <= len(t) + 2 for d in digit_words for t in targets)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--images", required=True)
    ap.add_argument("--truth", required=True)
    ap.add_argument("--cases")
    ap.add_argument("--psm", nargs="*", default=["11"])
    ap.add_argument("--extra", nargs="*", default=[], help="more arguments for ingest ocr")
    args = ap.parse_args()
    locales = {}
    if args.cases:
        for line in open(args.cases).read().splitlines()[1:]:
            cols = line.split("\t")
            if len(cols) > 1:
                locales[os.path.basename(cols[0])] = None if cols[1] == "-" else cols[1]
    stems = sorted(f[:-5] for f in os.listdir(args.truth) if f.endswith(".json"))
    images = [os.path.join(args.images, s + ".png") for s in stems if os.path.exists(os.path.join(args.images, s + ".png"))]
    groups = {}
    for img in images:
        groups.setdefault(locales.get(os.path.basename(img)), []).append(img)
    for psm in args.psm:
        pages, elapsed = {}, 0.0
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        for locale, imgs in groups.items():
            cmd = [BIN, "ocr", "--format", "json", "--psm", psm] + args.extra + (["--locale", locale] if locale else []) + imgs
            start = time.time()
            out = subprocess.run(cmd, capture_output=True, text=True)
            elapsed += time.time() - start
            for page in json.loads(out.stdout or "[]"):
                pages[page["image"]] = page
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        total_n = found_n = total_a = found_a = 0
        rows = []
        for img in images:
            names, amounts = truth_items(os.path.join(args.truth, os.path.basename(img)[:-4] + ".json"))
            page = pages.get(img, {"lines": []})
            words = [w["text"] for l in page["lines"] for w in l["words"]]
            normed = {norm(w) for w in words}
            joined = norm(" ".join(words))
            digits = [re.sub(r"\D", "", w) for w in words]
            fn = sum(1 for n in names if n in normed or n in joined)
            fa = sum(1 for a in amounts if amount_found(a, digits))
            total_n += len(names); found_n += fn; total_a += len(amounts); found_a += fa
            rows.append(f"  {os.path.basename(img):34} names {fn:3}/{len(names):<3} amounts {fa:3}/{len(amounts):<3} words {len(words):4}{' inverted' if page.get('inverted') else ''}")
        print(f"psm {psm} {' '.join(args.extra)}: names {found_n}/{total_n} ({found_n / max(1, total_n):.1%}), "
              f"amounts {found_a}/{total_a} ({found_a / max(1, total_a):.1%}), {elapsed:.1f} s wall, {cpu:.1f} s CPU for {len(images)} images")
        if os.environ.get("VERBOSE"):
            print("\n".join(rows))


if __name__ == "__main__":
    sys.exit(main())
