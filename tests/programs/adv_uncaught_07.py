raise KeyError("missing", 2)
