__all__ = ["pub", "Klass"]
def pub():
    return "pub"
def other():
    return "other"
class Klass:
    pass
_hidden = 1
