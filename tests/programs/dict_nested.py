# Nested dict structures and repr.
db = {}
for i in range(50):
    dept = "dept%d" % (i % 4)
    db.setdefault(dept, {"members": [], "total": 0})
    db[dept]["members"].append("emp%d" % i)
    db[dept]["total"] += i * 100
for k in sorted(db):
    print(k, len(db[k]["members"]), db[k]["total"], db[k]["members"][:3])
tree = {"value": 1, "children": [{"value": 2, "children": []}, {"value": 3, "children": [{"value": 4, "children": []}]}]}
def tsum(node):
    return node["value"] + sum(tsum(c) for c in node["children"])
print(tsum(tree))
print(tree)
cfg = {"a": {"b": {"c": {"d": 42}}}}
print(cfg["a"]["b"]["c"]["d"], cfg)
m = {1: [1, 2], 2: (3, 4), 3: {"x": None}, 4: {5}, 5: 1.5, 6: "s", 7: True}
print(m)
acc = {}
for i in range(2000):
    acc.setdefault(i % 5, {}).setdefault(i % 3, 0)
    acc[i % 5][i % 3] += 1
print(acc)
