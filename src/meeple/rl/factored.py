"""A factored view of a game's flat action space: an action as ``(kind, target)``.

Action ``i`` of ``game.action_space`` has a kind (``action.kind``: ``"climb"``, ``"card"``,
``"sweep"``, ``"bid"``...) and is the ``t``-th action of that kind in the space's order, so it is
the pair ``(k, t)`` with ``k`` the kind's index in :attr:`FactoredActions.kinds` (first-seen
order). The map is a bijection between the flat ids and the pairs that name an action; the
pairs ``(k, t)`` with ``t`` at or past the kind's size name none. Masks come from the flat
legal-action mask: :meth:`FactoredActions.kind_mask` (the kinds with a legal action) and
:meth:`FactoredActions.target_mask` (the legal targets of one kind), so a learner picks a kind
among the legal ones, then a target among that kind's legal ones, and the pair is always a
legal action; :meth:`FactoredActions.pairs` lists the legal pairs.

Annapurna's 20,478 actions become 19 kinds with at most 10,030 targets (the Sweeps and Buries,
one per set of spots); Almanac's 1,095 become 17 kinds with at most 931 (the bids).
:class:`FactoredActionWrapper` puts the view on a Gymnasium environment of :mod:`meeple.rl.
gymnasium_env` as a ``MultiDiscrete([kinds, targets])`` action space.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from meeple.core.errors import IllegalActionError
from meeple.core.game import Game


class FactoredActions:
    """The ``(kind, target)`` view of ``game``'s player actions (see the module docstring).

    Args:
        game: A configured meeple game.

    Attributes:
        kinds: The action kinds, in the order their first action appears in the space.
        sizes: Number of actions of each kind, shape ``(len(kinds),)``.
        nvec: ``(len(kinds), max(sizes))``, the sizes of the two parts.
        pair_of: ``(num_actions, 2)`` int64, the pair of every flat id.
    """

    def __init__(self, game: Game):
        actions = game.action_space.actions
        kinds: dict[str, list[int]] = {}
        for a in actions:
            kinds.setdefault(a.kind, []).append(a.id)
        self.game = game
        self.kinds: tuple[str, ...] = tuple(kinds)
        self.sizes = np.array([len(ids) for ids in kinds.values()], np.int64)
        self.nvec = (len(self.kinds), int(self.sizes.max()))
        self.num_actions = len(actions)
        #: ``ids[k, t]``: the flat id of pair ``(k, t)``, or -1 where the pair names none
        self.ids = np.full(self.nvec, -1, np.int64)
        self.pair_of = np.zeros((self.num_actions, 2), np.int64)
        for k, ids in enumerate(kinds.values()):
            self.ids[k, : len(ids)] = ids
            self.pair_of[ids, 0] = k
            self.pair_of[ids, 1] = np.arange(len(ids))
        # flat ids sorted by kind, and where each kind starts in that order (for reduceat)
        self._by_kind = self.ids[self.ids >= 0]
        self._starts = np.concatenate([[0], np.cumsum(self.sizes)[:-1]])

    def pair(self, action_id: int) -> tuple[int, int]:
        """The ``(kind, target)`` of flat id ``action_id``.

        Raises:
            IllegalActionError: rule ``CORE-04``, for an id outside the action space.
        """
        if not isinstance(action_id, int | np.integer) or not 0 <= action_id < self.num_actions:
            raise IllegalActionError(
                "CORE-04", f"action ids are integers 0..{self.num_actions - 1}", action_id
            )
        k, t = self.pair_of[action_id]
        return int(k), int(t)

    def flat(self, kind: int, target: int) -> int:
        """The flat id of the pair ``(kind, target)``.

        Raises:
            IllegalActionError: rule ``CORE-04``, for a pair that names no action (a kind out
                of range, or a target at or past its kind's size).
        """
        if 0 <= kind < self.nvec[0] and 0 <= target < self.nvec[1]:
            i = int(self.ids[kind, target])
            if i >= 0:
                return i
        raise IllegalActionError(
            "CORE-04",
            f"({kind}, {target}) names no action: kinds are 0..{self.nvec[0] - 1} and kind "
            f"k has targets 0..sizes[k] - 1",
            (kind, target),
        )

    def kind_mask(self, mask: np.ndarray) -> np.ndarray:
        """int8 ``(len(kinds),)``: 1 for each kind with a legal action in the flat ``mask``."""
        return (np.maximum.reduceat(mask[self._by_kind], self._starts) > 0).astype(np.int8)

    def target_mask(self, mask: np.ndarray, kind: int) -> np.ndarray:
        """int8 ``(nvec[1],)``: 1 for each legal target of ``kind`` in the flat ``mask``
        (zeros past the kind's size)."""
        out = np.zeros(self.nvec[1], np.int8)
        size = int(self.sizes[kind])
        out[:size] = mask[self.ids[kind, :size]]
        return out

    def pairs(self, mask: np.ndarray) -> list[tuple[int, int]]:
        """The ``(kind, target)`` of every legal action of the flat ``mask``, in id order."""
        return [(int(k), int(t)) for k, t in self.pair_of[np.flatnonzero(mask)]]


class FactoredActionWrapper(gym.Wrapper, gym.utils.RecordConstructorArgs):
    """A :class:`~meeple.rl.gymnasium_env.MeepleEnv` whose action is ``(kind, target)``.

    The action space is ``MultiDiscrete(nvec)``; ``info`` keeps the flat ``"action_mask"`` and
    adds ``"kind_mask"``; :meth:`target_mask` gives one kind's legal targets. A pair that names
    no action is handled as an id outside the flat space (``illegal_reward``, or
    ``IllegalActionError`` ``CORE-04`` with ``illegal_action="raise"``).

    Args:
        env: A meeple Gymnasium environment (``gymnasium.make("meeple/Annapurna-v0", ...)``).
    """

    def __init__(self, env: gym.Env):
        gym.utils.RecordConstructorArgs.__init__(self)
        gym.Wrapper.__init__(self, env)
        self.factored = FactoredActions(env.unwrapped.game)
        self.action_space = spaces.MultiDiscrete(np.array(self.factored.nvec, np.int64))
        self._mask = np.zeros(self.factored.num_actions, np.int8)

    def _info(self, info: dict[str, Any]) -> dict[str, Any]:
        self._mask = info["action_mask"]
        return {**info, "kind_mask": self.factored.kind_mask(self._mask)}

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        obs, info = self.env.reset(**kwargs)
        return obs, self._info(info)

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play the pair ``action`` (``[kind, target]``)."""
        kind, target = (int(x) for x in np.asarray(action).reshape(2))
        k, t = self.factored.nvec
        inside = 0 <= kind < k and 0 <= target < t and self.factored.ids[kind, target] >= 0
        flat = int(self.factored.ids[kind, target]) if inside else self.factored.num_actions
        obs, reward, terminated, truncated, info = self.env.step(flat)
        return obs, reward, terminated, truncated, self._info(info)

    def target_mask(self, kind: int) -> np.ndarray:
        """The legal targets of ``kind`` now (see :meth:`FactoredActions.target_mask`)."""
        return self.factored.target_mask(self._mask, kind)


__all__ = ["FactoredActionWrapper", "FactoredActions"]
