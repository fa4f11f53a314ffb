#!/bin/sh
# OCR speed: `ingest ocr` against the plain tesseract CLI on the same screenshots.
#
# Usage (from the repository root): Benchmarks/ocr-speed.sh [IMAGE_DIR]
# IMAGE_DIR defaults to Fixtures/screenshots; its *.png files are read in place.
#
# Prints the median seconds per image, wall clock and CPU (user+sys, which a busy shared machine
# distorts much less), over all images and over the phone screenshots (height ≥ 1.8 × width), for
#   a  tesseract IMAGE - with OMP_THREAD_LIMIT=1 (single-threaded OpenMP)
#   b  tesseract IMAGE - with OpenMP's default threads
#   c  ingest ocr IMAGE, one process per image
#   c0 the same with INGEST_OCR_OPENMP=library (the engine's OpenMP limit switched off)
#   d  one ingest ocr run over a batch of 20 images (the list repeated if shorter): seconds per
#      image and busy cores (user+sys / wall; 2.0 means two cores busy, on an otherwise idle machine)
#   d0 the same batch with INGEST_OCR_OPENMP=library
# and the ratios against a. Each per-image figure is the median of RUNS (default 3) runs.
set -eu
dir=${1:-Fixtures/screenshots}
runs=${RUNS:-3}
ls "$dir"/*.png >/dev/null 2>&1 || { echo "ocr-speed: no *.png in $dir (pass a folder of screenshots)" >&2; exit 2; }
command -v tesseract >/dev/null || { echo "ocr-speed: the tesseract CLI is needed (apt-get install tesseract-ocr)" >&2; exit 2; }
swift build -c release --static-swift-stdlib --product ingest >&2
bin=$(swift build -c release --show-bin-path)/ingest

python3 - "$bin" "$dir" "$runs" <<'PY'
import glob, os, resource, statistics, struct, subprocess, sys, time

bin, folder, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
images = sorted(glob.glob(os.path.join(folder, "*.png")))

def size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    return struct.unpack(">II", head[16:24])

phones = {p for p in images if size(p)[1] >= 1.8 * size(p)[0]}

def timed(cmd, env=None):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, env={**os.environ, **(env or {})}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime

def per_image(make_cmd, env=None):
    """Per image: the median (wall, CPU) seconds of `runs` runs."""
    out = {}
    for p in images:
        samples = [timed(make_cmd(p), env) for _ in range(runs)]
        out[p] = (statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples))
    return out

def medians(times):
    """Median wall and CPU seconds over all images and over the phone screenshots."""
    def med(values):
        return statistics.median(values) if values else float("nan")
    phone = [t for p, t in times.items() if p in phones]
    return (med([t[0] for t in times.values()]), med([t[0] for t in phone]),
            med([t[1] for t in times.values()]), med([t[1] for t in phone]))

rows = {}
rows["a  tesseract, OMP_THREAD_LIMIT=1"] = medians(per_image(lambda p: ["tesseract", p, "-"], {"OMP_THREAD_LIMIT": "1"}))
rows["b  tesseract, default threads"] = medians(per_image(lambda p: ["tesseract", p, "-"]))
rows["c  ingest ocr, per image"] = medians(per_image(lambda p: [bin, "ocr", p]))
rows["c0 ingest ocr, OpenMP limit off"] = medians(per_image(lambda p: [bin, "ocr", p], {"INGEST_OCR_OPENMP": "library"}))

batch = (images * 20)[:20]
batches = {}
for label, env in (("d  ingest ocr, batch of 20", None), ("d0 ingest ocr, batch, OpenMP limit off", {"INGEST_OCR_OPENMP": "library"})):
    wall, cpu = timed([bin, "ocr"] + batch, env)
    batches[label] = (wall / len(batch), cpu / len(batch), cpu / wall)

a = rows["a  tesseract, OMP_THREAD_LIMIT=1"]
print(f"{len(images)} images ({len(phones)} phone screenshots) from {folder}, {os.cpu_count()} cores, median of {runs} runs")
print("seconds per image: wall (all, phone) and CPU = user+sys (all, phone); ratios against a")
print(f"{'':40} {'wall':>6} {'phone':>6} {'cpu':>6} {'phone':>6}   {'wall×a':>6} {'phone':>6} {'cpu×a':>6} {'phone':>6}")
for label, r in rows.items():
    print(f"{label:40} " + " ".join(f"{v:6.2f}" for v in r) + "   " + " ".join(f"{v / b:6.2f}" for v, b in zip(r, a)))
for label, (wall, cpu, cores) in batches.items():
    print(f"{label:40} {wall:6.2f} {'':6} {cpu:6.2f} {'':6}   {wall / a[0]:6.2f} {'':6} {cpu / a[2]:6.2f} {'':6}  busy cores {cores:.2f}")
PY
