# `json` for tracelift (crates/vm/lib; docs/stdlib.md): CPython's encoder and decoder as
# one module. As CPython's `json` leaves the work to its C `_json`, this one leaves scanning
# and encoding to the native `_json` (crates/vm/src/modules/json.rs, json/encode.rs): the
# same text out, the same values in, and the same error messages and positions. `dumps`
# with ensure_ascii, indent, separators, sort_keys, skipkeys, allow_nan, default and
# check_circular; `loads` with object_hook, object_pairs_hook, parse_float, parse_int,
# parse_constant and strict.

__all__ = ["dump", "dumps", "load", "loads", "JSONDecoder", "JSONDecodeError", "JSONEncoder"]

from _json import encode as _encode, scan as _scan, skip as _skip

_INFINITY = float("inf")


class JSONDecodeError(ValueError):
    """Subclass of ValueError with: msg, doc, pos, lineno, colno."""

    def __init__(self, msg, doc, pos):
        lineno = doc.count("\n", 0, pos) + 1
        colno = pos - doc.rfind("\n", 0, pos)
        errmsg = "%s: line %d column %d (char %d)" % (msg, lineno, colno, pos)
        ValueError.__init__(self, errmsg)
        self.msg = msg
        self.doc = doc
        self.pos = pos
        self.lineno = lineno
        self.colno = colno

    def __reduce__(self):
        return self.__class__, (self.msg, self.doc, self.pos)


# ---- encoding ----


class JSONEncoder:
    """Encodes Python values as JSON text (CPython's `json.JSONEncoder`)."""

    item_separator = ", "
    key_separator = ": "

    def __init__(self, *, skipkeys=False, ensure_ascii=True, check_circular=True,
                 allow_nan=True, sort_keys=False, indent=None, separators=None, default=None):
        self.skipkeys = skipkeys
        self.ensure_ascii = ensure_ascii
        self.check_circular = check_circular
        self.allow_nan = allow_nan
        self.sort_keys = sort_keys
        self.indent = indent
        if separators is not None:
            self.item_separator, self.key_separator = separators
        elif indent is not None:
            self.item_separator = ","
        if default is not None:
            self.default = default

    def default(self, o):
        raise TypeError("Object of type %s is not JSON serializable" % type(o).__name__)

    def encode(self, o):
        # `self.default` is looked up here, so a subclass's own `default` is the one called.
        return _encode(o, self.default, self.indent, self.key_separator, self.item_separator,
                       self.sort_keys, self.skipkeys, self.allow_nan, self.ensure_ascii,
                       self.check_circular)

    def iterencode(self, o, _one_shot=False):
        # The whole text as one chunk (CPython's Python encoder yields many).
        return iter([self.encode(o)])


_default_encoder = JSONEncoder()


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True,
          cls=None, indent=None, separators=None, default=None, sort_keys=False, **kw):
    """The JSON text of obj."""
    if (not skipkeys and ensure_ascii and check_circular and allow_nan and cls is None
            and indent is None and separators is None and default is None and not sort_keys
            and not kw):
        return _default_encoder.encode(obj)
    if cls is None:
        cls = JSONEncoder
    return cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii, check_circular=check_circular,
               allow_nan=allow_nan, indent=indent, separators=separators, default=default,
               sort_keys=sort_keys, **kw).encode(obj)


def dump(obj, fp, **kw):
    """Writes the JSON text of obj to fp."""
    fp.write(dumps(obj, **kw))


# ---- decoding ----

_CONSTANTS = {"-Infinity": -_INFINITY, "Infinity": _INFINITY, "NaN": float("nan")}


class JSONDecoder:
    """Decodes JSON text (CPython's `json.JSONDecoder`)."""

    def __init__(self, *, object_hook=None, parse_float=None, parse_int=None,
                 parse_constant=None, strict=True, object_pairs_hook=None):
        self.object_hook = object_hook
        self.parse_float = parse_float or float
        self.parse_int = parse_int or int
        self.parse_constant = parse_constant or _CONSTANTS.__getitem__
        self.strict = strict
        self.object_pairs_hook = object_pairs_hook

    def decode(self, s):
        obj, end = self.raw_decode(s, _skip(s, 0))
        end = _skip(s, end)
        if end != len(s):
            raise JSONDecodeError("Extra data", s, end)
        return obj

    def raw_decode(self, s, idx=0):
        return _scan(s, idx, self.strict, self.object_hook, self.object_pairs_hook,
                     self.parse_float, self.parse_int, self.parse_constant, JSONDecodeError)


_default_decoder = JSONDecoder()


def _decode_bytes(b):
    """The text of a JSON document given as bytes: UTF-8, with or without its BOM (CPython
    also detects UTF-16 and UTF-32, which tracelift cannot decode yet)."""
    if b.startswith(b"\xef\xbb\xbf"):
        return b[3:].decode("utf-8")
    if b.startswith((b"\xff\xfe", b"\xfe\xff")) or (len(b) >= 2 and (b[0] == 0 or b[1] == 0)):
        raise NotImplementedError("unsupported: JSON in UTF-16 or UTF-32")
    return b.decode("utf-8")


def loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None,
          parse_constant=None, object_pairs_hook=None, **kw):
    """The Python value of the JSON text s."""
    if isinstance(s, str):
        if s.startswith("\ufeff"):
            raise JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", s, 0)
    elif isinstance(s, (bytes, bytearray)):
        s = _decode_bytes(s)
    else:
        raise TypeError(
            "the JSON object must be str, bytes or bytearray, not %s" % type(s).__name__
        )
    if (cls is None and object_hook is None and parse_int is None and parse_float is None
            and parse_constant is None and object_pairs_hook is None and not kw):
        return _default_decoder.decode(s)
    if cls is None:
        cls = JSONDecoder
    return cls(object_hook=object_hook, parse_float=parse_float, parse_int=parse_int,
               parse_constant=parse_constant, object_pairs_hook=object_pairs_hook, **kw).decode(s)


def load(fp, **kw):
    """The Python value of the JSON text read from fp."""
    return loads(fp.read(), **kw)
