"""The static page of `seki report RUN|REPORT.json --html DIR` and `seki.report`: every complete and
semi-complete seki of the run's catalogues is on it, in catalogue order, with its own GO picture and
the catalogue's values; every link stays inside DIR and names a file there; the census tables carry
the census's counts; Debian's headless Chromium opens the page and draws it (a screenshot that is
not blank, and the DOM it parsed has every figure); bad input raises the CLI's message."""

import html.parser
import json
import os
import urllib.parse

import pytest

import seki

KINDS = [(g, k) for g in ("seki", "dseki") for k in ("complete", "semi-complete")]


class Page(html.parser.HTMLParser):
    """The links, ids, matrix figures (with their pictures) and table cells of a page."""

    def __init__(self, text):
        super().__init__()
        self.links, self.ids, self.figures, self.tables = [], set(), [], {}
        self._table = None
        self._row = None
        self._in_figure = False
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        for name in ("src", "href"):
            if name in a:
                self.links.append(a[name])
        if tag == "figure" and a.get("class") == "matrix":
            self._in_figure = True
            self.figures.append({"id": a["id"], "matrix": a["data-matrix"], "img": None, "text": ""})
        elif tag == "img" and self.figures and self.figures[-1]["img"] is None and \
                "as a GO position" in a.get("alt", ""):
            self.figures[-1]["img"] = a["src"]
        elif tag == "table" and a.get("class") == "census":
            self._table = self.tables.setdefault(a["id"], [])
        elif tag == "tr" and self._table is not None:
            self._row = []
            self._table.append(self._row)

    def handle_endtag(self, tag):
        if tag == "figure":
            self._in_figure = False
        elif tag == "table":
            self._table = None
        elif tag == "tr":
            self._row = None

    def handle_data(self, data):
        if self._row is not None and data.strip():
            self._row.append(data.strip())
        if self._in_figure and data.strip():
            self.figures[-1]["text"] += data.strip() + "\n"


def check_links_inside(dir, page):
    """Every src/href is a relative link to a file in dir, or an anchor on the page."""
    real = os.path.realpath(dir)
    for link in page.links:
        parts = urllib.parse.urlsplit(link)
        assert not parts.scheme and not parts.netloc, link
        if link.startswith("#"):
            assert link[1:] in page.ids, link
            continue
        assert not link.startswith("/"), link
        target = os.path.realpath(os.path.join(dir, urllib.parse.unquote(parts.path)))
        assert os.path.commonpath([real, target]) == real, link
        assert os.path.isfile(target), link


@pytest.fixture(scope="module")
def page(run3x3, tmp_path_factory):
    dir = tmp_path_factory.mktemp("page") / "html"
    result = seki.report(run3x3[0], html=dir)
    with open(dir / "index.html", encoding="utf-8") as f:
        return dir, result, Page(f.read())


def test_every_seki_has_its_picture_and_values(run3x3, page):
    dir, result, parsed = page
    run = seki.read_run(run3x3[0])
    expected = []
    for game, kind in KINDS:
        for r in run.catalogue(game, kind):
            expected.append((f"{game}-{kind}", r))
    assert len(expected) == sum(run.summary["totals"]["members"][f"{g}/{k}"] for g, k in KINDS)
    assert len(expected) == 23  # 20 complete seki and 3 complete d-seki of 3x3 <= 3
    assert result["matrices"] == len(parsed.figures) == len(expected)
    assert result["pictures"] == len({str(r["matrix"]) for _, r in expected})
    for figure, (section, r) in zip(parsed.figures, expected):
        assert figure["id"].startswith(section + "-")
        assert figure["matrix"] == str(r["matrix"])
        # its own picture: the SVG of seki.svg, whose title names the matrix
        with open(dir / figure["img"], encoding="utf-8") as f:
            picture = f.read()
        assert picture == seki.svg(r["matrix"])
        assert f"<title>{r['matrix']}" in picture
        # the catalogue's values, and the optimal lines of both first players
        game = "SEKI" if section.startswith("seki") else "D-SEKI"
        assert f"{game}: R={r['R']} C={r['C']} r={r['r']} c={r['c']}" in figure["text"]
        line = seki.optimal_line(r["matrix"], game="seki" if game == "SEKI" else "dseki", first="R")
        assert f"R first ({game}): {line['text']}" in figure["text"]
        # a board position where the matrix has one (docs/go.md): every planar one here
        board = f"go/board-{str(r['matrix']).replace('/', '-')}.svg"
        assert (board in parsed.links) == seki.Matrix(str(r["matrix"])).is_planar(), r["matrix"]
    check_links_inside(dir, parsed)
    assert os.path.isfile(dir / "run.svg")  # the run's plots, drawn with matplotlib
    assert "run.svg" in parsed.links


