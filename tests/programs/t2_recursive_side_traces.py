# Side traces stop at recursive calls (:side-recursion:): they make the call and exit at the
# callee's first instruction. A quadtree walk whose branches depend on the data, as
# pyperformance's barnes_hut does, and fib. A side trace that followed the recursion would
# inline one path through the tree, and every other path would exit and grow a side trace.


class Node:
    def __init__(self, x0, y0, size, depth, points):
        self.x0, self.y0, self.size = x0, y0, size
        self.mass = len(points)
        self.cx = sum(p[0] for p in points) / self.mass if points else 0.0
        self.cy = sum(p[1] for p in points) / self.mass if points else 0.0
        self.kids = []
        if depth > 0 and len(points) > 1:
            half = size / 2
            for dx in (0, 1):
                for dy in (0, 1):
                    qx, qy = x0 + dx * half, y0 + dy * half
                    inside = [p for p in points if qx <= p[0] < qx + half and qy <= p[1] < qy + half]
                    if inside:
                        self.kids.append(Node(qx, qy, half, depth - 1, inside))

    def force(self, px, py, theta):
        if self.mass == 0:
            return 0.0, 0.0
        dx, dy = self.cx - px, self.cy - py
        d2 = dx * dx + dy * dy + 0.01
        if not self.kids or self.size * self.size < theta * theta * d2:
            f = self.mass / d2
            return f * dx, f * dy
        fx = fy = 0.0
        for k in self.kids:
            gx, gy = k.force(px, py, theta)
            fx += gx
            fy += gy
        return fx, fy


def points(n):
    out = []
    x, y = 0.37, 0.61
    for i in range(n):
        x = (x * 3.9 * (1 - x)) % 1.0
        y = (y * 3.7 * (1 - y) + 0.013 * i) % 1.0
        out.append((x, y))
    return out


pts = points(300)
root = Node(0.0, 0.0, 1.0, 6, pts)
for theta in (0.3, 0.7):
    total_x = total_y = 0.0
    for px, py in pts:
        fx, fy = root.force(px, py, theta)
        total_x += fx
        total_y += fy
    print(theta, round(total_x, 6), round(total_y, 6))


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


print([fib(k) for k in range(18)], fib(22))
