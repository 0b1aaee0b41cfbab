# deltablue: an incremental dataflow constraint solver in the style of
# DeltaBlue (Freeman-Benson, Maloney and Borning): variables, stay / edit /
# equality / scale constraints with a strength hierarchy, walkabout
# strengths, plan extraction and execution.
#
# Usage: deltablue.py [N [ITERATIONS]]
#   N = number of variables in the chain test and of pairs in the projection
#   test. Each iteration prints `#iter SECONDS` to stderr.
#
# Checks: in the chain test, editing the first variable of a chain of N
# equalities must set the last one; in the projection test, changes to source,
# destination, scale and offset must propagate through N scale constraints to
# the exact values the linear relation dst = src * scale + offset gives.
import sys
import time


class Strength:
    def __init__(self, level, name):
        self.level = level
        self.name = name


REQUIRED = Strength(0, "required")
STRONG_PREFERRED = Strength(1, "strongPreferred")
PREFERRED = Strength(2, "preferred")
STRONG_DEFAULT = Strength(3, "strongDefault")
NORMAL = Strength(4, "normal")
WEAK_DEFAULT = Strength(5, "weakDefault")
WEAKEST = Strength(6, "weakest")
BY_LEVEL = [REQUIRED, STRONG_PREFERRED, PREFERRED, STRONG_DEFAULT, NORMAL, WEAK_DEFAULT, WEAKEST]


def stronger(a, b):
    return a.level < b.level


def weaker(a, b):
    return a.level > b.level


def weakest_of(a, b):
    return a if a.level > b.level else b


NONE = 0
FORWARD = 1
BACKWARD = 2


class Variable:
    def __init__(self, name, value=0):
        self.name = name
        self.value = value
        self.constraints = []
        self.determined_by = None
        self.walk_strength = WEAKEST
        self.stay = True
        self.mark = 0

    def add_constraint(self, c):
        self.constraints.append(c)

    def remove_constraint(self, c):
        self.constraints.remove(c)
        if self.determined_by is c:
            self.determined_by = None


class Constraint:
    def __init__(self, planner, strength):
        self.planner = planner
        self.strength = strength

    def add(self):
        self.add_to_graph()
        self.planner.incremental_add(self)

    def satisfy(self, mark):
        self.choose_method(mark)
        if not self.is_satisfied():
            if self.strength is REQUIRED:
                raise SystemExit("deltablue: could not satisfy a required constraint")
            return None
        self.mark_inputs(mark)
        out = self.output()
        overridden = out.determined_by
        if overridden is not None:
            overridden.mark_unsatisfied()
        out.determined_by = self
        if not self.planner.add_propagate(self, mark):
            raise SystemExit("deltablue: cycle encountered")
        out.mark = mark
        return overridden

    def destroy(self):
        if self.is_satisfied():
            self.planner.incremental_remove(self)
        else:
            self.remove_from_graph()

    def is_input(self):
        return False


class UnaryConstraint(Constraint):
    def __init__(self, planner, var, strength):
        super().__init__(planner, strength)
        self.var = var
        self.satisfied = False
        self.add()

    def add_to_graph(self):
        self.var.add_constraint(self)
        self.satisfied = False

    def choose_method(self, mark):
        self.satisfied = self.var.mark != mark and stronger(self.strength, self.var.walk_strength)

    def is_satisfied(self):
        return self.satisfied

    def mark_inputs(self, mark):
        pass

    def output(self):
        return self.var

    def recalculate(self):
        self.var.walk_strength = self.strength
        self.var.stay = not self.is_input()
        if self.var.stay:
            self.execute()

    def mark_unsatisfied(self):
        self.satisfied = False

    def inputs_known(self, mark):
        return True

    def remove_from_graph(self):
        self.var.remove_constraint(self)
        self.satisfied = False

    def execute(self):
        pass


class StayConstraint(UnaryConstraint):
    pass


