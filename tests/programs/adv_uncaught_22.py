import math
print(math.sqrt(4))
math.sqrt(-4)
