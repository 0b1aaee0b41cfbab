import sys
for n in ['maxsize','version_info','version','argv','getrecursionlimit','setrecursionlimit','platform','path','stdout','stderr','exit','modules','byteorder','float_info','int_info','getsizeof','intern','exc_info','implementation','executable']:
    print(n, hasattr(sys, n))
