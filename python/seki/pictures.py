"""Pictures and tables of a matrix: its GO picture (SVG, drawn by the C++ layout of
engine/structure/go_picture.hpp) and a table with labelled rows and columns (HTML, LaTeX)."""

from . import _seki
from ._seki import Matrix


def svg(m, file=None):
    """The GO picture of m as an SVG document: a white stone per row group, a black stone per
    column group, and A(i,j) shared liberties (small empty points) between row group i and column
    group j; a planar drawing when the bipartite graph of m is planar. Written to ``file`` when
    given; returned in any case."""
    text = _seki.svg(Matrix(m))
    if file is not None:
        with open(file, "w", encoding="utf-8") as f:
            f.write(text)
    return text


def to_html(m):
    """The matrix as an HTML table, rows R1.. and columns C1.. labelled."""
    m = Matrix(m)
    head = "".join(f"<th>C{j + 1}</th>" for j in range(m.cols))
    body = "".join(
        f"<tr><th>R{i + 1}</th>" + "".join(f"<td>{m[i, j]}</td>" for j in range(m.cols)) + "</tr>"
        for i in range(m.rows))
    return (f'<table class="seki-matrix"><caption>{m}</caption><tr><th></th>{head}</tr>'
            f"{body}</table>")


def to_latex(m):
    """The matrix as a LaTeX tabular, rows R1.. and columns C1.. labelled."""
    m = Matrix(m)
    lines = ["\\begin{tabular}{r|" + "r" * m.cols + "}",
             " & " + " & ".join(f"$C_{{{j + 1}}}$" for j in range(m.cols)) + " \\\\ \\hline"]
    for i in range(m.rows):
        lines.append(f"$R_{{{i + 1}}}$ & " + " & ".join(str(m[i, j]) for j in range(m.cols)) +
                     " \\\\")
    lines.append("\\end{tabular}")
    return "\n".join(lines) + "\n"


# Jupyter shows a Matrix as its GO picture; m.to_latex() and m.to_html() give the tables.
Matrix._repr_svg_ = lambda self: svg(self)
Matrix._repr_html_ = lambda self: to_html(self)
Matrix._repr_latex_ = lambda self: "$" + to_latex(self).replace("\n", " ") + "$"
Matrix.to_html = to_html
Matrix.to_latex = to_latex
Matrix.svg = svg


def _array(self, dtype=None, copy=None):
    import numpy

    return numpy.array(self.tolist(), dtype=dtype)


Matrix.__array__ = _array  # numpy.asarray(m)
