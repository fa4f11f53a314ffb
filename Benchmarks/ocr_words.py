#!/usr/bin/env python3
"""Print the words tesseract reads from an image, boxes in the original image's pixels.

    ocr_words.py IMAGE [--psm N] [--langs eng+deu]

Preprocessing as the engine does it: grayscale, dark images inverted, small images upscaled.
Output: a first line "width height inverted", then one TSV line per word:
left top width height confidence(0-100) text.
"""
import argparse
import subprocess
import sys
import tempfile

from PIL import Image, ImageOps, ImageStat


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("image")
    ap.add_argument("--psm", default="11")
    ap.add_argument("--langs", default="eng")
    a = ap.parse_args()
    img = Image.open(a.image)
    img.load()
    w, h = img.size
    gray = ImageOps.grayscale(img.convert("RGB"))
    dark = ImageStat.Stat(gray).mean[0] < 128
    if dark:
        gray = ImageOps.invert(gray)
    scale = 3 if w < 1000 else 2 if w < 2000 else 1
    if scale > 1:
        gray = gray.resize((w * scale, h * scale), Image.LANCZOS)
    with tempfile.NamedTemporaryFile(suffix=".png") as tmp:
        gray.save(tmp.name)
        out = subprocess.run(["tesseract", tmp.name, "-", "--psm", a.psm, "-l", a.langs, "tsv"],
                             capture_output=True, text=True).stdout
    print(w, h, int(dark))
    for row in out.splitlines()[1:]:
        f = row.split("\t")
        if len(f) < 12 or f[0] != "5" or not f[11].strip():
            continue
        l, t, ww, hh = (int(x) for x in f[6:10])
        print(l // scale, t // scale, max(1, ww // scale), max(1, hh // scale), max(0.0, float(f[10])), f[11].strip(), sep="\t")


if __name__ == "__main__":
    sys.exit(main())
