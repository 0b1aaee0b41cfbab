class ConfigError(Exception):
    def __str__(self):
        return "config broken: " + self.args[0]
def parse(x):
    raise ConfigError(x)
print("before")
parse("key=val")
