class ValidationError(Exception):
    def __init__(self, field, msg):
        super().__init__(f"{field}: {msg}")
        self.field = field
def validate(d):
    for k, v in d.items():
        if v is None:
            raise ValidationError(k, "must not be None")
validate({'a': 1, 'b': None})
