class V: pass
print(hasattr(V, '__le__'), hasattr(V(), '__eq__'), hasattr(V, '__init__'), hasattr(V, '__repr__'))
