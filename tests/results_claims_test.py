#!/usr/bin/env python3
"""Results are data (issue 46): every number, class and list of docs/results.md comes from an output
kept under docs/results/, and this test holds the page to those outputs.

docs/results.md is rendered from the template docs/results.md.in: the template's text, with each
claim written as a placeholder that reads an output, its prose filled to 100 columns. The test
renders the template again and compares the result with docs/results.md byte for byte; where they
differ it names the claim (the placeholder), the output file and what each side says. So changing
a stated number in results.md, or an output under docs/results/, fails the test until the two
agree again. It also changes the rendered value of every claim in turn and requires the comparison
to name that claim (no claim that cannot fail), and lints the template (below).

    python3 tests/results_claims_test.py [ROOT]       the check (CTest: results_claims)
    python3 tests/results_claims_test.py --write [ROOT]   render docs/results.md from the template
    python3 tests/results_claims_test.py --self-test  the check fails when it should (CTest)

To add a section from a new output (e.g. the JSON of `seki census --below A --format json`):
  1. keep the output under docs/results/ (gzip it when large: NAME.json.gz reads as NAME.json);
  2. write the section in docs/results.md.in with every number, class and list a placeholder, and
     the command that made the output next to it (a ```sh block), e.g.
       Below {{below-c12-t8.json below}}: {{below-c12-t8.json classes | len}} classes; complete
       seki of height 8: {{below-c12-t8.json classes[seki=complete,height=8].matrix | join}}.
  3. run `python3 tests/results_claims_test.py --write`, read `git diff docs/results.md`, commit.

Placeholders (in docs/results.md.in):
  {{FILE PATH | FILTER | ...}}   the value at PATH in docs/results/NAME (FILE), through the filters
  {{? EXPR OP TEXT}}, {{? EXPR OP @EXPR}}   (EXPR is FILE PATH | FILTER ...; OP one of == != < <=
                                 > >=) renders nothing and fails unless the comparison holds: for
                                 a fact stated in words ("none is a direct sum", "all prime")
  {{for X in FILE PATH}} ... {{end}}   (each on a line of its own) the lines between, once per
                                 element of the list; inside, {{X PATH ...}} reads the element and
                                 $X.PATH in a selector is the element's value; {{for X in 1..10}}:
                                 once per integer 1 to 10 (a table's rows: the region asked)
  <!-- pending: WHO: WHY --> ... <!-- /pending -->   a part whose outputs are not kept yet: copied
                                 as it is, not checked, listed by every run (it may hold no
                                 placeholder)
  <!-- reference: WHY --> ... <!-- /reference -->   documentation of a command, not results: its
                                 placeholders are checked, its prose is not linted; listed
FILE: .json (one document), .jsonl (a list, one document a line), .txt (a list of its lines that
are neither empty nor "#" comments), .out (a list of all its lines: a program's printed output);
any of them may end in .gz. FILE may also name several outputs, A+B+... (each a name or a pattern
with * or ?, e.g. below-c12-t8.json+below-abb-*.json): the claim is read from each output that
holds it (one where a {COND} selector finds no element does not), all that hold it must give the
same (else the check fails, naming each and what it gives), and at least one must. For a table
whose cells come from runs that overlap: a cell two runs decide is checked in both.
PATH: steps joined by ".": a key of an object (on a list: of every element), an index (0, -1) or
a slice (4:9) of a list, [COND,...] the elements of a list that satisfy every COND, {COND,...} the
one element that does (an error unless exactly one does). COND: KEY=V, KEY!=V, KEY<V, KEY<=V,
KEY>V, KEY>=V, KEY~V (the value contains V); KEY (its value is there, not empty, 0, false or null)
or !KEY (it is not). KEY may be a dotted path, or empty for the element itself ([~SEKI]), and may
end in :FILTER, the value through that filter ({matrix:cycle(3)=5 7 7}); V may be $.KEY, another
value of the same element. A list KEY=V holds V; KEY!=V does not.
FILTERS (a filter of one value applies to each element of a list): n (thousands with commas), sci
(2.8×10¹¹), hms (seconds as H:MM:SS or M:SS), round(D), words / Words (a count in words: "three",
"no"), yesno, no(WORD) ("no WORD" for 0, else "N WORD"), lower, label / dlabel (a class of the JSON,
"complete", as "complete seki" / "complete d-seki"), shape (4x4 as 4×4), height (the largest entry
of a matrix), matrix (a matrix's class as text: the same for every row and column order), cycle /
cycle(K) (a matrix whose positive entries form one cycle: its entries going around it, from the
first positive entry of the first row along that row, joined by spaces; with K only the first K when
they repeat with period K: "5 7 7" for 570000/075000/007700/000570/000075/700007), period (the
same up to its shortest period: "5 7 7", "4 5", "6"), tuple ("5 7 7" as "(5,7,7)"), split (a text
as the list of its words), matches(RE) (whether the whole text matches the regular expression RE:
true or false), letter (a class as one letter: complete C, semi-complete S, seki s, none or null –),
gb(D) (bytes as GB, D decimals), get(PATH), format(TEXT) (an object written by TEXT: {PATH} or {PATH
| FILTER ...} in TEXT is its value); of a list: len, sum, max, min, first, last, sorted, unique,
flat, join(SEP) (default ", "; \\n is a new line), where(COND), count(COND), keep(PATH:FILTER OP V)
(the elements whose PATH through FILTER compares so, e.g. keep(smaller:height > 3)), top(PATH) (the
elements whose PATH is the largest), twocycles (the matrices whose every line has two positive
entries), each(TEXT) (format(TEXT) of each element), or(TEXT) (TEXT for an empty list or null);
keys, values of an object. A list or an object must be joined or reduced before it is rendered.

The lint: outside placeholders, code, HTML comments, pending and reference parts, a number in the
template's prose may only be a date, an issue, a conjecture, proposition or section number, a shape
(4×4, 1×n), a bound or parameter (≤ 5, t = 7, every entry 8), a commit, a path, an extension's name
((4,3,3,−3), E1) or a support's name (12-cycle); any other number is a claim and must be a
placeholder (or, for a number quoted from elsewhere, be written in words).
"""
import gzip
import json
import os
import re
import sys
import tempfile

TEMPLATE = os.path.join("docs", "results.md.in")
PAGE = os.path.join("docs", "results.md")
OUTPUTS = os.path.join("docs", "results")

WIDTH = 100  # prose is filled to this many columns
ITEM = r"^(\s*)([*-] |\d+\. )"  # a list item, in the template's own text
NOT_FIRST = r"^([*+>#|-]( |$)|\d+[.)]( |$)|=)"  # words that would start a list, a heading ... there

HEADER = ("<!-- Generated from docs/results.md.in and the outputs under docs/results/ by "
          "`python3 tests/results_claims_test.py --write`; edit the template, not this file "
          "(CTest results_claims compares them). -->\n")


class ClaimError(Exception):
    pass


