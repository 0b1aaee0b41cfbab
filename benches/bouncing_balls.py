# bouncing_balls: balls fly in a rectangular box and bounce off the walls;
# every step a grid of buckets (a dict keyed by cell tuples) finds the pairs of
# balls that touch.
#
# Usage: bouncing_balls.py [N [ITERATIONS]]
#   N = number of simulation steps. Each iteration prints `#iter SECONDS` to
#   stderr.
#
# Positions and velocities are integers (fixed point), so the motion is exact:
# each ball's final position is recomputed in closed form (unfold the
# reflections: the motion is periodic with period 2 * width), and the contact
# count of the last step is recomputed by brute force over all pairs.
import sys
import time

WIDTH = 200000
HEIGHT = 120000
RADIUS = 1500
CELL = 4 * RADIUS
BALLS = 48


class Ball:
    def __init__(self, ident, x, y, vx, vy):
        self.ident = ident
        self.x = x
        self.y = y
        self.vx = vx
        self.vy = vy
        self.bounces = 0

    def step(self, lo_x, hi_x, lo_y, hi_y):
        x = self.x + self.vx
        if x < lo_x:
            x = 2 * lo_x - x
            self.vx = -self.vx
            self.bounces += 1
        elif x > hi_x:
            x = 2 * hi_x - x
            self.vx = -self.vx
            self.bounces += 1
        y = self.y + self.vy
        if y < lo_y:
            y = 2 * lo_y - y
            self.vy = -self.vy
            self.bounces += 1
        elif y > hi_y:
            y = 2 * hi_y - y
            self.vy = -self.vy
            self.bounces += 1
        self.x = x
        self.y = y

    def cell(self):
        return (self.x // CELL, self.y // CELL)

    def touches(self, other):
        dx = self.x - other.x
        dy = self.y - other.y
        return dx * dx + dy * dy <= 4 * RADIUS * RADIUS


class Box:
    def __init__(self, count):
        self.balls = []
        seed = 12345
        for i in range(count):
            seed = (seed * 1103515245 + 12345) % 2147483648
            x = RADIUS + seed % (WIDTH - 2 * RADIUS)
            seed = (seed * 1103515245 + 12345) % 2147483648
            y = RADIUS + seed % (HEIGHT - 2 * RADIUS)
            seed = (seed * 1103515245 + 12345) % 2147483648
            vx = seed % 1601 - 800
            seed = (seed * 1103515245 + 12345) % 2147483648
            vy = seed % 1201 - 600
            self.balls.append(Ball(i, x, y, vx, vy))
        self.start = [(b.x, b.y, b.vx, b.vy) for b in self.balls]

    def step(self):
        for b in self.balls:
            b.step(RADIUS, WIDTH - RADIUS, RADIUS, HEIGHT - RADIUS)

    def contacts(self):
        grid = {}
        for b in self.balls:
            key = b.cell()
            if key in grid:
                grid[key].append(b)
            else:
                grid[key] = [b]
        found = 0
        for b in self.balls:
            cx, cy = b.cell()
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    bucket = grid.get((cx + dx, cy + dy))
                    if bucket is None:
                        continue
                    for o in bucket:
                        if o.ident > b.ident and b.touches(o):
                            found += 1
        return found


def reflect(p, v, t, lo, hi):
    span = hi - lo
    u = (p - lo + v * t) % (2 * span)
    if u > span:
        u = 2 * span - u
    return lo + u


def bench(n):
    box = Box(BALLS)
    total_contacts = 0
    last = 0
    for _ in range(n):
        box.step()
        last = box.contacts()
        total_contacts += last
    brute = 0
    balls = box.balls
    for i in range(len(balls)):
        for j in range(i + 1, len(balls)):
            if balls[i].touches(balls[j]):
                brute += 1
    if brute != last:
        raise SystemExit(f"bouncing_balls: grid found {last} contacts, brute force {brute}")
    bounces = 0
    for b, (x0, y0, vx, vy) in zip(balls, box.start):
        ex = reflect(x0, vx, n, RADIUS, WIDTH - RADIUS)
        ey = reflect(y0, vy, n, RADIUS, HEIGHT - RADIUS)
        if (b.x, b.y) != (ex, ey):
            raise SystemExit(f"bouncing_balls: ball {b.ident} at {(b.x, b.y)}, expected {(ex, ey)}")
        bounces += b.bounces
    return f"bouncing_balls n={n} bounces={bounces} contacts={total_contacts}"


def main():
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 13000
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
            raise SystemExit(f"bouncing_balls: iteration {it} gave {line!r}, the first gave {first!r}")
    print(first)


main()
