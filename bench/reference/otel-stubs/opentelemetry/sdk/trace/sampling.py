"""Bench-only stand-in (bench/reference/setup.sh): the reference imports these names at start and, with
OTEL_ENABLED=0, never uses them."""


class TraceIdRatioBased:
    def __init__(self, *args, **kwargs):
        raise RuntimeError("not installed: bench stand-in")

    @classmethod
    def create(cls, *args, **kwargs):
        return cls(*args, **kwargs)


class ParentBased:
    def __init__(self, *args, **kwargs):
        raise RuntimeError("not installed: bench stand-in")

    @classmethod
    def create(cls, *args, **kwargs):
        return cls(*args, **kwargs)
