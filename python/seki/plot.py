"""Plots of a run directory with matplotlib (Agg backend, no display needed):
classes per level, seconds and peak memory per level, and the members of each catalogue per level
on a log scale.

    python3 -m seki.plot RUN_DIR --out FILE.svg|png     (what `seki plot` runs)

Exit status as the `seki` tool's: 0 done; 2 a run it cannot read or a picture it cannot write; 70
an internal error; 130 Ctrl-C; each but 0 with one line "seki: ..." on stderr.
"""

import argparse
import sys

from .runs import read_run

_CATALOGUES = ["seki/seki", "seki/complete", "seki/semi-complete", "dseki/seki", "dseki/complete",
               "dseki/semi-complete"]


def plot_run(dir, out=None):
    """Draws the run in ``dir`` (three panels) and saves it to ``out`` (format from the suffix:
    .svg, .png, .pdf) when given. Returns the matplotlib Figure."""
    import matplotlib

    if matplotlib.get_backend().lower() != "agg":
        matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    run = read_run(dir)
    levels = run.manifest["levels"]
    sums = [level["sum"] for level in levels]
    p = run.manifest.get("parameters", {})
    title = f"{p.get('rows')}x{p.get('cols')}, entries <= {p.get('effective_max_entry', p.get('max_entry'))}"

    fig, (a, b, c) = plt.subplots(3, 1, figsize=(7, 9), sharex=True)
    fig.suptitle(f"seki run {title}")
    a.bar(sums, [level["classes"] for level in levels], color="#4c72b0", label="classes")
    a.plot(sums, [level["starting"] for level in levels], "o-", color="#dd8452",
           label="without zero lines", markersize=3)
    a.set_ylabel("classes")
    a.legend()
    b.plot(sums, [level.get("seconds", 0) for level in levels], "o-", color="#55a868",
           markersize=3)
    b.set_ylabel("seconds")
    mem = b.twinx()
    mem.plot(sums, [level.get("peak_rss_bytes", 0) / 2**20 for level in levels], "s--",
             color="#c44e52", markersize=3)
    mem.set_ylabel("peak memory (MiB)", color="#c44e52")
    for name in _CATALOGUES:
        counts = [level.get("members", {}).get(name, 0) for level in levels]
        if any(counts):
            c.plot(sums, [x if x > 0 else float("nan") for x in counts], "o-", label=name,
                   markersize=3)
    c.set_yscale("log")
    c.set_ylabel("catalogue members")
    c.set_xlabel("level (total sum)")
    if c.get_legend_handles_labels()[0]:
        c.legend(fontsize="small")
    fig.tight_layout()
    if out is not None:
        fig.savefig(out)
    return fig


def main(argv=None):
    parser = argparse.ArgumentParser(prog="seki plot", description=__doc__.splitlines()[0])
    parser.add_argument("run", help="run directory (written by seki enumerate)")
    parser.add_argument("--out", required=True, help="picture to write: FILE.svg, .png or .pdf")
    args = parser.parse_args(argv)
    try:
        plot_run(args.run, args.out)
    except (ValueError, OSError) as e:  # seki.InputError; --out in a missing directory
        return _fail(2, str(e))
    except KeyboardInterrupt:
        return _fail(130, "plot: interrupted")
    except Exception as e:  # a bug, out of memory: not a finding (status 1 is only that)
        return _fail(70, f"internal error: {type(e).__name__}: {e}")
    print(f"wrote {args.out}")
    return 0


def _fail(status, message):
    print("seki: " + " ".join(message.split()), file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
