class Seq:
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError(i)
        return i * i
print(4 in Seq(), 5 in Seq())
for x in Seq(): print(x)
