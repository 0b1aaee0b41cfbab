def visible():
    return "vis"
_under = 2
CONST = 3
