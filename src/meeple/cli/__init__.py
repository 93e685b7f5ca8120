"""The ``meeple`` command line: play, simulate, replay."""
