"""The :class:`Almanac` game: metadata, options, action space and factory (registry "almanac")."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from meeple.core.actions import Action, ActionSpace
from meeple.core.game import CHANCE, Game, GameInfo, and_then, state_after
from meeple.games.almanac.content import Content, load_content
from meeple.games.almanac.notation import Table, action_table, build_space
from meeple.games.almanac.observation import determinize
from meeple.games.almanac.state import AlmanacState

#: id of a content set -> (the content, its action space, its lookup table), shared by every
#: game made with that content so that actions stay interned across player counts.
_SPACES: dict[int, tuple[Content, ActionSpace, Table]] = {}


class Almanac(Game):
    """Almanac: The Crystal Peaks for 2-4 players (AL-G01).

    Options:
        content: Directory of ``cards.toml`` and ``pages.toml``; ``None`` uses the shipped
            reconstruction.

    Raises:
        ConfigError: for a player count outside 2-4, an unknown option or a ``content`` that
            is not a path.
        ContentError: for invalid content.
    """

    info = GameInfo(
        name="almanac",
        title="Almanac: The Crystal Peaks",
        version="1.4",
        min_players=2,
        max_players=4,
        has_chance=True,
        hidden_information=True,
        simultaneous=True,
        rulebook="almanac-the-crystal-peaks.txt",
    )
    options: ClassVar[dict[str, Any]] = {"content": None}
    #: the parts of fame (AL-064..AL-073, ruling AL-R31)
    score_parts: ClassVar[dict[str, str]] = {
        "gold": "1 fame for each gold (AL-064).",
        "caravan": "The fame of each caravan card, the starting one included (AL-065, "
        "ruling AL-R31).",
        "tokens": "The fame of location tokens (AL-066).",
        "guards": "The fame of guards (AL-066).",
        "encounters": "The fame of the encounter cards won (AL-066).",
        "contracts": "The fame of completed contracts (AL-067).",
        "abilities": "Fame that caravan abilities give at the end.",
        "incomplete": "Minus the fame of each incomplete contract (AL-069); goods in crates are "
        "worth nothing (AL-068).",
        "total": "Fame: the parts added up. The most fame wins; a tie goes to the most gold, "
        "then the most goods in crates, else the victory is shared (AL-070..AL-073).",
    }
    #: The state class, for the modules below the state that build one (determinization).
    state_class: ClassVar[type[AlmanacState]] = AlmanacState

    #: The content as this many players play it (ruling AL-R106).
    content: Content
    #: The content as loaded (cached per directory), the same for every player count.
    loaded_content: Content
    table: Table

    def _build_action_space(self) -> ActionSpace:
        content = self.loaded_content = load_content(self.config.get("content"))
        # the pages as this many players play them (ruling AL-R106); the action space is the
        # loaded content's, the same for every count
        self.content = content.for_players(self.num_players)
        if self.config.get("content") not in (None, ""):
            self.config["content"] = content.directory  # resolved: records replay anywhere
        else:
            self.config["content"] = None
        got = _SPACES.get(id(content))
        if got is None or got[0] is not content:
            space = build_space(content)
            got = _SPACES[id(content)] = (content, space, action_table(space, content))
        _, space, self.table = got
        return space

    def new_initial_state(self) -> AlmanacState:
        """The state before setup; setup deals come as chance nodes (AL-014..AL-024)."""
        return AlmanacState(self)

    def determinize_observation(self, observation: dict, rng: random.Random) -> AlmanacState:
        """See :func:`meeple.games.almanac.observation.determinize`."""
        return determinize(self, observation, rng)

    def max_game_length(self) -> int:
        return 6000

    def describe_move_for(
        self, state: AlmanacState, seat: int, action: Action, observer: int | None
    ) -> str:
        """The move in the past tense, naming its mover (``"Player 2 took 1 Dewleaf."``); a
        kept contract is face down (AL-R32): others are told only that one was kept.

        Public chance outcomes are announced in words (starting caravans, caravan cards dealt
        face up, the encounter revealed, fight and 6-sided die rolls with their results); a
        contract draw is told to its drawer only, ``""`` to everyone else.

        What a move or outcome brings about is told after it, to everyone: the end of each
        phase of a round and of the round itself, and the start of the next (AL-027, AL-052).
        """
        from meeple.games.almanac.render import describe_chance, tell_move

        if seat == CHANCE:
            told = describe_chance(self, state, action, observer)
        else:
            told = tell_move(self, state, seat, action, observer)
        return and_then(told, self.describe_aftermath(state, seat, action, observer))

    def describe_aftermath(
        self, state: AlmanacState, seat: int, action: Action, observer: int | None
    ) -> str:
        """The phases and rounds that end with this move or outcome, and the next to begin
        (AL-027, AL-052, AL-063); ``""`` otherwise. Public: the same for every observer."""
        from meeple.games.almanac.render import describe_passage

        if state.is_terminal():
            return ""
        after = state_after(state, seat, action)  # the driver's own, when it is telling it
        return describe_passage(self, state, after)

    def describe_move(self, action: Action, observation: dict) -> str:
        """The move in ``observation``'s position: what a space does, what a contract needs,
        the odds of a fight."""
        from meeple.games.almanac.render import describe_move

        return describe_move(self, action, observation)

    def describe_action(self, action: Action) -> str:
        from meeple.games.almanac.render import describe_action

        return describe_action(self, action)

    def render(self, observation: dict) -> Any:
        from meeple.games.almanac.render import render_observation

        return render_observation(self, observation)

    def rules_summary(self) -> str:
        from meeple.games.almanac.render import rules_summary

        return rules_summary(self)
