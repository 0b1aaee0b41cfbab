int("12x")
