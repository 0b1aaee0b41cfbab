import sys
print("exiting")
sys.exit("bye message")
