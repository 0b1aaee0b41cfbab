print("a\x1cb\x1dc\x1ed\x1fe\x85f\u2028g\u3000h".split())
print("\x1c".isspace(), "\x85".isspace(), " \x1c x \x1f".strip())
print("²".isdecimal(), "٣".isdecimal(), "①".isdecimal(), "①".isdigit())
