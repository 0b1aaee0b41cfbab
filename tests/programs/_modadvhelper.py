VALUE = 10
counter = 0
def bump():
    global counter
    counter += 1
    return counter
class Thing:
    def __init__(self, v):
        self.v = v
    def double(self):
        return Thing(self.v * 2)
    def __repr__(self):
        return f"Thing({self.v})"
def _private():
    return "priv"
print("helper loaded")
