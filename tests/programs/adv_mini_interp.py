class Token:
    def __init__(self, kind, val):
        self.kind, self.val = kind, val
    def __repr__(self):
        return f"{self.kind}:{self.val}"
def tokenize(src):
    toks = []
    i = 0
    while i < len(src):
        c = src[i]
        if c.isspace():
            i += 1
        elif c.isdigit():
            j = i
            while j < len(src) and (src[j].isdigit() or src[j] == "."):
                j += 1
            s = src[i:j]
            toks.append(Token("num", float(s) if "." in s else int(s)))
            i = j
        elif c.isalpha():
            j = i
            while j < len(src) and src[j].isalnum():
                j += 1
            toks.append(Token("id", src[i:j]))
            i = j
        elif c in "+-*/()=%^":
            toks.append(Token("op", c))
            i += 1
        else:
            raise SyntaxError(f"bad char {c!r} at {i}")
    return toks
class Parser:
    def __init__(self, toks):
        self.toks = toks
        self.pos = 0
    def peek(self):
        return self.toks[self.pos] if self.pos < len(self.toks) else None
    def eat(self, val=None):
        t = self.peek()
        if t is None or (val is not None and t.val != val):
            raise SyntaxError(f"expected {val}, got {t}")
        self.pos += 1
        return t
    def expr(self):
        v = self.term()
        while self.peek() is not None and self.peek().val in ("+", "-"):
            op = self.eat().val
            r = self.term()
            v = ("+", v, r) if op == "+" else ("-", v, r)
        return v
    def term(self):
        v = self.factor()
        while self.peek() is not None and self.peek().val in ("*", "/", "%"):
            op = self.eat().val
            v = (op, v, self.factor())
        return v
    def factor(self):
        b = self.unary()
        if self.peek() is not None and self.peek().val == "^":
            self.eat()
            return ("^", b, self.factor())
        return b
    def unary(self):
        t = self.peek()
        if t is not None and t.val == "-":
            self.eat()
            return ("neg", self.unary())
        if t is not None and t.val == "(":
            self.eat()
            v = self.expr()
            self.eat(")")
            return v
        t = self.eat()
        return ("num", t.val) if t.kind == "num" else ("var", t.val)
def evaluate(node, env):
    k = node[0]
    if k == "num":
        return node[1]
    if k == "var":
        if node[1] not in env:
            raise NameError(f"undefined {node[1]}")
        return env[node[1]]
    if k == "neg":
        return -evaluate(node[1], env)
    a, b = evaluate(node[1], env), evaluate(node[2], env)
    if k == "+": return a + b
    if k == "-": return a - b
    if k == "*": return a * b
    if k == "/": return a / b
    if k == "%": return a % b
    if k == "^": return a ** b
env = {"x": 3, "y": 4.5, "big": 2**70}
progs = ["1 + 2 * 3", "(1 + 2) * 3", "2 ^ 3 ^ 2", "-x ^ 2", "x * y - 1", "big * big % 1000007", "10 / 4", "7 % -3", "1 / 0", "z + 1", "1 + $", "(1 + 2", "2 ^ 100", "0.1 + 0.2", "-(-(-5))"]
for p in progs:
    try:
        toks = tokenize(p)
        ps = Parser(toks)
        tree = ps.expr()
        if ps.peek() is not None:
            raise SyntaxError("trailing")
        print(p, "=>", evaluate(tree, env))
    except (SyntaxError, NameError, ZeroDivisionError) as e:
        print(p, "!!", type(e).__name__, e)
total = 0
tree = Parser(tokenize("x * x + 2 * x + 1")).expr()
for i in range(3000):
    env["x"] = i
    total += evaluate(tree, env)
print(total)
