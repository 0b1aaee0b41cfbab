class Q: pass
q = Q()
q.a = 1
print(q.__dict__)
