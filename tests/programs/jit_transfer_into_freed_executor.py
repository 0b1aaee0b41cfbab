# Found by the fuzzer (seed 40248, cranelift-projection, thresholds 1/1), minimized: an executor
# reached by a direct machine-code transfer was freed while it ran (a class attribute store
# invalidated it), then left through a side exit; the host read its freed head.
v2 = True
class Err3(Exception):
    pass
def g4(p, q):
    a5 = q % 1000
    for j6 in range(min(abs(p) % 31, 23)):
        if j6 == 22:
            v7 = set(range(-1, 3))
        yield (((round(1e-3) ^ (4193595 - 34)) >> 46)) % (2 ** 61 - 1) - (2 ** 61 - 1) // 2
class K8:
    ca9 = 36
    def __init__(self, a0, a1):
        self.at10 = a0
        self.at11 = list(a1)
        self.at12 = 0
    def m13(self):
        if (not True):
            for i14 in g4(self.ca9, 13):
                v16 = ('%5d|%-4s|%r' % ((len(v16) % (3 or 7)), ('%.3f' % 1e-3), (i14 if (i14 != i14) else self.at12)))
                v17 = [0, 1]
            v18 = (divmod(5, (divmod(18446744073709551615, (3514814 or 3))[0] or 3))[0]) % 1e6
            v19 = (((4611686018427387904 + 0) * 0.5 + 100.0)) % 7.5
        if (all([(3013124 < -4), (10 != 4318458)]) or (9223372036854775807 < 1 <= 8)):
            v20 = (divmod(2, (4 or 3))[0], (5 // ((2 ** 64) or 1)), (8 * 5))
            if False:
                v21 = str(55)[3:2].center(9, '*')
        if ('é'[::-1] > str(0)):
            v28 = []
            v29 = [1, 2, 3]
        elif (5 == (26 if False else float(33))):
            s31 = 'xyz' * 2
            for ch32 in s31:
                i30 = ord(ch32)
                if i30 < 52:
                    l34 = [k * 0.25 if k % 3 else k for k in range(2)]
                    for i33 in l34:
                        v35 = str(18)
                        v36 = (((-0.5) - (i33 + (1 if (i30 != (i30 if (i30 % 3 == 0) else float(23))) else 0.1)))) % 1e6
                        v37 = self
                        v35 = v35[-10:]
                    v38 = str(56).lstrip()[-4:-2]
                else:
                    v39 = (i30 >= (-(2 ** 63)))
                v40 = '日本'
        return 12
def f41():
    v42 = (pow(8, 6, (2 ** 61 - 1)), (23 ** 0), 9)
    v43 = (3) % 1e6
    return [9]
class K44:
    ca45 = 0.5
    def __init__(self, a0):
        self.at46 = a0
        self.at47 = 0
    def m48(self, p):
        v49 = f'{str(7.0):.2}'
    def m51(self, p):
        v52 = set()
        y53 = [1, 2.5, 'ab', None, (1, 2), [3]][0]
        v54 = ((-1),)
        return str(((2 ** 63 - 1) >> 21))
edge55 = [-7, (-(2 ** 63)), 0, (2 ** 31), (-(2 ** 31)), (2 ** 63)]
for i56 in range(36):
    a57 = edge55[i56 % len(edge55)]
acc59 = (2 ** 64 - 40)
for i56 in range(61):
    acc59 = -acc59 + 2
    if i56 % 10 == 0:
        print(i56, acc59, acc59 > (2 ** 64 - 40), acc59 & 255)
edge60 = [1e308, -7, 0, 0, 1, (-(2 ** 31)), (2 ** 31), (2 ** 64), (2 ** 62)]
for i61 in range(54):
    a62 = edge60[i61 % len(edge60)]
    b63 = edge60[(i61 * 1 + 1) % len(edge60)]
    print(i61, a62 + b63, a62 >= b63, a62 * 2 - b63)
acc64 = (2 ** 62 - 40)
for i61 in range(90):
    acc64 = acc64 + 8 * i61
    if i61 % 12 == 0:
        print(i61, acc64, acc64 > (2 ** 62 - 40), acc64 & 255)
o65 = K8((0 ** 1), [9])
acc67 = 0
for i66 in range(97):
    pass
print(acc67)
def f69(p, q, r):
    try:
        for i70 in range(0, 18, 2):
            v71 = (((-0.0 % (1.25 or 2.5)) / (((2 ** 63 - 1) if (26 != -3) else 7.0) or 1))) % 1e6
            r &= 9
            v72 = (r, (q.at12 + i70), (r - r), (i70 >> 46))
        v73 = p[11]
    except (TypeError, ValueError) as e74:
        print('caught', type(e74).__name__, str(e74))
        v75 = ((2.5e10 if (r % 5 == 1) else (len(p) * 0.5 + -0.0))) % 1e6
    except Exception as e76:
        print('caught', type(e76).__name__, str(e76))
    finally:
        v77 = (((-len(p)) * r)) % (10 ** 30 + 57)
    return str(47)
def fk78(a, *args, c=3, **kw):
    return a + sum(args) + c * 7 + sum(kw.values())
acc80 = []
for i79 in range(56):
    if i79 % 4 == 0: acc80.append(fk78(i79))
    if i79 % 2 == 0: acc80.append(fk78(i79, c=i79 % 4))
    if i79 % 5 == 0:
        print(i79, acc80[-3:])
print(len(acc80), sum(acc80))
for i81 in range(147):
    if all([(i81 < (2 ** 63 - 1)), (not (0.1 >= i81))]):
        v82 = 'Hello'
    elif i81 > 35:
        if (i81 % 3 == 1):
            v83 = (i81, (i81 + i81), 3)
        else:
            d85 = {'k' + str(k): k * 4 for k in range(9)}
    v92 = ({30, 2, 11} & {1, 2})
    v93 = (4862298 in v92)
    v94 = (str(i81) == 'xyz')
hv95 = [1, 1, 1, True, True, -(2 ** 64), [1, 2]]
for i96 in range(21):
    a97 = hv95[i96 % len(hv95)]
    b98 = hv95[(i96 * 3 + 1) % len(hv95)]
    try:
        r99 = a97 < b98
    except Exception as e100:
        r99 = type(e100).__name__ + ': ' + str(e100)
    print(i96, repr(r99))
for i101 in range(55):
    v102 = chr(65 + 1602733 % 26)
    w104 = 0
    while w104 < 5:
        w104 += 1
        if ((-(2 ** 64)) != 1422288):
            v105 = (100.0) % 7.5
            v106 = (divmod((i101 % (w104 or 7)), ((2 ** 64) or 3))[1]) % 1000.0
            r107 = f41()
        for i108 in range(0, 8, 2):
            v109 = K8((-(3 ** 50)), [])
            v102 = v102[-8:]
            v102 = ('ab' if (w104 % 3 == 0) else 'a b c').zfill(0)
            v110 = all([('a b c' == v102[:1]), (337643 != (i101 if (w104 % 7 == 1) else 1e-3))])
            v111 = K44(32)
        else:
            v112 = {}
    if (i101 < -2.75 <= -0.0):
        K8.ca9 = ((i101 + pow((1176137 - 2290173), 6, (2 ** 89 - 1)))) % (2 ** 89 - 1)
    if i101 % 7 == 1:
        K44.ca45 = (0.1) % 360.0
for i113 in range(77):
    v114 = (not 'Hello'.endswith('z'))
    try:
        v115 = list(range(-5, 18))
        v116 = 'xyz'.zfill(7)
        v117 = int(' '.join(''.split()))
    except Err3 as e118:
        print('caught', type(e118).__name__, str(e118))
        l120 = [5 * k % 33 for k in range(4)]
        for i119 in l120:
            v121 = i119
            v122 = K8(i119, [9])
    except Exception as e123:
        print('caught', type(e123).__name__, str(e123))
