"""Values of one matrix: solve, moves, optimal_line, census_below, family_sweep and race (a matrix with outside
liberties and eyes, spec section 7) (engine/solve and engine/census through ``_seki``)."""

import os

from . import _seki
from ._seki import Matrix


class GameValues:
    """One game's values: R, C (who wins when R resp. C begins, for the player to move), r, c
    (best active move; 'L': that player must pass), each 'W', 'D' or 'L', and the class name
    ('complete', 'semi-complete', 'seki' or 'none')."""

    def __init__(self, fields):
        self._fields = fields
        self.R, self.C = fields["R"], fields["C"]
        self.r, self.c = fields["r"], fields["c"]
        self.class_name = fields["class"]

    def __getitem__(self, key):
        return self._fields[key]

    def to_dict(self):
        return dict(self._fields)

    def __repr__(self):
        return f"GameValues(R={self.R!r}, C={self.C!r}, r={self.r!r}, c={self.c!r}, class={self.class_name!r})"


class Solution:
    """Both games' values of a matrix; ``to_dict()`` is ``seki solve --format json``'s object."""

    def __init__(self, fields):
        self._fields = fields
        self.matrix = Matrix(fields["matrix"])
        self.seki = GameValues(fields["seki"])
        self.dseki = GameValues(fields["dseki"])

    def __getitem__(self, key):
        return self._fields[key]

    def to_dict(self):
        return self._fields

    def __repr__(self):
        return f"Solution({self.matrix!s}: seki={self.seki!r}, dseki={self.dseki!r})"


def solve(m, exhaustive=False, engine="auto", memory_limit=""):
    """Both games' values of a starting position, by ``engine`` as `seki solve --engine`: "auto"
    (the default), "search", "downset" or "exhaustive" (``exhaustive=True`` is the same as
    ``engine="exhaustive"``); the values are the same. ``memory_limit`` as --memory-limit (e.g.
    "8G"; a solve that cannot be decided within it raises InputError with the CLI's line)."""
    return Solution(_seki.solve_json(Matrix(m), exhaustive, False, engine, memory_limit))


def moves(m, exhaustive=False, engine="auto", memory_limit=""):
    """Every active move and its result for R and for C when that player makes it, per game:
    ``{"seki": [{"row", "col", "R", "C"}, ...], "dseki": [...]}`` (rows, columns from 1)."""
    j = _seki.solve_json(Matrix(m), exhaustive, True, engine, memory_limit)
    return {game: j[game]["moves"] for game in ("seki", "dseki")}


def optimal_line(m, game="seki", first="R", exhaustive=False, engine="auto", memory_limit=""):
    """One line of optimal play from m in ``game`` ('seki' or 'dseki') with ``first`` ('R' or
    'C') moving first: ``{"result", "ending", "text", "steps": [{"player", "pass", "row", "col",
    "after"}]}``; result is for the first player. ``memory_limit`` as in solve()."""
    return _seki.optimal_line_json(Matrix(m), game, first, exhaustive, engine, memory_limit)


def race(m, outside="", eyes="", moves=False, engine="auto", memory_limit=""):
    """A race of spec section 7 (`seki race M --outside ... --eyes ... --format json`): the
    matrix m of shared liberties with each group's outside liberties and one-point eye beside it,
    each given as "ROWS:COLS" ("2,0:1" rows 2 and 0, column 1; a side left empty is all zero) or
    as a pair of lists ([2, 0], [1]). A plain race's dict is solve()'s; any other's has "race",
    "outside", "eyes" and, with moves, each move's "move", "kind", "R" and "C" (None where that
    player may not make it) and the lines."""
    return _seki.race_json(str(Matrix(m)), _sides(outside), _sides(eyes), moves, engine,
                           memory_limit)


def _sides(value):
    if isinstance(value, str):
        return value
    rows, cols = value
    return ",".join(str(x) for x in rows) + ":" + ",".join(str(x) for x in cols)


def origin(m, engine="auto", memory_limit=""):
    """Where a matrix comes from (`seki origin --format json [--engine E]`): direct sum, every
    reduction undoing an E1/E2 or (c,k,k,-k)-extension with the smaller matrix's classes, family
    A^n, B^n or C_k. ``memory_limit`` as in solve()."""
    return _seki.origin_json(Matrix(m), engine, memory_limit)


def census_below(m, threads=0, memory_limit="", checkpoint="", resume=False, scratch="",
                 values_of=(), plain_pass=False):
    """Every complete and semi-complete seki and d-seki B <= m (entrywise, no zero line), each
    class once, and the seki matrices by height, in one down-set pass of m: the document of
    `seki census --below m --format json` (``threads`` 0: every core; ``memory_limit`` as
    --memory-limit, e.g. "8G"; ``checkpoint``: a directory, with ``resume`` as --resume;
    ``scratch``: a directory for a ring that fits memory in neither mode, as --scratch;
    ``values_of``: matrices B <= m whose values the document's "values" holds, as --values-of;
    ``plain_pass``: one value for every matrix even where m's symmetries allow one an orbit, as
    --plain-pass)."""
    return _seki.census_below_json(Matrix(m), threads, memory_limit, os.fspath(checkpoint), resume,
                                   os.fspath(scratch), [Matrix(b) for b in values_of], plain_pass)


def family_sweep(family, first, last, n=0, engine="auto", threads=0, memory_limit="",
                 checkpoint="", resume=False, output=""):
    """A sweep over a parameterised family, as `seki family FAMILY --from FIRST --to LAST --format
    json`: one dict a member, {family, size, parameter, name, matrix, seki, dseki, engine, seconds}
    (``family``: A, B, C, cycle, alternating, opposite or cubic; ``n``: the size k of the cycle
    families; ``checkpoint`` with ``resume`` and ``output`` as --checkpoint, --resume and
    --output)."""
    return _seki.family_sweep_json(family, first, last, n, engine, threads, memory_limit,
                                   os.fspath(checkpoint), resume, os.fspath(output))
