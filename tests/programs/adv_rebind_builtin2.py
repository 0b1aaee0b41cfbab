_print = print
out = []
def print(*args):
    out.append(" ".join(str(a) for a in args))
for i in range(5):
    print("line", i)
del print
print(out)
def use_range(n):
    return [x for x in range(n)]
print(use_range(3))
range_orig = range
def range(n):
    return [n] * 2
print(use_range(3))
del range
print(use_range(3))
def local_shadow():
    len = 5
    return len * 2
print(local_shadow(), len("abc"))
def param_shadow(list):
    return list[0]
print(param_shadow([7]), list("ab"))
str_calls = 0
def counting_str(x):
    global str_calls
    str_calls += 1
    return "S" + repr(x)
saved = str
for i in range(3000):
    if i == 1000:
        str = counting_str
    if i == 2000:
        str = saved
    r = str(i)
print(str_calls, r, str(5))
True_ = True
def sum(*a):
    return "my sum"
print(sum([1, 2]))
del sum
print(sum([1, 2]))
int = float
print(int("3"))
del int
print(int("3"))
def isinstance(a, b):
    return "hijacked"
print(isinstance(1, int))
del isinstance
print(isinstance(1, int))
