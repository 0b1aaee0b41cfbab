# `logging` for tracelift (crates/vm/lib; docs/stdlib.md): loggers in CPython's dotted
# hierarchy under a root, levels, handlers (`StreamHandler`, `NullHandler`), formatters
# with %-style format strings, filters, `basicConfig`, the module-level functions and the
# last-resort handler, with CPython's default formats and output. Left out: `asctime` (no
# `time.strftime` yet), the caller's file, line and function in records (no frame
# introspection: they are "(unknown file)", 0, "(unknown function)" as in CPython when it
# cannot find the caller), `{`/`$` format styles, file handlers and configuration files.
import sys
import time

CRITICAL = 50
FATAL = CRITICAL
ERROR = 40
WARNING = 30
WARN = WARNING
INFO = 20
DEBUG = 10
NOTSET = 0

_levelToName = {CRITICAL: "CRITICAL", ERROR: "ERROR", WARNING: "WARNING", INFO: "INFO",
                DEBUG: "DEBUG", NOTSET: "NOTSET"}
_nameToLevel = {"CRITICAL": CRITICAL, "FATAL": FATAL, "ERROR": ERROR, "WARN": WARNING,
                "WARNING": WARNING, "INFO": INFO, "DEBUG": DEBUG, "NOTSET": NOTSET}

raiseExceptions = True


def getLevelName(level):
    result = _levelToName.get(level)
    if result is not None:
        return result
    result = _nameToLevel.get(level)
    if result is not None:
        return result
    return "Level %s" % level


def addLevelName(level, levelName):
    _levelToName[level] = levelName
    _nameToLevel[levelName] = level


def _checkLevel(level):
    if isinstance(level, int):
        return level
    if str(level) == level:
        if level not in _nameToLevel:
            raise ValueError("Unknown level: %r" % level)
        return _nameToLevel[level]
    raise TypeError("Level not an integer or a valid string: %r" % (level,))


class LogRecord:
    """One logged event."""

    def __init__(self, name, level, pathname, lineno, msg, args, exc_info, func=None,
                 sinfo=None, **kwargs):
        ct = time.time()
        self.name = name
        self.msg = msg
        if args and len(args) == 1 and isinstance(args[0], dict) and args[0]:
            args = args[0]
        self.args = args
        self.levelname = getLevelName(level)
        self.levelno = level
        self.pathname = pathname
        self.filename = pathname
        self.module = "unknown module"
        self.exc_info = exc_info
        self.exc_text = None
        self.stack_info = sinfo
        self.lineno = lineno
        self.funcName = func
        self.created = ct
        self.msecs = int((ct - int(ct)) * 1000) + 0.0
        self.relativeCreated = (ct - _startTime) * 1000
        self.thread = None
        self.threadName = None
        self.processName = "MainProcess"
        self.process = None

    def __repr__(self):
        return '<LogRecord: %s, %s, %s, %s, "%s">' % (self.name, self.levelno, self.pathname,
                                                      self.lineno, self.msg)

    def getMessage(self):
        msg = str(self.msg)
        if self.args:
            msg = msg % self.args
        return msg


_startTime = time.time()


class Formatter:
    """Turns a record into text with a %-style format (default "%(message)s")."""

    default_format = "%(message)s"

    def __init__(self, fmt=None, datefmt=None, style="%", validate=True, *, defaults=None):
        if style != "%":
            raise NotImplementedError("logging: only '%' format styles are in tracelift")
        self._fmt = fmt or self.default_format
        self.datefmt = datefmt
        self._defaults = defaults

    def usesTime(self):
        return "%(asctime)" in self._fmt

    def formatMessage(self, record):
        values = record.__dict__
        if self._defaults:
            values = dict(self._defaults)
            values.update(record.__dict__)
        return self._fmt % values

    def formatException(self, ei):
        return "%s: %s" % (type(ei[1]).__name__, ei[1])

    def format(self, record):
        record.message = record.getMessage()
        if self.usesTime():
            raise NotImplementedError("logging: %(asctime)s needs time.strftime")
        s = self.formatMessage(record)
        if record.exc_info:
            if not record.exc_text:
                record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            if s[-1:] != "\n":
                s = s + "\n"
            s = s + record.exc_text
        return s


_defaultFormatter = Formatter()


class Filter:
    def __init__(self, name=""):
        self.name = name
        self.nlen = len(name)

    def filter(self, record):
        if self.nlen == 0:
            return True
        if self.name == record.name:
            return True
        if record.name.find(self.name, 0, self.nlen) != 0:
            return False
        return record.name[self.nlen] == "."


