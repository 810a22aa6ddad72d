"""Bench-only stand-in (bench/reference/setup.sh): the reference imports these names at start and, with
OTEL_ENABLED=0, never uses them."""
