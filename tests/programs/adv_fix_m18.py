class BadIter:
    def __iter__(self):
        return 5
try:
    it = iter(BadIter())
    print("no error", it)
except TypeError as e:
    print("TypeError", e)
try:
    for x in BadIter():
        pass
except TypeError as e:
    print("TypeError", e)
