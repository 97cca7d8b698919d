"""`python -m rlpool ...` is the `rlpool` command."""

import sys

from .cli import main

sys.exit(main())
