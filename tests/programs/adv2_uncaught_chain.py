class AppError(Exception):
    pass
def load():
    try:
        {}["missing"]
    except KeyError as e:
        raise AppError("could not load") from e
load()
