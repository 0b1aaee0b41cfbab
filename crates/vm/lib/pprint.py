# `pprint` for tracelift (crates/vm/lib; docs/stdlib.md): CPython 3.11's pretty printer,
# with the same output. There: `pprint`, `pformat`, `pp`, `saferepr`, `isreadable`,
# `isrecursive` and `PrettyPrinter` (indent, width, depth, stream, compact, sort_dicts,
# underscore_numbers; `pprint`, `pformat`, `format`, `isreadable`, `isrecursive` and the
# `_safe_repr(object, context, maxlevels, level)` that pyperformance's bm_pprint calls),
# laying out dicts (keys sorted as CPython sorts them, mixed types included), lists,
# tuples, sets and frozensets, long strings (split into adjacent literals on whitespace
# and line ends), and instances of dataclasses whose `__repr__` `@dataclass` made.
#
# Left out, as tracelift does not have the types yet: the layouts of bytes and bytearray
# (cut into 4-byte pieces over lines), of `types.MappingProxyType` and
# `types.SimpleNamespace`, and of `collections`' OrderedDict, defaultdict, Counter,
# ChainMap, deque and UserDict/UserList/UserString. Such objects, when tracelift gets them,
# print as their `repr()` on one line, whatever the width; bytes and complex already get
# the right `_safe_repr` result that way (their reprs are readable).
#
# Speed (bm_pprint): items of containers are formatted by one module-level walk that
# writes builtin scalars itself instead of calling `format` for each, as long as the
# printer's `format` and `_safe_repr` are this module's; dict keys and set elements are
# sorted as they are with no wrapper objects unless some pair cannot be ordered.

import sys as _sys
import dataclasses as _dataclasses
from io import StringIO as _StringIO

__all__ = ["pprint", "pformat", "isreadable", "isrecursive", "saferepr",
           "PrettyPrinter", "pp"]


def pprint(object, stream=None, indent=1, width=80, depth=None, *,
           compact=False, sort_dicts=True, underscore_numbers=False):
    """Write the pretty form of `object` and a newline to `stream` (sys.stdout)."""
    PrettyPrinter(indent=indent, width=width, depth=depth, stream=stream,
                  compact=compact, sort_dicts=sort_dicts,
                  underscore_numbers=underscore_numbers).pprint(object)


def pformat(object, indent=1, width=80, depth=None, *,
            compact=False, sort_dicts=True, underscore_numbers=False):
    """The pretty form of `object`, as a string."""
    printer = PrettyPrinter(indent=indent, width=width, depth=depth,
                            compact=compact, sort_dicts=sort_dicts,
                            underscore_numbers=underscore_numbers)
    return printer.pformat(object)


def pp(object, *args, sort_dicts=False, **kwargs):
    """`pprint` with dicts in their own order unless told otherwise."""
    pprint(object, *args, sort_dicts=sort_dicts, **kwargs)


def saferepr(object):
    """`repr(object)` on one line, with recursion and depth marks of its own."""
    return PrettyPrinter()._safe_repr(object, {}, None, 0)[0]


def isreadable(object):
    """Whether `saferepr(object)` is Python that `eval` would turn back into it."""
    return PrettyPrinter()._safe_repr(object, {}, None, 0)[1]


def isrecursive(object):
    """Whether `object` contains itself."""
    return PrettyPrinter()._safe_repr(object, {}, None, 0)[2]


class _safe_key:
    """Sort key that orders anything: by `<` where the objects support it, otherwise by
    the name of their type and then their id (as CPython's pprint does)."""

    def __init__(self, obj):
        self.obj = obj

    def __lt__(self, other):
        a = self.obj
        b = other.obj
        try:
            return a < b
        except TypeError:
            return (str(type(a)), id(a)) < (str(type(b)), id(b))


def _safe_tuple(t):
    return _safe_key(t[0]), _safe_key(t[1])


def _item_key(item):
    return item[0]


def _sorted_items(d):
    # CPython sorts `d.items()` by `_safe_tuple`. Two `_safe_key`s are never equal, so
    # comparing two such pairs only ever asks `key < key`: sorting on the bare keys asks
    # the same questions and gets the same order. When some pair of keys cannot be
    # ordered, the sort starts again with the safe keys.
    try:
        return sorted(d.items(), key=_item_key)
    except TypeError:
        return sorted(d.items(), key=_safe_tuple)


def _sorted_elements(s):
    # As `_sorted_items`, for the elements of a set.
    try:
        return sorted(s)
    except TypeError:
        return sorted(s, key=_safe_key)


def _recursion(object):
    return "<Recursion on %s with id=%s>" % (type(object).__name__, id(object))


