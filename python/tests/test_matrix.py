"""seki.Matrix and the families against `seki show`, `seki extend` and `seki family`."""

import json

import numpy as np
import pytest

import seki

FIG2 = "033/331/312"


def test_construction_and_access():
    m = seki.Matrix(FIG2)
    assert str(m) == FIG2
    assert repr(m) == "seki.Matrix('033/331/312')"
    assert (m.rows, m.cols, m.shape) == (3, 3, (3, 3))
    assert m[0, 0] == 0 and m[1, 2] == 1 and m[-1, -1] == 2
    assert m.sum == 19 and m.height == 3
    assert m.tolist() == [[0, 3, 3], [3, 3, 1], [3, 1, 2]]
    assert seki.Matrix([[0, 3, 3], [3, 3, 1], [3, 1, 2]]) == m
    assert seki.Matrix(np.array([[0, 3, 3], [3, 3, 1], [3, 1, 2]], dtype=np.uint8)) == m
    assert seki.Matrix("3,10,0/0,3,3")[0, 1] == 10
    with pytest.raises(IndexError):
        m[3, 0]
    assert np.asarray(m).tolist() == m.tolist()
    import pickle
    assert pickle.loads(pickle.dumps(m)) == m


def test_equality_and_isomorphism():
    m = seki.Matrix(FIG2)
    p = seki.Matrix("312/331/033")  # rows permuted
    assert m != p and hash(m) == hash(seki.Matrix(FIG2))
    assert m.isomorphic(p) and p.isomorphic(m.canonical())
    assert not m.isomorphic(seki.Matrix("033/403/430"))
    assert not seki.Matrix("12/21/11").isomorphic(seki.Matrix("121/211"))


@pytest.mark.parametrize("text", [FIG2, "033/403/430", "210/120/003", "11/11", "1111/1111"])
def test_facts_equal_seki_show(cli, text):
    m = seki.Matrix(text)
    (j,) = cli.json_lines("show", "--format", "json", text)
    assert str(m.canonical()) == j["canonical"]
    assert str(m.transpose()) == j["transpose"]
    assert m.is_idsm() == j["idsm"]
    assert m.is_prime() == j["prime"]
    assert [str(b) for b in m.prime_blocks()] == j["blocks"]
    assert m.is_symmetric() == j["symmetric"]
    assert m.is_planar() == j["planar"]
    assert m.row_sums() == j["row_sums"] and m.col_sums() == j["col_sums"]


@pytest.mark.parametrize("kind", ["E1", "E2"])
def test_extensions_equal_seki_extend(cli, kind):
    m = seki.Matrix(FIG2)
    (j,) = cli.json_lines("extend", FIG2, "--all", "--kind", kind, "--format", "json")
    for e in j["extensions"]:
        i, k = e["at"]
        extend = m.extend_e1 if kind == "E1" else m.extend_e2
        if e["defined"]:
            assert str(extend(i, k)) == e["matrix"]
        else:
            with pytest.raises(ValueError):
                extend(i, k)


@pytest.mark.parametrize("family,n", [("A", 3), ("B", 3), ("C", 3), ("A", 5), ("C", 6)])
def test_families_equal_seki_family(cli, family, n):
    (j,) = cli.json_lines("family", family, "--n", str(n), "--no-solve", "--format", "json")
    assert str(getattr(seki, family)(n)) == j["matrix"]


def test_bad_input_raises_the_cli_message(cli):
    for text in ["033/33", "0x3/331/312", "1,256/11", "123456789/1"]:
        with pytest.raises(ValueError) as e:
            seki.Matrix(text)
        assert str(e.value) == cli.error("solve", text)
    with pytest.raises(ValueError) as e:
        seki.Matrix(FIG2).extend_e1(9, 9)
    assert str(e.value) == cli.error("extend", FIG2, "--at", "9,9")
    with pytest.raises(ValueError) as e:
        seki.Matrix("033/331/302").extend_e2(3, 2)
    assert str(e.value) == cli.error("extend", "033/331/302", "--at", "3,2", "--kind", "E2")
    with pytest.raises(ValueError) as e:
        seki.A(1)
    assert str(e.value) == cli.error("family", "A", "--n", "1")
    assert isinstance(e.value, seki.InputError)
    with pytest.raises(ValueError):
        seki.Matrix([[1, 2], [3]])
    with pytest.raises(ValueError):
        seki.Matrix([[1, -1]])


def test_family_sweep_equals_seki_family(cli, tmp_path):
    rows = seki.family_sweep("cycle", 1, 3, n=3, checkpoint=tmp_path / "ck",
                             output=tmp_path / "rows.jsonl")
    lines = cli.json_lines("family", "cycle", "--n", "3", "--from", "1", "--to", "3", "--format",
                           "json")
    drop = lambda r: {k: v for k, v in r.items() if k != "seconds"}
    assert [drop(r) for r in rows] == [drop(r) for r in lines]
    assert [r["parameter"] for r in rows] == [1, 2, 3]
    kept = [json.loads(x) for x in (tmp_path / "rows.jsonl").read_text().splitlines()]
    assert [drop(r) for r in kept] == [drop(r) for r in rows]
    # resumed: every row comes from the checkpoint, the same rows
    again = seki.family_sweep("cycle", 1, 3, n=3, checkpoint=tmp_path / "ck", resume=True)
    assert again == rows
    with pytest.raises(ValueError) as e:
        seki.family_sweep("cycle", 3, 1, n=3)
    assert str(e.value) == cli.error("family", "cycle", "--n", "3", "--from", "3", "--to", "1")
