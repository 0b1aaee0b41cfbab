# `array` for tracelift (crates/vm/lib; docs/stdlib.md): typed arrays with CPython's
# typecodes, item checks, reprs and sequence operations, kept as a list of Python values
# (CPython's is C over raw memory). Left out: typecode 'f' (single-precision rounding),
# 'u', and the bytes interface (tobytes, frombytes, buffer_info), until tracelift has bytes.

typecodes = "bBhHiIlLqQd"

_LONG = (-(2 ** 63), 2 ** 63 - 1)
_SIZES = {"b": 1, "B": 1, "h": 2, "H": 2, "i": 4, "I": 4, "l": 8, "L": 8, "q": 8, "Q": 8}


def _range_error(v, lo, hi, name):
    if v < lo:
        raise OverflowError("%s is less than minimum" % name)
    if v > hi:
        raise OverflowError("%s is greater than maximum" % name)


def _as_long(v):
    if not (_LONG[0] <= v <= _LONG[1]):
        raise OverflowError("Python int too large to convert to C long")


def _as_unsigned(v, negative):
    if v < 0:
        raise OverflowError(negative)
    if v > 2 ** 64 - 1:
        raise OverflowError("Python int too large to convert to C unsigned long")


def _check_int(typecode, v):
    # The conversions of CPython's Modules/arraymodule.c, with their messages: each
    # typecode parses through a wider C type first, whose errors come first.
    if typecode in "bBhHil":
        _as_long(v)
    if typecode == "b":
        _range_error(v, -32768, 32767, "signed short integer")
        _range_error(v, -128, 127, "signed char")
    elif typecode == "B":
        _range_error(v, 0, 255, "unsigned byte integer")
    elif typecode == "h":
        _range_error(v, -32768, 32767, "signed short integer")
    elif typecode == "H":
        _range_error(v, -(2 ** 31), 2 ** 31 - 1, "signed integer")
        _range_error(v, 0, 65535, "unsigned short")
    elif typecode == "i":
        _range_error(v, -(2 ** 31), 2 ** 31 - 1, "signed integer")
    elif typecode == "I":
        _as_unsigned(v, "can't convert negative value to unsigned int")
        _range_error(v, 0, 2 ** 32 - 1, "unsigned int")
    elif typecode == "L":
        _as_unsigned(v, "can't convert negative value to unsigned int")
    elif typecode == "q":
        if not (_LONG[0] <= v <= _LONG[1]):
            raise OverflowError("int too big to convert")
    elif typecode == "Q":
        if v < 0:
            raise OverflowError("can't convert negative int to unsigned")
        if v > 2 ** 64 - 1:
            raise OverflowError("int too big to convert")


def _checker(typecode):
    if typecode == "d":
        def check(v):
            if isinstance(v, float):
                return v
            if isinstance(v, int):
                return float(v)
            raise TypeError("must be real number, not %s" % type(v).__name__)
        return check

    def check(v):
        if not isinstance(v, int):
            raise TypeError("'%s' object cannot be interpreted as an integer" % type(v).__name__)
        _check_int(typecode, v)
        return int(v)
    return check


class array:
    """array(typecode[, initializer]): a sequence of numbers of one C type."""

    def __init__(self, typecode, initializer=None):
        if not isinstance(typecode, str) or len(typecode) != 1:
            raise TypeError(
                "array() argument 1 must be a unicode character, not %s" % type(typecode).__name__
            )
        if typecode in "fu":
            raise NotImplementedError("array typecode %r is not in tracelift yet" % typecode)
        if typecode not in typecodes:
            raise ValueError(
                "bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)"
            )
        self.typecode = typecode
        self.itemsize = 8 if typecode == "d" else _SIZES[typecode]
        self._check = _checker(typecode)
        self._items = []
        if initializer is not None:
            if isinstance(initializer, str):
                raise TypeError(
                    "cannot use a str to initialize an array with typecode '%s'" % typecode
                )
            self.extend(initializer)

    def _new(self, items):
        a = array(self.typecode)
        a._items = items
        return a

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(self._items)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return self._new(self._items[i])
        try:
            return self._items[i]
        except IndexError:
            raise IndexError("array index out of range") from None

    def __setitem__(self, i, v):
        if isinstance(i, slice):
            if not isinstance(v, array):
                raise TypeError(
                    "can only assign array (not \"%s\") to array slice" % type(v).__name__
                )
            if v.typecode != self.typecode:
                raise TypeError("bad argument type for built-in operation")
            self._items[i] = v._items
            return
        v = self._check(v)
        try:
            self._items[i] = v
        except IndexError:
            raise IndexError("array assignment index out of range") from None

    def __delitem__(self, i):
        del self._items[i]

    def __contains__(self, v):
        return v in self._items

    def __eq__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._items == other._items

    def __ne__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._items != other._items

    def __lt__(self, other):
        if not isinstance(other, array):
            return NotImplemented
        return self._items < other._items

    def __add__(self, other):
        if not isinstance(other, array):
            raise TypeError(
                "can only append array (not \"%s\") to array" % type(other).__name__
            )
        if other.typecode != self.typecode:
            raise TypeError("bad argument type for built-in operation")
        return self._new(self._items + other._items)

    def __iadd__(self, other):
        if not isinstance(other, array):
            raise TypeError(
                "can only extend array with array (not \"%s\")" % type(other).__name__
            )
        self.extend(other)
        return self

    def __mul__(self, n):
        if not isinstance(n, int):
            raise TypeError(
                "can't multiply sequence by non-int of type '%s'" % type(n).__name__
            )
        return self._new(self._items * n)

    def __rmul__(self, n):
        return self.__mul__(n)

    def __imul__(self, n):
        self._items = self._items * n
        return self

    def __repr__(self):
        if not self._items:
            return "array('%s')" % self.typecode
        return "array('%s', %r)" % (self.typecode, self._items)

    def __copy__(self):
        return self._new(list(self._items))

    def __reduce__(self):
        return (array, (self.typecode, list(self._items)))

    def append(self, v):
        self._items.append(self._check(v))

    def extend(self, iterable):
        if isinstance(iterable, array):
            if iterable.typecode != self.typecode:
                raise TypeError("can only extend with array of same kind")
            self._items.extend(iterable._items)
            return
        check = self._check
        for v in iterable:
            self._items.append(check(v))

    def fromlist(self, items):
        if not isinstance(items, list):
            raise TypeError("arg must be list")
        checked = [self._check(v) for v in items]
        self._items.extend(checked)

    def insert(self, i, v):
        self._items.insert(i, self._check(v))

    def pop(self, i=-1):
        if not self._items:
            raise IndexError("pop from empty array")
        try:
            return self._items.pop(i)
        except IndexError:
            raise IndexError("pop index out of range") from None

    def remove(self, v):
        try:
            self._items.remove(v)
        except ValueError:
            raise ValueError("array.remove(x): x not in array") from None

    def index(self, v, start=0, stop=None):
        n = len(self._items)
        stop = n if stop is None else stop
        for i in range(*slice(start, stop).indices(n)):
            if self._items[i] == v:
                return i
        raise ValueError("array.index(x): x not in array")

    def count(self, v):
        return self._items.count(v)

    def reverse(self):
        self._items.reverse()

    def tolist(self):
        return list(self._items)

    def byteswap(self):
        raise NotImplementedError("array.byteswap() needs bytes, which tracelift does not have yet")

    def tobytes(self):
        raise NotImplementedError("array.tobytes() needs bytes, which tracelift does not have yet")


ArrayType = array
