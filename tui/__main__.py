"""`python -m tui` is the `clockwork` command."""

import sys

from .cli import main

sys.exit(main())
