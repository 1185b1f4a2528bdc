"""The static HTML page of a run or a check report (``seki report SOURCE --html DIR``): summary,
census, every complete and semi-complete seki as its GO picture with values and optimal lines, and
a run's plots (drawn here with matplotlib)."""

import os

from . import _seki

PLOT_FILE = "run.svg"


def _draw_plots(run, dir):
    from .plot import plot_run

    plot_run(run, os.path.join(dir, PLOT_FILE))
    return [PLOT_FILE]


def report(source, html, plots=True):
    """Writes ``html``/index.html (and its pictures) for the run directory or check report
    ``source``; ``plots=False`` leaves out the run's plots (which need matplotlib). Returns
    {"page", "matrices", "pictures"}."""
    command = f"seki.report({os.fspath(source)!r}, html={os.fspath(html)!r})"
    return _seki.html_report(os.fspath(source), os.fspath(html), command,
                             _draw_plots if plots else None)
