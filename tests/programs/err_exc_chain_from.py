# Uncaught exception raised with `raise ... from ...`; last line is the outer exception.
class ConfigError(Exception):
    pass
def load(text):
    try:
        return int(text)
    except ValueError as e:
        raise ConfigError("bad config value " + repr(text)) from e
print(load("10"))
print(load("x10"))
