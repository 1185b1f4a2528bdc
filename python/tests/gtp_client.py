"""A strict GTP version 2 client written from the specification (GTP 2 draft 2, sections 2.6-2.7),
not from any engine: it talks to an engine over pipes and rejects any response that is not
`=[id] result` or `?[id] message` (the id right after the status character, as sent), lines of
printable text, ended by one empty line. Used by test_gtp.py and test_gtp_conformance.py."""

import re
import subprocess

# The first line of a response: status, the id (when the command had one), a space and the text.
FIRST_LINE = re.compile(r"^([=?])(\d+)?( (.*))?$")


class ProtocolError(AssertionError):
    """A response that breaks the specification."""


class Response:
    """One parsed response: ok ('=' or '?'), id (None or the number as text), text (the lines of
    the result after the space, joined by newlines) and raw (the bytes as read, decoded)."""

    def __init__(self, ok, id, text, raw):
        self.ok, self.id, self.text, self.raw = ok, id, text, raw

    def __repr__(self):
        return f"Response({self.raw!r})"


class GtpClient:
    """An engine over pipes (argv, run in cwd): send() writes one command line and reads its
    response strictly; raw() gives the response text as read."""

    def __init__(self, argv, cwd=None):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, cwd=cwd)
        self.log = []  # (command, raw response)

    def write(self, data):
        """Writes bytes or text as is (no newline added)."""
        self.proc.stdin.write(data if isinstance(data, bytes) else data.encode())
        self.proc.stdin.flush()

    def read_response(self, sent_id=None, command=""):
        """Reads one response up to its empty line and checks it against the specification."""
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise ProtocolError(f"end of output before the response to {command!r} ended: "
                                    f"{b''.join(lines)!r}")
            if not line.endswith(b"\n"):
                raise ProtocolError(f"a line without a newline: {line!r}")
            body = line[:-1]
            if any(b < 32 or b == 127 for b in body):  # only LF: no CR, no tab on output
                raise ProtocolError(f"a control character in the response to {command!r}: {line!r}")
            if not body:
                break
            lines.append(body)
        if not lines:
            raise ProtocolError(f"an empty line where the response to {command!r} should begin")
        raw = b"".join(l + b"\n" for l in lines).decode() + "\n"
        first = FIRST_LINE.match(lines[0].decode())
        if not first:
            raise ProtocolError(f"not '=[id] result' nor '?[id] message': {lines[0]!r}")
        status, id, text = first.group(1), first.group(2), first.group(4) or ""
        if id != sent_id:
            raise ProtocolError(f"id {id!r} in the response to {command!r}, sent {sent_id!r}")
        text = "\n".join([text] + [l.decode() for l in lines[1:]])
        self.log.append((command, raw))
        return Response(status == "=", id, text, raw)

    def send(self, command):
        """Sends one command line (an id, when it has one, is its first word) and returns the
        Response."""
        words = command.replace("\t", " ").split()
        sent_id = words[0] if words and words[0].isdigit() else None
        self.write(command + "\n")
        return self.read_response(sent_id, command)

    def raw(self, command):
        return self.send(command).raw

    def ok(self, command):
        """The text of a successful response, stripped; fails on a '?'."""
        r = self.send(command)
        assert r.ok, (command, r.text)
        return r.text.strip()

    def error(self, command):
        """The message of a failure; fails on a '='."""
        r = self.send(command)
        assert not r.ok, (command, r.text)
        return r.text

    def quit(self, timeout=10):
        """Sends quit, checks its response and that the engine then exits; returns its status."""
        r = self.send("quit")
        assert r.ok and r.text.strip() == "", r
        rest = self.proc.stdout.read()
        if rest:
            raise ProtocolError(f"output after quit: {rest!r}")
        return self.proc.wait(timeout=timeout)

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
