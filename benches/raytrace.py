# raytrace: a small recursive ray tracer: a vector class with operator
# methods, spheres and a checkered floor plane behind a common shape
# interface, one point light with shadows, diffuse and specular shading and
# mirror reflections up to depth 3. Renders an N x N image into a list of
# (r, g, b) byte triples.
#
# Usage: raytrace.py [N [ITERATIONS]]
#   N = image width and height in pixels. Each iteration prints
#   `#iter SECONDS` to stderr.
#
# Checks: the scene and the camera are mirror-symmetric about the plane x = 0
# and each pixel column's ray direction is the exact negation of its mirror's,
# so column c and column N-1-c must hold identical colours (float negation is
# exact, so the two renders agree bit for bit); the central sphere must be hit
# in the middle of the image and the sky must appear in the top row.
import math
import sys
import time


class Vec:
    def __init__(self, x, y, z):
        self.x = x
        self.y = y
        self.z = z

    def add(self, o):
        return Vec(self.x + o.x, self.y + o.y, self.z + o.z)

    def sub(self, o):
        return Vec(self.x - o.x, self.y - o.y, self.z - o.z)

    def scale(self, k):
        return Vec(self.x * k, self.y * k, self.z * k)

    def mul(self, o):
        return Vec(self.x * o.x, self.y * o.y, self.z * o.z)

    def dot(self, o):
        return self.x * o.x + self.y * o.y + self.z * o.z

    def length(self):
        return math.sqrt(self.dot(self))

    def norm(self):
        return self.scale(1.0 / self.length())


class Ray:
    def __init__(self, origin, direction):
        self.origin = origin
        self.direction = direction

    def at(self, t):
        return self.origin.add(self.direction.scale(t))


class Material:
    def __init__(self, color, diffuse, specular, reflect):
        self.color = color
        self.diffuse = diffuse
        self.specular = specular
        self.reflect = reflect

    def color_at(self, point):
        return self.color


class Checker(Material):
    def __init__(self, a, b, diffuse, reflect):
        super().__init__(a, diffuse, 0.0, reflect)
        self.other = b

    def color_at(self, point):
        # abs() keeps the pattern mirror-symmetric about x = 0
        if (math.floor(abs(point.x)) + math.floor(point.z)) % 2 == 0:
            return self.color
        return self.other


class Shape:
    def __init__(self, material):
        self.material = material

    def hit(self, ray):
        return -1.0

    def normal_at(self, point):
        return Vec(0.0, 1.0, 0.0)


class Sphere(Shape):
    def __init__(self, center, radius, material):
        super().__init__(material)
        self.center = center
        self.radius = radius

    def hit(self, ray):
        oc = ray.origin.sub(self.center)
        b = oc.dot(ray.direction)
        c = oc.dot(oc) - self.radius * self.radius
        disc = b * b - c
        if disc < 0.0:
            return -1.0
        root = math.sqrt(disc)
        t = -b - root
        if t > 1e-6:
            return t
        t = -b + root
        if t > 1e-6:
            return t
        return -1.0

    def normal_at(self, point):
        return point.sub(self.center).scale(1.0 / self.radius)


class Plane(Shape):
    def __init__(self, height, material):
        super().__init__(material)
        self.height = height

    def hit(self, ray):
        dy = ray.direction.y
        if dy > -1e-9 and dy < 1e-9:
            return -1.0
        t = (self.height - ray.origin.y) / dy
        if t > 1e-6:
            return t
        return -1.0


