l = [3, 1, 2]
l.sort(key=lambda v: v.upper())
