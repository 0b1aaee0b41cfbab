raise ValueError