class EditConstraint(UnaryConstraint):
    def is_input(self):
        return True


class BinaryConstraint(Constraint):
    def __init__(self, planner, v1, v2, strength):
        super().__init__(planner, strength)
        self.v1 = v1
        self.v2 = v2
        self.direction = NONE
        self.add()

    def choose_method(self, mark):
        v1 = self.v1
        v2 = self.v2
        if v1.mark == mark:
            if v2.mark != mark and stronger(self.strength, v2.walk_strength):
                self.direction = FORWARD
            else:
                self.direction = NONE
        elif v2.mark == mark:
            if stronger(self.strength, v1.walk_strength):
                self.direction = BACKWARD
            else:
                self.direction = NONE
        elif weaker(v1.walk_strength, v2.walk_strength):
            self.direction = BACKWARD if stronger(self.strength, v1.walk_strength) else NONE
        else:
            self.direction = FORWARD if stronger(self.strength, v2.walk_strength) else NONE

    def add_to_graph(self):
        self.v1.add_constraint(self)
        self.v2.add_constraint(self)
        self.direction = NONE

    def is_satisfied(self):
        return self.direction != NONE

    def mark_inputs(self, mark):
        self.input().mark = mark

    def input(self):
        return self.v1 if self.direction == FORWARD else self.v2

    def output(self):
        return self.v2 if self.direction == FORWARD else self.v1

    def recalculate(self):
        src = self.input()
        out = self.output()
        out.walk_strength = weakest_of(self.strength, src.walk_strength)
        out.stay = src.stay
        if out.stay:
            self.execute()

    def mark_unsatisfied(self):
        self.direction = NONE

    def inputs_known(self, mark):
        src = self.input()
        return src.mark == mark or src.stay or src.determined_by is None

    def remove_from_graph(self):
        self.v1.remove_constraint(self)
        self.v2.remove_constraint(self)
        self.direction = NONE


class EqualityConstraint(BinaryConstraint):
    def execute(self):
        self.output().value = self.input().value


class ScaleConstraint(BinaryConstraint):
    def __init__(self, planner, src, scale, offset, dst, strength):
        self.scale = scale
        self.offset = offset
        super().__init__(planner, src, dst, strength)

    def add_to_graph(self):
        super().add_to_graph()
        self.scale.add_constraint(self)
        self.offset.add_constraint(self)

    def remove_from_graph(self):
        super().remove_from_graph()
        self.scale.remove_constraint(self)
        self.offset.remove_constraint(self)

    def mark_inputs(self, mark):
        super().mark_inputs(mark)
        self.scale.mark = mark
        self.offset.mark = mark

    def execute(self):
        if self.direction == FORWARD:
            self.v2.value = self.v1.value * self.scale.value + self.offset.value
        else:
            self.v1.value = (self.v2.value - self.offset.value) // self.scale.value

    def recalculate(self):
        src = self.input()
        out = self.output()
        out.walk_strength = weakest_of(self.strength, src.walk_strength)
        out.stay = src.stay and self.scale.stay and self.offset.stay
        if out.stay:
            self.execute()


class Plan:
    def __init__(self):
        self.steps = []

    def add(self, c):
        self.steps.append(c)

    def execute(self):
        for c in self.steps:
            c.execute()


