"""Run directories: enumerate, read back (catalogues as lazy iterators), verify, export, and the
region check of ``seki check`` (engine/run, engine/readback and engine/check through
``_seki``)."""

import builtins
import json
import os

from . import _seki
from ._seki import InputError

_KINDS = ("seki", "complete", "semi-complete")
# The fields of a catalogue record, in line order: the columns of to_pandas (also when empty).
_COLUMNS = ("matrix", "sum", "height", "R", "C", "r", "c", "idsm", "prime", "symmetric", "planar")


class Run:
    """A finished (or partial) run directory written by ``seki enumerate`` or :func:`enumerate`."""

    def __init__(self, dir):
        self.dir = os.fspath(dir)
        self.manifest = _seki.read_manifest(self.dir)
        path = os.path.join(self.dir, "summary.json")
        self.summary = None
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                self.summary = json.load(f)

    def _lines(self, relative, parse):
        path = os.path.join(self.dir, relative)
        if not os.path.exists(path):
            raise InputError(f"{path}: no such file")
        with open(path, encoding="utf-8", newline="\n") as f:
            for number, line in builtins.enumerate(f, 1):
                try:
                    yield parse(line.rstrip("\n"))
                except ValueError as e:
                    raise InputError(f"{path}:{number}: {e}") from None

    def catalogue(self, game="seki", kind="seki"):
        """The records of DIR/<game>/<kind>.txt, one dict per line, parsed by the strict parser of
        ``seki verify``: matrix (a Matrix), sum, height, R, C, r, c, idsm, prime, symmetric,
        planar. game: 'seki' or 'dseki'; kind: 'seki', 'complete' or 'semi-complete'."""
        if game not in ("seki", "dseki"):
            raise InputError(f"game: '{game}' is not seki or dseki")
        if kind not in _KINDS:
            raise InputError(f"kind: '{kind}' is not seki, complete or semi-complete")
        return self._lines(f"{game}/{kind}.txt", _seki.parse_catalogue_line)

    def outcomes(self):
        """The records of DIR/outcomes.txt (runs with outcomes=True): matrix, seki, dseki."""
        return self._lines("outcomes.txt", _seki.parse_outcome_line)

    def levels(self):
        """The manifest's per-level counts, seconds and memory."""
        return self.manifest["levels"]

    def to_pandas(self, game="seki", kind="seki"):
        """A catalogue as a pandas DataFrame, a row per record, the columns the record's fields
        (matrix as text); an empty catalogue gives an empty frame with the same columns. Needs
        pandas."""
        import pandas  # ImportError when pandas is not installed

        rows = []
        for r in self.catalogue(game, kind):
            r = dict(r)
            r["matrix"] = str(r["matrix"])
            rows.append([r[c] for c in _COLUMNS])
        return pandas.DataFrame(rows, columns=list(_COLUMNS))

    def __repr__(self):
        p = self.manifest.get("parameters", {})
        return f"seki.Run({self.dir!r}, {p})"


def read_run(dir):
    """The run in ``dir``: its manifest and summary (dicts) and its catalogues."""
    return Run(dir)


def enumerate(rows, cols, max_entry=None, max_sum=None, out=None, threads=0, outcomes=False,
              resume=False, force=False, generate_only=False, memory_limit=None, device="cpu",
              checkpoint_every=1, lists="auto", parts=None, progress=None):
    """``seki enumerate``: every class of rows x cols matrices within the bounds, both games, into
    the run directory ``out``. ``device`` is ``--device``: 'cpu' (the default), 'gpu' (the thrust
    engine on a CUDA GPU, when built with CUDA) or 'thrust-cpu'; the files are the same.
    ``checkpoint_every`` is ``--checkpoint-every``: N (every N levels), "Mm" (minutes) or "N,Mm";
    ``lists`` is ``--lists``: 'auto', 'all' or 'complete'; ``parts`` is ``--parts`` (every level in
    that many parts; by default only levels too large for ``memory_limit``). ``progress(level)`` is called after each level with its report
    (sum, classes, starting, members, seconds, peak_rss_bytes). An exception in ``progress`` or a
    KeyboardInterrupt stops the run cleanly (finished levels are saved; continue with
    resume=True) and is raised again. Returns summary.json's contents."""
    if out is None:
        raise InputError("out: a run directory is required")
    args = [f"rows={rows}", f"cols={cols}"]
    if max_entry is not None:
        args.append(f"max_entry={max_entry}")
    if max_sum is not None:
        args.append(f"max_sum={max_sum}")
    args.append(f"out={os.fspath(out)!r}")
    if device != "cpu":
        args.append(f"device={device!r}")
    if str(checkpoint_every) != "1":
        args.append(f"checkpoint_every={checkpoint_every!r}")
    if lists != "auto":
        args.append(f"lists={lists!r}")
    if parts is not None:
        args.append(f"parts={parts}")
    command = "seki.enumerate(" + ", ".join(args) + ")"
    r = _seki.enumerate(rows, cols, -1 if max_entry is None else max_entry,
                        -1 if max_sum is None else max_sum, os.fspath(out), threads, outcomes,
                        resume, force, generate_only, memory_limit or "", str(device),
                        str(checkpoint_every), str(lists), 0 if parts is None else parts, command,
                        progress)
    if r["status"] == "interrupted":
        raise KeyboardInterrupt(f"run interrupted; continue with {r['resume_hint']}")
    if r["summary"] is None:  # already complete: nothing was done
        return read_run(out).summary
    return r["summary"]


def check(conjecture, shapes=(), max_rows=None, max_cols=None, max_entry=None, max_sum=None,
          min_height=None, threads=0, memory_limit=None, checkpoint=None, resume=False,
          parts=None, progress=None):
    """``seki check CONJECTURE``: a dict with the fields of ``seki check --json``.
    ``checkpoint`` is ``--checkpoint DIR`` (each finished level saved there) and ``resume=True``
    ``--resume`` (go on from what DIR holds, e.g. after an exception in ``progress``); ``parts`` is
    ``--parts`` (every level in that many parts; the same report).
    ``progress(level)`` is called after each level of each shape with {"rows", "cols", "sum",
    "classes", "seconds"}; an exception there (or Ctrl-C) stops the check and is raised again."""
    def bound(x):
        return -1 if x is None else x
    command = f"seki.check({conjecture!r}, shapes={list(shapes)!r})"
    return _seki.check(str(conjecture), [str(s) for s in shapes], bound(max_rows),
                       bound(max_cols), bound(max_entry), bound(max_sum), bound(min_height),
                       threads, memory_limit or "",
                       "" if checkpoint is None else os.fspath(checkpoint), resume,
                       0 if parts is None else parts, command, progress)


def verify(dir, sample=None, seed=None):
    """``seki verify DIR``: {"ok", "total", "failed", "seed", "checks": [{"what", "ok",
    "detail"}]}."""
    return _seki.verify(os.fspath(dir), sample, seed)


def census(dir):
    """The census of a finished run (`seki census DIR --json`): complete and semi-complete seki of
    both games by height and by sum, each with how many are prime, IDSMs, symmetric, planar."""
    return _seki.census(os.fspath(dir))


def export_sqlite(dir, file, force=False):
    """``seki export DIR --sqlite FILE``: {"classes", "source"}."""
    return _seki.export_sqlite(os.fspath(dir), os.fspath(file), force)
