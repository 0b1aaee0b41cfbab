try:
    raise ValueError("first")
except ValueError:
    raise TypeError("second")