class Filterer:
    def __init__(self):
        self.filters = []

    def addFilter(self, filter):
        if filter not in self.filters:
            self.filters.append(filter)

    def removeFilter(self, filter):
        if filter in self.filters:
            self.filters.remove(filter)

    def filter(self, record):
        for f in self.filters:
            if hasattr(f, "filter"):
                result = f.filter(record)
            else:
                result = f(record)
            if not result:
                return False
        return True


class Handler(Filterer):
    def __init__(self, level=NOTSET):
        Filterer.__init__(self)
        self._name = None
        self.level = _checkLevel(level)
        self.formatter = None

    def get_name(self):
        return self._name

    def set_name(self, name):
        self._name = name

    name = property(get_name, set_name)

    def setLevel(self, level):
        self.level = _checkLevel(level)

    def format(self, record):
        fmt = self.formatter if self.formatter else _defaultFormatter
        return fmt.format(record)

    def emit(self, record):
        raise NotImplementedError("emit must be implemented by Handler subclasses")

    def handle(self, record):
        rv = self.filter(record)
        if rv:
            self.emit(record)
        return rv

    def setFormatter(self, fmt):
        self.formatter = fmt

    def flush(self):
        pass

    def close(self):
        pass

    def handleError(self, record):
        if raiseExceptions:
            raise

    def __repr__(self):
        return "<%s (%s)>" % (self.__class__.__name__, getLevelName(self.level))


class StreamHandler(Handler):
    """Writes formatted records to a stream (sys.stderr by default)."""

    terminator = "\n"

    def __init__(self, stream=None):
        Handler.__init__(self)
        if stream is None:
            stream = sys.stderr
        self.stream = stream

    def flush(self):
        if self.stream and hasattr(self.stream, "flush"):
            self.stream.flush()

    def emit(self, record):
        msg = self.format(record)
        self.stream.write(msg + self.terminator)
        self.flush()

    def setStream(self, stream):
        if stream is self.stream:
            return None
        result = self.stream
        self.flush()
        self.stream = stream
        return result


class NullHandler(Handler):
    def handle(self, record):
        pass

    def emit(self, record):
        pass


class _StderrHandler(StreamHandler):
    def __init__(self, level=NOTSET):
        Handler.__init__(self, level)

    @property
    def stream(self):
        return sys.stderr


lastResort = _StderrHandler(WARNING)


class Logger(Filterer):
    """A named channel for records, in the dotted hierarchy under the root."""

    def __init__(self, name, level=NOTSET):
        Filterer.__init__(self)
        self.name = name
        self.level = _checkLevel(level)
        self.parent = None
        self.propagate = True
        self.handlers = []
        self.disabled = False
        self._cache = {}

    def setLevel(self, level):
        self.level = _checkLevel(level)
        _clear_caches()

    def getEffectiveLevel(self):
        logger = self
        while logger:
            if logger.level:
                return logger.level
            logger = logger.parent
        return NOTSET

    def isEnabledFor(self, level):
        if self.disabled:
            return False
        try:
            return self._cache[level]
        except KeyError:
            if _disable >= level:
                is_enabled = self._cache[level] = False
            else:
                is_enabled = self._cache[level] = level >= self.getEffectiveLevel()
            return is_enabled

    def debug(self, msg, *args, **kwargs):
        if self.isEnabledFor(DEBUG):
            self._log(DEBUG, msg, args, **kwargs)

    def info(self, msg, *args, **kwargs):
        if self.isEnabledFor(INFO):
            self._log(INFO, msg, args, **kwargs)

    def warning(self, msg, *args, **kwargs):
        if self.isEnabledFor(WARNING):
            self._log(WARNING, msg, args, **kwargs)

    warn = warning

    def error(self, msg, *args, **kwargs):
        if self.isEnabledFor(ERROR):
            self._log(ERROR, msg, args, **kwargs)

    def exception(self, msg, *args, exc_info=True, **kwargs):
        self.error(msg, *args, exc_info=exc_info, **kwargs)

    def critical(self, msg, *args, **kwargs):
        if self.isEnabledFor(CRITICAL):
            self._log(CRITICAL, msg, args, **kwargs)

    fatal = critical

    def log(self, level, msg, *args, **kwargs):
        if not isinstance(level, int):
            if raiseExceptions:
                raise TypeError("level must be an integer")
            return
        if self.isEnabledFor(level):
            self._log(level, msg, args, **kwargs)

    def makeRecord(self, name, level, fn, lno, msg, args, exc_info, func=None, extra=None,
                   sinfo=None):
        rv = LogRecord(name, level, fn, lno, msg, args, exc_info, func, sinfo)
        if extra is not None:
            for key in extra:
                if key in ("message", "asctime") or key in rv.__dict__:
                    raise KeyError("Attempt to overwrite %r in LogRecord" % key)
                rv.__dict__[key] = extra[key]
        return rv

    def _log(self, level, msg, args, exc_info=None, extra=None, stack_info=False,
             stacklevel=1):
        if exc_info:
            if isinstance(exc_info, BaseException):
                exc_info = (type(exc_info), exc_info, None)
            elif not isinstance(exc_info, tuple):
                exc_info = sys.exc_info()
        record = self.makeRecord(self.name, level, "(unknown file)", 0, msg, args, exc_info,
                                 "(unknown function)", extra, None)
        self.handle(record)

    def handle(self, record):
        if (not self.disabled) and self.filter(record):
            self.callHandlers(record)

    def addHandler(self, hdlr):
        if hdlr not in self.handlers:
            self.handlers.append(hdlr)

    def removeHandler(self, hdlr):
        if hdlr in self.handlers:
            self.handlers.remove(hdlr)

    def hasHandlers(self):
        c = self
        while c:
            if c.handlers:
                return True
            if not c.propagate:
                return False
            c = c.parent
        return False

    def callHandlers(self, record):
        c = self
        found = 0
        while c:
            for hdlr in c.handlers:
                found = found + 1
                if record.levelno >= hdlr.level:
                    hdlr.handle(record)
            if not c.propagate:
                c = None
            else:
                c = c.parent
        if found == 0:
            if lastResort:
                if record.levelno >= lastResort.level:
                    lastResort.handle(record)

    def getChild(self, suffix):
        if self.root is not self:
            suffix = ".".join((self.name, suffix))
        return getLogger(suffix)

    def __repr__(self):
        return "<%s %s (%s)>" % (self.__class__.__name__, self.name,
                                 getLevelName(self.getEffectiveLevel()))


