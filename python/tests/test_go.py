"""seki.go: a GO position read from a file or a text, or built from a matrix, decided as `seki go`
decides it (the same dict as its JSON), the analysis written back as SGF, the board as SVG, its
page drawn by Debian's headless Chromium (a screenshot that is not blank, the DOM with the board),
and bad input raising the CLI's message."""

import json
import os
import re

import pytest

import seki
import seki.go

from conftest import SOURCE_DIR

CLASSIC = os.path.join(SOURCE_DIR, "docs", "go", "classic-seki.txt")


def test_the_dict_is_the_cli_json(cli):
    a = seki.go.analyse(CLASSIC)
    assert a == cli.json_lines("go", CLASSIC, "--format", "json")[0]
    assert a["matrix"] == "2" and a["seki"]["class"] == "complete"
    assert [g["name"] for g in a["groups"]["white"]] == ["W B5"]
    assert a["entries"] == [{"row": 1, "col": 1, "liberties": ["C4", "D4"]}]
    assert a["verdict"].startswith("Complete seki")


def test_text_and_realise(cli):
    with open(CLASSIC) as f:
        assert seki.go.analyse(text=f.read())["matrix"] == "2"
    r = seki.go.analyse(realise="033/403/430")
    assert r["seki"]["class"] == "semi-complete"
    assert r["parting"].startswith("GO may differ")
    assert "must not fill any shared liberty" in r["verdict"]


def test_writes_sgf_and_board(tmp_path, cli):
    a = seki.go.analyse(CLASSIC, sgf=tmp_path / "a.sgf", svg=tmp_path / "b.svg")
    text = (tmp_path / "a.sgf").read_text()
    assert text.startswith("(;GM[1]FF[4]") and "LB[cc:1,1][dc:1,1]" in text
    assert seki.go.analyse(tmp_path / "a.sgf") == a  # the position read back
    board = seki.go.board(CLASSIC)
    assert board._repr_svg_() == (tmp_path / "b.svg").read_text()
    assert board.svg.count('class="stone white"') == 14


def test_bad_input_raises_the_cli_message(cli, tmp_path):
    eye = os.path.join(SOURCE_DIR, "docs", "go", "big-eye.txt")
    with pytest.raises(seki.InputError) as e:
        seki.go.analyse(eye, region="B6,D5", sgf=tmp_path / "x.sgf")
    assert str(e.value) == cli.error("go", eye, "--region", "B6,D5")
    assert not (tmp_path / "x.sgf").exists()
    with pytest.raises(seki.InputError):
        seki.go.analyse(text="(;GM[1]SZ[9]AB[aa]")
    with pytest.raises(ValueError):
        seki.go.analyse(realise="133/313/331")
    with pytest.raises(seki.InputError):
        seki.go.analyse(CLASSIC, text="X")


def test_chromium_draws_the_board(tmp_path, browser):
    import matplotlib.image

    seki.go.analyse(realise="033/331/312", html=tmp_path / "page")
    page = tmp_path / "page" / "index.html"
    shot = tmp_path / "board.png"
    browser.screenshot(page, shot, 900, 1200)
    pixels = matplotlib.image.imread(shot)
    assert pixels.shape[:2] == (1200, 900)
    assert pixels.std() > 0.05
    # the board's wood colour (#e8c57a) and black stones are on the screen
    colours = {tuple(x) for x in (pixels[::4, ::4, :3] * 255).round().astype(int).reshape(-1, 3)}
    assert (232, 197, 122) in colours and (17, 17, 17) in colours
    dom = browser.dom(page, 900, 1200)
    assert 'class="board"' in dom and 'data-matrix="' in dom and 'src="board.svg"' in dom
    assert "Complete seki" in dom


def test_docs_examples_are_what_the_command_gives(cli, tmp_path):
    """docs/go.md's example output and the SGF files in docs/go/ are what `seki go` makes now."""
    with open(os.path.join(SOURCE_DIR, "docs", "go.md"), encoding="utf-8") as f:
        doc = f.read()
    examples = re.findall(r"\$ seki go (docs/go/\S+)\n(.*?)```", doc, re.S)
    assert [name for name, _ in examples][:2] == ["docs/go/classic-seki.txt",
                                                  "docs/go/race-open-wall.txt"]
    for name, shown in examples:
        p = cli.run("go", os.path.join(SOURCE_DIR, name))
        assert p.returncode == 0 and p.stdout == shown, name
    go_dir = os.path.join(SOURCE_DIR, "docs", "go")
    for args, name in ((["--realise", "033/331/312"], "fig2.sgf"),
                       ([os.path.join(go_dir, "classic-seki.sgf")], "classic-seki-analysis.sgf")):
        out = tmp_path / name
        assert cli.run("go", *args, "--sgf", str(out)).returncode == 0
        written = out.read_text().replace(os.path.join(go_dir, ""), "docs/go/")
        with open(os.path.join(go_dir, name), encoding="utf-8") as f:
            assert written == f.read(), name
