"""solve, moves and optimal_line against the paper and `seki solve --format json`."""

import json
import pytest

import seki

FIG2 = "033/331/312"


def test_paper_examples():
    s = seki.solve(FIG2)
    assert (s.seki.R, s.seki.C, s.seki.r, s.seki.c) == ("D", "D", "L", "L")
    assert s.seki.class_name == "complete"
    assert seki.solve("033/403/430").seki.class_name == "semi-complete"
    for family in (seki.A, seki.B, seki.C):
        assert seki.solve(family(3)).seki.R == "D"


@pytest.mark.parametrize("text", [FIG2, "033/403/430", "13/33", "3,10,0/0,3,3"])
def test_solve_equals_cli(cli, text):
    (j,) = cli.json_lines("solve", "--format", "json", text)
    assert seki.solve(text).to_dict() == j
    assert seki.solve(text, exhaustive=True).to_dict() == j
    for engine in ("auto", "search", "downset", "exhaustive"):
        assert seki.solve(text, engine=engine).to_dict() == j


def test_engines_give_the_same_moves_and_lines():
    for engine in ("search", "downset", "exhaustive"):
        assert seki.moves(FIG2, engine=engine) == seki.moves(FIG2)
        assert seki.optimal_line(FIG2, engine=engine) == seki.optimal_line(FIG2)
    with pytest.raises(ValueError) as e:
        seki.solve(FIG2, engine="magic")
    assert str(e.value) == "engine: 'magic' is not an engine (auto, search, downset or exhaustive)"


def test_families_equal_cli(cli):
    ms = [seki.A(3), seki.B(3), seki.C(3), seki.A(4)]
    lines = cli.json_lines("solve", "--format", "json", *[str(m) for m in ms])
    assert [seki.solve(m).to_dict() for m in ms] == lines


@pytest.mark.parametrize("text", [FIG2, "033/403/430", "22/22"])
def test_moves_and_lines_equal_cli(cli, text):
    (j,) = cli.json_lines("solve", "--moves", "--format", "json", text)
    mv = seki.moves(text)
    for game in ("seki", "dseki"):
        assert mv[game] == j[game]["moves"]
        for first in ("R", "C"):
            line = seki.optimal_line(text, game=game, first=first)
            expected = j[game]["lines"][first]
            assert {k: line[k] for k in expected} == expected
            assert line["text"].endswith(expected["ending"])


def test_every_class_equals_cli(cli, run3x3, tmp_path):
    """Every class with no zero line of 3x3, entries <= 3 (outcomes.txt: 7,456 classes), solved by
    the module and by the CLI; the run's own values and the catalogues agree with both."""
    run = seki.read_run(run3x3[0])
    records = list(run.outcomes())
    matrices = [r["matrix"] for r in records]
    path = tmp_path / "matrices.txt"
    path.write_text("".join(f"{m}\n" for m in matrices))
    expected = cli.json_lines("solve", "--format", "json", "--input", str(path))
    assert len(expected) == len(matrices) == 7456
    got = [seki.solve(m).to_dict() for m in matrices]
    assert got == expected
    for r, j in zip(records, got):
        assert r["seki"] == j["seki"] and r["dseki"] == j["dseki"]
    catalogued = {str(r["matrix"]) for r in run.catalogue("dseki", "seki")}
    assert catalogued == {j["matrix"] for j in got if j["dseki"]["class"] != "none"}


def test_bad_input_raises_the_cli_message(cli):
    for text in ["033/000/312", "030/030/300"]:
        with pytest.raises(ValueError) as e:
            seki.solve(text)
        assert str(e.value) == cli.error("solve", text)
    with pytest.raises(ValueError):
        seki.optimal_line(FIG2, game="go")
    with pytest.raises(ValueError):
        seki.optimal_line(FIG2, first="X")


def test_memory_limit_raises_the_cli_message(cli):
    """A solve that cannot be decided within memory_limit raises InputError with the line `seki
    solve --memory-limit` prints (exit 3), for the search and for the memo solver."""
    eight = "22100000/02210000/00221000/00022100/00002210/00000221/10000022/21000002"
    for engine in ("auto", "exhaustive"):
        with pytest.raises(seki.InputError) as e:
            seki.solve(eight, engine=engine, memory_limit="100K")
        p = cli.run("solve", "--engine", engine, "--memory-limit", "100K", eight)
        assert p.returncode == 3, (p.returncode, p.stderr)
        assert p.stderr.strip() == "seki: " + str(e.value)
    assert seki.solve(FIG2, engine="exhaustive", memory_limit="64M").seki.class_name == "complete"
    # The other functions that solve take it too, and stop alike.
    for command, call in (("origin", lambda: seki.origin(eight, memory_limit="100K")),
                          ("solve", lambda: seki.optimal_line(eight, memory_limit="100K")),
                          ("solve", lambda: seki.solve_latex([eight], memory_limit="100K"))):
        with pytest.raises(seki.InputError) as e:
            call()
        p = cli.run(command, "--memory-limit", "100K", eight)
        assert p.returncode == 3, (p.returncode, p.stderr)
        assert p.stderr.strip() == "seki: " + str(e.value)


def test_origin_equals_cli(cli):
    (expected,) = cli.json_lines("origin", "--format", "json", "4003/0133/0331/3310")
    assert seki.origin("4003/0133/0331/3310") == expected
    assert expected["reductions"][0]["smaller"] == "133/313/331"


def test_census_below_equals_cli(cli, tmp_path):
    p = cli.run("census", "--below", "222/222/222", "--format", "json", "-q")
    assert p.returncode == 0, p.stderr
    expected = json.loads(p.stdout)
    got = seki.census_below("222/222/222", threads=2, checkpoint=tmp_path / "ck")
    # The same document but for the command that made it.
    for j in (expected, got):
        del j["census"]["source"]
    assert got == expected
    assert any(c["seki"] == "complete" and c["height"] == 2 for c in got["classes"])
    with pytest.raises(ValueError) as e:
        seki.census_below("20/00")
    assert "zero" in str(e.value)


def test_census_below_by_orbits_equals_the_plain_pass():
    # The weighted 12-cycle (1,2,2): a pass by orbits of its 8 symmetries unless plain_pass.
    below = "120000/021000/002200/000120/000021/200002"
    orbits = seki.census_below(below, threads=1)
    plain = seki.census_below(below, threads=1, plain_pass=True)
    assert orbits == plain
    assert plain["matrices"] == 2**4 * 3**8


def test_census_below_values_of_and_scratch_equal_cli(cli, tmp_path):
    # The values of chosen matrices from the same pass, as `seki solve --format json` gives them;
    # with a scratch directory (the ring fits memory here, so it stays unused and empty).
    below, values = "3300/0330/0033/3003", ["3300/0330/0033/3003", "1200/0210/0012/2001"]
    p = cli.run("census", "--below", below, "--format", "json", "-q", "--values-of", *values)
    assert p.returncode == 0, p.stderr
    expected = json.loads(p.stdout)
    got = seki.census_below(below, threads=1, scratch=tmp_path / "scratch", values_of=values)
    for j in (expected, got):
        del j["census"]["source"]
    assert got == expected
    assert got["values"] == cli.json_lines("solve", "--format", "json", *values)
    with pytest.raises(ValueError) as e:
        seki.census_below(below, values_of=["4300/0330/0033/3003"])
    p = cli.run("census", "--below", below, "--values-of", "4300/0330/0033/3003")
    assert p.returncode == 2 and p.stderr.strip() == "seki: " + str(e.value)
    assert "is not below" in str(e.value)
