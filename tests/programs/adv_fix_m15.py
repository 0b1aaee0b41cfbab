print("hello".translate({ord("l"): "L", ord("o"): None}))
print("²".isdigit(), "³".isdigit(), "①".isdigit())
print(str.maketrans("ab", "xy"))
