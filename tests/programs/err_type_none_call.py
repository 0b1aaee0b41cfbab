# Uncaught TypeError: 'NoneType' object is not callable.
handlers = {"a": lambda: "A", "b": lambda: "B", "c": None}
for key in ["a", "b", "a", "c"]:
    h = handlers[key]
    print(key, "->", h())
