#!/usr/bin/env python3
"""Writes the benchmark inputs of `seki solve` (bench/inputs/*.txt), one matrix per line, seeded so
that the same files come out every time:

  6x6-linesum5.txt   20 random 6x6 matrices, every row and column sum 5, entries <= 2
  7x7-linesum.txt    7x7 matrices with every line sum 4, 5 or 6 (entries <= 2 for 4 and 5, <= 3 for 6)
  8x8-linesum.txt    8x8 matrices likewise
  complete-seki.txt  complete seki where nothing can be proved early (the 6x6 circulant, the 4x4
                     complete seki of height 4)
  random-mixed.txt   40 random matrices of 3x3 to 6x6 (density and entry bound drawn too) whose
                     down-sets hold 10^7 to 5*10^9 matrices: the region where `auto` must choose

A matrix with equal line sums s is a sum of s permutation matrices (Birkhoff); we add s random
permutations and keep the result when no entry exceeds the bound, which samples such matrices.
Usage: python3 bench/solve_inputs.py   (from the repository root)
"""
import os
import random


def line_sum_matrix(rng, n, s, max_entry):
    while True:
        a = [[0] * n for _ in range(n)]
        for _ in range(s):
            perm = list(range(n))
            rng.shuffle(perm)
            for i, j in enumerate(perm):
                a[i][j] += 1
        if max(max(row) for row in a) <= max_entry:
            return "/".join("".join(str(x) for x in row) for row in a)


def distinct(rng, count, n, s, max_entry):
    seen, out = set(), []
    while len(out) < count:
        m = line_sum_matrix(rng, n, s, max_entry)
        if m not in seen:
            seen.add(m)
            out.append(m)
    return out


def downset_size(rows):
    n = 1
    for row in rows:
        for x in row:
            n *= x + 1
    return n


def random_mixed(rng, count, lo, hi):
    out = []
    while len(out) < count:
        m, n = rng.randint(3, 6), rng.randint(3, 6)
        density, top = rng.uniform(0.3, 0.9), rng.randint(2, 6)
        rows = [[rng.randint(1, top) if rng.random() < density else 0 for _ in range(n)]
                for _ in range(m)]
        if any(not any(r) for r in rows) or any(not any(r[j] for r in rows) for j in range(n)):
            continue
        if lo <= downset_size(rows) <= hi:
            out.append("/".join(",".join(str(x) for x in r) for r in rows))
    return out


def main():
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "inputs")
    os.makedirs(here, exist_ok=True)
    rng = random.Random(20261123)
    files = {
        "6x6-linesum5.txt": distinct(rng, 20, 6, 5, 2),
        "7x7-linesum.txt": distinct(rng, 2, 7, 4, 2) + distinct(rng, 2, 7, 5, 2)
        + distinct(rng, 2, 7, 6, 3),
        "8x8-linesum.txt": distinct(rng, 2, 8, 4, 2) + distinct(rng, 2, 8, 5, 2)
        + distinct(rng, 2, 8, 6, 3),
        "complete-seki.txt": ["221000/022100/002210/000221/100022/210002",
                              "0044/0404/4040/4400", "0303/3030/0340/3004", "033/331/312"],
        "random-mixed.txt": random_mixed(random.Random(20261125), 40, 10**7, 5 * 10**9),
    }
    for name, lines in files.items():
        with open(os.path.join(here, name), "w") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
