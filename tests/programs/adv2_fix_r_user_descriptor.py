class Desc:
    def __set_name__(self, owner, name):
        self.name = name
    def __get__(self, obj, typ=None):
        if obj is None:
            return "class-access"
        return obj.__dict__.get("_" + self.name, "unset")
    def __set__(self, obj, v):
        obj.__dict__["_" + self.name] = v * 2
class NonData:
    def __get__(self, obj, typ=None):
        return "nondata"
class C:
    a = Desc()
    b = NonData()
c = C()
print(c.a, C.a, c.b, C.b)
c.a = 5
print(c.a, sorted(c.__dict__))
