"abc" + 5
