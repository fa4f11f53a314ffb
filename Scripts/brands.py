#!/usr/bin/env python3
"""Builds Sources/Ingest/Resources/brands.json from Scripts/brands.txt.

Run from the repository root:  python3 Scripts/brands.py
Each line of brands.txt is `name | category | aliases | manage URL`; a name written `=Name`
is an ordinary word (Calm, Max, Sky) and matches only when it is the whole text. The script
checks categories, URLs and duplicate aliases, and fails on any problem.
"""
import json
import re
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATEGORIES = {"streaming", "music", "software", "cloud", "news", "fitness", "gaming", "education",
              "utilities", "finance", "shopping", "food", "bills", "other"}


def fold(text):
    text = unicodedata.normalize("NFKD", text.lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(re.findall(r"[^\W_]+", text))


def main():
    brands, problems, seen = [], [], {}
    for number, line in enumerate((ROOT / "Scripts/brands.txt").read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = [p.strip() for p in line.split("|")]
        if len(parts) != 4:
            problems.append(f"line {number}: expected 4 fields")
            continue
        name, category, aliases, manage = parts
        exact = name.startswith("=")
        name = name.lstrip("=")
        if category not in CATEGORIES:
            problems.append(f"line {number}: unknown category {category}")
        if manage and not manage.startswith("https://"):
            problems.append(f"line {number}: manage URL must be https")
        alias_list = [a.strip() for a in aliases.split(";") if a.strip()]
        for text in [name] + alias_list:
            key = fold(text)
            if key in seen and seen[key] != name:
                problems.append(f"line {number}: alias {text!r} also names {seen[key]}")
            seen.setdefault(key, name)
        entry = {"name": name, "aliases": alias_list, "category": category}
        if exact:
            entry["exact"] = True
        if manage:
            entry["manage"] = manage
        brands.append(entry)
    if len(brands) < 300:
        problems.append(f"only {len(brands)} brands (expected at least 300)")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    lines = [json.dumps(b, ensure_ascii=False, separators=(", ", ": ")) for b in brands]
    (ROOT / "Sources/Ingest/Resources/brands.json").write_text("[\n  " + ",\n  ".join(lines) + "\n]\n")
    print(f"{len(brands)} brands written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
