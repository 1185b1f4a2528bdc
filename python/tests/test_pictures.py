"""The GO picture (SVG), the tables, `seki show --svg`, and the plots of a run."""

import os
import xml.etree.ElementTree as ET

import pytest

import seki

SVG = "{http://www.w3.org/2000/svg}"


def stones_and_liberties(text):
    root = ET.fromstring(text)
    circles = root.iter(SVG + "circle")
    classes = [c.get("class", "") for c in circles]
    return (sum(c.startswith("stone") for c in classes), classes.count("liberty"))


def segments_cross(p, q, r, s):
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    if len({p, q, r, s}) < 4:
        return False  # segments sharing a stone meet there
    return (orient(p, q, r) * orient(p, q, s) < 0) and (orient(r, s, p) * orient(r, s, q) < 0)


@pytest.mark.parametrize("text", ["033/331/312", "033/403/430", "22/22", "1,12/3,4", "111/111/111",
                                  "21000/12000/00300/00011/00011", "1/1/1"])
def test_svg_parses_and_counts(text):
    m = seki.Matrix(text)
    picture = seki.svg(m)
    assert m._repr_svg_() == picture
    stones, liberties = stones_and_liberties(picture)
    assert stones == m.rows + m.cols
    assert liberties == m.sum


@pytest.mark.parametrize("text", ["033/331/312", "033/403/430", "1100/1110/0111/0011", "22/22"])
def test_planar_matrices_are_drawn_without_crossings(text):
    m = seki.Matrix(text)
    assert m.is_planar()
    layout = seki._seki.go_picture(m)
    assert layout["planar"]
    edges = [(tuple(layout["rows"][i]), tuple(layout["cols"][j]))
             for i in range(m.rows) for j in range(m.cols) if m[i, j] > 0]
    for a in range(len(edges)):
        for b in range(a + 1, len(edges)):
            assert not segments_cross(*edges[a], *edges[b]), (edges[a], edges[b])


def test_non_planar_matrix_uses_two_rows():
    m = seki.Matrix("111/111/111")
    assert not m.is_planar()
    layout = seki._seki.go_picture(m)
    assert not layout["planar"]
    assert len({y for _, y in layout["rows"]}) == 1 and len({y for _, y in layout["cols"]}) == 1


def test_show_svg_equals_module(cli, tmp_path):
    path = tmp_path / "fig2.svg"
    p = cli.run("show", "033/331/312", "--svg", str(path))
    assert p.returncode == 0, p.stderr
    assert path.read_text() == seki.svg("033/331/312")


def test_tables():
    m = seki.Matrix("033/331/312")
    html = m._repr_html_()
    assert ET.fromstring(html).tag == "table" and "<th>C3</th>" in html and "<th>R2</th>" in html
    latex = m.to_latex()
    assert latex.startswith("\\begin{tabular}") and "$R_{3}$ & 3 & 1 & 2" in latex


def test_plot_run(run3x3, tmp_path):
    out = tmp_path / "run.png"
    fig = seki.plot_run(run3x3[0], out)
    assert out.stat().st_size > 1000 and len(fig.axes) >= 3
    svg = tmp_path / "run.svg"
    seki.plot_run(run3x3[0], svg)
    ET.parse(svg)


def test_seki_plot_command(cli, run3x3, tmp_path):
    out = tmp_path / "cli.svg"
    p = cli.run("plot", str(run3x3[0]), "--out", str(out))
    assert p.returncode == 0, p.stderr
    ET.parse(out)
    p = cli.run("plot", str(tmp_path / "missing"), "--out", str(out))
    assert p.returncode == 2 and p.stderr.startswith("seki: ")


def test_plot_statuses(run3x3, tmp_path, monkeypatch, capsys):
    """python3 -m seki.plot ends with the tool's statuses: 2 for a run it cannot read or a picture it
    cannot write, 70 for anything else (never 1, a finding), each with one line on stderr."""
    import seki.plot

    assert seki.plot.main([str(tmp_path / "missing"), "--out", str(tmp_path / "a.svg")]) == 2
    assert seki.plot.main([str(run3x3[0]), "--out", str(tmp_path / "no" / "a.svg")]) == 2
    assert capsys.readouterr().err.count("\n") == 2

    def broken(dir, out=None):
        raise RuntimeError("a bug\nin two lines")

    monkeypatch.setattr(seki.plot, "plot_run", broken)
    assert seki.plot.main([str(run3x3[0]), "--out", str(tmp_path / "b.svg")]) == 70
    assert capsys.readouterr().err == "seki: internal error: RuntimeError: a bug in two lines\n"
