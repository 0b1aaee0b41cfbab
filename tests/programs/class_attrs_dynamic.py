# Class vs instance attributes, shadowing, getattr/setattr on classes.
class Config:
    level = 1
    tags = []
    def bump(self):
        self.level = self.level + 1
a = Config()
b = Config()
a.bump()
print(a.level, b.level, Config.level)
Config.level = 10
print(a.level, b.level)
b.bump()
print(b.level, Config.level)
a.tags.append("shared")
print(b.tags, Config.tags)
a.tags = ["own"]
print(a.tags, b.tags)
del a.level
print(a.level)
setattr(Config, "extra", 5)
print(a.extra, getattr(Config, "extra"), hasattr(b, "extra"))
total = 0
for i in range(3000):
    if i == 1000:
        Config.level = 100
    if i == 2000:
        b.level = -1
    total += b.level
print("total", total)
objs = [Config() for _ in range(5)]
for i, o in enumerate(objs):
    o.idx = i
print([o.idx * o.level for o in objs])
