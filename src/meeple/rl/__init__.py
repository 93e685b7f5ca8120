"""Research adapters: the games as OpenSpiel games, PettingZoo AEC environments and
Gymnasium environments, over fixed-shape observation encodings.

Install with the ``rl`` extra (``pip install 'meeple[rl]'``). Submodules import their library
only when imported themselves:

* :mod:`meeple.rl.encoding`: each game's encoder (observation -> float32 vector), found
  through the game's registry entry;
* :mod:`meeple.rl.openspiel`: ``pyspiel`` registration (``meeple_<name>`` per game);
* :mod:`meeple.rl.pettingzoo_env`: AEC environments (``meeple.rl.pettingzoo_env.env(...)``);
* :mod:`meeple.rl.gymnasium_env`: a learner seated against bots, and each solo game.

``python -m meeple.rl`` prints the spec table of every game. See ``docs/research.md``.
"""

from meeple.rl.encoding import Encoder, make_encoder

__all__ = ["Encoder", "make_encoder"]
