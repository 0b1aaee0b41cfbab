def g():
    try:
        yield 1
    finally:
        yield "from finally"
print(list(g()))
def h():
    for i in range(3):
        try:
            yield i
            if i == 1:
                return
        finally:
            yield f"fin{i}"
print(list(h()))
def k():
    try:
        yield 1
        raise ValueError("x")
    except ValueError as e:
        yield "caught " + str(e)
    else:
        yield "else"
    finally:
        yield "finally"
print(list(k()))
class Body:
    items = []
    for i in range(3):
        items.append(i * i)
    try:
        bad = 1 / 0
    except ZeroDivisionError:
        bad = "handled"
    if len(items) > 2:
        big = True
    del i
print(Body.items, Body.bad, Body.big, hasattr(Body, "i"))
def gen_with_return_value():
    try:
        yield 1
        return "rv"
    finally:
        pass
def wrapper():
    result = yield from gen_with_return_value()
    yield result
print(list(wrapper()))
def loop_gen():
    i = 0
    while True:
        try:
            if i >= 3:
                break
            yield i
        finally:
            i += 1
    yield "after", i
print(list(loop_gen()))
print([x for x in range(10) if x % 2 if x % 3], [(x, y) for x in range(3) if x for y in range(x) if y != 1])
