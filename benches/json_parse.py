# json_parse: a small JSON-like serializer and recursive-descent parser.
# A pseudo-random document (nested objects and arrays of strings with
# escapes, integers, decimal fractions, true, false, null) is rendered to
# text, then parsed back one character at a time by a Parser object.
#
# Usage: json_parse.py [N [ITERATIONS]]
#   N = number of records in the document. Each iteration prints
#   `#iter SECONDS` to stderr.
#
# Checks: the parsed value equals the original, rendering it again gives the
# same text, and malformed inputs are rejected with a ParseError.
import sys
import time

WORDS = ["alpha", "beta", "gamma", "delta", "tab\there", "quote\"d", "back\\slash", "line\nbreak", "", "z"]


class ParseError(Exception):
    pass


class Rng:
    def __init__(self, seed):
        self.state = seed

    def next(self, bound):
        self.state = (self.state * 1103515245 + 12345) % 2147483648
        return (self.state // 65536) % bound


def make_value(rng, depth):
    k = rng.next(10 if depth < 3 else 6)
    if k == 0:
        return None
    if k == 1:
        return rng.next(2) == 1
    if k == 2:
        return rng.next(2000000) - 1000000
    if k == 3:
        return (rng.next(200000) - 100000) / 64
    if k == 4 or k == 5:
        return WORDS[rng.next(len(WORDS))] + str(rng.next(100))
    if k < 8:
        return [make_value(rng, depth + 1) for _ in range(rng.next(5))]
    obj = {}
    for _ in range(rng.next(5)):
        obj[WORDS[rng.next(len(WORDS))] + "_" + str(rng.next(10))] = make_value(rng, depth + 1)
    return obj


def make_document(n):
    rng = Rng(2024)
    records = []
    for i in range(n):
        records.append({"id": i, "name": "rec" + str(i), "payload": make_value(rng, 0),
                        "tags": [WORDS[rng.next(len(WORDS))] for _ in range(3)]})
    return {"version": 3, "records": records, "ok": True}


ESCAPES = {"\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\t": "\\t"}


def render_string(s, out):
    out.append("\"")
    for ch in s:
        e = ESCAPES.get(ch)
        out.append(ch if e is None else e)
    out.append("\"")


def render(v, out):
    if v is None:
        out.append("null")
    elif v is True:
        out.append("true")
    elif v is False:
        out.append("false")
    elif isinstance(v, int):
        out.append(str(v))
    elif isinstance(v, float):
        out.append(repr(v))
    elif isinstance(v, str):
        render_string(v, out)
    elif isinstance(v, list):
        out.append("[")
        for k in range(len(v)):
            if k:
                out.append(", ")
            render(v[k], out)
        out.append("]")
    else:
        out.append("{")
        first = True
        for key in v:
            if not first:
                out.append(", ")
            first = False
            render_string(key, out)
            out.append(": ")
            render(v[key], out)
        out.append("}")


def dumps(v):
    out = []
    render(v, out)
    return "".join(out)


class Parser:
    def __init__(self, text):
        self.text = text
        self.pos = 0

    def fail(self, what):
        raise ParseError(f"{what} at offset {self.pos}")

    def skip_space(self):
        text = self.text
        while self.pos < len(text) and text[self.pos] in " \n\t\r":
            self.pos += 1

    def peek(self):
        self.skip_space()
        if self.pos >= len(self.text):
            self.fail("unexpected end")
        return self.text[self.pos]

    def expect(self, ch):
        if self.peek() != ch:
            self.fail(f"expected {ch!r}")
        self.pos += 1

    def parse(self):
        v = self.value()
        self.skip_space()
        if self.pos != len(self.text):
            self.fail("trailing characters")
        return v

    def value(self):
        ch = self.peek()
        if ch == "{":
            return self.obj()
        if ch == "[":
            return self.array()
        if ch == "\"":
            return self.string()
        if ch == "-" or ch.isdigit():
            return self.number()
        for word, val in (("null", None), ("true", True), ("false", False)):
            if self.text.startswith(word, self.pos):
                self.pos += len(word)
                return val
        self.fail(f"unexpected {ch!r}")

    def obj(self):
        self.expect("{")
        result = {}
        if self.peek() == "}":
            self.pos += 1
            return result
        while True:
            if self.peek() != "\"":
                self.fail("expected a key")
            key = self.string()
            self.expect(":")
            result[key] = self.value()
            ch = self.peek()
            self.pos += 1
            if ch == "}":
                return result
            if ch != ",":
                self.fail("expected ',' or '}'")

    def array(self):
        self.expect("[")
        result = []
        if self.peek() == "]":
            self.pos += 1
            return result
        while True:
            result.append(self.value())
            ch = self.peek()
            self.pos += 1
            if ch == "]":
                return result
            if ch != ",":
                self.fail("expected ',' or ']'")

    def string(self):
        text = self.text
        self.pos += 1
        parts = []
        start = self.pos
        while True:
            if self.pos >= len(text):
                self.fail("unterminated string")
            ch = text[self.pos]
            if ch == "\"":
                parts.append(text[start:self.pos])
                self.pos += 1
                return "".join(parts)
            if ch == "\\":
                parts.append(text[start:self.pos])
                esc = text[self.pos + 1:self.pos + 2]
                if esc == "n":
                    parts.append("\n")
                elif esc == "t":
                    parts.append("\t")
                elif esc == "\"" or esc == "\\":
                    parts.append(esc)
                else:
                    self.fail(f"bad escape {esc!r}")
                self.pos += 2
                start = self.pos
            else:
                self.pos += 1

    def number(self):
        text = self.text
        start = self.pos
        if text[self.pos] == "-":
            self.pos += 1
        is_float = False
        while self.pos < len(text):
            ch = text[self.pos]
            if ch.isdigit():
                self.pos += 1
            elif ch == "." or ch == "e" or ch == "E" or ch == "+" or ch == "-":
                is_float = True
                self.pos += 1
            else:
                break
        token = text[start:self.pos]
        if token == "-":
            self.fail("lonely minus")
        return float(token) if is_float else int(token)


def loads(text):
    return Parser(text).parse()


def count_nodes(v):
    if isinstance(v, list):
        return 1 + sum([count_nodes(x) for x in v])
    if isinstance(v, dict):
        total = 1
        for k in v:
            total += count_nodes(v[k])
        return total
    return 1


def bench(n):
    doc = make_document(n)
    text = dumps(doc)
    back = loads(text)
    if back != doc:
        raise SystemExit("json_parse: the parsed document differs from the original")
    again = dumps(back)
    if again != text:
        raise SystemExit("json_parse: rendering the parsed document gave different text")
    rejected = 0
    for bad in ["{\"a\": }", "[1, 2", "\"open", "{\"k\" 1}", "[1 2]", "tru", "-", "{} x"]:
        try:
            loads(bad)
        except ParseError:
            rejected += 1
    if rejected != 8:
        raise SystemExit(f"json_parse: only {rejected} of 8 malformed inputs were rejected")
    return f"json_parse n={n} chars={len(text)} nodes={count_nodes(back)} records={len(back['records'])}"


def main():
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 16000
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    first = None
    for it in range(iterations):
        t0 = time.perf_counter()
        line = bench(size)
        t1 = time.perf_counter()
        print(f"#iter {t1 - t0:.6f}", file=sys.stderr)
        if first is None:
            first = line
        elif line != first:
            raise SystemExit(f"json_parse: iteration {it} gave {line!r}, the first gave {first!r}")
    print(first)


main()
