# `string` for tracelift (crates/vm/lib; docs/stdlib.md): the character-class constants,
# `capwords`, and `Template` (`substitute`, `safe_substitute`, `is_valid`,
# `get_identifiers`; `$name`, `${name}`, `$$`; a subclass may change `delimiter`) with
# CPython 3.11's results and its ValueError/KeyError/TypeError messages.
#
# CPython's Template matches a regular expression (its `pattern` class attribute, built
# from `delimiter`, `idpattern`, `braceidpattern` and `flags`); tracelift has no `re`, so
# this Template scans the text by hand for the default pattern: an identifier is ASCII
# letters, digits and `_`, not starting with a digit. It has no `pattern` or `flags`
# attribute, and a subclass that sets `pattern`, `flags`, `braceidpattern` or a different
# `idpattern`, or a delimiter with cased letters (which `re.IGNORECASE` would match in
# either case), raises NotImplementedError when it is defined.
#
# Left out: `Formatter` (it rests on the C parser of `_string`; `str.format` is there).

__all__ = ["ascii_letters", "ascii_lowercase", "ascii_uppercase", "capwords", "digits",
           "hexdigits", "octdigits", "printable", "punctuation", "whitespace", "Template"]

whitespace = " \t\n\r\x0b\x0c"
ascii_lowercase = "abcdefghijklmnopqrstuvwxyz"
ascii_uppercase = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ascii_letters = ascii_lowercase + ascii_uppercase
digits = "0123456789"
hexdigits = digits + "abcdef" + "ABCDEF"
octdigits = "01234567"
punctuation = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    """Splits s at sep (whitespace runs if None), capitalizes each word and joins them with
    sep (a single space if None)."""
    return (sep or " ").join([word.capitalize() for word in s.split(sep)])


_ID_START = frozenset(ascii_letters + "_")
_ID_CHAR = frozenset(ascii_letters + digits + "_")
_IDPATTERN = r"(?a:[_a-z][_a-z0-9]*)"

# What the scanner finds after a delimiter.
_ESCAPED, _NAMED, _BRACED, _INVALID = range(4)


class _ChainLookup:
    # The keywords first, then the mapping (CPython's ChainMap(kws, mapping)).
    def __init__(self, first, second):
        self.first = first
        self.second = second

    def __getitem__(self, key):
        try:
            return self.first[key]
        except KeyError:
            pass
        try:
            return self.second[key]
        except KeyError:
            pass
        raise KeyError(key)


_no_mapping = {}


