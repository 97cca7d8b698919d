"""Built-in task registrations: every module here is one family's
``register(...)`` lines, imported when rlpool is imported."""

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")
