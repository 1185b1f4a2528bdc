"""GO positions: read a board (an SGF file or a text diagram), take its groups as the paper's matrix,
decide it exactly and say the verdict in GO terms; write the analysis back as SGF; build a board
that realises a planar matrix. The same code as `seki go` (docs/go.md).

    >>> import seki.go
    >>> a = seki.go.analyse(text='''
    ... . X X X X X .
    ... X O O O O O X
    ... X O . . X O X
    ... X O X X X O X
    ... X O O O O O X
    ... . X X X X X .''')
    >>> a["matrix"], a["seki"]["class"]
    ('2', 'complete')

Points are GO coordinates (columns A..Z without I, row 1 at the bottom). Rows of the matrix are the
white groups, columns the black groups (R is Black); a race has each group's outside liberties and
eye beside it (docs/rules.md, "Races"). Bad input raises :class:`seki.InputError`.
"""

import os

from . import _seki


def _source(source, text, realise):
    if sum(x is not None for x in (source, text, realise)) != 1:
        raise _seki.InputError("go: give one position: a file, text= or realise=")
    if source is not None:
        return {"file": os.fspath(source)}
    if text is not None:
        return {"text": text}
    return {"realise": str(realise)}


def analyse(source=None, region=None, *, text=None, realise=None, sgf=None, svg=None, html=None,
            engine="auto"):
    """`seki go SOURCE --format json` as a dict: the fields of `seki solve --format json --moves`
    and the board, groups, entries (each with its liberties), verdict, dseki_verdict, parting and
    go_lines. source: a path (SGF or a diagram); or text= the position itself; or realise= a
    matrix (a board built for it). region: "C3:H9" or "C3,E5" (default: every chain that is a
    group of a race: its liberties shared, outside liberties next to a wall of the other colour,
    or one eye). sgf=, svg=, html= write the analysis as SGF, the board, a page."""
    return _seki.go_json(**_source(source, text, realise), region=region or "", engine=engine,
                         sgf=os.fspath(sgf) if sgf else "", svg=os.fspath(svg) if svg else "",
                         html=os.fspath(html) if html else "")


class Board:
    """The board of a position as SVG (shown by Jupyter), each shared liberty labelled i,j."""

    def __init__(self, svg):
        self.svg = svg

    def _repr_svg_(self):
        return self.svg

    def __repr__(self):
        return f"<seki.go.Board: {len(self.svg)} bytes of SVG>"


def board(source=None, region=None, *, text=None, realise=None):
    """The board of `seki go --svg` (see analyse for the arguments)."""
    return Board(_seki.go_board_svg(**_source(source, text, realise), region=region or ""))
