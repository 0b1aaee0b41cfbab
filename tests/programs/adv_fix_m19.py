print(f"{True:>5}|{False:^6}|{True:d}|{True:x}|{True:.2f}")
