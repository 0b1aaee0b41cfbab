def f(n):
    s = ""
    for i in range(n):
        s = s + "ab"
        if s == "x":
            s = ""
    return len(s)


print(f(100))