class Planner:
    def __init__(self):
        self.current_mark = 0

    def new_mark(self):
        self.current_mark += 1
        return self.current_mark

    def incremental_add(self, c):
        mark = self.new_mark()
        overridden = c.satisfy(mark)
        while overridden is not None:
            overridden = overridden.satisfy(mark)

    def incremental_remove(self, c):
        out = c.output()
        c.mark_unsatisfied()
        c.remove_from_graph()
        unsatisfied = self.remove_propagate_from(out)
        for strength in BY_LEVEL:
            for u in unsatisfied:
                if u.strength is strength:
                    self.incremental_add(u)

    def make_plan(self, sources):
        mark = self.new_mark()
        plan = Plan()
        todo = sources
        k = 0
        while k < len(todo):
            c = todo[k]
            k += 1
            out = c.output()
            if out.mark != mark and c.inputs_known(mark):
                plan.add(c)
                out.mark = mark
                self.add_consumers(out, todo)
        return plan

    def plan_for_inputs(self, constraints):
        return self.make_plan([c for c in constraints if c.is_input() and c.is_satisfied()])

    def add_propagate(self, c, mark):
        todo = [c]
        k = 0
        while k < len(todo):
            d = todo[k]
            k += 1
            if d.output().mark == mark:
                self.incremental_remove(c)
                return False
            d.recalculate()
            self.add_consumers(d.output(), todo)
        return True

    def remove_propagate_from(self, out):
        out.determined_by = None
        out.walk_strength = WEAKEST
        out.stay = True
        unsatisfied = []
        todo = [out]
        k = 0
        while k < len(todo):
            v = todo[k]
            k += 1
            for c in v.constraints:
                if not c.is_satisfied():
                    unsatisfied.append(c)
            determining = v.determined_by
            for c in v.constraints:
                if c is not determining and c.is_satisfied():
                    c.recalculate()
                    todo.append(c.output())
        return unsatisfied

    def add_consumers(self, v, todo):
        determining = v.determined_by
        for c in v.constraints:
            if c is not determining and c.is_satisfied():
                todo.append(c)


def chain_test(n):
    planner = Planner()
    variables = [Variable(f"v{i}") for i in range(n + 1)]
    for i in range(n):
        EqualityConstraint(planner, variables[i], variables[i + 1], REQUIRED)
    first = variables[0]
    last = variables[n]
    StayConstraint(planner, last, STRONG_DEFAULT)
    edit = EditConstraint(planner, first, PREFERRED)
    plan = planner.plan_for_inputs([edit])
    for i in range(100):
        first.value = i
        plan.execute()
        if last.value != i:
            raise SystemExit(f"deltablue: chain test: last = {last.value}, expected {i}")
    edit.destroy()
    return len(plan.steps)


def change(planner, var, value):
    edit = EditConstraint(planner, var, PREFERRED)
    plan = planner.plan_for_inputs([edit])
    for _ in range(10):
        var.value = value
        plan.execute()
    edit.destroy()


def projection_test(n):
    planner = Planner()
    scale = Variable("scale", 10)
    offset = Variable("offset", 1000)
    src = None
    dst = None
    dests = []
    for i in range(n):
        src = Variable(f"src{i}", i)
        dst = Variable(f"dst{i}", i)
        dests.append(dst)
        StayConstraint(planner, src, NORMAL)
        ScaleConstraint(planner, src, scale, offset, dst, REQUIRED)
    change(planner, src, 17)
    if dst.value != 1170:
        raise SystemExit(f"deltablue: projection test 1: dst = {dst.value}, expected 1170")
    change(planner, dst, 1050)
    if src.value != 5:
        raise SystemExit(f"deltablue: projection test 2: src = {src.value}, expected 5")
    change(planner, scale, 5)
    for i in range(n - 1):
        if dests[i].value != i * 5 + 1000:
            raise SystemExit(f"deltablue: projection test 3: dst{i} = {dests[i].value}")
    change(planner, offset, 2000)
    total = 0
    for i in range(n - 1):
        if dests[i].value != i * 5 + 2000:
            raise SystemExit(f"deltablue: projection test 4: dst{i} = {dests[i].value}")
        total += dests[i].value
    return total


def bench(n):
    steps = chain_test(n)
    total = projection_test(n)
    return f"deltablue n={n} chain_plan={steps} projection_sum={total}"


def main():
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 30000
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
            raise SystemExit(f"deltablue: iteration {it} gave {line!r}, the first gave {first!r}")
    print(first)


main()