def test_census_tables_have_the_census(run3x3, page):
    _, _, parsed = page
    census = seki.census(run3x3[0])
    for game in ("seki", "dseki"):
        rows = parsed.tables[f"census-3x3-{game}-height"]
        body = rows[2:]  # two header rows
        by_height = {c["height"]: c for c in census[game]["complete"]["by_height"]}
        semi = {c["height"]: c for c in census[game]["semi-complete"]["by_height"]}
        assert [int(r[0]) for r in body[:-1]] == sorted(set(by_height) | set(semi))
        for r in body[:-1]:
            c = by_height.get(int(r[0]), {})
            assert [int(x) for x in r[1:6]] == [c.get(k, 0) for k in
                                                ("total", "prime", "idsm", "symmetric", "planar")]
        assert body[-1][0] == "all"
        assert int(body[-1][1]) == census[game]["complete"]["total"]["total"]


def test_cli_writes_the_same_page(cli, run3x3, page, tmp_path):
    dir, _, parsed = page
    out = tmp_path / "cli"
    p = cli.run("report", str(run3x3[0]), "--html", str(out))
    assert p.returncode == 0, p.stderr
    assert "23 matrices, 20 GO pictures" in p.stdout
    with open(out / "index.html", encoding="utf-8") as f:
        again = Page(f.read())
    assert again.figures == parsed.figures
    assert again.tables == parsed.tables
    assert sorted(os.listdir(out / "go")) == sorted(os.listdir(dir / "go"))


def test_check_report_page(cli, tmp_path):
    report = tmp_path / "check.json"
    p = cli.run("check", "6.2", "--shapes", "3x3", "--max-entry", "3", "--min-height", "3",
                "--quiet", "--json", str(report))
    assert p.returncode == 0, p.stderr
    j = json.loads(report.read_text())
    out = tmp_path / "page"
    result = seki.report(report, html=out)
    with open(out / "index.html", encoding="utf-8") as f:
        parsed = Page(f.read())
    findings = [f["matrix"] for s in j["shapes"] for f in s["findings"]]
    listed = [line.split()[0] for s in j["shapes"] for line in s["census"]["listed"]]
    assert [f["matrix"] for f in parsed.figures] == listed + findings
    assert result["matrices"] == len(listed) + len(findings) == 7  # the seven of height 3
    assert "census-3x3-seki-height" in parsed.tables
    check_links_inside(out, parsed)
    assert not os.path.exists(out / "run.svg")  # a check report has no plots


def test_bad_source_raises_the_cli_message(cli, tmp_path):
    missing = str(tmp_path / "nothing")
    with pytest.raises(seki.InputError) as e:
        seki.report(missing, html=tmp_path / "page")
    assert str(e.value) == cli.error("report", missing, "--html", str(tmp_path / "page"))


def test_chromium_draws_the_page(page, tmp_path, browser):
    import matplotlib.image

    dir, result, parsed = page
    shot = tmp_path / "page.png"
    browser.screenshot(dir / "index.html", shot, 1280, 3000)
    pixels = matplotlib.image.imread(shot)
    assert pixels.shape[:2] == (3000, 1280)
    assert pixels.std() > 0.05  # not blank: text, tables, pictures
    assert len({tuple(x) for x in pixels[::16, ::16, :3].reshape(-1, 3).round(2)}) > 20
    assert Page(browser.dom(dir / "index.html", 1280, 3000)).figures == parsed.figures
