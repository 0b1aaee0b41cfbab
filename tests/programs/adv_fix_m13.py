tests = [('"abc".__len__()', lambda: "abc".__len__()), ('[1,2].__len__()', lambda: [1, 2].__len__()), ('(5).__add__(3)', lambda: (5).__add__(3)),
 ('(5).__eq__(5)', lambda: (5).__eq__(5)), ('[1].__contains__(1)', lambda: [1].__contains__(1)), ('{1:2}.__getitem__(1)', lambda: {1: 2}.__getitem__(1)),
 ('int.__add__(1, 2)', lambda: int.__add__(1, 2)), ('(1).__str__()', lambda: (1).__str__()), ('(1).__repr__()', lambda: (1).__repr__()),
 ('object.__eq__', lambda: object().__eq__(1)), ('[].__iter__', lambda: list([5].__iter__())), ('(2).__hash__()', lambda: (2).__hash__())]
for name, f in tests:
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)
