print("{:{}{}}".format(3, ">", 4))
print("{:{}}|".format("a", 5))
print("{0:{1}}|".format("a", 5))
