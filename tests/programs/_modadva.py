import _modadvb
A_VAL = "a"
def from_a():
    return "a sees " + _modadvb.B_VAL
print("_modadva loading, name =", __name__)