# Types whose repr is final: no container inside, nothing to count or lay out.
# (CPython's also holds bytes, bytearray and complex, which tracelift does not have yet.)
_builtin_scalars = frozenset({str, float, bool, type(None)})

# With exact ints too: what `_safe_repr` returns as `(repr(x), True, False)`, when numbers
# are written without underscores.
_plain_scalars = _builtin_scalars | {int}

_int_repr = int.__repr__
_dict_repr = dict.__repr__
_list_repr = list.__repr__
_tuple_repr = tuple.__repr__


def _split_words(line):
    # `line` cut into pieces that are a run of non-space characters followed by a run of
    # whitespace (either may be empty, not both); joined they give `line` back.
    parts = []
    n = len(line)
    start = 0
    i = 0
    while i < n:
        while i < n and not line[i].isspace():
            i += 1
        while i < n and line[i].isspace():
            i += 1
        parts.append(line[start:i])
        start = i
    return parts


def _is_generated_dataclass(object):
    # A dataclass instance whose class's `__repr__` is the one `@dataclass` wrote.
    if isinstance(object, type) or not _dataclasses.is_dataclass(object):
        return False
    if not object.__dataclass_params__.repr:
        return False
    method = type(object).__repr__
    return (getattr(method, "__module__", None) == "dataclasses"
            and getattr(method, "__name__", None) == "__repr__")


