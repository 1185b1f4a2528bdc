"""seki: the matrix games SEKI and D-SEKI (Gol'berg, Gurvich et al., 2014) from Python.

A thin shell over the C++ libraries of the `seki` tool (module ``seki._seki``): every value,
catalogue line and report comes from the same code as the CLI, and the dictionaries have the
fields of the CLI's JSON. Bad input raises :class:`InputError` (a ``ValueError``) whose message is
the line ``seki`` prints after ``seki: ``.

    >>> import seki
    >>> m = seki.Matrix("033/331/312")
    >>> seki.solve(m).seki.R
    'D'

Indices: ``m[i, j]`` is 0-based like every Python sequence; the entries named in game terms
(``extend_e1(i, j)``, ``extend_e2(i, j)``, the rows and columns of moves and lines) are numbered
from 1, as in the CLI (``seki extend --at I,J``, ``seki solve --moves``).
"""

from ._seki import A, B, C, InputError, Matrix, __version__
from .solve import (GameValues, Solution, census_below, family_sweep, moves, optimal_line, origin,
                    race, solve)
from .runs import Run, census, check, enumerate, export_sqlite, read_run, verify
from .pictures import svg, to_html, to_latex
from .report import report
from .tables import census_latex, census_markdown, solve_latex
from . import go


def plot_run(dir, out=None):
    """Classes, seconds, memory and catalogue members per level of a run (matplotlib); see
    seki.plot."""
    from .plot import plot_run as plot

    return plot(dir, out)

__all__ = [
    "__version__", "A", "B", "C", "InputError", "Matrix", "GameValues", "Solution", "solve", "moves", "race",
    "optimal_line", "origin", "svg", "to_html", "to_latex", "plot_run", "Run", "read_run",
    "enumerate", "check", "census", "census_below", "family_sweep", "verify", "export_sqlite", "census_latex", "census_markdown",
    "solve_latex", "report", "go",
]
