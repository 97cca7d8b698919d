"""Built-in task registrations, one module per family."""

from . import classic_control  # noqa: F401
