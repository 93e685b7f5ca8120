"""A Gymnasium vector environment: ``num_envs`` meeple games stepped together in one process.

``MeepleVectorEnv(game, num_envs, **kwargs)`` holds ``num_envs`` :class:`MeepleEnv` (each built
with ``kwargs``: ``players``, ``seat``, ``opponents``, game options...) and steps them in turn,
writing their encodings into one ``(num_envs, size)`` float32 batch and their legal-action masks
into ``infos["action_mask"]`` (``(num_envs, num_actions)`` int8). It resets an environment whose
episode ended on the step after (Gymnasium's ``AutoresetMode.NEXT_STEP``, as
``gym.make_vec`` does): that step ignores its action and returns the new episode's first
observation with reward 0.

``reset(seed=s)`` seeds environment ``i`` with ``s + i`` (a list gives one seed per
environment), as Gymnasium's own vector environments do, so a run is reproducible.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from meeple.rl.gymnasium_env import MeepleEnv


class MeepleVectorEnv(VectorEnv):
    """``num_envs`` :class:`MeepleEnv` of one configuration, batched (see the module docstring).

    Args:
        game: meeple registry name.
        num_envs: How many games (a positive integer).
        **kwargs: Passed to every :class:`MeepleEnv` (``players``, ``seat``, ``opponents``,
            ``max_steps``, game options...).

    Raises:
        ValueError: for a ``num_envs`` that is not a positive integer, and whatever
            :class:`MeepleEnv` raises for its arguments.
    """

    metadata: ClassVar[dict[str, Any]] = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, game: str = "peach-festival", num_envs: int = 1, **kwargs: Any):
        if isinstance(num_envs, bool) or not isinstance(num_envs, int | np.integer) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, not {num_envs!r}")
        self.num_envs = int(num_envs)
        self.envs = [MeepleEnv(game, **kwargs) for _ in range(self.num_envs)]
        first = self.envs[0]
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        size = first.observation_space.shape[0]
        self._obs = np.zeros((self.num_envs, size), np.float32)
        self._masks = np.zeros((self.num_envs, first.action_space.n), np.int8)
        self._rewards = np.zeros(self.num_envs, np.float64)
        self._terminated = np.zeros(self.num_envs, np.bool_)
        self._truncated = np.zeros(self.num_envs, np.bool_)
        self._autoreset = np.zeros(self.num_envs, np.bool_)

    def reset(
        self, *, seed: int | list[int | None] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Reset every game; returns ``(observations, {"action_mask": masks})``.

        Raises:
            ValueError: for a list of seeds whose length is not ``num_envs``.
        """
        if seed is None or isinstance(seed, int | np.integer):
            seeds = [None if seed is None else int(seed) + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"{len(seeds)} seeds given for {self.num_envs} environments")
        for i, (env, s) in enumerate(zip(self.envs, seeds, strict=True)):
            obs, info = env.reset(seed=s, options=options)
            self._obs[i] = obs
            self._masks[i] = info["action_mask"]
        self._autoreset[:] = False
        self._terminated[:] = False
        self._truncated[:] = False
        return self._obs.copy(), {"action_mask": self._masks.copy()}

    def step(
        self, actions: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Step every game with its action (an environment that ended last step resets
        instead, ignoring its action). Returns ``(observations, rewards, terminations,
        truncations, {"action_mask": masks})``, each batched over the environments.

        Raises:
            Whatever :meth:`MeepleEnv.step` raises for an environment's action.
        """
        for i, env in enumerate(self.envs):
            if self._autoreset[i]:
                obs, info = env.reset()
                reward, terminated, truncated = 0.0, False, False
            else:
                obs, reward, terminated, truncated, info = env.step(actions[i])
            self._obs[i] = obs
            self._masks[i] = info["action_mask"]
            self._rewards[i] = reward
            self._terminated[i] = terminated
            self._truncated[i] = truncated
        np.logical_or(self._terminated, self._truncated, out=self._autoreset)
        return (
            self._obs.copy(),
            self._rewards.copy(),
            self._terminated.copy(),
            self._truncated.copy(),
            {"action_mask": self._masks.copy()},
        )

    def close_extras(self, **kwargs: Any) -> None:
        for env in self.envs:
            env.close()


__all__ = ["MeepleVectorEnv"]
