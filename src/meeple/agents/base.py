"""The generic agents and the agent specs (the protocol itself is :mod:`meeple.core.agent`).

An agent receives its seat's observation, the legal actions and its own seeded RNG, and returns
one of the legal actions. It never receives the state: whatever it needs beyond the observation
it rebuilds through the game's ``determinize_observation``.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from meeple.core.actions import Action
from meeple.core.agent import Agent
from meeple.core.errors import ConfigError
from meeple.core.game import Game
from meeple.core.registry import game_spec


class RandomAgent(Agent):
    """Uniformly random legal actions."""

    name = "random"

    def act(self, observation: dict, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        return legal_actions[rng.randrange(len(legal_actions))]


_GENERIC: dict[str, str] = {
    "random": "meeple.agents.base:RandomAgent",
    "ismcts": "meeple.agents.ismcts:ISMCTSAgent",
}


#: Agents that play a trained policy from a file (``ppo:PATH``): usable in every game the file
#: was trained for, so not listed by :func:`agent_names`; loaded by name, as the games' own
#: agents are, since the research drivers sit above this layer.
_TRAINED: dict[str, str] = {
    "ppo": "meeple.rl.ppo_agent:PPOAgent",
}


#: Difficulty levels, resolved per game by :mod:`meeple.agents.levels`.
LEVELS: tuple[str, ...] = ("easy", "medium", "hard")


def own_agents(game: Game | type[Game]) -> dict[str, str]:
    """The game's own agents (name -> ``"module:Class"``, its heuristic agent first), from
    its registry entry."""
    return dict(game_spec(game).agents)


def agent_names(game: Game | type[Game]) -> list[str]:
    """Agent names usable with ``game``: the generic ones, the game's own and the levels."""
    own = own_agents(game)
    return sorted({**_GENERIC, **own}) + [level for level in LEVELS if level not in own]


def make_agent(spec: str, game: Game) -> Agent:
    """Build an agent from its spec.

    A spec is an agent name (``"random"``, ``"greedy"``...), a name with an argument
    (``"ismcts:iterations=400,rollout=heuristic"``), a difficulty level (``"easy"``,
    ``"medium"``, ``"hard"``), which names the game's agent and budget for that level (see
    :mod:`meeple.agents.levels`; a level's agent is labelled with the level's name), a trained
    policy (``"ppo:PATH"``, :mod:`meeple.rl.ppo_agent`; needs PyTorch), or an agent
    class of your own: ``"FILE.py:Class"`` or ``"module:Class"``, optionally followed by
    ``":argument"``, the one string its constructor is then given (see :func:`external_agent`).

    Raises:
        ConfigError: if ``game`` has no agent of that name, its argument is invalid, a level is
            given parameters, or an agent class of your own cannot be loaded or built.
    """
    if not isinstance(spec, str):
        raise ConfigError(f"an agent spec is text such as 'random' or 'hard', not {spec!r}")
    own = own_agents(game)
    table = {**_GENERIC, **own}
    name, arg = _split_spec(spec)
    if name in _TRAINED and name not in table:
        module, _, cls = _TRAINED[name].partition(":")
        return getattr(importlib.import_module(module), cls)(arg)
    if name not in table and name not in LEVELS and _is_own_source(name, arg):
        return external_agent(name, arg)
    if name in LEVELS and name not in table:
        from meeple.agents.levels import level_spec

        if arg:
            raise ConfigError(
                f"level {name!r} takes no parameters; to change it, write its agent out: "
                f"{level_spec(game, name)!r} with your changes"
            )
        agent = make_agent(level_spec(game, name), game)
        agent.name = name
        return agent
    if name not in table:
        hint = "a class of your own: FILE.py:Class or module:Class"
        cls_name = arg.partition(":")[0]
        if name.isidentifier() and cls_name.isidentifier() and cls_name[:1].isupper():
            # reads as module:Class (a class name is capitalised), but no such module is found
            hint += f"; no importable module {name!r}: is it installed or on PYTHONPATH?"
        raise ConfigError(
            f"no agent {name!r} for {game.info.name}; known: {', '.join(agent_names(game))} ({hint})"
        )
    module, _, cls = table[name].partition(":")
    klass = getattr(importlib.import_module(module), cls)
    if arg and not inspect.signature(klass).parameters:
        raise ConfigError(f"agent {name!r} of {game.info.name} takes no parameters; got {arg!r}")
    agent = klass(arg) if arg else klass()
    if name in own:
        agent.name = name  # the name it was asked for, an alias (``greedy``) included
    return agent


def checked_setup(agent: Agent, game: Game, seat: int, spec: str) -> Agent:
    """``agent.setup(game, seat)``, with any failure as one :class:`ConfigError` naming the
    agent (an agent class of one's own may fail there); returns ``agent``.

    Raises:
        ConfigError: the agent's own, or any other exception its ``setup`` raised.
    """
    try:
        agent.setup(game, seat)
    except ConfigError:
        raise
    except (Exception, SystemExit) as e:  # the agent's code: a configuration problem
        raise ConfigError(
            f"agent {spec!r} failed to set up at seat {seat}: {type(e).__name__}: {e}"
        ) from e
    return agent


