"""Tables for papers and docs: the census as Markdown or LaTeX (``seki census [--latex]``) and the
values of matrices as one LaTeX table (``seki solve --format latex``); booktabs for LaTeX."""

import os

from . import _seki
from ._seki import Matrix


def _sources(sources):
    return [os.fspath(s) for s in sources]


def census_markdown(*sources):
    """``seki census SOURCES``: Markdown tables of finished runs and check reports."""
    return _seki.census_text(_sources(sources), "markdown", "seki.census_markdown")


def census_latex(*sources):
    """``seki census SOURCES --latex``: a summary table, then per shape and game the complete and
    semi-complete seki by height and by sum, each a ``table`` float (needs booktabs)."""
    return _seki.census_text(_sources(sources), "latex", "seki.census_latex")


def solve_latex(matrices, exhaustive=False, engine="auto", memory_limit=""):
    """``seki solve --format latex [--engine E] [--memory-limit M]``: one tabular, a row per
    matrix with both games' values (the same for every engine)."""
    if isinstance(matrices, (str, Matrix)):
        matrices = [matrices]
    return _seki.solve_latex([Matrix(m) for m in matrices], exhaustive, engine, memory_limit)
