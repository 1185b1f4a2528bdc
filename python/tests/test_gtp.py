"""`seki gtp` over pipes, as GO programs drive it: the strict GTP client of gtp_client.py checks
the protocol, replays the recorded sessions tests/gtp/session.gtp and tests/gtp/gnugo-game.gtp (the
responses must be those recorded, byte for byte), and GNU Go (`gnugo --mode gtp`, Debian's gnugo)
plays White against seki's Black on the race tests/gtp/gnugo-race.sgf, which whoever moves first
wins: seki must capture, and the game must be the recorded one (GNU Go is deterministic with a
fixed seed)."""

import os
import shutil
import subprocess

import pytest

from conftest import BINARY, SOURCE_DIR
from gtp_client import GtpClient

GTP_DIR = os.path.join(SOURCE_DIR, "tests", "gtp")


def gnugo_path():
    return shutil.which("gnugo") or ("/usr/games/gnugo" if os.path.exists("/usr/games/gnugo") else None)


@pytest.fixture
def seki_gtp():
    client = GtpClient([BINARY, "gtp"], cwd=SOURCE_DIR)
    yield client
    client.kill()


def test_protocol_over_pipes(seki_gtp):
    assert seki_gtp.ok("protocol_version") == "2"
    assert seki_gtp.ok("name") == "seki"
    commands = seki_gtp.ok("list_commands").split("\n")
    for required in ["protocol_version", "name", "version", "known_command", "list_commands",
                     "quit", "boardsize", "clear_board", "komi", "play", "genmove"]:
        assert required in commands
    assert seki_gtp.raw("7 frobnicate") == "?7 unknown command\n\n"
    assert seki_gtp.raw("8 name") == "=8 seki\n\n"
    assert seki_gtp.ok("boardsize 9") == ""
    assert seki_gtp.error("play B K10") == "invalid coordinate"
    assert seki_gtp.ok(f"loadsgf {GTP_DIR}/gnugo-race.sgf") == "black"
    assert seki_gtp.ok("analyze_semeai A4 A6") == "1 1 A7"
    assert seki_gtp.ok("analyze_semeai A6 A4") == "1 1 A3"
    board = seki_gtp.ok("showboard")
    assert board.split("\n")[0].split() == list("ABCDEFGHJ")
    assert seki_gtp.quit() == 0


def replay(client, name):
    """Sends the commands of tests/gtp/NAME.gtp one by one; returns the responses joined."""
    with open(os.path.join(GTP_DIR, name + ".gtp")) as f:
        commands = [line.rstrip("\n") for line in f]
    out = ""
    for command in commands:
        if command.split("#")[0].strip():
            out += client.raw(command)
    return out


@pytest.mark.parametrize("name", ["session", "gnugo-game"])
def test_recorded_sessions_replay(seki_gtp, name):
    with open(os.path.join(GTP_DIR, name + ".out")) as f:
        recorded = f.read()
    assert replay(seki_gtp, name) == recorded
    # The same through standard input at once.
    with open(os.path.join(GTP_DIR, name + ".gtp")) as f:
        p = subprocess.run([BINARY, "gtp"], stdin=f, capture_output=True, text=True,
                           cwd=SOURCE_DIR)
    assert p.returncode == 0 and p.stdout == recorded


def play_gnugo_game(gnugo):
    """GNU Go (White) against seki (Black, first) on tests/gtp/gnugo-race.sgf: each move made by
    one is played on the other, until two passes or 20 moves. Returns (seki's log, the moves,
    the status of White's group on GNU Go's board at the end)."""
    seki = GtpClient([BINARY, "gtp"], cwd=SOURCE_DIR)
    go = GtpClient([gnugo, "--mode", "gtp", "--seed", "1", "--level", "10"], cwd=SOURCE_DIR)
    sgf = "tests/gtp/gnugo-race.sgf"  # relative to the source directory, as recorded
    seki.ok("loadsgf " + sgf)
    go.ok("loadsgf " + sgf)
    seki.ok("analyze_semeai A4 A6")
    moves, passes, colour = [], 0, "b"
    while passes < 2 and len(moves) < 20:
        player, other = (seki, go) if colour == "b" else (go, seki)
        move = player.ok("genmove " + colour).lower()
        other.ok(f"play {colour} {move}")
        moves.append(f"{colour.upper()} {move.upper() if move != 'pass' else 'pass'}")
        passes = passes + 1 if move == "pass" else 0
        colour = "w" if colour == "b" else "b"
    white = go.ok("color A6")
    seki.ok("final_status_list alive")
    log = seki.log
    seki.quit()
    go.quit()
    return log, moves, white


def test_gnugo_plays_against_seki():
    gnugo = gnugo_path()
    if gnugo is None:
        pytest.skip("gnugo is not installed (debian-packages.txt lists it)")
    log, moves, white = play_gnugo_game(gnugo)
    # Seki moves first in a race that whoever moves first wins: White's group is captured.
    assert white == "empty", moves
    # The game is the recorded one: seki's side of it is tests/gtp/gnugo-game.gtp and .out.
    with open(os.path.join(GTP_DIR, "gnugo-game.gtp")) as f:
        recorded = [line.rstrip("\n") for line in f if line.split("#")[0].strip()]
    with open(os.path.join(GTP_DIR, "gnugo-game.out")) as f:
        responses = f.read()
    assert [command for command, _ in log] == recorded, moves
    assert "".join(response for _, response in log) == responses


if __name__ == "__main__":  # records tests/gtp/gnugo-game.gtp and .out from a game
    log, moves, white = play_gnugo_game(gnugo_path())
    with open(os.path.join(GTP_DIR, "gnugo-game.gtp"), "w") as f:
        f.write("# seki's side of a game against GNU Go 3.8 (python/tests/test_gtp.py: GNU Go plays\n"
                "# White with --seed 1 --level 10 on tests/gtp/gnugo-race.sgf; seki plays Black, first).\n"
                f"# The moves: {', '.join(moves)}; White's group at the end: {white}.\n")
        f.write("".join(command + "\n" for command, _ in log))
    with open(os.path.join(GTP_DIR, "gnugo-game.out"), "w") as f:
        f.write("".join(response for _, response in log))
    print(moves, white)