class NotHere(ClaimError):
    """A {COND} selector found no element: the output does not hold the claim (A+B sources)."""


# ---------------------------------------------------------------------------------------------
# Outputs

class Outputs:
    def __init__(self, root):
        self.dir = os.path.join(root, OUTPUTS)
        self.cache = {}
        self.used = set()

    def path(self, name):
        return os.path.join(OUTPUTS, name)

    def names(self, spec):
        """The outputs NAME+NAME+... names, each NAME a file or a pattern (*, ?) of files (a
        NAME.gz matches as NAME), in this order, each pattern's files sorted; each once."""
        import fnmatch
        out = []
        for part in spec.split("+"):
            if not any(c in part for c in "*?"):
                out.append(part)
                continue
            files = sorted(os.listdir(self.dir)) if os.path.isdir(self.dir) else []
            found = [f for f in files if fnmatch.fnmatchcase(f, part) or
                     (f.endswith(".gz") and fnmatch.fnmatchcase(f[:-3], part))]
            if not found:
                raise ClaimError(f"no output under {OUTPUTS} matches {part}")
            out.extend(found)
        return list(dict.fromkeys(out))

    def load(self, name):
        if name in self.cache:
            return self.cache[name]
        full = os.path.join(self.dir, name)
        if not os.path.isfile(full):
            raise ClaimError(f"{self.path(name)} does not exist")
        opener = gzip.open if name.endswith(".gz") else open
        with opener(full, "rt", encoding="utf-8") as f:
            text = f.read()
        kind = name[:-3] if name.endswith(".gz") else name
        try:
            if kind.endswith(".json"):
                value = json.loads(text)
            elif kind.endswith(".jsonl"):
                value = [json.loads(line) for line in text.splitlines() if line.strip()]
            elif kind.endswith(".txt"):
                value = [line for line in text.splitlines()
                         if line.strip() and not line.startswith("#")]
            elif kind.endswith(".out"):
                value = text.splitlines()
            else:
                raise ClaimError(f"{self.path(name)}: not .json, .jsonl, .txt or .out")
        except json.JSONDecodeError as e:
            raise ClaimError(f"{self.path(name)}: not JSON: {e}")
        self.used.add(name)
        self.cache[name] = value
        return value


# ---------------------------------------------------------------------------------------------
# Paths

def split_top(text, sep):
    """Splits at sep outside (), [] and {}."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return parts


def as_number(x):
    if isinstance(x, bool):
        return None
    if isinstance(x, (int, float)):
        return x
    if isinstance(x, str) and re.fullmatch(r"-?\d+(\.\d+)?", x):
        return float(x) if "." in x else int(x)
    return None


def scalar_text(x):
    if x is None:
        return "null"
    if isinstance(x, bool):
        return "true" if x else "false"
    return str(x)


COND = re.compile(r"^(.*?)(!=|<=|>=|=|<|>|~)(.*)$")


def key_value(element, key, variables):
    """The value of KEY (a path) in element, through the filters after it (KEY:FILTER:...)."""
    path, *filters = split_top(key, ":")
    value = walk(element, path, variables) if path.strip() else element
    return apply_filters(value, filters) if filters else value


def condition(cond, variables):
    m = COND.match(cond.strip())
    if not m:  # a bare KEY: its value is there and not empty, 0, false or null; !KEY: it is not
        key = cond.strip()
        negate = key.startswith("!")
        key = key[1:] if negate else key

        def truthy(element):
            try:
                held = bool(key_value(element, key, variables))
            except ClaimError:
                held = False
            return held != negate
        return truthy
    key, op, wanted = m.group(1).strip(), m.group(2), m.group(3).strip()
    wanted = substitute(wanted, variables)

    def test(element):
        try:
            have = key_value(element, key, variables) if key else element
            # $.KEY: another value of the same element
            other = scalar_text(walk(element, wanted[2:], variables)) \
                if wanted.startswith("$.") else wanted
        except ClaimError:
            return False
        if isinstance(have, list) and op in ("=", "!="):  # a list: whether it holds V
            held = any(scalar_text(h) == other for h in have)
            return held if op == "=" else not held
        if op == "~":
            return other in scalar_text(have)
        a, b = as_number(have), as_number(other)
        if op in ("<", "<=", ">", ">="):
            if a is None or b is None:
                return False
            return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]
        same = (a == b) if (a is not None and b is not None) else scalar_text(have) == other
        return same if op == "=" else not same
    return test


def substitute(text, variables):
    def value(m):
        name, path = m.group(1), m.group(2)
        if name not in variables:
            raise ClaimError(f"${name} is not a loop variable here")
        v = walk(variables[name], path[1:], variables) if path else variables[name]
        return scalar_text(v)
    return re.sub(r"\$(\w+)((?:\.[\w-]+)*)", value, text)


def walk(value, path, variables):
    path = path.strip()
    if not path:
        return value
    for step in split_top(path, "."):
        step = step.strip()
        m = re.fullmatch(r"([^\[\]{}]*)((?:\[[^\]]*\]|\{[^}]*\})*)", step)
        if not m:
            raise ClaimError(f"bad step '{step}'")
        key, selectors = m.group(1), m.group(2)
        if key:
            value = index(value, key)
        for sel in re.findall(r"\[[^\]]*\]|\{[^}]*\}", selectors):
            if not isinstance(value, list):
                raise ClaimError(f"'{sel}' applied to a {type(value).__name__}, not a list")
            tests = [condition(c, variables) for c in split_top(sel[1:-1], ",")]
            kept = [e for e in value if all(t(e) for t in tests)]
            if sel.startswith("{"):
                if not kept:
                    raise NotHere(f"'{sel}' selects 0 elements, not one")
                if len(kept) != 1:
                    raise ClaimError(f"'{sel}' selects {len(kept)} elements, not one")
                value = kept[0]
            else:
                value = kept
    return value


def index(value, key):
    if isinstance(value, dict):
        if key not in value:
            raise ClaimError(f"no key '{key}' (keys: {', '.join(list(value)[:12])})")
        return value[key]
    if isinstance(value, list):
        if re.fullmatch(r"-?\d*:-?\d*", key):
            a, b = key.split(":")
            return value[int(a) if a else None:int(b) if b else None]
        if re.fullmatch(r"-?\d+", key):
            i = int(key)
            if not -len(value) <= i < len(value):
                raise ClaimError(f"index {i} out of a list of {len(value)}")
            return value[i]
        return [index(e, key) for e in value]
    raise ClaimError(f"'{key}' applied to {scalar_text(value)!r}")


# ---------------------------------------------------------------------------------------------
# Filters

SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def thousands(x):
    n = as_number(x)
    if n is None:
        raise ClaimError(f"n: {x!r} is not a number")
    return f"{n:,}"


def sci(x):
    n = as_number(x)
    if n is None or n <= 0:
        raise ClaimError(f"sci: {x!r} is not a positive number")
    exp = len(str(int(n))) - 1
    mant = round(n / 10 ** exp, 1)
    if mant >= 10:
        mant, exp = round(mant / 10, 1), exp + 1
    power = "10" + str(exp).translate(SUPERSCRIPT)
    return power if mant == 1.0 and n == 10 ** exp else f"{mant:.1f}×{power}"


def hms(x):
    n = as_number(x)
    if n is None:
        raise ClaimError(f"hms: {x!r} is not a number")
    s = int(round(n))
    h, m, s = s // 3600, s // 60 % 60, s % 60
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def canonical_matrix(text):
    """min over row orders of the sorted columns: the same for every row/column permutation."""
    from itertools import permutations
    rows = [[int(c) for c in (r.split(",") if "," in r else r)] for r in text.split("/")]
    best = None
    for order in permutations(rows):
        cols = sorted(zip(*order), reverse=True)
        key = tuple(cols)
        if best is None or key > best:
            best = key
    rows = list(zip(*best))
    wide = any(x > 9 for r in rows for x in r)
    return "/".join((",".join if wide else "".join)(str(x) for x in r) for r in rows)


def scalar_filter(fn):
    def apply(value, arg):
        if isinstance(value, list):
            return [fn(v, arg) for v in value]
        return fn(value, arg)
    return apply


def no_word(value, arg):
    n = as_number(value)
    if n is None:
        raise ClaimError(f"no({arg}): {value!r} is not a number")
    return f"no {arg}" if n == 0 else f"{n:,} {arg}"


def need_list(name, value):
    if not isinstance(value, list):
        raise ClaimError(f"{name}: {scalar_text(value)!r} is not a list")
    return value


def one_of(name, value, pick):
    value = need_list(name, value)
    if not value:
        raise ClaimError(f"{name} of an empty list")
    return pick(value)


def where(value, arg):
    test = condition(arg or "", {})
    return [v for v in need_list("where", value) if test(v)]


def keep(value, arg):
    """keep(PATH:FILTER OP V): the elements whose PATH (none: the element), through FILTER (a
    filter of one value, e.g. height), compares so with V."""
    m = re.fullmatch(r"\s*([^:<>=!~\s]*)(?::(\w+))?\s*(!=|<=|>=|=|<|>)\s*(.*)", arg or "")
    if not m:
        raise ClaimError(f"keep({arg}): not PATH:FILTER OP V")
    path, name, op, want = m.groups()
    if name and name not in FILTERS:
        raise ClaimError(f"keep({arg}): unknown filter '{name}'")
    test = condition(f"{op}{want}", {})
    out = []
    for v in need_list("keep", value):
        x = walk(v, path, {}) if path else v
        if name:
            x = FILTERS[name](x, None)
        if test(x):
            out.append(v)
    return out


def fill(element, text):
    """text with each {PATH} or {PATH | FILTER ...} replaced by that value of element."""
    def value(m):
        path, *filters = split_top(m.group(1), "|")
        return render_value(apply_filters(walk(element, path, {}), filters))
    return re.sub(r"\{([^{}]*)\}", value, text or "")


def each(value, arg):
    """Each element (an object) written by the template arg: {PATH} (or {PATH | FILTER ...}) is
    the element's value."""
    return [fill(v, arg) for v in need_list("each", value)]