class Scene:
    def __init__(self):
        red = Material(Vec(0.9, 0.2, 0.2), 0.7, 0.4, 0.2)
        blue = Material(Vec(0.2, 0.3, 0.9), 0.7, 0.5, 0.3)
        mirror = Material(Vec(0.9, 0.9, 0.9), 0.2, 0.8, 0.7)
        floor = Checker(Vec(0.95, 0.95, 0.95), Vec(0.1, 0.1, 0.1), 0.8, 0.25)
        self.shapes = [
            Sphere(Vec(0.0, 1.0, 6.0), 1.0, mirror),
            Sphere(Vec(-2.2, 0.7, 7.0), 0.7, red),
            Sphere(Vec(2.2, 0.7, 7.0), 0.7, red),
            Sphere(Vec(-1.1, 0.4, 4.2), 0.4, blue),
            Sphere(Vec(1.1, 0.4, 4.2), 0.4, blue),
            Plane(0.0, floor),
        ]
        self.light = Vec(0.0, 6.0, 1.0)
        self.sky = Vec(0.45, 0.6, 0.9)
        self.ambient = 0.1

    def nearest(self, ray):
        best = -1.0
        shape = None
        for s in self.shapes:
            t = s.hit(ray)
            if t > 0.0 and (shape is None or t < best):
                best = t
                shape = s
        return shape, best

    def shadowed(self, point, to_light, dist):
        ray = Ray(point, to_light)
        for s in self.shapes:
            t = s.hit(ray)
            if t > 0.0 and t < dist:
                return True
        return False

    def trace(self, ray, depth):
        shape, t = self.nearest(ray)
        if shape is None:
            return self.sky.scale(1.0 - 0.4 * ray.direction.y)
        point = ray.at(t)
        normal = shape.normal_at(point)
        m = shape.material
        base = m.color_at(point)
        to_light = self.light.sub(point)
        dist = to_light.length()
        to_light = to_light.scale(1.0 / dist)
        shade = self.ambient
        spec = 0.0
        lam = normal.dot(to_light)
        if lam > 0.0 and not self.shadowed(point, to_light, dist):
            shade += m.diffuse * lam
            half = to_light.sub(ray.direction).norm()
            h = normal.dot(half)
            if h > 0.0:
                spec = m.specular * h ** 24
        color = base.scale(shade).add(Vec(spec, spec, spec))
        if depth < 3 and m.reflect > 0.0:
            d = ray.direction
            r = d.sub(normal.scale(2.0 * d.dot(normal)))
            bounced = self.trace(Ray(point, r), depth + 1)
            color = color.scale(1.0 - m.reflect).add(bounced.scale(m.reflect))
        return color


def to_byte(v):
    if v <= 0.0:
        return 0
    if v >= 1.0:
        return 255
    return int(v * 255.0 + 0.5)


def render(n):
    scene = Scene()
    eye = Vec(0.0, 1.5, -1.0)
    rows = []
    half = (n - 1) / 2.0
    for j in range(n):
        y = (half - j) / half * 0.75
        row = []
        for i in range(n):
            x = (2 * i - (n - 1)) / (n - 1) * 0.75
            d = Vec(x, y - 0.25, 1.0).norm()
            c = scene.trace(Ray(eye, d), 0)
            row.append((to_byte(c.x), to_byte(c.y), to_byte(c.z)))
        rows.append(row)
    return rows, scene


def bench(n):
    rows, scene = render(n)
    checksum = 0
    for j in range(n):
        row = rows[j]
        for i in range(n):
            if row[i] != row[n - 1 - i]:
                raise SystemExit(f"raytrace: pixel ({i}, {j}) {row[i]} differs from its mirror {row[n - 1 - i]}")
            r, g, b = row[i]
            checksum = (checksum * 131 + r * 65536 + g * 256 + b) % 1000000007
    if n >= 16:
        eye = Vec(0.0, 1.5, -1.0)
        shape, t = scene.nearest(Ray(eye, Vec(0.0, 1.0, 6.0).sub(eye).norm()))
        if shape is not scene.shapes[0]:
            raise SystemExit("raytrace: the ray at the central sphere missed it")
        if rows[0][0] == rows[n // 2][n // 2] or sum(rows[0][0]) == 0:
            raise SystemExit(f"raytrace: unexpected corner pixel {rows[0][0]}")
    return f"raytrace n={n} checksum={checksum} center={rows[n // 2][n // 2]} corner={rows[0][0]}"


def main():
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 260
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
            raise SystemExit(f"raytrace: iteration {it} gave {line!r}, the first gave {first!r}")
    print(first)


main()
