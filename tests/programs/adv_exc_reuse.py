err = ValueError("shared")
count = 0
for i in range(100000):
    try:
        raise err
    except ValueError as e:
        count += e is err
print(count)
def thrower(e):
    raise e
caught = []
for i in range(1000):
    try:
        thrower(err)
    except ValueError as e:
        caught.append(e)
print(len(caught), all(c is err for c in caught), err.args)
class Flow(Exception):
    pass
def find(target, data):
    try:
        for row in data:
            for v in row:
                if v == target:
                    raise Flow(v)
    except Flow as f:
        return f.args[0]
    return None
grid = [[r * 10 + c for c in range(10)] for r in range(10)]
print(sum(find(t, grid) or 0 for t in range(0, 200, 3)))
def exc_in_gen():
    for i in range(10):
        try:
            if i % 3 == 0:
                raise KeyError(i)
            yield i
        except KeyError as k:
            yield -k.args[0]
print(list(exc_in_gen()))
total = 0
for i in range(30000):
    try:
        try:
            raise IndexError(i)
        except IndexError as e:
            raise KeyError(e.args[0]) from e
    except KeyError as k:
        total += k.args[0] + (k.__cause__.args[0] if k.__cause__ else 0)
print(total)
