import sys
def main():
    try:
        sys.exit("fatal: bad thing")
    finally:
        print("cleanup")
main()
