"""The ``meeple`` commands, one module each; :mod:`meeple.cli.main` assembles them."""
