# float() and int() of strings: the common shapes (parsed without bigints or a cleaned copy) and
# every odd one around them (signs, points, exponents, underscores, spaces, words, digits of
# other scripts), with CPython's results and messages.
cases = ["1", "1.", ".5", "-.5", "+1.5e3", "1e5", "1E-5", "1e999", "-1e999", "1e-999", "  2.5  ", "\t3\n", "1_0", "1__0", "e5", ".", "-", "+", "1e", "1e+", "1.5.5", "--1", "+-1", "1e1.5", "0.1e-0", "00012", "-0", "-0.0", "inf", "-Infinity", "nan", "1.7976931348623159e308", "4.9e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "123456789012345678901234567890", "0x10", "1 2", "١٢", "12\u00a0", "", "   "]
for c in cases:
    try:
        print(repr(c), float(c))
    except ValueError as e:
        print(repr(c), "ValueError", e)
    try:
        print(repr(c), int(c))
    except ValueError as e:
        print(repr(c), "ValueError", e)