def top(value, arg):
    """top(PATH): the elements whose PATH (a number) is the largest."""
    value = need_list("top", value)
    keys = [as_number(walk(v, arg or "", {})) for v in value]
    if any(k is None for k in keys):
        raise ClaimError(f"top({arg}): not every element has a number there")
    return [v for v, k in zip(value, keys) if k == max(keys)] if value else []


def cycle(text, arg):
    """The entries of a matrix whose positive entries form one cycle (every row and column has two
    of them, and they are connected), read going around it: from the first positive entry of the
    first row along that row to its other one, then along that column, and so on, joined by
    spaces. cycle(K): the first K of them when the sequence repeats with period K, else all."""
    rows = [[int(x) for x in (r.split(",") if "," in r else r)] for r in str(text).split("/")]
    cols = [list(c) for c in zip(*rows)]
    if any(sum(1 for x in line if x) != 2 for line in rows + cols):
        raise ClaimError(f"cycle: {text} has a line without exactly two positive entries")
    i, j = 0, next(k for k, x in enumerate(rows[0]) if x)
    seq, along_row = [], True
    while True:
        seq.append(rows[i][j])
        if along_row:
            j = next(k for k, x in enumerate(rows[i]) if x and k != j)
        else:
            i = next(k for k, r in enumerate(rows) if r[j] and k != i)
        along_row = not along_row
        if (i, j) == (0, next(k for k, x in enumerate(rows[0]) if x)) and along_row:
            break
    if len(seq) != sum(1 for r in rows for x in r if x):
        raise ClaimError(f"cycle: the positive entries of {text} are not one cycle")
    k = int(arg) if arg else 0
    if k and len(seq) % k == 0 and all(seq[n] == seq[(n + k) % len(seq)] for n in range(len(seq))):
        seq = seq[:k]
    return " ".join(str(x) for x in seq)


def period(text):
    """A cycle's entries (cycle) up to their shortest period: "5 7 7" for the weighting (5,7,7)."""
    seq = cycle(text, None).split()
    n = len(seq)
    k = next(k for k in range(1, n + 1)
             if n % k == 0 and all(seq[i] == seq[(i + k) % n] for i in range(n)))
    return " ".join(seq[:k])


def as_tuple(v):
    """"5 7 7" (cycle's output) as (5,7,7)."""
    return "(" + ",".join(str(v).split()) + ")"


LETTERS = {"complete": "C", "semi-complete": "S", "seki": "s", "none": "–", None: "–"}


def letter(v):
    if v not in LETTERS:
        raise ClaimError(f"letter: {v!r} is not a class")
    return LETTERS[v]


def flat(value, arg):
    out = []
    for v in need_list("flat", value):
        out.extend(v if isinstance(v, list) else [v])
    return out


def matrix_height(v):
    rows = str(v).split("/")
    return max(int(x) for r in rows for x in (r.split(",") if "," in r else r))


WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
         "nineteen", "twenty"]


def word(v):
    n = as_number(v)
    return WORDS[n] if isinstance(n, int) and 0 <= n < len(WORDS) else thousands(v)


def two_cycles(value, arg):
    """The matrices (texts) whose every row and column has exactly two positive entries."""
    def two(text):
        rows = [[int(x) for x in (r.split(",") if "," in r else r)] for r in text.split("/")]
        return all(sum(1 for x in line if x) == 2 for line in rows + [list(c) for c in zip(*rows)])
    return [v for v in need_list("twocycles", value) if two(v)]


LABELS = {"none": "no seki", "seki": "seki", "semi-complete": "semi-complete seki",
          "complete": "complete seki"}


def join(value, arg):
    sep = ", " if arg is None else arg.replace("\\n", "\n")
    return sep.join(scalar_text(v) for v in need_list("join", value))