class Template:
    """A string with $-substitutions: `$name` and `${name}` are replaced from a mapping,
    `$$` is a literal `$`."""

    delimiter = "$"
    idpattern = _IDPATTERN
    braceidpattern = None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if (cls.idpattern != _IDPATTERN or cls.braceidpattern is not None
                or hasattr(cls, "pattern") or hasattr(cls, "flags")):
            raise NotImplementedError(
                "string.Template: a custom idpattern, braceidpattern, flags or pattern needs "
                "the re module, which tracelift does not have")
        delim = cls.delimiter
        if isinstance(delim, str) and (delim.lower() != delim or delim.upper() != delim):
            raise NotImplementedError(
                "string.Template: a delimiter with cased letters matches case-insensitively "
                "through re.IGNORECASE, which tracelift does not have")

    def __init__(self, template):
        self.template = template

    def _matches(self):
        # Yields (start, end, kind, name) for each delimiter in the template, as CPython's
        # pattern matches them left to right: the delimiter doubled, then a bare
        # identifier, then a braced one; anything else is an invalid placeholder made of
        # the delimiter alone.
        text = self.template
        if not isinstance(text, str):
            # (By name: tracelift has no bytes types yet, and this stays right when it does.)
            if type(text).__name__ in ("bytes", "bytearray", "memoryview"):
                raise TypeError("cannot use a string pattern on a bytes-like object")
            raise TypeError("expected string or bytes-like object, got '%s'"
                            % type(text).__name__)
        delim = self.delimiter
        width = len(delim)
        end = len(text)
        pos = 0
        if width == 0:
            # An empty delimiter matches everywhere, first as an (empty) escape; as in `re`,
            # a non-empty match may then start at the same place: an identifier.
            while True:
                yield pos, pos, _ESCAPED, None
                found = _placeholder(text, pos, end)
                if found is not None:
                    yield (pos,) + found
                    pos = found[0]
                elif pos >= end:
                    return
                else:
                    pos += 1
        while True:
            start = text.find(delim, pos)
            if start < 0:
                return
            after = start + width
            if text.startswith(delim, after):
                yield start, after + width, _ESCAPED, None
                pos = after + width
                continue
            found = _placeholder(text, after, end)
            if found is not None:
                yield (start,) + found
                pos = found[0]
                continue
            yield start, after, _INVALID, None
            pos = after

    def _invalid(self, at):
        lines = self.template[:at].splitlines(True)
        if not lines:
            colno = 1
            lineno = 1
        else:
            colno = at - len("".join(lines[:-1]))
            lineno = len(lines)
        raise ValueError("Invalid placeholder in string: line %d, col %d" % (lineno, colno))

    def _mapping(self, mapping, kws):
        if mapping is _no_mapping:
            return kws
        if kws:
            return _ChainLookup(kws, mapping)
        return mapping

    def substitute(self, mapping=_no_mapping, /, **kws):
        """The template with each placeholder replaced by str(mapping[name]) (keywords
        first); KeyError for a missing name, ValueError for an invalid placeholder."""
        mapping = self._mapping(mapping, kws)
        out = []
        pos = 0
        for start, end, kind, name in self._matches():
            out.append(self.template[pos:start])
            if kind == _NAMED or kind == _BRACED:
                out.append(str(mapping[name]))
            elif kind == _ESCAPED:
                out.append(self.delimiter)
            else:
                self._invalid(end)
            pos = end
        out.append(self.template[pos:])
        return "".join(out)

    def safe_substitute(self, mapping=_no_mapping, /, **kws):
        """Like substitute, but a missing name or an invalid placeholder is left as it is."""
        mapping = self._mapping(mapping, kws)
        text = self.template
        out = []
        pos = 0
        for start, end, kind, name in self._matches():
            out.append(text[pos:start])
            if kind == _NAMED or kind == _BRACED:
                try:
                    out.append(str(mapping[name]))
                except KeyError:
                    out.append(text[start:end])
            elif kind == _ESCAPED:
                out.append(self.delimiter)
            else:
                out.append(text[start:end])
            pos = end
        out.append(text[pos:])
        return "".join(out)

    def is_valid(self):
        """False if the template has an invalid placeholder (which substitute rejects)."""
        for start, end, kind, name in self._matches():
            if kind == _INVALID:
                return False
        return True

    def get_identifiers(self):
        """The placeholder names, each once, in the order they first appear."""
        names = []
        for start, end, kind, name in self._matches():
            if name is not None and name not in names:
                names.append(name)
        return names


def _identifier_end(text, pos, end):
    # Where the identifier starting at pos ends (pos itself if there is none).
    if pos >= end or text[pos] not in _ID_START:
        return pos
    pos += 1
    while pos < end and text[pos] in _ID_CHAR:
        pos += 1
    return pos


def _placeholder(text, pos, end):
    # A bare or braced identifier at pos: (end, kind, name), or None.
    stop = _identifier_end(text, pos, end)
    if stop > pos:
        return stop, _NAMED, text[pos:stop]
    if pos < end and text[pos] == "{":
        stop = _identifier_end(text, pos + 1, end)
        if stop > pos + 1 and stop < end and text[stop] == "}":
            return stop + 1, _BRACED, text[pos + 1:stop]
    return None
