import math
print(math.log(2**1000))
print(math.log(10**500))
print(math.log2(3**1000), math.log10(7**800), math.log(2**1000, 3), math.log(2**64))