FILTERS = {
    "n": scalar_filter(lambda v, a: thousands(v)),
    "sci": scalar_filter(lambda v, a: sci(v)),
    "hms": scalar_filter(lambda v, a: hms(v)),
    "round": scalar_filter(lambda v, a: f"{float(v):.{int(a or 0)}f}"),
    "yesno": scalar_filter(lambda v, a: "yes" if v else "no"),
    "lower": scalar_filter(lambda v, a: scalar_text(v).lower()),
    "matrix": scalar_filter(lambda v, a: canonical_matrix(v)),
    "no": scalar_filter(no_word),
    "len": lambda v, a: len(need_list("len", v)),
    "sum": lambda v, a: sum(need_list("sum", v)),
    "max": lambda v, a: one_of("max", v, max),
    "min": lambda v, a: one_of("min", v, min),
    "first": lambda v, a: one_of("first", v, lambda l: l[0]),
    "last": lambda v, a: one_of("last", v, lambda l: l[-1]),
    "sorted": lambda v, a: sorted(need_list("sorted", v)),
    "unique": lambda v, a: list(dict.fromkeys(need_list("unique", v))),
    "keys": lambda v, a: list(v.keys()) if isinstance(v, dict) else need_list("keys", None),
    "values": lambda v, a: list(v.values()) if isinstance(v, dict) else need_list("values", None),
    "join": join,
    "where": where,
    "keep": keep,
    "shape": scalar_filter(lambda v, a: scalar_text(v).replace("x", "×")),
    "count": lambda v, a: len(where(v, a)),
    "get": lambda v, a: walk(v, a or "", {}),
    "each": each,
    "format": lambda v, a: fill(v, a),
    "top": top,
    "cycle": scalar_filter(cycle),
    "letter": scalar_filter(lambda v, a: letter(v)),
    "tuple": scalar_filter(lambda v, a: as_tuple(v)),
    "period": scalar_filter(lambda v, a: period(v)),
    "split": scalar_filter(lambda v, a: str(v).split()),
    "matches": scalar_filter(lambda v, a: re.fullmatch(a or "", scalar_text(v)) is not None),
    "gb": scalar_filter(lambda v, a: f"{as_number(v) / 1e9:.{int(a or 0)}f} GB"),
    "gib": scalar_filter(lambda v, a: f"{as_number(v) / 2 ** 30:.{int(a or 0)}f} GiB"),
    "flat": flat,
    "or": lambda v, a: a if v in (None, [], "") else v,
    "words": scalar_filter(lambda v, a: word(v)),
    "Words": scalar_filter(lambda v, a: word(v)[:1].upper() + word(v)[1:]),
    "twocycles": two_cycles,
    "height": scalar_filter(lambda v, a: matrix_height(v)),
    "label": scalar_filter(lambda v, a: LABELS.get(v, v)),
    "dlabel": scalar_filter(lambda v, a: LABELS.get(v, v).replace("seki", "d-seki")),
}


def apply_filters(value, filters):
    for f in filters:
        f = f.strip()
        m = re.fullmatch(r"(\w+)(?:\((.*)\))?", f, re.S)
        if not m or m.group(1) not in FILTERS:
            raise ClaimError(f"unknown filter '{f}'")
        arg = m.group(2)
        if arg is not None and len(arg) >= 2 and arg[0] == arg[-1] == '"':
            arg = arg[1:-1]
        value = FILTERS[m.group(1)](value, arg)
    return value


def render_value(value):
    if isinstance(value, (list, dict)):
        raise ClaimError("the value is a list or an object: join or reduce it (| join, | len, ...)")
    return scalar_text(value)


# ---------------------------------------------------------------------------------------------
# The template

PLACEHOLDER = re.compile(r"\{\{(.*?)\}\}", re.S)
FOR = re.compile(r"^\{\{for (\w+) in (\S+)(.*)\}\}$")
PENDING_OPEN = re.compile(r"^<!-- pending: (.*?) -->$")
PENDING_CLOSE = "<!-- /pending -->"
REFERENCE_OPEN = re.compile(r"^<!-- reference: (.*?) -->$")
REFERENCE_CLOSE = "<!-- /reference -->"


class Span:
    """One claim as rendered: where it is in the page, what it says, where it comes from."""

    def __init__(self, source, file, template_line, text, loop=None):
        self.source, self.file, self.template_line = source, file, template_line
        self.text, self.loop = text, loop

    def name(self):
        where = f" ({self.loop})" if self.loop else ""
        return "{{" + self.source.strip() + "}}" + where


class Page:
    def __init__(self):
        self.lines = []      # rendered lines (without "\n")
        self.prose = []      # per line: whether it is prose, to be wrapped
        self.segments = []   # per line: [literal, Span, literal, Span, ..., literal]
        self.pending = []    # (who and why, first line number of the page, heading)
        self.errors = []     # evaluation errors
        self.claims = 0
        self.literal_lines = []  # (template line, text) of the prose, for the lint
        self.reference = []  # (why, first line number of the page): documentation, not linted


def evaluate(body, outputs, variables, template_line, loop):
    """The text and the output file of one placeholder body (without the braces)."""
    if body.startswith("?"):
        m = re.fullmatch(r"\?(.*?) (==|!=|<=|>=|<|>) (.*)", body, re.S)
        if not m:
            raise ClaimError("a check is {{? EXPR OP TEXT}} or {{? EXPR OP @EXPR}}, OP one of "
                             "== != < <= > >=")
        left, file = expression(m.group(1), outputs, variables)
        want = m.group(3).strip()
        right = expression(want[1:], outputs, variables)[0] if want.startswith("@") else want
        a, b = comparable(left), comparable(right)
        na, nb = as_number(a), as_number(b)
        if na is not None and nb is not None:
            a, b = na, nb
        op = m.group(2)
        ok = {"==": a == b, "!=": a != b}.get(op)
        if ok is None:
            if na is None or nb is None:
                raise ClaimError(f"'{op}' compares numbers: {a!r}, {b!r}")
            ok = {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op]
        if not ok:
            raise ClaimError(f"the check fails: {a!r} {op} {b!r} is false")
        return "", file
    value, file = expression(body, outputs, variables)
    return render_value(value), file


def comparable(value):
    return json.dumps(value, sort_keys=True) if isinstance(value, (list, dict)) else \
        scalar_text(value)


def expression(body, outputs, variables):
    """The value of FILE PATH | FILTERS (or VARIABLE PATH | FILTERS) and the output it reads (for
    A+B+...: the outputs that hold it, joined by +)."""
    head, *filters = split_top(body.strip(), "|")
    first, _, path = head.strip().partition(" ")
    if first in variables:
        value, file = walk(variables[first], path, variables), variables["@" + first]
    elif not is_several(first):
        file = first
        value = walk(outputs.load(first), substitute(path, variables), variables)
    else:
        held = []
        for name in outputs.names(first):
            try:
                found = walk(outputs.load(name), substitute(path, variables), variables)
            except NotHere:
                continue
            held.append((name, apply_filters(found, filters)))
        if not held:
            raise ClaimError(f"no output of {first} holds it (a {{COND}} selects no element in "
                             f"each)")
        if len({comparable(v) for _, v in held}) > 1:
            raise ClaimError("the outputs that hold it disagree: " + "; ".join(
                f"{os.path.join(OUTPUTS, n)} gives {comparable(v)!r}" for n, v in held))
        return held[0][1], "+".join(n for n, _ in held)
    return apply_filters(value, filters), file


