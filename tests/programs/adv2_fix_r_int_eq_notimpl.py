print((3).__eq__("x"))
