try:
    1/0
finally:
    print("cleanup")
