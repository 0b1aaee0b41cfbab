print(slice(1, 2).indices(10), slice(None, None, -1).indices(5), slice(1,5,2).start, slice(3))