class PrettyPrinter:
    def __init__(self, indent=1, width=80, depth=None, stream=None, *,
                 compact=False, sort_dicts=True, underscore_numbers=False):
        """A printer: `indent` spaces more for each level of nesting, lines kept within
        `width` columns where it can, nesting below `depth` shown as `...`, output to
        `stream` (sys.stdout as it is now, when None). `compact` puts as many items on
        a line as fit; `sort_dicts` orders dicts by key; `underscore_numbers` writes
        ints as 1_000_000."""
        indent = int(indent)
        width = int(width)
        if indent < 0:
            raise ValueError("indent must be >= 0")
        if depth is not None and depth <= 0:
            raise ValueError("depth must be > 0")
        if not width:
            raise ValueError("width must be != 0")
        self._depth = depth
        self._indent_per_level = indent
        self._width = width
        self._stream = _sys.stdout if stream is None else stream
        self._compact = bool(compact)
        self._sort_dicts = sort_dicts
        self._underscore_numbers = underscore_numbers

    # ---- the public methods ----

    def pprint(self, object):
        if self._stream is not None:
            self._format(object, self._stream, 0, 0, {}, 0)
            self._stream.write("\n")

    def pformat(self, object):
        out = _StringIO()
        self._format(object, out, 0, 0, {}, 0)
        return out.getvalue()

    def isrecursive(self, object):
        return self.format(object, {}, 0, 0)[2]

    def isreadable(self, object):
        rep, readable, recursive = self.format(object, {}, 0, 0)
        return readable and not recursive

    def format(self, object, context, maxlevels, level):
        """`(repr string, readable, recursive)` for `object`: `context` holds the ids
        of the containers being formatted, `maxlevels` is the depth limit (0 or None:
        none) and `level` the current depth. Subclasses may replace it."""
        return self._safe_repr(object, context, maxlevels, level)

    # ---- one line: the repr, with recursion and depth marks ----

    def _safe_repr(self, object, context, maxlevels, level):
        # (repr string, readable, recursive)
        typ = type(object)
        if typ in _builtin_scalars:
            return repr(object), True, False
        if typ is int and not self._underscore_numbers:
            return repr(object), True, False
        # CPython formats each item of a container by calling `self.format`. When neither
        # `format` nor `_safe_repr` is replaced, that call comes back here: the walk then
        # recurses directly and writes builtin scalars itself, saving two calls an item.
        fmt = self.format
        quick = None
        if getattr(fmt, "__func__", None) is _default_format:
            if getattr(self._safe_repr, "__func__", None) is _default_safe_repr:
                quick = _builtin_scalars if self._underscore_numbers else _plain_scalars
        return _walk(self, object, context, maxlevels, level, fmt, quick)

    def _repr(self, object, context, level):
        rep, readable, recursive = self.format(object, context.copy(), self._depth, level)
        if not readable:
            self._readable = False
        if recursive:
            self._recursive = True
        return rep

    # ---- several lines: what does not fit the width is laid out by its type ----

    def _format(self, object, stream, indent, allowance, context, level):
        key = id(object)
        if key in context:
            stream.write(_recursion(object))
            self._recursive = True
            self._readable = False
            return
        rep = self._repr(object, context, level)
        if len(rep) > self._width - indent - allowance:
            layout = self._dispatch.get(type(object).__repr__, None)
            if layout is not None:
                context[key] = 1
                layout(self, object, stream, indent, allowance, context, level + 1)
                del context[key]
                return
            if _is_generated_dataclass(object):
                context[key] = 1
                self._pprint_dataclass(object, stream, indent, allowance, context, level + 1)
                del context[key]
                return
        stream.write(rep)

    _dispatch = {}

    def _pprint_dict(self, object, stream, indent, allowance, context, level):
        write = stream.write
        write("{")
        if self._indent_per_level > 1:
            write(" " * (self._indent_per_level - 1))
        if len(object):
            if self._sort_dicts:
                items = _sorted_items(object)
            else:
                items = object.items()
            self._format_dict_items(items, stream, indent, allowance + 1, context, level)
        write("}")

    _dispatch[dict.__repr__] = _pprint_dict

    def _pprint_list(self, object, stream, indent, allowance, context, level):
        stream.write("[")
        self._format_items(object, stream, indent, allowance + 1, context, level)
        stream.write("]")

    _dispatch[list.__repr__] = _pprint_list

    def _pprint_tuple(self, object, stream, indent, allowance, context, level):
        closing = ",)" if len(object) == 1 else ")"
        stream.write("(")
        self._format_items(object, stream, indent, allowance + len(closing), context, level)
        stream.write(closing)

    _dispatch[tuple.__repr__] = _pprint_tuple

    def _pprint_set(self, object, stream, indent, allowance, context, level):
        if not len(object):
            stream.write(repr(object))
            return
        cls = object.__class__
        if cls is set:
            stream.write("{")
            closing = "}"
        else:
            stream.write(cls.__name__ + "({")
            closing = "})"
            indent += len(cls.__name__) + 1
        elements = _sorted_elements(object)
        self._format_items(elements, stream, indent, allowance + len(closing), context, level)
        stream.write(closing)

    _dispatch[set.__repr__] = _pprint_set
    _dispatch[frozenset.__repr__] = _pprint_set

    def _pprint_str(self, object, stream, indent, allowance, context, level):
        # A string too long for the width becomes adjacent literals, one per line: the
        # string is cut at its line ends, and a line still too long at its whitespace.
        # At the top level the literals are wrapped in parentheses.
        write = stream.write
        if not len(object):
            write(repr(object))
            return
        if level == 1:
            indent += 1
            allowance += 1
        width = self._width - indent
        lines = object.splitlines(True)
        last_line = len(lines) - 1
        chunks = []
        for i, line in enumerate(lines):
            # Only the last piece of all must leave room for what follows the string.
            rep = repr(line)
            room = width - allowance if i == last_line else width
            if len(rep) <= room:
                chunks.append(rep)
                continue
            words = _split_words(line)
            last_word = len(words) - 1
            current = ""
            for j, word in enumerate(words):
                candidate = current + word
                if i == last_line and j == last_word:
                    room = width - allowance
                else:
                    room = width
                if len(repr(candidate)) > room:
                    if current:
                        chunks.append(repr(current))
                    current = word
                else:
                    current = candidate
            if current:
                chunks.append(repr(current))
        if len(chunks) == 1:
            write(chunks[0])
            return
        if level == 1:
            write("(")
        write(chunks[0])
        newline = "\n" + " " * indent
        for rep in chunks[1:]:
            write(newline)
            write(rep)
        if level == 1:
            write(")")

    _dispatch[str.__repr__] = _pprint_str

    def _pprint_dataclass(self, object, stream, indent, allowance, context, level):
        name = object.__class__.__name__
        fields = [(f.name, getattr(object, f.name))
                  for f in _dataclasses.fields(object) if f.repr]
        stream.write(name + "(")
        self._format_namespace_items(fields, stream, indent + len(name) + 1, allowance,
                                     context, level)
        stream.write(")")

    def _format_dict_items(self, items, stream, indent, allowance, context, level):
        write = stream.write
        indent += self._indent_per_level
        separator = ",\n" + " " * indent
        last = len(items) - 1
        for i, (key, value) in enumerate(items):
            rep = self._repr(key, context, level)
            write(rep)
            write(": ")
            self._format(value, stream, indent + len(rep) + 2,
                         allowance if i == last else 1, context, level)
            if i != last:
                write(separator)

    def _format_namespace_items(self, items, stream, indent, allowance, context, level):
        write = stream.write
        separator = ",\n" + " " * indent
        last = len(items) - 1
        for i, (name, value) in enumerate(items):
            write(name)
            write("=")
            if id(value) in context:
                # As the dataclass repr shows a value that contains the object.
                write("...")
            else:
                self._format(value, stream, indent + len(name) + 1,
                             allowance if i == last else 1, context, level)
            if i != last:
                write(separator)

    def _format_items(self, items, stream, indent, allowance, context, level):
        # The items one per line; in compact mode as many on a line as fit. The last item
        # must leave room for the `allowance` characters that close its containers.
        write = stream.write
        indent += self._indent_per_level
        if self._indent_per_level > 1:
            write(" " * (self._indent_per_level - 1))
        separator = ",\n" + " " * indent
        items = list(items)
        last = len(items) - 1
        compact = self._compact
        full = self._width - indent + 1
        room = full
        delim = ""
        for i, item in enumerate(items):
            if i == last:
                full -= allowance
                room -= allowance
            if compact:
                rep = self._repr(item, context, level)
                need = len(rep) + 2
                if room < need:
                    room = full
                    if delim:
                        delim = separator
                if room >= need:
                    room -= need
                    write(delim)
                    delim = ", "
                    write(rep)
                    continue
            write(delim)
            delim = separator
            self._format(item, stream, indent, allowance if i == last else 1, context, level)


