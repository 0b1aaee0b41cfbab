# a tiny stack VM - typical benchmark style
def run(prog, n):
    stack = []
    env = {"n": n, "acc": 0, "i": 0}
    pc = 0
    steps = 0
    while pc < len(prog):
        op, arg = prog[pc]
        steps += 1
        if op == "push":
            stack.append(arg)
        elif op == "load":
            stack.append(env[arg])
        elif op == "store":
            env[arg] = stack.pop()
        elif op == "add":
            b = stack.pop(); a = stack.pop(); stack.append(a + b)
        elif op == "mul":
            b = stack.pop(); a = stack.pop(); stack.append(a * b)
        elif op == "lt":
            b = stack.pop(); a = stack.pop(); stack.append(a < b)
        elif op == "jz":
            if not stack.pop():
                pc = arg
                continue
        elif op == "jmp":
            pc = arg
            continue
        pc += 1
    return env, steps
prog = [
    ("load", "i"), ("load", "n"), ("lt", None), ("jz", 14),
    ("load", "acc"), ("load", "i"), ("load", "i"), ("mul", None), ("add", None), ("store", "acc"),
    ("load", "i"), ("push", 1), ("add", None), ("store", "i"), ("jmp", 0),
]
prog[3] = ("jz", 15)
env, steps = run(prog, 5000)
print(env["acc"], steps)
env, steps = run(prog, 3.5)
print(env, steps)
prog2 = [(op, (1.5 if arg == 1 else arg)) for op, arg in prog]
env, steps = run(prog2, 10)
print(env["acc"], env["i"], steps)
prog3 = [("push", "ab"), ("push", "cd"), ("add", None), ("push", 3), ("mul", None), ("store", "acc")]
print(run(prog3, 0)[0]["acc"])
