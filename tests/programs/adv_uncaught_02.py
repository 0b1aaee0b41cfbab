class Custom(Exception):
    pass
print("before")
try:
    raise Custom("inner problem")
except Custom as e:
    raise RuntimeError("outer") from e