_default_format = PrettyPrinter.format
_default_safe_repr = PrettyPrinter._safe_repr


def _walk(printer, object, context, maxlevels, level, fmt, quick):
    # `printer._safe_repr(object, ...)`. Items go to `fmt`, the printer's `format`, or, when
    # `quick` holds the scalar types (see `_safe_repr`), straight back here. The builtin
    # containers are tested first: with `quick`, scalars seldom come here.
    typ = type(object)
    if typ is tuple:
        if len(object) == 1:
            opening = "("
            closing = ",)"
        elif not object:
            return "()", True, False
        else:
            opening = "("
            closing = ")"
    elif typ is list:
        if not object:
            return "[]", True, False
        opening = "["
        closing = "]"
    elif typ is dict:
        if not object:
            return "{}", True, False
        opening = None
        closing = "}"
    elif typ in _builtin_scalars:
        return repr(object), True, False
    elif typ is int:
        if printer._underscore_numbers:
            return f"{object:_d}", True, False
        return repr(object), True, False
    else:
        # Subclasses that keep their base's repr are laid out like the base.
        r = getattr(typ, "__repr__", None)
        if r is _int_repr and issubclass(typ, int):
            if printer._underscore_numbers:
                return f"{object:_d}", True, False
            return repr(object), True, False
        if r is _dict_repr and issubclass(typ, dict):
            if not object:
                return "{}", True, False
            opening = None
            closing = "}"
        elif r is _list_repr and issubclass(typ, list):
            if not object:
                return "[]", True, False
            opening = "["
            closing = "]"
        elif r is _tuple_repr and issubclass(typ, tuple):
            if len(object) == 1:
                opening = "("
                closing = ",)"
            elif not object:
                return "()", True, False
            else:
                opening = "("
                closing = ")"
        else:
            rep = repr(object)
            return rep, (rep and not rep.startswith("<")), False

    key = id(object)
    if maxlevels and level >= maxlevels:
        if opening is None:
            return "{...}", False, key in context
        return opening + "..." + closing, False, key in context
    if key in context:
        return _recursion(object), False, True
    context[key] = 1
    readable = True
    recursive = False
    level += 1
    parts = []
    if opening is None:
        opening = "{"
        if printer._sort_dicts:
            items = _sorted_items(object)
        else:
            items = object.items()
        for k, v in items:
            if quick is None:
                krep, kreadable, krecursive = fmt(k, context, maxlevels, level)
                vrep, vreadable, vrecursive = fmt(v, context, maxlevels, level)
            else:
                if type(k) in quick:
                    krep = repr(k)
                    kreadable = True
                    krecursive = False
                else:
                    krep, kreadable, krecursive = _walk(printer, k, context, maxlevels,
                                                        level, fmt, quick)
                if type(v) in quick:
                    vrep = repr(v)
                    vreadable = True
                    vrecursive = False
                else:
                    vrep, vreadable, vrecursive = _walk(printer, v, context, maxlevels,
                                                        level, fmt, quick)
            parts.append(krep + ": " + vrep)
            readable = readable and kreadable and vreadable
            if krecursive or vrecursive:
                recursive = True
    else:
        for o in object:
            if quick is None:
                orep, oreadable, orecursive = fmt(o, context, maxlevels, level)
            elif type(o) in quick:
                parts.append(repr(o))
                continue
            else:
                orep, oreadable, orecursive = _walk(printer, o, context, maxlevels, level,
                                                    fmt, quick)
            parts.append(orep)
            if not oreadable:
                readable = False
            if orecursive:
                recursive = True
    del context[key]
    return opening + ", ".join(parts) + closing, readable, recursive
