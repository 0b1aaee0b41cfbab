# Coroutines: async def, await of coroutines and of objects with __await__, driving them with
# send/throw/close, StopIteration's value, CPython's TypeErrors (await of a non-awaitable,
# iterating a coroutine, yield from a coroutine), and a hot recursive coroutine.
async def fib(n):
    if n <= 1:
        return n
    return await fib(n - 1) + await fib(n - 2)

def run(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration as e:
        return e.value

print(run(fib(15)))

class Ticker:
    def __init__(self, n):
        self.n = n
    def __await__(self):
        for i in range(self.n):
            yield i
        return "ticked %d" % self.n

async def main():
    r = await Ticker(3)
    s = await fib(10)
    return r, s

c = main()
print(type(c).__name__, repr(c).startswith("<coroutine object main at"))
seen = []
try:
    while True:
        seen.append(c.send(None))
except StopIteration as e:
    print(seen, e.value)

async def boom():
    raise ValueError("inside")
try:
    run(boom())
except ValueError as e:
    print("ValueError", e)

async def bad():
    await 5
try:
    run(bad())
except TypeError as e:
    print("TypeError", e)
try:
    for x in fib(3):
        pass
except TypeError as e:
    print("TypeError", e)
try:
    next(fib(3))
except TypeError as e:
    print("TypeError", e)
def gen():
    yield from fib(2)
try:
    list(gen())
except TypeError as e:
    print("TypeError", e)
c = fib(5)
c.close()
print(hasattr(c, "send"), hasattr(c, "__next__"))
async def thrower():
    try:
        await Ticker(2)
    except KeyError as e:
        return "caught " + str(e)
t = thrower()
t.send(None)
try:
    t.throw(KeyError("k"))
except StopIteration as e:
    print(e.value)
total = 0
for i in range(200):
    total += run(fib(i % 12))
print(total)
