#!/usr/bin/env python3
"""Writes the hostile table shapes that Benchmarks/hostile.sh times, each at a given size.

Usage: hostile_inputs.py SHAPE N OUT
Shapes (N is what grows):
  long-name      one row whose name is a brand and N more words
  open-quote     a quote left open on the first data row, then N rows
  identical      N identical rows
  columns        a header and a row of N columns
  blank-lines    a header, a row, N blank lines, a row
  big-cell       one row with a cell of N bytes
  big-rows       N rows, each with a note of 1,000,000 bytes (just under the cell limit)
  long-word      a header whose first cell is one word of N letters, and a row
  binary-ff      N bytes of 0xFF (a binary file given as a table)
  newlines       N newline bytes and nothing else
"""
import random
import sys


def main():
    shape, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    rng = random.Random(19)
    if shape == "binary-ff":
        with open(out, "wb") as f:
            f.write(b"\xff" * n)
        return
    with open(out, "w", newline="") as f:
        if shape == "long-name":
            # Letters only: words with digits are never part of a plan, and the plan is the slow part.
            words = " ".join("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(5)) for _ in range(n))
            f.write("Name,Price,Billing\n")
            f.write('"Netflix Premium %s",9.99,monthly\n' % words)
        elif shape == "open-quote":
            f.write("Name,Price,Billing\n")
            f.write('"Netflix,9.99,monthly\n')
            for i in range(n):
                f.write("Spotify Family %d,9.99,monthly\n" % i)
        elif shape == "identical":
            f.write("Name,Price,Billing\n")
            f.write("Netflix,9.99,monthly\n" * n)
        elif shape == "columns":
            f.write(",".join("Field %d" % i for i in range(n)) + "\n")
            f.write(",".join(str(i) for i in range(n)) + "\n")
        elif shape == "blank-lines":
            f.write("Name,Price,Billing\nNetflix,9.99,monthly\n")
            f.write("\n" * n)
            f.write("Spotify,10.99,monthly\n")
        elif shape == "big-cell":
            f.write("Name,Price,Notes\n")
            f.write("Netflix,9.99,%s\n" % ("x" * n))
        elif shape == "big-rows":
            f.write("Name,Price,Billing,Notes\n")
            for i in range(n):
                f.write("Netflix,9.99,monthly,%s\n" % (rng.choice("abcdefghij") * 1_000_000))
        elif shape == "long-word":
            f.write("x" * n + ",Price,Billing\nNetflix,9.99,monthly\n")
        elif shape == "newlines":
            f.write("\n" * n)
        else:
            sys.exit("unknown shape %s" % shape)


if __name__ == "__main__":
    main()
