class NegHash:
    def __hash__(self):
        return -1
print(hash(NegHash()))
class BigHash:
    def __hash__(self):
        return 2**100
print(hash(BigHash()) == hash(2**100))
