"""enumerate, read_run, verify, export_sqlite and check against the CLI and the known counts."""

import json
import os
import sqlite3

import pytest

import seki

FIG2 = "033/331/312"


def test_enumerate_and_progress(run3x3):
    out, summary, levels = run3x3
    assert summary["totals"]["classes"] == 8240
    assert [level["sum"] for level in levels] == list(range(0, 28))  # level 0 included
    assert sum(level["classes"] for level in levels) == 8240
    assert set(levels[5]) >= {"sum", "classes", "starting", "members", "seconds",
                              "peak_rss_bytes"}


def test_read_run(run3x3):
    out, summary, _ = run3x3
    run = seki.read_run(out)
    assert run.manifest["complete"] is True
    assert run.summary == summary
    members = summary["totals"]["members"]
    for game in ("seki", "dseki"):
        for kind in ("seki", "complete", "semi-complete"):
            records = list(run.catalogue(game, kind))
            assert len(records) == members[f"{game}/{kind}"]
    complete = list(run.catalogue("seki", "complete"))
    height3 = [r for r in complete if r["height"] == 3]
    assert len(height3) == 7
    assert any(r["matrix"] == seki.Matrix(FIG2).canonical() for r in height3)
    r = height3[0]
    assert (r["R"], r["C"], r["r"], r["c"]) == ("D", "D", "L", "L")
    assert sum(1 for _ in run.outcomes()) == summary["totals"]["starting"]
    with pytest.raises(ValueError):
        run.catalogue("go", "seki")


def test_to_pandas(run3x3):
    """The DataFrame holds the catalogue's records field for field (pandas is a Debian package of
    debian-packages.txt, so this runs wherever the suite does)."""
    import pandas

    run = seki.read_run(run3x3[0])
    for game, kind in (("seki", "complete"), ("dseki", "semi-complete"), ("seki", "seki")):
        records = list(run.catalogue(game, kind))
        df = run.to_pandas(game, kind)
        assert isinstance(df, pandas.DataFrame)
        assert len(df) == len(records) == run.summary["totals"]["members"][f"{game}/{kind}"]
        assert list(df.columns) == ["matrix", "sum", "height", "R", "C", "r", "c", "idsm", "prime",
                                    "symmetric", "planar"]
        assert list(df["matrix"]) == [str(r["matrix"]) for r in records]
        assert list(df["sum"]) == [r["sum"] for r in records]
        assert list(df["planar"]) == [r["planar"] for r in records]
    df = run.to_pandas("seki", "complete")
    assert (df.groupby("height").size().to_dict() ==
            {c["height"]: c["total"] for c in seki.census(run3x3[0])["seki"]["complete"]["by_height"]})
    assert len(df[df["height"] == 3]) == 7  # the paper's seven complete seki of height 3
    assert set(df["R"]) == {"D"} and set(df["r"]) == {"L"}


def test_bad_line_is_reported(tmp_path, run3x3):
    import shutil
    copy = tmp_path / "copy"
    shutil.copytree(run3x3[0], copy)
    with open(copy / "seki/complete.txt", "a") as f:
        f.write("033/331/312 sum=19\n")
    with pytest.raises(ValueError, match=r"complete.txt:\d+: catalogue line: "):
        list(seki.read_run(copy).catalogue("seki", "complete"))


def test_missing_run_raises_the_cli_message(cli, tmp_path):
    missing = str(tmp_path / "nothing")
    with pytest.raises(ValueError) as e:
        seki.read_run(missing)
    assert str(e.value) == cli.error("verify", missing)


def test_enumerate_bad_parameters_raise_the_cli_message(cli, tmp_path):
    out = str(tmp_path / "bad")
    with pytest.raises(ValueError) as e:
        seki.enumerate(9, 3, max_entry=3, out=out)
    assert str(e.value) == cli.error("enumerate", "--rows", "9", "--cols", "3", "--max-entry", "3",
                                     "--out", out)


def test_device(run3x3, tmp_path, cli):
    """device= is --device: thrust-cpu (every build has it) writes the cpu run's catalogues; a bad
    name raises the CLI's message."""
    out = tmp_path / "thrust"
    summary = seki.enumerate(3, 3, max_entry=3, out=out, threads=1, device="thrust-cpu")
    assert summary["totals"] == run3x3[1]["totals"]
    run = seki.read_run(out)
    assert "device='thrust-cpu'" in run.manifest["command"]
    for game in ("seki", "dseki"):
        for kind in ("seki", "complete", "semi-complete"):
            assert ((out / game / f"{kind}.txt").read_bytes() ==
                    (run3x3[0] / game / f"{kind}.txt").read_bytes())
    bad = str(tmp_path / "bad")
    with pytest.raises(seki.InputError) as e:
        seki.enumerate(3, 3, max_entry=3, out=bad, device="tpu")
    assert str(e.value) == cli.error("enumerate", "--rows", "3", "--cols", "3", "--max-entry", "3",
                                     "--out", bad, "--device", "tpu")


