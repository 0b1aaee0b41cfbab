# `io` for tracelift (crates/vm/lib; docs/stdlib.md): the in-memory text stream `StringIO`,
# written in Python (CPython's is C). Files on disk are not here yet.


# CPython's is also a ValueError; multiple inheritance is not in tracelift yet (issue 20).
class UnsupportedOperation(OSError):
    pass


SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2


class StringIO:
    """A text stream held in memory: what is written can be read back or taken whole."""

    def __init__(self, initial_value="", newline="\n"):
        if initial_value is None:
            initial_value = ""
        if not isinstance(initial_value, str):
            raise TypeError(
                "initial_value must be str or None, not %s" % type(initial_value).__name__
            )
        # Appends go to `_tail` and are joined into `_text` when anything else needs it.
        self._text = initial_value
        self._tail = []
        self._size = len(initial_value)
        self._pos = 0
        self.closed = False

    def _check(self):
        if self.closed:
            raise ValueError("I/O operation on closed file")

    def _flat(self):
        if self._tail:
            self._text = self._text + "".join(self._tail)
            self._tail = []
        return self._text

    def write(self, s):
        self._check()
        if not isinstance(s, str):
            raise TypeError("string argument expected, got '%s'" % type(s).__name__)
        n = len(s)
        if self._pos == self._size:
            self._tail.append(s)
            self._size += n
        else:
            text = self._flat()
            if self._pos > len(text):
                text = text + "\0" * (self._pos - len(text))
            self._text = text[: self._pos] + s + text[self._pos + n:]
            self._size = len(self._text)
        self._pos += n
        return n

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def getvalue(self):
        self._check()
        return self._flat()

    def read(self, size=-1):
        self._check()
        text = self._flat()
        if size is None or size < 0:
            end = len(text)
        else:
            end = min(len(text), self._pos + size)
        start = min(self._pos, len(text))
        self._pos = max(self._pos, end)
        return text[start:end]

    def readline(self, size=-1):
        self._check()
        text = self._flat()
        start = min(self._pos, len(text))
        nl = text.find("\n", start)
        end = len(text) if nl < 0 else nl + 1
        if size is not None and size >= 0:
            end = min(end, start + size)
        self._pos = max(self._pos, end)
        return text[start:end]

    def readlines(self, hint=-1):
        lines = []
        total = 0
        while True:
            line = self.readline()
            if not line:
                return lines
            lines.append(line)
            total += len(line)
            if hint is not None and 0 < hint <= total:
                return lines

    def seek(self, pos, whence=0):
        self._check()
        if whence == 0:
            if pos < 0:
                raise ValueError("Negative seek position %d" % pos)
            self._pos = pos
        elif whence == 1:
            if pos != 0:
                raise OSError("Can't do nonzero cur-relative seeks")
        elif whence == 2:
            if pos != 0:
                raise OSError("Can't do nonzero end-relative seeks")
            self._pos = len(self._flat())
        else:
            raise ValueError("Invalid whence (%d, should be 0, 1 or 2)" % whence)
        return self._pos

    def tell(self):
        self._check()
        return self._pos

    def truncate(self, size=None):
        self._check()
        text = self._flat()
        if size is None:
            size = self._pos
        if size < 0:
            raise ValueError("Negative size value %d" % size)
        self._text = text[:size]
        self._size = len(self._text)
        return size

    def close(self):
        self.closed = True
        self._text = ""
        self._tail = []
        self._size = 0

    def readable(self):
        self._check()
        return True

    def writable(self):
        self._check()
        return True

    def seekable(self):
        self._check()
        return True

    def flush(self):
        self._check()

    def isatty(self):
        self._check()
        return False

    def __iter__(self):
        self._check()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def __enter__(self):
        self._check()
        return self

    def __exit__(self, *exc):
        self.close()
