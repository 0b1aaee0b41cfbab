import _modadva
B_VAL = "b"
def from_b():
    return "b sees " + _modadva.A_VAL
print("_modadvb loading, has A_VAL:", hasattr(_modadva, "A_VAL"))