def test_checkpoint_every_and_lists(run3x3, tmp_path, cli):
    """checkpoint_every= and lists= are --checkpoint-every and --lists: the same run directory as
    the CLI's (catalogues, counts), the complete lists equal to the full run's; bad values raise
    the CLI's messages."""
    out, ref = tmp_path / "py", tmp_path / "cli"
    summary = seki.enumerate(3, 3, max_entry=3, out=out, threads=1, checkpoint_every="4,10m",
                             lists="complete")
    p = cli.run("enumerate", "--rows", "3", "--cols", "3", "--max-entry", "3", "--threads", "1",
                "--checkpoint-every", "4,10m", "--lists", "complete", "--quiet", "--out", str(ref))
    assert p.returncode == 0, p.stderr
    assert summary["totals"] == run3x3[1]["totals"]
    assert "checkpoint_every='4,10m'" in seki.read_run(out).manifest["command"]
    for game in ("seki", "dseki"):
        assert not (out / game / "seki.txt").exists()
        for name in ("complete.txt", "semi-complete.txt", "seki-counts.txt"):
            assert (out / game / name).read_bytes() == (ref / game / name).read_bytes()
        for name in ("complete.txt", "semi-complete.txt"):
            assert (out / game / name).read_bytes() == (run3x3[0] / game / name).read_bytes()
    for option, value in (("--checkpoint-every", "0"), ("--lists", "some")):
        bad = str(tmp_path / "bad")
        with pytest.raises(seki.InputError) as e:
            seki.enumerate(3, 3, max_entry=3, out=bad,
                           **{option[2:].replace("-", "_"): value})
        assert str(e.value) == cli.error("enumerate", "--rows", "3", "--cols", "3",
                                         "--max-entry", "3", "--out", bad, option, value)


def test_memory_limit_raises_the_cli_message(tmp_path, cli):
    """A run that does not fit memory_limit raises InputError with the line the CLI prints (where
    it exits with status 3), before the run directory is made."""
    out = str(tmp_path / "big")
    with pytest.raises(seki.InputError) as e:
        seki.enumerate(4, 4, max_entry=4, out=out, memory_limit="100M")
    p = cli.run("enumerate", "--rows", "4", "--cols", "4", "--max-entry", "4", "--memory-limit",
                "100M", "--out", out)
    assert p.returncode == 3, (p.returncode, p.stderr)
    assert p.stderr.strip() == "seki: " + str(e.value)
    assert not os.path.exists(out)


def test_check_checkpoint_and_resume(tmp_path, cli):
    """checkpoint=/resume= are --checkpoint/--resume: a check stopped by its progress function
    goes on from its last saved level and reports what an uninterrupted check does."""
    whole = seki.check("6.3", shapes=["2x3", "2x4"], max_entry=3)
    ck = tmp_path / "ck"
    seen = []

    def stop_in_2x4(level):
        seen.append((level["rows"], level["cols"], level["sum"]))
        if (level["rows"], level["cols"], level["sum"]) == (2, 4, 6):
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        seki.check("6.3", shapes=["2x3", "2x4"], max_entry=3, checkpoint=ck, progress=stop_in_2x4)
    assert os.listdir(ck)  # the finished levels were saved
    later = []
    resumed = seki.check("6.3", shapes=["2x3", "2x4"], max_entry=3, checkpoint=ck, resume=True,
                         progress=later.append)
    assert (2, 4, 7) in [(lv["rows"], lv["cols"], lv["sum"]) for lv in later]
    assert (2, 3, 1) not in [(lv["rows"], lv["cols"], lv["sum"]) for lv in later]  # 2x3 was done
    for j in (whole, resumed):
        j.pop("command"), j.pop("seconds"), j.pop("threads")
        for s in j["shapes"]:
            s.pop("seconds")
    assert resumed == whole
    with pytest.raises(seki.InputError) as e:
        seki.check("6.3", shapes=["2x3"], max_entry=3, resume=True)
    assert str(e.value) == cli.error("check", "6.3", "--shapes", "2x3", "--max-entry", "3",
                                     "--resume")


def test_interrupted_by_progress_then_resumed(tmp_path):
    out = tmp_path / "2x3"

    def stop_at_level_4(level):
        if level["sum"] == 4:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        seki.enumerate(2, 3, max_entry=2, out=out, threads=1, progress=stop_at_level_4)
    assert not (out / "summary.json").exists()
    summary = seki.enumerate(2, 3, max_entry=2, out=out, threads=1, resume=True)
    fresh = seki.enumerate(2, 3, max_entry=2, out=tmp_path / "fresh", threads=1)
    assert summary["totals"] == fresh["totals"]


