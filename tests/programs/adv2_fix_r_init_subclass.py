class Base:
    subs = []
    def __init_subclass__(cls, **kw):
        super().__init_subclass__()
        Base.subs.append(cls.__name__)
class S1(Base): pass
class S2(S1): pass
print(Base.subs)