def is_several(first):
    return "+" in first or any(c in first for c in "*?")


def source_text(file):
    """The outputs a claim read, as paths (A+B: both)."""
    if not file:
        return "(no output)"
    return " and ".join(os.path.join(OUTPUTS, f) for f in file.split("+"))


def render_line(line, outputs, variables, number, loop, page):
    segments, pos, out = [], 0, ""
    for m in PLACEHOLDER.finditer(line):
        literal = line[pos:m.start()]
        segments.append(literal)
        out += literal
        body = m.group(1)
        try:
            text, file = evaluate(body, outputs, variables, number, loop)
        except ClaimError as e:
            where = f" ({loop})" if loop else ""
            page.errors.append(f"{TEMPLATE}:{number}: {{{{{body}}}}}{where}: {e}")
            text, file = "?", None
        span = Span(body, file, number, text, loop)
        segments.append(span)
        page.claims += 1
        out += text
        pos = m.end()
    segments.append(line[pos:])
    out += line[pos:]
    return out, segments


def render(root, template_text=None):
    if template_text is None:
        with open(os.path.join(root, TEMPLATE), encoding="utf-8") as f:
            template_text = f.read()
    outputs = Outputs(root)
    page = Page()
    lines = template_text.split("\n")
    in_code = False
    in_reference = False

    def emit(text, segments, prose=False):
        page.lines.append(text)
        page.segments.append(segments)
        page.prose.append(prose)

    def block(start, end, variables, loop):
        nonlocal in_code, in_reference
        i = start
        while i < end:
            line = lines[i]
            number = i + 1
            m = FOR.match(line.strip())
            if m:
                depth, j = 1, i + 1
                while j < end and depth:
                    s = lines[j].strip()
                    depth += 1 if FOR.match(s) else -1 if s == "{{end}}" else 0
                    j += 1
                if depth:
                    page.errors.append(f"{TEMPLATE}:{number}: {{{{for}}}} without {{{{end}}}}")
                    return
                name, file, path = m.group(1), m.group(2), m.group(3)
                numbers = re.fullmatch(r"(-?\d+)\.\.(-?\d+)", file)
                if numbers and not path.strip():  # {{for X in 1..10}}: the integers 1 to 10
                    source_file = None
                    elements = list(range(int(numbers.group(1)), int(numbers.group(2)) + 1))
                elif file in variables:
                    source_file = variables["@" + file]
                    try:
                        elements = walk(variables[file], path, variables)
                    except ClaimError as e:
                        page.errors.append(f"{TEMPLATE}:{number}: {line.strip()}: {e}")
                        elements = []
                else:
                    source_file = file
                    try:
                        elements = walk(outputs.load(file), substitute(path, variables), variables)
                    except ClaimError as e:
                        page.errors.append(f"{TEMPLATE}:{number}: {line.strip()}: {e}")
                        elements = []
                if not isinstance(elements, list):
                    page.errors.append(f"{TEMPLATE}:{number}: {line.strip()}: not a list")
                    elements = []
                for k, element in enumerate(elements):
                    inner = dict(variables)
                    inner[name], inner["@" + name] = element, source_file
                    where = f"{name} = {element}" if numbers and not path.strip() else \
                        f"{name} = element {k} of {source_file} {path.strip()}".rstrip()
                    block(i + 1, j - 1, inner, where if not loop else loop + "; " + where)
                i = j
                continue
            if line.strip() == "{{end}}":
                page.errors.append(f"{TEMPLATE}:{number}: {{{{end}}}} without {{{{for}}}}")
                i += 1
                continue
            m = PENDING_OPEN.match(line.strip())
            if m:
                j = i + 1
                while j < end and lines[j].strip() != PENDING_CLOSE:
                    j += 1
                if j == end:
                    page.errors.append(f"{TEMPLATE}:{number}: pending part without {PENDING_CLOSE}")
                    return
                title = next((l.strip("# ").strip() for l in lines[i + 1:j] if l.startswith("#")),
                             next((l.strip() for l in lines[i + 1:j] if l.strip()), ""))
                page.pending.append((m.group(1), len(page.lines) + 1 + 1, title))  # +1 header
                for k in range(i, j + 1):
                    if "{{" in lines[k]:
                        page.errors.append(f"{TEMPLATE}:{k + 1}: a placeholder in a pending part")
                    emit(lines[k], [lines[k]])
                i = j + 1
                continue
            if line.startswith("```"):
                in_code = not in_code
            m = REFERENCE_OPEN.match(line.strip())
            if m:
                in_reference = True
                page.reference.append((m.group(1), len(page.lines) + 2))
            elif line.strip() == REFERENCE_CLOSE:
                in_reference = False
            fence = line.startswith("```")
            text, segments = render_line(line, outputs, variables, number, loop, page)
            if not in_code and not in_reference:
                page.literal_lines.append((number, "".join(s for s in segments
                                                           if isinstance(s, str))))
            prose = not (in_code or fence or not line.strip() or line.lstrip().startswith(
                ("|", "#", "<!--")))
            emit(text, segments, prose)
            i += 1

    block(0, len(lines), {}, None)
    wrap(page)
    page.used = outputs.used
    page.outputs_dir = outputs.dir
    return page


def page_text(page):
    return HEADER + "\n".join(page.lines)


# ---------------------------------------------------------------------------------------------
# The comparison