class RootLogger(Logger):
    def __init__(self, level):
        Logger.__init__(self, "root", level)

    def __repr__(self):
        return "<RootLogger root (%s)>" % getLevelName(self.getEffectiveLevel())


root = RootLogger(WARNING)
Logger.root = root
_loggers = {}
_disable = 0


def _clear_caches():
    root._cache.clear()
    for logger in _loggers.values():
        logger._cache.clear()


def getLogger(name=None):
    """The logger of this dotted name (the root logger for none), made once."""
    if not name or isinstance(name, str) and name == root.name:
        return root
    if not isinstance(name, str):
        raise TypeError("A logger name must be a string")
    logger = _loggers.get(name)
    if logger is None:
        logger = Logger(name)
        _loggers[name] = logger
        _fix_parents(logger)
    return logger


def _fix_parents(logger):
    # The nearest existing ancestor is the parent; existing descendants get this one.
    name = logger.name
    i = name.rfind(".")
    parent = None
    while i > 0 and parent is None:
        parent = _loggers.get(name[:i])
        i = name.rfind(".", 0, i)
    logger.parent = parent if parent is not None else root
    prefix = name + "."
    for other in _loggers.values():
        if other.name.startswith(prefix):
            if other.parent is None or not other.parent.name.startswith(prefix):
                other.parent = logger


def disable(level=CRITICAL):
    global _disable
    _disable = level
    _clear_caches()


BASIC_FORMAT = "%(levelname)s:%(name)s:%(message)s"


def basicConfig(**kwargs):
    """Configures the root logger once (or again with force=True)."""
    force = kwargs.pop("force", False)
    if force:
        for h in root.handlers[:]:
            root.removeHandler(h)
            h.close()
    if len(root.handlers) == 0:
        handlers = kwargs.pop("handlers", None)
        stream = kwargs.pop("stream", None)
        if handlers is None:
            handlers = [StreamHandler(stream)]
        fmt = Formatter(kwargs.pop("format", BASIC_FORMAT), kwargs.pop("datefmt", None),
                        kwargs.pop("style", "%"))
        for h in handlers:
            if h.formatter is None:
                h.setFormatter(fmt)
            root.addHandler(h)
        level = kwargs.pop("level", None)
        if level is not None:
            root.setLevel(level)
        kwargs.pop("encoding", None)
        kwargs.pop("errors", None)
        if kwargs:
            raise ValueError("Unrecognised argument(s): %s" % ", ".join(kwargs.keys()))


def critical(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.critical(msg, *args, **kwargs)


fatal = critical


def error(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.error(msg, *args, **kwargs)


def exception(msg, *args, exc_info=True, **kwargs):
    error(msg, *args, exc_info=exc_info, **kwargs)


def warning(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.warning(msg, *args, **kwargs)


warn = warning


def info(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.info(msg, *args, **kwargs)


def debug(msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.debug(msg, *args, **kwargs)


def log(level, msg, *args, **kwargs):
    if len(root.handlers) == 0:
        basicConfig()
    root.log(level, msg, *args, **kwargs)
