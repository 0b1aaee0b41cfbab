from array import array


def dot(x, y, n):
    s = 0.0
    for i in range(n):
        s += x[i] * y[i]
        y[i] = s
    return s


a = array('d', [0.5]) * 50
b = array('d', [2.0]) * 50
print(dot(a, b, 50))
