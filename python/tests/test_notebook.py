"""docs/notebooks/tour.ipynb: executed with nbclient (Debian's python3-nbclient and ipykernel) in a
scratch directory, every cell without an error; the committed copy carries outputs (so that it reads
on a code host without running) and they are the ones the execution gives, text and SVG alike (the
plot's PNG aside); the values it shows are the paper's.

To refresh the committed outputs after changing the notebook or the package:

    PYTHONPATH=build/release/python /usr/bin/python3 python/tests/test_notebook.py --write
"""

import copy
import os
import sys
import tempfile

import pytest

SOURCE_DIR = os.environ.get(
    "SEKI_SOURCE_DIR", os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
NOTEBOOK = os.path.join(SOURCE_DIR, "docs", "notebooks", "tour.ipynb")
COMPARED = ("text/plain", "text/html", "image/svg+xml")


def execute(notebook, cwd):
    import nbclient

    # The kernel runs in cwd: the package's folder must not be relative to ours.
    path = os.environ.get("PYTHONPATH", "")
    os.environ["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) for p in path.split(os.pathsep) if p)
    os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")  # ipykernel's debugger, quiet
    client = nbclient.NotebookClient(notebook, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": cwd}})
    client.execute()
    return notebook


def outputs(cell):
    """What a code cell shows, the parts that must not change from run to run."""
    shown = []
    for o in cell.get("outputs", []):
        if o["output_type"] == "stream":
            shown.append((o["name"], o["text"]))
        elif o["output_type"] in ("execute_result", "display_data"):
            shown.append({k: v for k, v in o["data"].items() if k in COMPARED})
        else:
            shown.append(o["output_type"])
    return shown


@pytest.fixture(scope="module")
def notebooks(tmp_path_factory):
    import nbformat

    committed = nbformat.read(NOTEBOOK, as_version=4)
    executed = execute(copy.deepcopy(committed), str(tmp_path_factory.mktemp("tour")))
    return committed, executed


def test_runs_without_errors_and_shows_the_paper(notebooks):
    _, executed = notebooks
    code = [c for c in executed.cells if c.cell_type == "code"]
    assert all(o["output_type"] != "error" for c in code for o in c.get("outputs", []))
    text = "\n".join(str(part) for c in code for part in outputs(c))
    assert "GameValues(R='D', C='D', r='L', c='L', class='complete')" in text  # Fig. 2
    assert "8240 classes, 7456 without zero lines, 28 levels" in text
    assert "class='semi-complete'" in text
    assert "<svg" in text  # the GO pictures
    assert "\\toprule" in text and "\\label{tab:census-3x3-seki-height}" in text
    assert "'matrices': 23" in text  # the page: 20 complete seki, 3 complete d-seki


def test_committed_with_the_outputs_it_gives(notebooks):
    committed, executed = notebooks
    code = [(a, b) for a, b in zip(committed.cells, executed.cells) if a.cell_type == "code"]
    assert len(code) >= 15
    for a, b in code:
        assert a.get("execution_count") is not None, f"cell not executed: {a.source!r}"
        assert outputs(a) == outputs(b), a.source
    assert sum(1 for a, _ in code if a.get("outputs")) == len(code) - 1  # all but the imports


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    import nbformat

    nb = nbformat.read(NOTEBOOK, as_version=4)
    with tempfile.TemporaryDirectory() as scratch:
        execute(nb, scratch)
    for cell in nb.cells:  # stable metadata: no execution times
        cell.get("metadata", {}).pop("execution", None)
    nbformat.write(nb, NOTEBOOK)
    print(f"wrote {NOTEBOOK}")
