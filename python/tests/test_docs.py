"""docs/python.md: its ```python blocks run in order in one namespace, in a scratch directory, and
the pictures they write match those checked in under docs/img/."""

import contextlib
import io
import os
import re

from conftest import SOURCE_DIR


def test_worked_session_runs(tmp_path, monkeypatch):
    with open(os.path.join(SOURCE_DIR, "docs/python.md"), encoding="utf-8") as f:
        blocks = re.findall(r"```python\n(.*?)```", f.read(), re.S)
    assert len(blocks) >= 4
    monkeypatch.chdir(tmp_path)
    (tmp_path / "img").mkdir()
    namespace = {}
    with contextlib.redirect_stdout(io.StringIO()):
        for block in blocks:
            exec(compile(block, "docs/python.md", "exec"), namespace)
    for name in ("fig2.svg", "k33.svg"):
        with open(os.path.join(SOURCE_DIR, "docs/img", name), encoding="utf-8") as f:
            assert (tmp_path / "img" / name).read_text() == f.read(), name
    assert (tmp_path / "img/run-3x3h3.png").stat().st_size > 1000
    assert os.path.exists(os.path.join(SOURCE_DIR, "docs/img/run-3x3h3.png"))
