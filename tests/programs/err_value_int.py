# Uncaught ValueError from int('abc').
tokens = ["12", "7", "-3", "abc", "9"]
total = 0
for t in tokens:
    total += int(t)
    print("running total", total)
