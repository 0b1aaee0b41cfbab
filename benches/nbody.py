# nbody: the outer planets (Jupiter, Saturn, Uranus, Neptune) around the Sun,
# integrated with a leapfrog-style step over precomputed body pairs.
#
# Usage: nbody.py [N [ITERATIONS]]
#   N = number of time steps (dt = 0.01 years). Each iteration prints
#   `#iter SECONDS` to stderr.
#
# Bodies are small objects with float attributes; the pair list holds
# tuples of bodies. Checks: the initial energy is the known -0.169075164, total
# momentum stays (numerically) zero after the Sun's velocity is corrected, and
# the total energy drifts by less than 1e-3 relative to the start.
import math
import sys
import time

PI = math.pi
SOLAR_MASS = 4.0 * PI * PI
DAYS = 365.24


class Body:
    def __init__(self, x, y, z, vx, vy, vz, m):
        self.x = x
        self.y = y
        self.z = z
        self.vx = vx * DAYS
        self.vy = vy * DAYS
        self.vz = vz * DAYS
        self.m = m * SOLAR_MASS


def solar_system():
    sun = Body(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0)
    # positions in AU, velocities in AU/day, masses in solar masses
    jupiter = Body(4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01,
                   1.66007664274403694e-03, 7.69901118419740425e-03, -6.90460016972063023e-05,
                   9.54791938424326609e-04)
    saturn = Body(8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01,
                  -2.76742510726862411e-03, 4.99852801234917238e-03, 2.30417297573763929e-05,
                  2.85885980666130812e-04)
    uranus = Body(1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01,
                  2.96460137564761618e-03, 2.37847173959480950e-03, -2.96589568540237556e-05,
                  4.36624404335156298e-05)
    neptune = Body(1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01,
                   2.68067772490389322e-03, 1.62824170038242295e-03, -9.51592254519715870e-05,
                   5.15138902046611451e-05)
    return [sun, jupiter, saturn, uranus, neptune]


def pairs_of(bodies):
    out = []
    for i in range(len(bodies)):
        for j in range(i + 1, len(bodies)):
            out.append((bodies[i], bodies[j]))
    return out


def momentum(bodies):
    px = py = pz = 0.0
    for b in bodies:
        px += b.vx * b.m
        py += b.vy * b.m
        pz += b.vz * b.m
    return px, py, pz


def center_sun(bodies):
    px, py, pz = momentum(bodies)
    sun = bodies[0]
    sun.vx = -px / sun.m
    sun.vy = -py / sun.m
    sun.vz = -pz / sun.m


def energy(bodies, pairs):
    e = 0.0
    for b in bodies:
        e += 0.5 * b.m * (b.vx * b.vx + b.vy * b.vy + b.vz * b.vz)
    for (a, b) in pairs:
        dx = a.x - b.x
        dy = a.y - b.y
        dz = a.z - b.z
        e -= a.m * b.m / math.sqrt(dx * dx + dy * dy + dz * dz)
    return e


def advance(bodies, pairs, dt, steps):
    for _ in range(steps):
        for (a, b) in pairs:
            dx = a.x - b.x
            dy = a.y - b.y
            dz = a.z - b.z
            d2 = dx * dx + dy * dy + dz * dz
            mag = dt / (d2 * math.sqrt(d2))
            bm = b.m * mag
            am = a.m * mag
            a.vx -= dx * bm
            a.vy -= dy * bm
            a.vz -= dz * bm
            b.vx += dx * am
            b.vy += dy * am
            b.vz += dz * am
        for b in bodies:
            b.x += dt * b.vx
            b.y += dt * b.vy
            b.z += dt * b.vz


def bench(n):
    bodies = solar_system()
    pairs = pairs_of(bodies)
    center_sun(bodies)
    e0 = energy(bodies, pairs)
    advance(bodies, pairs, 0.01, n)
    e1 = energy(bodies, pairs)
    if abs(e0 + 0.169075164) > 1e-9:
        raise SystemExit(f"nbody: initial energy {e0:.9f}, expected -0.169075164")
    drift = abs((e1 - e0) / e0)
    if drift > 1e-3:
        raise SystemExit(f"nbody: energy drift {drift:.3e} exceeds 1e-3")
    px, py, pz = momentum(bodies)
    p = math.sqrt(px * px + py * py + pz * pz)
    if p > 1e-12:
        raise SystemExit(f"nbody: total momentum {p:.3e} is not zero")
    return f"nbody n={n} e0={e0:.9f} e1={e1:.9f}"


def main():
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 250000
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    first = None
    for it in range(iterations):
        t0 = time.perf_counter()
        line = bench(size)
        t1 = time.perf_counter()
        print(f"#iter {t1 - t0:.6f}", file=sys.stderr)
        if first is None:
            first = line
        elif line != first:
            raise SystemExit(f"nbody: iteration {it} gave {line!r}, the first gave {first!r}")
    print(first)


main()
