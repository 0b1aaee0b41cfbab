# chr() and ord().
print(ord("a"), ord("A"), ord("0"), ord(" "), ord("\n"), ord("é"), ord("€"), ord("日"))
print(chr(97), chr(65), chr(48), chr(233), chr(8364), repr(chr(10)), chr(0x65e5))
print("".join(chr(ord("a") + i) for i in range(26)))
def caesar(s, k):
    out = []
    for ch in s:
        if "a" <= ch <= "z":
            out.append(chr((ord(ch) - 97 + k) % 26 + 97))
        elif "A" <= ch <= "Z":
            out.append(chr((ord(ch) - 65 + k) % 26 + 65))
        else:
            out.append(ch)
    return "".join(out)
msg = "Hello, World! The quick brown fox."
enc = caesar(msg, 13)
print(enc)
print(caesar(enc, 13))
h = 0
for i in range(5000):
    h = (h * 31 + ord(msg[i % len(msg)])) % 1000000007
print("hash", h)
print(sum(ord(c) for c in "abcdef"), [chr(i) for i in range(40, 50)])
try:
    ord("ab")
except TypeError as e:
    print("TypeError:", e)