def external_agent(source: str, arg: str) -> Agent:
    """An agent of a class of your own, for specs ``FILE.py:Class[:argument]`` and
    ``module:Class[:argument]``.

    Args:
        source: A Python file (a path ending in ``.py`` or holding a ``/``, relative to the
            working directory; modules beside it can be imported, as for a script) or the name
            of a module Python can import (installed or on ``PYTHONPATH``; a top-level module
            name counts only when it is found, since it reads like an agent name).
        arg: ``Class`` or ``Class:argument``; the class is called with ``argument`` (one
            string) when it is given, else with nothing. The object must have the protocol's
            ``setup(game, seat)`` and ``act(observation, legal_actions, rng)``, as a subclass
            of :class:`Agent` has.

    Raises:
        ConfigError: for a file or module that cannot be loaded, a missing class, or an object
            without ``setup`` and ``act``; the message says which.
    """
    cls_name, _, params = arg.partition(":")
    if not cls_name.isidentifier():
        raise ConfigError(
            f"an agent of your own is written FILE.py:Class or module:Class, e.g. "
            f"'mybots.py:FirstAgent'; {source + ':' + arg!r} names no class"
        )
    module = _load_module(source)
    klass = getattr(module, cls_name, None)
    if klass is None or not callable(klass):
        raise ConfigError(f"{source} has no agent class {cls_name!r}")
    try:
        agent = klass(params) if params else klass()
    except (Exception, SystemExit) as e:  # the user's constructor: reported, not raised
        raise ConfigError(f"{source}:{cls_name} could not be built: {type(e).__name__}: {e}") from e
    if isinstance(agent, Agent) and type(agent).act is Agent.act:
        raise ConfigError(
            f"{source}:{cls_name} does not implement act(observation, legal_actions, rng)"
        )
    if not (callable(getattr(agent, "setup", None)) and callable(getattr(agent, "act", None))):
        raise ConfigError(
            f"{source}:{cls_name} is not an agent: it needs setup(game, seat) and "
            "act(observation, legal_actions, rng) (subclass meeple.agents.base.Agent)"
        )
    if getattr(agent, "name", None) in (None, Agent.name):
        agent.name = f"{source}:{arg}"
    return agent


def _is_file(source: str) -> bool:
    """Whether the source of an agent class names a Python file (else a module)."""
    return source.endswith(".py") or "/" in source or "\\" in source


def _is_own_source(name: str, arg: str) -> bool:
    """Whether ``name:arg`` names an agent class of one's own: a file, a dotted module, or a
    top-level module that exists, followed by a class name."""
    if _is_file(name) or "." in name:
        return True
    if not (name.isidentifier() and arg.partition(":")[0].isidentifier()):
        return False
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def _split_spec(spec: str) -> tuple[str, str]:
    """``(name, argument)`` of a spec: split at its first ``:``, or after ``.py`` for a file
    whose path holds colons (``C:/bots/mine.py:First``)."""
    cut = spec.find(".py:")
    if cut >= 0 and "=" not in spec[:cut]:
        return spec[: cut + 3], spec[cut + 4 :]
    name, _, arg = spec.partition(":")
    return name, arg


def absolute_spec(spec: str) -> str:
    """``spec`` with the file of an agent class of one's own made absolute, so that it is
    found again from any working directory; every other spec unchanged."""
    name, arg = _split_spec(spec)
    if arg and _is_file(name):
        return f"{Path(name).expanduser().resolve()}:{arg}"
    return spec


def _load_module(source: str):
    """The module of a Python file (loaded once per file) or of a dotted module name.

    Raises:
        ConfigError: when it cannot be found or raises while loading.
    """
    if _is_file(source):
        path = Path(source).expanduser().resolve()
        if not path.is_file():
            raise ConfigError(f"agent file {source!r} not found (looked for {path})")
        # as when Python runs a script: modules beside the file can be imported
        if str(path.parent) not in sys.path:
            sys.path.append(str(path.parent))
        key = "meeple_user_agents_" + hashlib.blake2b(str(path).encode(), digest_size=8).hexdigest()
        module = sys.modules.get(key)
        if module is not None:
            return module
        spec = importlib.util.spec_from_file_location(key, path)
        if spec is None or spec.loader is None:
            raise ConfigError(f"agent file {source!r} is not a Python file")
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module
        try:
            spec.loader.exec_module(module)
        except (Exception, SystemExit) as e:  # the user's module: reported, not raised
            del sys.modules[key]
            raise ConfigError(
                f"agent file {source!r} failed to load: {type(e).__name__}: {e}"
            ) from e
        return module
    try:
        return importlib.import_module(source)
    except Exception as e:  # not found, or the module itself failed
        raise ConfigError(
            f"agent module {source!r} could not be imported ({type(e).__name__}: {e}); "
            "give its file instead, e.g. 'path/to/mybots.py:FirstAgent'"
        ) from e