def test_verify_and_export(run3x3, tmp_path):
    out, summary, _ = run3x3
    report = seki.verify(out, sample=200, seed=1)
    assert report["ok"] and report["failed"] == 0 and report["total"] > 40
    assert report["seed"] == 1
    db = tmp_path / "3x3.db"
    result = seki.export_sqlite(out, db)
    assert result == {"classes": summary["totals"]["starting"], "source": "outcomes.txt"}
    with sqlite3.connect(db) as con:
        (n,) = con.execute("select count(*) from classes where seki_class = 'complete'").fetchone()
    assert n == summary["totals"]["members"]["seki/complete"]
    with pytest.raises(ValueError):
        seki.export_sqlite(out, db)  # exists, no force
    assert seki.export_sqlite(out, db, force=True)["classes"] == result["classes"]


def test_check_equals_cli(cli, tmp_path):
    path = tmp_path / "check.json"
    p = cli.run("check", "6.3", "--shapes", "2x3", "--max-entry", "3", "--quiet", "--json",
                str(path))
    assert p.returncode == 0, p.stderr
    expected = json.loads(path.read_text())
    levels = []
    got = seki.check("6.3", shapes=["2x3"], max_entry=3, progress=levels.append)
    assert sum(level["classes"] for level in levels) == got["totals"]["classes"]
    for j in (expected, got):
        j.pop("command"), j.pop("seconds"), j.pop("threads")
        for s in j["shapes"]:
            s.pop("seconds")
    assert got == expected
    assert got["result"] == "no-counterexample"
    with pytest.raises(ValueError) as e:
        seki.check("7.1", shapes=["2x3"], max_entry=3)
    assert str(e.value) == cli.error("check", "7.1", "--shapes", "2x3", "--max-entry", "3")


def test_census_equals_cli(cli, run3x3, tmp_path):
    out, summary, _ = run3x3
    path = tmp_path / "census.json"
    p = cli.run("census", str(out), "--json", str(path))
    assert p.returncode == 0, p.stderr
    expected = json.loads(path.read_text())["censuses"][0]
    got = seki.census(out)
    assert got == expected
    assert got["seki"]["complete"]["total"]["total"] == summary["totals"]["members"]["seki/complete"]
    with pytest.raises(ValueError) as e:
        seki.census(tmp_path / "nothing")
    assert str(e.value) == cli.error("census", str(tmp_path / "nothing"))


def test_ctrl_c_stops_the_run_cleanly(tmp_path):
    """A SIGINT (Ctrl-C) during a run: the run stops after the level in progress, the finished
    levels are kept, KeyboardInterrupt is raised, and resume=True finishes the same run."""
    import os
    import signal

    out = tmp_path / "2x3"

    def interrupt(level):
        if level["sum"] == 3:
            os.kill(os.getpid(), signal.SIGINT)

    with pytest.raises(KeyboardInterrupt):
        seki.enumerate(2, 3, max_entry=2, out=out, threads=1, progress=interrupt)
    assert (out / "checkpoint.json").exists() and not (out / "summary.json").exists()
    summary = seki.enumerate(2, 3, max_entry=2, out=out, threads=1, resume=True)
    assert seki.verify(out)["ok"]
    again = seki.enumerate(2, 3, max_entry=2, out=out, threads=1, resume=True)
    assert again == summary  # already complete: nothing done, the same summary


def test_exception_in_check_progress_stops_the_check():
    class Stop(Exception):
        pass

    def stop(level):
        if level["sum"] == 2:
            raise Stop

    with pytest.raises(Stop):
        seki.check("6.3", shapes=["2x3"], max_entry=3, threads=1, progress=stop)


def test_parts_give_the_same_run_and_check(run3x3, tmp_path, cli):
    """parts= is --parts: every level in that many parts, the same files and the same report."""
    out, summary, _ = run3x3
    parted = seki.enumerate(3, 3, max_entry=3, out=tmp_path / "parts", threads=2, outcomes=True,
                            parts=3)
    assert parted["totals"] == summary["totals"]
    for name in ("seki/seki.txt", "seki/complete.txt", "dseki/seki.txt", "outcomes.txt"):
        assert (tmp_path / "parts" / name).read_bytes() == (out / name).read_bytes(), name
    whole = seki.check("6.2", shapes=["3x3"], max_entry=3)
    in_parts = seki.check("6.2", shapes=["3x3"], max_entry=3, parts=4)
    for j in (whole, in_parts):
        j.pop("command"), j.pop("seconds")
        for s in j["shapes"]:
            s.pop("seconds")
    assert in_parts == whole
    with pytest.raises(ValueError) as e:
        seki.enumerate(3, 3, max_entry=3, out=tmp_path / "bad", parts=65)
    assert "--parts" in str(e.value)
