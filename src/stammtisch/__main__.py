"""Run the command line with `python -m stammtisch`."""

from stammtisch.cli import main

main()
