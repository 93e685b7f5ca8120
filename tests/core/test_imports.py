"""Every module of the package imports on its own, first, in a fresh interpreter state.

A game's modules import one another (state, rules, moves...); whichever a caller imports
first (a registry entry, an agent's module, a script) must load without a circular-import error.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import meeple

SCRIPT = """
import importlib, sys
failed = []
for name in sys.argv[1:]:
    for loaded in [m for m in sys.modules if m == "meeple" or m.startswith("meeple.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as e:
        if (e.name or "").partition(".")[0] == "meeple":
            failed.append(f"{name}: {type(e).__name__}: {e}")
        # else: an optional extra (numpy, gymnasium...) is not installed; nothing to check
    except Exception as e:
        failed.append(f"{name}: {type(e).__name__}: {e}")
print("\\n".join(failed))
"""


def _modules() -> list[str]:
    root = Path(meeple.__file__).parent
    names = []
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(parts))
    return names


def test_every_module_imports_first_on_its_own():
    names = _modules()
    assert "meeple.games.peach_festival.rules" in names
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT, *names], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == ""
