class T:
    @property
    def c(self):
        return self._c
    @c.setter
    def c(self, v):
        self._c = v
t = T()
t.c = 5
print(t.c)