def wrap(page, width=WIDTH):
    """Fills each paragraph of prose (a list item is a paragraph; its lines after the first are
    indented by two spaces) to `width` columns, never breaking inside a claim."""
    lines, segments, prose = [], [], []
    k = 0
    while k < len(page.lines):
        if not page.prose[k]:
            lines.append(page.lines[k])
            segments.append(page.segments[k])
            prose.append(False)
            k += 1
            continue
        first = page.segments[k]
        item = re.match(ITEM, first[0])
        indent = (item.group(1) + " " * len(item.group(2))) if item else \
            re.match(r"^\s*", page.lines[k]).group(0)
        para = [first]
        k += 1
        while k < len(page.lines) and page.prose[k] and not re.match(ITEM, page.segments[k][0]):
            para.append(page.segments[k])
            k += 1
        # words: runs of pieces (literal text without spaces, claims) between spaces
        words, word = [], []
        for n, segs in enumerate(para):
            if n:
                segs = [" "] + segs
            for piece in segs:
                if isinstance(piece, Span):
                    word.append(piece)
                    continue
                parts = re.split(r"(\s+)", piece)
                for part in parts:
                    if not part:
                        continue
                    if part.isspace():
                        if word:
                            words.append(word)
                            word = []
                    else:
                        word.append(part)
        if word:
            words.append(word)
        # a word that renders nothing (checks) goes with the word after it (or before, at the end)
        joined = []
        for w in words:
            if joined and not sum(len(x.text if isinstance(x, Span) else x) for x in joined[-1]):
                joined[-1] = joined[-1] + w
            else:
                joined.append(w)
        if len(joined) > 1 and not sum(len(x.text if isinstance(x, Span) else x)
                                       for x in joined[-1]):
            joined[-2] = joined[-2] + joined.pop()
        words = joined
        lead = re.match(r"^\s*", page.lines[k - len(para)]).group(0)
        current, size = [], 0
        out = []
        for w in words:
            length = sum(len(x.text if isinstance(x, Span) else x) for x in w)
            prefix = lead if not out and not current else indent
            text = "".join(x.text if isinstance(x, Span) else x for x in w)
            if current and size + 1 + length > width and not re.match(NOT_FIRST, text):
                out.append(current)
                current, size = [], 0
                prefix = indent
            if not current:
                current, size = [prefix] + list(w), len(prefix) + length
            else:
                current += [" "] + list(w)
                size += 1 + length
        if current:
            out.append(current)
        for pieces in out:
            merged = []
            for x in pieces:
                if isinstance(x, str) and merged and isinstance(merged[-1], str):
                    merged[-1] += x
                else:
                    merged.append(x)
            if not merged or not isinstance(merged[0], str):
                merged.insert(0, "")
            if not isinstance(merged[-1], str):
                merged.append("")
            lines.append("".join(x.text if isinstance(x, Span) else x for x in merged))
            segments.append(merged)
            prose.append(True)
    page.lines, page.segments, page.prose = lines, segments, prose


def blocks(lines):
    """(first, end) of each run of non-blank lines."""
    out, start = [], None
    for k, line in enumerate(lines + [""]):
        if line.strip() and start is None:
            start = k
        elif not line.strip() and start is not None:
            out.append((start, k))
            start = None
    return out


def compare(page, stated_text):
    """Problems between the rendered page and results.md's text, each naming the claim."""
    problems = []
    if not stated_text.startswith(HEADER):
        problems.append(f"{PAGE}:1: the first line is not the generated-file header")
    else:
        stated_text = stated_text[len(HEADER):]
    stated = stated_text.split("\n")
    if stated == page.lines:
        return problems
    import difflib
    pa, sb = blocks(page.lines), blocks(stated)
    ptext = ["\n".join(page.lines[a:b]) for a, b in pa]
    stext = ["\n".join(stated[a:b]) for a, b in sb]
    matcher = difflib.SequenceMatcher(None, ptext, stext, autojunk=False)
    for op, a0, a1, b0, b1 in matcher.get_opcodes():
        if op == "equal":
            continue
        if op == "replace" and a1 - a0 == b1 - b0:
            for a, b in zip(range(a0, a1), range(b0, b1)):
                problems.extend(block_problems(page, pa[a], stext[b], sb[b][0] + 2))
            continue
        for a in range(a0, a1):
            problems.append(f"{PAGE}: lacks lines {pa[a][0] + 2}-{pa[a][1] + 1} of the rendering "
                            f"(template line {template_line(page, pa[a])}): {ptext[a][:100]!r}")
        for b in range(b0, b1):
            problems.append(f"{PAGE}:{sb[b][0] + 2}: not in the rendering of {TEMPLATE}: "
                            f"{stext[b][:100]!r}")
    if not problems and stated[len(page.lines):] != []:
        problems.append(f"{PAGE}: ends differently from the rendering (run --write)")
    return problems


def template_line(page, block):
    for segments in page.segments[block[0]:block[1]]:
        for s in segments:
            if isinstance(s, Span):
                return s.template_line
    return "?"


def block_segments(page, block):
    out = []
    for k in range(block[0], block[1]):
        if k > block[0]:
            out.append("\n")
        out.extend(page.segments[k])
    return out


def normal(text):
    return " ".join(text.split())


def block_problems(page, block, text, first_line):
    """What `text` (a block of results.md starting at first_line) says at each claim of the
    rendered block; the text between claims may differ in its spaces and line breaks only."""
    segments = block_segments(page, block)
    spans = [s for s in segments if isinstance(s, Span)]
    pattern = "".join(
        r"\s+".join(re.escape(w) for w in re.split(r"\s+", s)) if isinstance(s, str) else "(.*?)"
        for s in segments)
    m = re.fullmatch(pattern, text, re.S)
    rendering = "\n".join(page.lines[block[0]:block[1]])
    if m is None or not spans:
        stated, rendered = text.split("\n"), rendering.split("\n")
        k = next((k for k, (x, y) in enumerate(zip(stated, rendered)) if x != y),
                 min(len(stated), len(rendered)))
        return [f"{PAGE}:{first_line + k}: differs from the rendering of {TEMPLATE} outside its "
                f"claims (edit the template and --write): says "
                f"{(stated[k] if k < len(stated) else '')[:120]!r}, the rendering "
                f"{(rendered[k] if k < len(rendered) else '')[:120]!r}"]
    out = []
    for n, span in enumerate(spans, 1):
        value = m.group(n)
        if normal(value) != normal(span.text):
            line = first_line + text[:m.start(n)].count("\n")
            source = source_text(span.file)
            verb = "give" if span.file and "+" in span.file else "gives"
            out.append(f"{PAGE}:{line}: states {value!r} where {source} {verb} {span.text!r}: "
                       f"claim {span.name()}, {TEMPLATE}:{span.template_line}")
    return out or [f"{PAGE}:{first_line}: the lines are broken differently from the rendering "
                   f"(run --write)"]


# ---------------------------------------------------------------------------------------------
# The lint of literal numbers in the template's prose

ALLOWED = [
    r"\d{4}-\d{2}-\d{2}",                       # a date
    r"\b\d{1,2}:\d{2}\b",                        # a time of day
    r"issues? \d+(?:(?:, | and )\d+)*",          # issue 33, issues 33, 31
    r"(?:Conjecture|Conjectures|Prop\.|Proposition|Theorem|Lemma|Section|section|Fig\.)s? "
    r"\d+(?:\.\d+)?(?:(?:, | and )\d+(?:\.\d+)?)*",
    r"\b[1-9]\.\d\b",                            # 6.1, 6.2, 6.3, 6.9: the conjectures
    r"\b\d+×\d+\b",                              # a shape
    r"\b[0-9a-f]{7,12}\b",                       # a commit
    r"(?<!H[₀-₉] )(?<!H_[a-z] )(?:≤|<|≥|>|=) ?\d+",  # a bound or parameter: entries ≤ 5, t = 7
                                                 # (H₅ ≥ 6 is a claim, not a bound)
    r"\b\d+ (?:cores?|GiB|GB|threads?)\b",       # the machine
    r"\((?:\d+,){2,}−?\d+\)",                    # an extension's name: (3,1,1,−1)
    r"\b(?:E|A|B|C|c|k|t|i|n|m|j)\d\b",          # E1, E2
    r"\bk ≥ \d\b",
    r"\b\d+k?-cycles?\b",                        # the 12-cycle (a support's name)
    r"every entry \d+",                         # a pattern's parameter
    r"\b[a-z] ?\+ ?1\b|\(?1 ?\+ ?i\)?",            # t + 1, 1 + i: a family's entries
    r"\bheight-\d+\b",                           # the height-4 complete seki (a set's name)
    r"\bperiod-\d+\b",                           # the period-3 weightings (a family's name)
    r"\b\d+×[a-z]\b|\b[a-z]×\d+\b",                # 1×n
    r"[\w./-]*/[\w.-]+\.(?:json|jsonl|txt|md|out|cpp|hpp|py|sh)\b",  # a path
]
ALLOWED_RE = re.compile("|".join(f"(?:{a})" for a in ALLOWED))


