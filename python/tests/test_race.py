"""seki.race: a matrix with outside liberties and one-point eyes (spec section 7), the dict of
`seki race --format json` (a plain race's is solve()'s), the sides as text or lists, bad input
raising the CLI's message; the two-group table is `seki race --table`."""

import pytest

import seki
from seki import _seki


def test_a_plain_race_is_the_matrix(cli):
    assert seki.race("033/331/312") == seki.solve("033/331/312").to_dict()
    assert seki.race("22/22", moves=True) == cli.json_lines("solve", "--format", "json",
                                                            "--moves", "22/22")[0]


def test_outside_liberties_and_eyes(cli):
    r = seki.race("1", outside=([2], [1]), eyes="1:", moves=True)
    assert r == cli.json_lines("race", "1", "--outside", "2:1", "--eyes", "1:", "--format",
                               "json", "--moves")[0]
    assert r["race"] == "1 outside 2:1 eyes 1:"
    assert r["outside"] == {"rows": [2], "cols": [1]} and r["eyes"] == {"rows": [1], "cols": [0]}
    # White: one shared, two outside and an eye; Black: one shared, one outside.
    assert (r["seki"]["R"], r["seki"]["C"]) == ("L", "W")
    eye = [m for m in r["seki"]["moves"] if m["kind"] == "row eye"][0]
    # Black may not fill White's eye; White filling its own still wins.
    assert eye["move"] == "(1,eye)" and eye["R"] is None and eye["C"] == "W"
    assert seki.race("0", outside="3:3")["seki"]["class"] == "none"


def test_bad_input_is_the_cli_message(cli):
    with pytest.raises(seki.InputError) as e:
        seki.race("11", outside="1")
    assert str(e.value) == cli.error("race", "11", "--outside", "1")
    with pytest.raises(seki.InputError, match="row 1 has no liberty"):
        seki.race("0/1", outside=":0")


def test_the_two_group_table(cli):
    assert _seki.race_table_markdown(2) == cli.run("race", "--table", "2").stdout
