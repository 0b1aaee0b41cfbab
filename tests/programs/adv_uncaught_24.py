class A:
    def method(self):
        return self.missing_method()
A().method()
