# bytes and bytearray: literals and reprs, indexing and slicing, iteration, methods,
# encoding and decoding, int conversions, comparisons and hashing, mutation of bytearray.
b = b"Hello, world"
print(b, len(b), b[0], b[-1], b[:5], b[::2], b[7:], list(b[:3]), type(b).__name__)
print(b"it's", b'say "hi"', b'both \' and "', b"\x00\x7f\x80\xff\t\n\r\\", b"")
print(b + b"!", b * 2, 3 * b"ab", b"lo" in b, 111 in b, 300 in [b], b"xyz" in b)
print(b == b"Hello, world", b != b"x", b < b"Help", b"abc" < b"abd", b"ab" < b"abc", sorted([b"b", b"a", b"ab"]))
print(hash(b"abc") == hash(b"ab" + b"c"), {b"k": 1}[b"k"], b"abc" == "abc", bool(b""), bool(b"\x00"))
print(b.upper(), b.lower(), b.split(b", "), b.split(), b"  a b  ".split(), b"a,b,,c".split(b",", 2))
print(b.find(b"o"), b.rfind(b"o"), b.find(b"z"), b.index(b"w"), b.count(b"l"), b.count(108), b.startswith(b"He"), b.endswith((b"x", b"ld")))
print(b.replace(b"l", b"L"), b.replace(b"l", b"", 2), b"  pad  ".strip(), b"xxhixx".strip(b"x"), b"ab".ljust(5, b"*"), b"7".zfill(3))
print(b"-".join([b"a", b"b", b"c"]), b.partition(b", "), b.rpartition(b"o"), b"abc".removeprefix(b"a"), b"abc".removesuffix(b"c"))
print(b"123".isdigit(), b"abc".isalpha(), b"a1".isalnum(), b" \t".isspace(), b"ABC".isupper(), b"abc".islower(), b"\x80".isascii())
print(b.hex(), b"\x01\xab".hex(":"), bytes.fromhex("48 65 6c 6c 6f"), bytearray.fromhex("ff00"))
t = bytes.maketrans(b"lo", b"01")
print(b.translate(t), b.translate(None, b"lo"))

print("héllo €".encode(), "héllo".encode("latin-1"), "abc".encode("ascii"), b"h\xc3\xa9llo".decode(), b"h\xe9".decode("latin-1"))
for bad in (lambda: "é".encode("ascii"), lambda: b"\xff".decode(), lambda: b"\xc3".decode(), lambda: b"a\xc3(".decode(),
            lambda: b"\x80".decode("ascii"), lambda: "x".encode("nope")):
    try:
        bad()
    except (UnicodeError, LookupError) as e:
        print(type(e).__name__, e)
print(b"a\xffb".decode("utf-8", "replace"), b"a\xffb".decode("utf-8", "ignore"), "é".encode("ascii", "replace"))

print(bytes(), bytes(3), bytes([65, 66, 67]), bytes(range(3)), bytes("hi", "utf-8"), bytes(b"copy"), bytes(bytearray(b"ba")))
for bad in (lambda: bytes("x"), lambda: bytes([256]), lambda: bytes(-1), lambda: bytes(1.5), lambda: b"a"[5], lambda: b"a" + "b"):
    try:
        bad()
    except (TypeError, ValueError, IndexError) as e:
        print(type(e).__name__, e)

print(int.from_bytes(b"\x01\x00", "big"), int.from_bytes(b"\x01\x00", "little"), int.from_bytes(b"\xff", "big", signed=True))
print((1024).to_bytes(2, "big"), (1024).to_bytes(4, "little"), (-1).to_bytes(2, "big", signed=True), (0).to_bytes(1, "big"))
try:
    (256).to_bytes(1, "big")
except OverflowError as e:
    print("OverflowError", e)

ba = bytearray(b"abc")
ba.append(100)
ba.extend(b"ef")
ba.extend([103])
ba[0] = 65
ba[1:3] = b"XYZ"
print(ba, len(ba), ba[0], ba.pop(), ba.pop(0), ba, bytes(ba), ba.upper(), type(ba.upper()).__name__)
ba.insert(0, 33)
ba.remove(ord("X"))
ba.reverse()
ba += b"!!"
print(ba, ba == b"fedZY!!", ba.copy() is ba, bytearray(2), bytearray("é", "utf-8"), ba.decode())
ba.clear()
print(ba, bool(ba))
try:
    hash(bytearray())
except TypeError as e:
    print("TypeError", e)
try:
    bytearray(b"a")[0] = 256
except ValueError as e:
    print("ValueError", e)

# A hot loop that builds, indexes and hashes byte strings.
acc = bytearray()
seen = {}
total = 0
for i in range(400):
    chunk = bytes([i % 256, (i * 7) % 256])
    acc += chunk
    total += chunk[0] + chunk[-1] + len(acc)
    seen[chunk[:1]] = seen.get(chunk[:1], 0) + 1
print(total, len(seen), acc[:6], acc.count(b"\x00"), sum(acc) % 1000)
