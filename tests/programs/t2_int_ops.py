# Specialized small-int %, //, &, |, ^, <<, >> (BINARY_OP_*_INT): results at the edges of
# the small range (which is +-2**62 in tracelift), signs on both sides, and the cases the
# specialized forms hand back to tier 1 (a zero divisor, a negative count, bits shifted out
# of 64, big operands) inside hot loops, so that guards fail, traces exit and deopt.


def mixes(n):
    acc = 0
    for i in range(-n, n):
        j = i * 7 - 3
        acc += i % 7 + j % -5 + i // 3 + j // -4
        acc += (i & 0xF0) | (j ^ 0x55)
        acc += (i << 3) + (j >> 2) + (-j >> 70)
        acc ^= i << 40
    return acc


def edges():
    big = 2**62
    vals = [0, 1, -1, 5, -5, 63, 64, 2**53 + 1, big - 1, -big, big, -big - 1, 10**20]
    out = []
    for a in vals:
        for b in vals:
            for f in (lambda a, b: a % b, lambda a, b: a // b, lambda a, b: a & b,
                      lambda a, b: a | b, lambda a, b: a ^ b,
                      lambda a, b: a << b if b < 100 else -1, lambda a, b: a >> b):
                try:
                    out.append(f(a, b))
                except (ZeroDivisionError, ValueError, OverflowError) as e:
                    out.append(type(e).__name__)
    return out


def hot_divisor(n):
    # A zero divisor every 50th pass: the specialized form deopts, tier 1 raises.
    caught = 0
    total = 0
    for i in range(n):
        d = i % 50
        try:
            total += 1000 // d + 1000 % d
        except ZeroDivisionError:
            caught += 1
    return total, caught


def shifts(n):
    # Counts that grow until bits fall out of 64: a deopt, then big ints.
    total = 0
    for i in range(n):
        total += (3 << (i % 70)) >> (i % 5)
        if i % 97 == 0:
            try:
                total += 1 << -1
            except ValueError as e:
                total += len(str(e))
    return total


def flags(n):
    # Bit sets the way sieve-like kernels use them.
    seen = 0
    count = 0
    for i in range(n):
        bit = 1 << (i % 61)
        if seen & bit:
            count += 1
        seen |= bit
        seen ^= i & 3
    return seen, count


print(mixes(300))
e = edges()
print(len(e), e[:40])
print(sum(x for x in e if isinstance(x, int)) % 1000000007)
print([x for x in e if isinstance(x, str)].count("ZeroDivisionError"))
print(hot_divisor(2000))
print(shifts(3000))
print(flags(5000))
