#!/usr/bin/env python3
"""Builds Sources/Ingest/Resources/brands.json from Scripts/brands.txt.

Run from the repository root:  python3 Scripts/brands.py
Each line of brands.txt is `name | category | aliases | manage URL`; a name written `=Name`
is an ordinary word (Calm, Max, Sky) and matches only when it is the whole text. The script
checks categories, duplicate aliases, that services' ids (made from names as
`BrandCatalog.Brand.id` makes them) differ, and that manage URLs are plain https links (a host,
no credentials, spaces or tracking parameters such as utm_*), and fails on any problem.
"""
import json
import re
import sys
import unicodedata
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

ROOT = Path(__file__).resolve().parent.parent
CATEGORIES = {"streaming", "music", "software", "cloud", "news", "fitness", "gaming", "education",
              "utilities", "finance", "shopping", "food", "bills", "other"}


def fold(text):
    text = unicodedata.normalize("NFKD", text.lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(re.findall(r"[^\W_]+", text))


# Query parameters that track a click rather than pick a page.
TRACKING = re.compile(r"^(utm_.*|fbclid|gclid|dclid|msclkid|yclid|mc_cid|mc_eid|_ga|_gl|igshid|ref|ref_src|"
                      r"referrer|source|campaign|cmp|cid|affiliate|aff|trk|tracking)$", re.IGNORECASE)


def url_problems(url):
    """What is wrong with a manage URL's form, as a list of short texts."""
    problems = []
    if not url.startswith("https://"):
        problems.append("must be https")
    if any(c.isspace() or ord(c) < 0x20 or ord(c) == 0x7F for c in url):
        problems.append("holds white space or control characters")
    parts = urlsplit(url)
    if "." not in (parts.hostname or ""):
        problems.append("needs a host name")
    if "@" in parts.netloc:
        problems.append("must not hold credentials")
    tracked = [k for k, _ in parse_qsl(parts.query, keep_blank_values=True) if TRACKING.match(k)]
    if tracked:
        problems.append("has tracking parameters " + ", ".join(tracked))
    return problems


def service_id(name):
    """`BrandCatalog.Brand.id`: the name with + and & spelt out, folded, words joined by -."""
    folded = fold(name.replace("+", " plus ").replace("&", " and "))
    return folded.replace(" ", "-") if folded else "brand"


def main():
    brands, problems, seen, ids = [], [], {}, {}
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
        for problem in url_problems(manage) if manage else []:
            problems.append(f"line {number}: manage URL {manage}: {problem}")
        sid = service_id(name)
        if sid in ids:
            problems.append(f"line {number}: id {sid} of {name} is also the id of {ids[sid]}")
        ids.setdefault(sid, name)
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
    print(f"{len(brands)} brands written, {sum(1 for b in brands if 'manage' in b)} with a manage URL")
    return 0


if __name__ == "__main__":
    sys.exit(main())
