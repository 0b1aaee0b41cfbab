# str.format and mixed formatting in hot loops.
out = []
for i in range(3000):
    out.append("{}:{}:{}".format(i, i % 7, "x" * (i % 3)))
print(out[:3], out[-1], sum(len(s) for s in out))
tmpl = "{name} scored {score} points in {game}"
games = ["chess", "go", "bridge"]
for i in range(6):
    print(tmpl.format(name="p%d" % i, score=i * 17 % 50, game=games[i % 3]))
print("{0}-{0}-{1}".format("a", "b"), "{}{}{}".format(1, 2.5, None), "{} {}".format([1], (2,)))
report = []
for i in range(1, 11):
    report.append(str(i).rjust(3) + "{}".format(i * 1.5).rjust(8) + " " + "{}".format("#" * i))
print("\n".join(report))
