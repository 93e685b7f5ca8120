"""Research adapters: the games as OpenSpiel games, PettingZoo AEC environments and
Gymnasium environments, over fixed-shape observation encodings.

Install with the ``rl`` extra (``pip install 'meeple[rl]'``). Submodules import their library
only when imported themselves:

* :mod:`meeple.rl.encoding`: one encoder per game (observation -> float32 vector);
* :mod:`meeple.rl.openspiel`: ``pyspiel`` registration (``meeple_peach_festival``...);
* :mod:`meeple.rl.pettingzoo_env`: AEC environments (``meeple.rl.pettingzoo_env.env(...)``);
* :mod:`meeple.rl.gymnasium_env`: the solo Peach Festival and a learner seated against bots.

``python -m meeple.rl`` prints the spec table of every game. See ``docs/research.md``.
"""

from meeple.rl.encoding import Encoder, make_encoder

__all__ = ["Encoder", "make_encoder"]
