# Exception inside an except handler escapes (implicit chaining); finally still prints.
def handle():
    try:
        return {}["missing"]
    except KeyError:
        print("handling KeyError")
        return [1, 2][5]
    finally:
        print("finally in handle")
for i in range(3):
    print("before", i)
handle()
