def deep(n):
    return deep(n + 1) + 1
deep(0)
