# float_arith: an n-body style float kernel.
#
# Usage: float_arith.py [N [ITERATIONS]]   (N = number of integration steps)
#
# Six bodies (a heavy central mass and five light ones on roughly circular,
# slightly tilted orbits) are integrated with a symplectic Euler step.
# Positions, velocities and masses live in plain lists of floats.
# Checks: total momentum stays zero (it is removed at the start and every
# pair interaction conserves it) and total energy drifts by less than 1e-4
# relative to its initial value.
import math
import sys
import time

G = 1.0


def make_bodies():
    pos = [[0.0, 0.0, 0.0]]
    vel = [[0.0, 0.0, 0.0]]
    mass = [1.0]
    radii = [1.0, 1.55, 2.3, 3.4, 4.7]
    masses = [3.0e-4, 9.0e-4, 2.0e-3, 6.0e-4, 1.2e-3]
    for k in range(len(radii)):
        r = radii[k]
        ang = 0.9 * k + 0.3
        tilt = 0.02 * (k - 2)
        x = r * math.cos(ang)
        y = r * math.sin(ang)
        z = r * tilt
        speed = (G * mass[0] / r) ** 0.5
        pos.append([x, y, z])
        vel.append([-speed * math.sin(ang), speed * math.cos(ang), 0.01 * speed * (k % 3 - 1)])
        mass.append(masses[k])
    return pos, vel, mass


def offset_momentum(vel, mass):
    px = 0.0
    py = 0.0
    pz = 0.0
    for i in range(len(mass)):
        px += vel[i][0] * mass[i]
        py += vel[i][1] * mass[i]
        pz += vel[i][2] * mass[i]
    vel[0][0] -= px / mass[0]
    vel[0][1] -= py / mass[0]
    vel[0][2] -= pz / mass[0]


def momentum(vel, mass):
    px = 0.0
    py = 0.0
    pz = 0.0
    for i in range(len(mass)):
        px += vel[i][0] * mass[i]
        py += vel[i][1] * mass[i]
        pz += vel[i][2] * mass[i]
    return math.sqrt(px * px + py * py + pz * pz)


def energy(pos, vel, mass):
    e = 0.0
    nb = len(mass)
    for i in range(nb):
        v = vel[i]
        e += 0.5 * mass[i] * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
        pi = pos[i]
        for j in range(i + 1, nb):
            pj = pos[j]
            dx = pi[0] - pj[0]
            dy = pi[1] - pj[1]
            dz = pi[2] - pj[2]
            e -= G * mass[i] * mass[j] / math.sqrt(dx * dx + dy * dy + dz * dz)
    return e


def advance(pos, vel, mass, dt, steps):
    nb = len(mass)
    for s in range(steps):
        for i in range(nb):
            pi = pos[i]
            vi = vel[i]
            mi = mass[i]
            for j in range(i + 1, nb):
                pj = pos[j]
                vj = vel[j]
                dx = pi[0] - pj[0]
                dy = pi[1] - pj[1]
                dz = pi[2] - pj[2]
                d2 = dx * dx + dy * dy + dz * dz
                mag = dt / (d2 * math.sqrt(d2))
                bi = mass[j] * mag
                bj = mi * mag
                vi[0] -= dx * bi
                vi[1] -= dy * bi
                vi[2] -= dz * bi
                vj[0] += dx * bj
                vj[1] += dy * bj
                vj[2] += dz * bj
        for i in range(nb):
            p = pos[i]
            v = vel[i]
            p[0] += dt * v[0]
            p[1] += dt * v[1]
            p[2] += dt * v[2]


def bench(n):
    pos, vel, mass = make_bodies()
    offset_momentum(vel, mass)
    e0 = energy(pos, vel, mass)
    advance(pos, vel, mass, 0.001, n)
    e1 = energy(pos, vel, mass)
    drift = abs((e1 - e0) / e0)
    if drift > 1e-4:
        raise SystemExit(f"float_arith: energy drift {drift:.3e} exceeds 1e-4")
    p = momentum(vel, mass)
    if p > 1e-12:
        raise SystemExit(f"float_arith: momentum {p:.3e} not conserved")
    return f"float_arith n={n} e0={e0:.12f} e1={e1:.12f}"


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    first = None
    for it in range(iterations):
        t0 = time.perf_counter()
        line = bench(n)
        t1 = time.perf_counter()
        print(f"#iter {t1 - t0:.6f}", file=sys.stderr)
        if first is None:
            first = line
        elif line != first:
            raise SystemExit(f"float_arith: iteration {it} gave {line!r}, the first gave {first!r}")
    print(first)


main()