def lint(page):
    problems = []
    for number, text in page.literal_lines:
        text = re.sub(r"`[^`]*`", "", text)               # code spans: commands, inputs
        text = re.sub(r"<!--.*?-->", "", text)             # comments
        text = re.sub(r"\]\([^)]*\)", "]", text)           # link targets
        text = ALLOWED_RE.sub("", text)
        for m in re.finditer(r"\d+(?:[.,/]\d+)*", text):
            problems.append(f"{TEMPLATE}:{number}: the literal number '{m.group(0)}' is not a "
                            f"placeholder (a claim must read an output; see the lint in "
                            f"tests/results_claims_test.py)")
    return problems


# ---------------------------------------------------------------------------------------------
# The whole check

def check(root, quiet=False):
    page = render(root)
    problems = list(page.errors)
    try:
        with open(os.path.join(root, PAGE), encoding="utf-8") as f:
            stated = f.read()
    except OSError as e:
        stated = ""
        problems.append(f"{PAGE}: {e}")
    if not page.errors:
        problems.extend(compare(page, stated))
    problems.extend(lint(page))
    if not problems:
        problems.extend(mutation_check(page))
    if not quiet:
        for who, line, title in page.pending:
            print(f"pending ({who}): {PAGE}:{line}: {title}")
        for why, line in page.reference:
            print(f"not linted (reference: {why}): {PAGE}:{line}")
        unused = sorted(set(os.listdir(page.outputs_dir)) - page.used)
        if unused:
            print(f"kept but not read by a claim: {', '.join(unused)}")
    return page, problems


def mutation_check(page):
    """Every claim can fail: change the value it renders in the page and the comparison must name
    it (a claim whose change went unnoticed would be a claim that is not checked)."""
    problems = []
    for block in blocks(page.lines):
        segments = block_segments(page, block)
        for s in segments:
            if not isinstance(s, Span) or not s.text:
                continue
            changed = mutate(s.text)
            text = "".join(changed if x is s else x.text if isinstance(x, Span) else x
                           for x in segments)
            found = block_problems(page, block, text, block[0] + 2)
            if not any(s.name() in p for p in found):
                problems.append(f"{TEMPLATE}:{s.template_line}: changing what {s.name()} renders "
                                f"({s.text!r} -> {changed!r}) goes unnoticed")
    return problems


def mutate(text):
    m = re.search(r"\d", text)
    if m:
        d = str((int(m.group(0)) + 1) % 10)
        return text[:m.start()] + d + text[m.end():]
    return text + "x"


def write(root):
    page = render(root)
    if page.errors:
        for e in page.errors:
            print(e)
        return 1
    with open(os.path.join(root, PAGE), "w", encoding="utf-8") as f:
        f.write(page_text(page))
    print(f"wrote {PAGE}: {page.claims} claims, {len(page.pending)} pending parts")
    for p in lint(page):
        print(p)
    return 0


# ---------------------------------------------------------------------------------------------
# Self-test: the check fails when it should

SELF_TEMPLATE = """# Results

Every 4×4 matrix with entries ≤ 5: {{run.json shapes.0.classes | n}} classes, of which
{{run.json shapes.0.census.complete.total | no(complete seki)}}; by height {{run.json shapes.0.by_height.total | join( / )}}.
{{? run.json shapes.0.findings | len == 2}}Both findings are listed:

| matrix | sum |
|---|---|
{{for f in run.json shapes.0.findings}}
| {{f matrix}} | {{f sum}} |
{{end}}

<!-- pending: lead: the census is run again -->
## Below a support
There are 41 classes.
<!-- /pending -->
"""

SELF_OUTPUT = {"shapes": [{"classes": 4947097821, "census": {"complete": {"total": 181}},
                           "by_height": [{"total": 4}, {"total": 51}],
                           "findings": [{"matrix": "0303/3030/0340/3004", "sum": 26},
                                        {"matrix": "3011/0403/1033/1330", "sum": 26}]}]}


RUN_JSON = os.path.join(OUTPUTS, "run.json")

# A table read from several outputs (A+B, a pattern), a loop over 1..N, a selector through a
# filter (cycle), format and letter; two outputs that both hold a cell must agree.
SELF_TABLE = """# Cells

| a | b = 1 | b = 2 |
|---|---|---|
{{for a in 1..2}}
| {{a}} | {{below-t2.json+below-w-*.json values{matrix:cycle(2)=$a 1} | format({seki.class | letter} / {dseki.class | letter})}} | {{below-t2.json+below-w-*.json values{matrix:cycle(2)=$a 2} | format({seki.class | letter} / {dseki.class | letter})}} |
{{end}}

The highest: {{below-t2.json classes | top(height) | get(matrix) | join}}, {{below-t2.json bytes | gb(1)}}.
"""


def cell(a, b, seki, dseki):
    return {"matrix": f"{a}{b}/{b}{a}", "seki": {"class": seki}, "dseki": {"class": dseki}}


SELF_TABLE_OUTPUTS = {
    "below-t2.json": {"values": [cell(1, 1, "complete", "complete"), cell(2, 2, "complete", "seki"),
                                 cell(2, 1, "none", "none")],
                      "classes": [{"matrix": "11/11", "height": 1}, {"matrix": "22/22", "height": 2},
                                  {"matrix": "20/02", "height": 2}],
                      "bytes": 115151515648},
    "below-w-a.json": {"values": [cell(1, 2, "none", "seki"), cell(2, 2, "complete", "seki")]},
}


