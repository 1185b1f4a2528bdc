#!/usr/bin/env python3
"""Writes the matrix lists that docs/results.md solves (inputs, not results), the same every time:

  gurvich-entries.txt  every 4x4 matrix with eight positive entries, six equal to 5 and two to 4,
                       one per class (up to row and column permutation): Gurvich's letter read as
                       shared-liberty entries
  ext-4333.txt         the (4,3,3,-3)-extension of each 3x3 complete seki of height 3 listed by
                       c62-3x3h3.json (`seki check 6.2 --shapes 3x3 --max-entry 3 --min-height 3`)
                       at each of its entries 3, in the list's order, row-major (a comment line
                       before each names the matrix and the entry)
  12cycle-abb-A-B.txt  the period-3 weightings (a, b, b) of the 12-cycle, 1 <= a <= A, 1 <= b <= B,
                       a first (for `seki census --below M --values-file`, M the (A, B, B) one):
                       row i (from 0) holds d_i at column i and o_i at column i + 1 mod 6, with
                       d = (a, b, b, a, b, b) and o = (b, a, b, b, a, b), so that going around the
                       cycle the entries are a, b, b, a, b, b, ...; written with commas

and checks that gurvich-line-sums.txt (kept since 2026-11-24) holds one matrix of each class of 4x4
matrices with one row and one column summing to 4 and the others to 5, each once.
Usage (from the repository root): python3 docs/results/make_inputs.py
A class's representative is the first matrix in row-major order of the generation below; the
class of a matrix is found by trying every row order with the columns sorted.
"""
import itertools
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def text(m):
    return "/".join("".join(str(x) for x in row) for row in m)


def parse(s):
    return [[int(c) for c in row] for row in s.split("/")]


def class_key(m):
    """The same for every row and column permutation of m."""
    return max(tuple(sorted(zip(*order))) for order in itertools.permutations(m))


def gurvich_entries():
    cells = [(i, j) for i in range(4) for j in range(4)]
    seen, out = set(), []
    for positive in itertools.combinations(cells, 8):
        for fours in itertools.combinations(positive, 2):
            m = [[0] * 4 for _ in range(4)]
            for (i, j) in positive:
                m[i][j] = 4 if (i, j) in fours else 5
            if any(sum(r) == 0 for r in m) or any(sum(c) == 0 for c in zip(*m)):
                continue
            key = class_key(m)
            if key not in seen:
                seen.add(key)
                out.append(text(m))
    return out


def line_sum_classes():
    """Classes of 4x4 matrices with row sums 4,5,5,5 and column sums 4,5,5,5 (in some order)."""
    def rows_with(total):
        return [r for r in itertools.product(range(total + 1), repeat=4) if sum(r) == total]
    seen = set()
    r4, r5 = rows_with(4), rows_with(5)
    for first in r4:
        for rest in itertools.product(r5, repeat=3):
            m = [first, *rest]
            if sorted(sum(c) for c in zip(*m)) == [4, 5, 5, 5]:
                seen.add(class_key(m))
    return seen


def extensions_4333():
    listed = json.load(open(os.path.join(HERE, "c62-3x3h3.json")))
    lines = []
    for f in listed["shapes"][0]["findings"]:
        if f["height"] != 3 or f["seki"]["class"] != "complete seki":
            continue
        a = parse(f["matrix"])
        for i in range(3):
            for j in range(3):
                if a[i][j] != 3:
                    continue
                # A new row 0 and column 0: E(0,0) = 4, E(0,j+1) = E(i+1,0) = 3, A(i,j) lowered by 3.
                e = [[0] * 4 for _ in range(4)]
                e[0][0] = 4
                e[0][j + 1] = 3
                e[i + 1][0] = 3
                for r in range(3):
                    for c in range(3):
                        e[r + 1][c + 1] = a[r][c] - (3 if (r, c) == (i, j) else 0)
                lines.append(f"# {f['matrix']} at ({i + 1},{j + 1})")
                lines.append(text(e))
    return lines


ABB_GRIDS = [(8, 8), (10, 5), (10, 8), (8, 10), (10, 9), (5, 11), (5, 12), (6, 11), (9, 10), (6, 12)]


def abb(a, b):
    d, o = [a, b, b, a, b, b], [b, a, b, b, a, b]
    rows = []
    for i in range(6):
        r = [0] * 6
        r[i], r[(i + 1) % 6] = d[i], o[i]
        rows.append(",".join(str(x) for x in r))
    return "/".join(rows)


def abb_grid(top_a, top_b):
    return [abb(a, b) for a in range(1, top_a + 1) for b in range(1, top_b + 1)]


def main():
    kept = [l for l in open(os.path.join(HERE, "gurvich-line-sums.txt")).read().split()
            if l and not l.startswith("#")]
    keys = [class_key(parse(m)) for m in kept]
    assert len(set(keys)) == len(keys), "gurvich-line-sums.txt holds a class twice"
    assert set(keys) == line_sum_classes(), "gurvich-line-sums.txt is not every line-sum class"
    entries = gurvich_entries()
    with open(os.path.join(HERE, "gurvich-entries.txt"), "w") as f:
        f.write("# Gurvich's letter read as entries: every 4x4 matrix with eight positive entries, "
                "six 5 and two 4, one per class\n# written by docs/results/make_inputs.py\n")
        f.write("\n".join(entries) + "\n")
    with open(os.path.join(HERE, "ext-4333.txt"), "w") as f:
        f.write("# The (4,3,3,-3)-extension of each 3x3 complete seki of height 3 of "
                "c62-3x3h3.json at each entry 3\n# written by docs/results/make_inputs.py\n")
        f.write("\n".join(extensions_4333()) + "\n")
    for top_a, top_b in ABB_GRIDS:
        with open(os.path.join(HERE, f"12cycle-abb-{top_a}-{top_b}.txt"), "w") as f:
            f.write(f"# The weightings (a, b, b) of the 12-cycle, 1 <= a <= {top_a}, 1 <= b <= "
                    f"{top_b}, a first\n# written by docs/results/make_inputs.py\n")
            f.write("\n".join(abb_grid(top_a, top_b)) + "\n")
    print(f"gurvich-line-sums.txt: {len(kept)} classes, every one; gurvich-entries.txt: "
          f"{len(entries)} classes; ext-4333.txt written; "
          f"{', '.join(f'12cycle-abb-{a}-{b}.txt' for a, b in ABB_GRIDS)} written")


if __name__ == "__main__":
    main()
