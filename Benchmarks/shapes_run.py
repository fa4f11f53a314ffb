#!/usr/bin/env python3
"""Times each shape of a folder made by gen_shapes.py: ingest's import, the plain-Python full job,
and polars' read_csv when it is installed. Called by Benchmarks/shapes.sh.

    python3 Benchmarks/shapes_run.py INGEST DATA_DIR ROUNDS
"""
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def timed(cmd, out_path, rounds):
    """Least wall and CPU seconds over `rounds` runs, and the largest peak RSS (MiB). The peak is
    read by /usr/bin/time: a child forked from this Python process would count its memory."""
    best_wall = best_cpu = float("inf")
    peak = 0
    rss_file = out_path + ".rss"
    for _ in range(rounds):
        with open(out_path, "wb") as out:
            start = time.perf_counter()
            proc = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", rss_file, *cmd], stdout=out, stderr=subprocess.DEVNULL)
            _, status, usage = os.wait4(proc.pid, 0)
            wall = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"failed ({os.waitstatus_to_exitcode(status)}): {' '.join(cmd)}")
        best_wall = min(best_wall, wall)
        best_cpu = min(best_cpu, usage.ru_utime + usage.ru_stime)
        peak = max(peak, int(open(rss_file).read().split()[-1]) / 1024)
    return best_wall, best_cpu, peak


def polars_available():
    try:
        import polars  # noqa: F401
        return True
    except ImportError:
        return False


def main():
    ingest, data, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
    polars = polars_available()
    print(f"{'shape':<8} {'rows':>9} {'command':<14} {'wall s':>8} {'CPU s':>8} {'peak MiB':>9} {'ratio wall':>11} {'ratio CPU':>10}")
    for line in open(os.path.join(data, "flags.txt")):
        shape, file, rows, flags = (line.rstrip("\n").split("\t") + [""])[:4]
        path = os.path.join(data, file)
        out = os.path.join(data, "out.json")
        runs = [("ingest", [ingest, "import", path, *flags.split(), "--accept", "all", "--today", "2026-11-30", "-q", "-o", out]),
                ("python", [sys.executable, os.path.join(HERE, "shapes_peer.py"), shape, path])]
        if polars:
            encoding = "utf8-lossy" if shape == "dkb" else "utf8"
            skip = 6 if shape == "dkb" else 0
            separator = ";" if shape in ("dkb", "french") else ","
            script = (f"import polars as pl; pl.read_csv({path!r}, separator={separator!r}, skip_rows={skip}, "
                      f"encoding={encoding!r}, infer_schema_length=0, truncate_ragged_lines=True)")
            runs.append(("polars parse", [sys.executable, "-c", script]))
        results = {name: timed(cmd, out, rounds) for name, cmd in runs}
        peer_wall, peer_cpu, _ = results["python"]
        for name, (wall, cpu, peak) in results.items():
            print(f"{shape:<8} {int(rows):>9} {name:<14} {wall:8.2f} {cpu:8.2f} {peak:9.0f} {wall / peer_wall:11.2f} {cpu / peer_cpu:10.2f}")


if __name__ == "__main__":
    main()
