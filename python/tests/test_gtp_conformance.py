"""`seki gtp` against the GTP version 2 specification (draft 2), through the strict client of
gtp_client.py: ids echoed right after '=' or '?', every response ended by one empty line, the
required commands as the specification describes them, its standard error messages, input
preprocessing (comments, empty lines, control characters, tabs) and quit."""

import re

import pytest

from conftest import BINARY, SOURCE_DIR
from gtp_client import GtpClient, ProtocolError

REQUIRED = ["protocol_version", "name", "version", "known_command", "list_commands", "quit",
            "boardsize", "clear_board", "komi", "play", "genmove"]
# A vertex (A1..Z25 without I, any case), pass or resign: the answers genmove may give.
MOVE = re.compile(r"^([A-HJ-Za-hj-z]([1-9]|1[0-9]|2[0-5])|pass|PASS|resign|RESIGN)$")


@pytest.fixture
def gtp():
    client = GtpClient([BINARY, "gtp"], cwd=SOURCE_DIR)
    yield client
    client.kill()


def test_ids_follow_the_status_character(gtp):
    r = gtp.send("1 protocol_version")
    assert (r.ok, r.id, r.text, r.raw) == (True, "1", "2", "=1 2\n\n")
    r = gtp.send("protocol_version")
    assert (r.ok, r.id, r.raw) == (True, None, "= 2\n\n")
    r = gtp.send("42 frobnicate")
    assert (r.ok, r.id, r.raw) == (False, "42", "?42 unknown command\n\n")
    r = gtp.send("frobnicate")
    assert (r.ok, r.id, r.text) == (False, None, "unknown command")
    # An empty result: nothing after the space that follows the status and id.
    assert gtp.send("7 clear_board").raw in ("=7\n\n", "=7 \n\n")
    assert gtp.send("clear_board").raw in ("=\n\n", "= \n\n")
    # A multi-line response: its lines, then the one empty line (the client checks that).
    assert "protocol_version" in gtp.send("9 list_commands").text.split("\n")


def test_required_commands(gtp):
    assert gtp.ok("protocol_version") == "2"
    name = gtp.send("name")
    assert name.ok and name.text and "\n" not in name.text
    assert gtp.send("version").ok
    listed = gtp.ok("list_commands").split("\n")
    for command in REQUIRED:
        assert command in listed
    for command in listed:
        assert gtp.ok(f"known_command {command}") == "true", command
    assert gtp.ok("known_command frobnicate") == "false"
    # Every listed command is answered, if only with an error about its arguments.
    for command in listed:
        if command != "quit":
            assert gtp.send(command).text != "unknown command", command


def test_board_commands(gtp):
    assert gtp.error("boardsize 0") == "unacceptable size"
    assert gtp.error("boardsize 26") == "unacceptable size"
    assert gtp.error("boardsize nine") == "syntax error"
    assert gtp.ok("boardsize 9") == ""
    assert gtp.ok("clear_board") == ""
    assert gtp.ok("komi 6.5") == ""
    assert gtp.ok("komi -3") == ""
    assert gtp.error("komi none") == "syntax error"
    assert gtp.ok("play black E5") == ""
    assert gtp.error("play white E5") == "illegal move"
    assert gtp.error("play white X5") in ("syntax error", "invalid coordinate")
    assert gtp.error("play purple E4") in ("syntax error", "invalid color")
    assert gtp.ok("play white pass") == ""
    assert MOVE.match(gtp.ok("genmove b"))
    assert MOVE.match(gtp.ok("genmove white"))


def test_tournament_commands(gtp):
    # Time is accepted (and ignored); scoring and engine-chosen handicaps are not offered.
    listed = gtp.ok("list_commands").split("\n")
    assert gtp.send("time_settings 300 30 5").ok
    assert gtp.send("time_left black 120 0").ok
    for command in ["final_score", "fixed_handicap 2", "place_free_handicap 2",
                    "kgs-genmove_cleanup b", "kgs-game_over", "kgs-time_settings none"]:
        assert gtp.error(command) == "unknown command", command
        assert command.split()[0] not in listed
        assert gtp.ok(f"known_command {command.split()[0]}") == "false"
    assert gtp.ok("boardsize 9") == ""
    assert gtp.error("set_free_handicap E5") == "bad vertex list"
    assert gtp.ok("set_free_handicap C3 G7") == ""
    assert gtp.error("set_free_handicap D4 F6") == "board not empty"


def test_preprocessing(gtp):
    # Comment and empty lines get no response: the next response is the next command's.
    gtp.write("# a comment\n\n   \n\t\n")
    assert gtp.send("5 name").id == "5"
    # Control characters but HT and LF are dropped; a tab is a space; CR goes too.
    gtp.write(b"6 na\x01me\x7f\r\n")
    assert gtp.read_response("6").text == "seki"
    gtp.write(b"7\tknown_command\tname\n")
    assert gtp.read_response("7").text == "true"
    gtp.write("8 name # and a comment after it\n")
    assert gtp.read_response("8").text == "seki"


def test_quit_answers_then_exits(gtp):
    assert gtp.quit() == 0


def test_quit_with_an_id(gtp):
    gtp.write("99 quit\n")
    assert gtp.read_response("99").ok
    assert gtp.proc.stdout.read() == b""
    assert gtp.proc.wait(timeout=10) == 0


def test_end_of_input_ends_the_engine(gtp):
    gtp.proc.stdin.close()
    assert gtp.proc.stdout.read() == b""
    assert gtp.proc.wait(timeout=10) == 0


def test_client_rejects_what_the_specification_does_not_allow():
    # The client itself: a response with a space before the id, a missing id, no empty line.
    def replies(text):
        client = GtpClient(["printf", text])
        try:
            return client.read_response("1")
        finally:
            client.kill()

    assert replies("=1 2\n\n").text == "2"
    for bad in ["= 1 2\n\n", "= 2\n\n", "=1 2\n", "=1 2\r\n\r\n", "!1 2\n\n"]:
        with pytest.raises(ProtocolError):
            replies(bad)