def self_test():
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, OUTPUTS))
        out = os.path.join(root, OUTPUTS, "run.json")
        json.dump(SELF_OUTPUT, open(out, "w"))
        open(os.path.join(root, TEMPLATE), "w").write(SELF_TEMPLATE)
        assert write(root) == 0
        page_path = os.path.join(root, PAGE)
        good = open(page_path).read()
        assert "4,947,097,821 classes, of which 181 complete seki; by height\n4 / 51." in good, good
        assert "| 3011/0403/1033/1330 | 26 |" in good and "Both findings" in good, good
        page, problems = check(root, quiet=True)
        assert problems == [], problems
        assert [(w, t) for w, _, t in page.pending] == [("lead: the census is run again",
                                                        "Below a support")], page.pending

        # A stated number changed in results.md: the claim and its output are named.
        open(page_path, "w").write(good.replace("181 complete seki", "1812 complete seki"))
        _, problems = check(root, quiet=True)
        assert len(problems) == 1 and "states '1812 complete seki'" in problems[0] and \
            f"{RUN_JSON} gives '181 complete seki'" in problems[0] and \
            "{{run.json shapes.0.census.complete.total | no(complete seki)}}" in problems[0], problems
        # A row of a generated table.
        open(page_path, "w").write(good.replace("| 3011/0403/1033/1330 | 26 |",
                                                "| 3011/0403/1033/1330 | 27 |"))
        _, problems = check(root, quiet=True)
        assert len(problems) == 1 and "{{f sum}} (f = element 1 of run.json" in problems[0], problems
        # Prose changed outside a claim.
        open(page_path, "w").write(good.replace("Both findings", "All findings"))
        _, problems = check(root, quiet=True)
        assert len(problems) == 1 and "outside its claims" in problems[0], problems
        # The output changed: the page no longer agrees; a check in words fails by itself.
        open(page_path, "w").write(good)
        changed = json.loads(json.dumps(SELF_OUTPUT))
        changed["shapes"][0]["findings"].append({"matrix": "0034/0340/3400/4003", "sum": 28})
        json.dump(changed, open(out, "w"))
        _, problems = check(root, quiet=True)
        assert len(problems) == 1 and "the check fails: 3 == 2 is false" in problems[0], problems
        changed = json.loads(json.dumps(SELF_OUTPUT))
        changed["shapes"][0]["classes"] += 1
        json.dump(changed, open(out, "w"))
        _, problems = check(root, quiet=True)
        assert len(problems) == 1 and \
            f"states '4,947,097,821' where {RUN_JSON} gives '4,947,097,822'" in \
            problems[0], problems
        changed["shapes"][0]["classes"] = 4
        json.dump(changed, open(out, "w"))  # the paragraph is filled anew: still the claim named
        _, problems = check(root, quiet=True)
        assert len(problems) == 1 and "gives '4'" in problems[0], problems
        json.dump(SELF_OUTPUT, open(out, "w"))
        # A literal number in the prose is not a claim.
        open(os.path.join(root, TEMPLATE), "w").write(
            SELF_TEMPLATE.replace("Both findings", "Both of the 14 findings"))
        page, _ = check(root, quiet=True)
        found = lint(page)
        assert len(found) == 1 and "literal number '14'" in found[0], found
        # The filters.
        assert sci(2.8e11) == "2.8×10¹¹" and sci(10 ** 10) == "10¹⁰" and sci(9 ** 12) == "2.8×10¹¹"
        assert hms(9345) == "2:35:45" and hms(48.2) == "0:48"
        assert canonical_matrix("330/303/033") == canonical_matrix("033/303/330")
        assert canonical_matrix("12,0/0,3") == canonical_matrix("3,0/0,12")
        assert cycle("570000/075000/007700/000570/000075/700007", "3") == "5 7 7"
        assert cycle("10,5,0,0,0,0/0,5,10,0,0,0/0,0,5,5,0,0/0,0,0,10,5,0/0,0,0,0,5,10/5,0,0,0,0,5",
                     "3") == "10 5 5"
        assert cycle("3400/0340/0034/4003", "3") == "3 4 3 4 3 4 3 4"
        assert as_tuple("10 5 5") == "(10,5,5)"
        assert apply_filters(["none", "seki", "complete", "none"], ["letter", "join()", "matches(–*[sC]+)"]) is False
        assert apply_filters(["none", "seki"], ["letter", "join()", "matches(–*[sC]+)"]) is True
        assert period("3400/0340/0034/4003") == "3 4" and period("660000/066000/006600/000660/"
                                                                  "000066/600006") == "6"
    self_test_several()
    print("self-test passed")


def self_test_several():
    """A table from several outputs: rendered, a changed cell named, outputs that disagree."""
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, OUTPUTS))

        def put(outputs):
            for name, value in outputs.items():
                json.dump(value, open(os.path.join(root, OUTPUTS, name), "w"))
        put(SELF_TABLE_OUTPUTS)
        open(os.path.join(root, TEMPLATE), "w").write(SELF_TABLE)
        assert write(root) == 0
        page_path = os.path.join(root, PAGE)
        good = open(page_path).read()
        assert "| 1 | C / C | – / s |\n| 2 | – / – | C / s |" in good, good
        assert "The highest: 22/22, 20/02, 115.2 GB." in good, good
        _, problems = check(root, quiet=True)
        assert problems == [], problems
        # A changed cell: the claim, its loop and both outputs that hold it are named.
        open(page_path, "w").write(good.replace("| 2 | – / – | C / s |",
                                                "| 2 | – / – | S / s |"))
        _, problems = check(root, quiet=True)
        both = " and ".join(os.path.join(OUTPUTS, n) for n in ("below-t2.json", "below-w-a.json"))
        assert len(problems) == 1 and f"states 'S / s' where {both} give 'C / s'" in problems[0] \
            and "(a = 2)" in problems[0], problems
        open(page_path, "w").write(good)
        # Two outputs that hold a cell disagree: the check fails, naming both.
        changed = json.loads(json.dumps(SELF_TABLE_OUTPUTS["below-w-a.json"]))
        changed["values"][1]["seki"]["class"] = "semi-complete"
        put({"below-w-a.json": changed})
        _, problems = check(root, quiet=True)
        assert len(problems) == 1 and "disagree" in problems[0] and \
            "below-t2.json gives 'C / s'" in problems[0] and \
            "below-w-a.json gives 'S / s'" in problems[0], problems
        # A cell no output holds.
        put(SELF_TABLE_OUTPUTS)
        os.remove(os.path.join(root, OUTPUTS, "below-w-a.json"))
        put({"below-w-b.json": {"values": [cell(2, 2, "complete", "seki")]}})
        _, problems = check(root, quiet=True)
        assert len(problems) == 1 and "no output of below-t2.json+below-w-*.json holds it" in \
            problems[0] and "(a = 1)" in problems[0], problems
    return 0


def main():
    args = sys.argv[1:]
    if args == ["--self-test"]:
        return self_test()
    if args and args[0] == "--write":
        return write(os.path.abspath(args[1] if len(args) > 1 else "."))
    root = os.path.abspath(args[0] if args else ".")
    page, problems = check(root)
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} problems: docs/results.md does not say what its outputs say "
              f"(or the template has an error)")
        return 1
    print(f"docs/results.md agrees with its outputs: {page.claims} claims from "
          f"{len(page.used)} outputs; {len(page.pending)} pending parts")
    return 0


if __name__ == "__main__":
    sys.exit(main())
