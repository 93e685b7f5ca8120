"""A policy trained by :mod:`meeple.rl.train_ppo`, playing as a meeple agent (``ppo:PATH``).

The agent encodes the observation it is given with the game's encoder (so it sees only what its
seat sees), masks the network's logits to the legal actions and draws its move from the policy with the
generator the driver gives it, as it was trained (the most likely move alone was measured to
stall: 71% of two-player games against random ran to the round limit). Positions its seat cannot
tell apart give the same distribution, hence the same move for the same generator.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from meeple.core.actions import Action
from meeple.core.agent import Agent
from meeple.core.errors import ConfigError
from meeple.core.game import Game
from meeple.rl.common import legal_mask
from meeple.rl.encoding import make_encoder


def load_checkpoint(path: str | Path) -> dict[str, Any]:
    """The checkpoint saved by ``train_ppo`` at ``path`` (weights only: nothing is unpickled
    beyond tensors and plain data, ``torch.load(weights_only=True)``).

    Raises:
        ConfigError: without PyTorch, or for a file that is missing or not such a checkpoint.
    """
    try:
        import torch
    except ImportError:
        raise ConfigError(
            "the ppo agent needs PyTorch: pip install 'meeple[train]' (the CPU build is enough)"
        ) from None
    try:
        checkpoint = torch.load(Path(path).expanduser(), map_location="cpu", weights_only=True)
    except FileNotFoundError:
        raise ConfigError(f"no ppo checkpoint at {str(path)[:80]!r}") from None
    except Exception as e:  # a torn or foreign file: one line naming it
        raise ConfigError(
            f"{str(path)[:80]!r} is not a ppo checkpoint ({type(e).__name__})"
        ) from None
    if not isinstance(checkpoint, dict) or "state_dict" not in checkpoint:
        raise ConfigError(f"{str(path)[:80]!r} is not a ppo checkpoint (no weights)")
    return checkpoint


class PPOAgent(Agent):
    """Plays a trained policy (see the module docstring).

    Args:
        arg: ``PATH`` of the checkpoint.

    Raises:
        ConfigError: without a path, without PyTorch, for a bad checkpoint, or (at
            ``setup``) for a game whose encoding or action space differs from the trained one.
    """

    name = "ppo"
    honest = True

    def __init__(self, arg: str = ""):
        path = arg
        if not path:
            raise ConfigError("the ppo agent needs its checkpoint: ppo:PATH")
        self.checkpoint = load_checkpoint(path)
        self.path = path

    def setup(self, game: Game, seat: int) -> None:
        import torch

        from meeple.rl.train_ppo import Policy

        self.game = game
        self.seat = seat
        self.encoder = make_encoder(game)
        c = self.checkpoint
        if c["obs_size"] != self.encoder.size or c["num_actions"] != game.action_space.num_actions:
            raise ConfigError(
                f"the ppo checkpoint was trained on {c['game']} with {c['players']} players "
                f"(encoding {c['obs_size']}, {c['num_actions']} actions); this game's encoding "
                f"has {self.encoder.size} features and {game.action_space.num_actions} actions"
            )
        self.net = Policy(c["obs_size"], c["num_actions"], c["hidden"])
        self.net.load_state_dict(c["state_dict"])
        self.net.eval()
        self._torch = torch

    def act(
        self, observation: dict[str, Any], legal_actions: tuple[Action, ...], rng: random.Random
    ) -> Action:
        torch = self._torch
        obs = torch.from_numpy(self.encoder.encode(observation)).unsqueeze(0)
        mask = torch.from_numpy(legal_mask(self.game, list(legal_actions))).unsqueeze(0)
        with torch.no_grad():
            logits, _ = self.net(obs, mask)
        weights = torch.softmax(logits[0], -1).tolist()
        i = rng.choices(range(len(weights)), weights=weights)[0]
        return self.game.action_space.actions[i]


__all__ = ["PPOAgent", "load_checkpoint"]
