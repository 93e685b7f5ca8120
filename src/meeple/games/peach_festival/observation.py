"""Observation (the only door for hidden information) and determinization.

Hidden in The Peach Festival: the order and contents of the Request deck, the cards a player
holds before keeping one (PF-007, PF-048), which cards each player put under the deck, and every
sealed action until all players have chosen (PF-030, PF-R10). Everything else is public.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from meeple.core.game import observer_seat
from meeple.games.peach_festival.consts import ACTION, SETUP_KEEP
from meeple.games.peach_festival.sheet import PlayerSheet

if TYPE_CHECKING:
    from meeple.games.peach_festival.game import PeachFestival
    from meeple.games.peach_festival.state import PeachState


def _sealed(state: PeachState) -> bool:
    return state.phase in (ACTION, SETUP_KEEP)


def observe(state: PeachState, seat: int | None) -> dict:
    """What ``seat`` may see (``None``: a spectator). JSON data.

    Shape: ``{"game", "version", "seat", "players", "solo", "difficulty", "round", "phase",
    "dice", "commons", "deck": {"unseen", "bottom"}, "draw_queue", "sheets": [...], "hand",
    "order", "cursor", "rolling", "current_player", "acting"}``. ``deck.bottom`` lists the cards
    under the deck, top first, as IDs only where ``seat`` put them there, else ``None``.

    Raises:
        ValueError: for a seat that is not ``None`` or one of the game's seats.
    """
    game: PeachFestival = state.game
    if seat is not None and (type(seat) is not int or not 0 <= seat < game.num_players):
        seat = observer_seat(seat, game.num_players)
    sealed = _sealed(state)
    sheets = []
    for s, sh in enumerate(state.sheets):
        d = sh.public_dict()
        d["commit"] = sh.commit.text if sh.commit and (s == seat or not sealed) else None
        sheets.append(d)
    return {
        "game": game.info.name,
        "version": game.info.version,
        "seat": seat,
        "players": game.num_players,
        "solo": game.solo,
        "difficulty": game.config["difficulty"] if game.solo else None,
        "round": state.round,
        "phase": state.phase,
        "dice": list(state.dice) if state.dice is not None else None,
        "commons": state.commons.copy(),
        "removed": state.removed.copy(),
        "deck": {
            "unseen": len(state.deck_unseen),
            "bottom": [c if k == seat else None for c, k in state.deck_bottom],
        },
        "draw_queue": state.draw_queue.copy(),
        "sheets": sheets,
        "hand": sorted(state.sheets[seat].hand) if seat is not None else None,
        "order": list(state.order),
        "cursor": state.cursor,
        "rolling": state.rolling,
        "current_player": state.node,
        "acting": list(state.acting_seats()),
    }


def snapshot(state: PeachState) -> dict:
    """The full state, hidden parts included (for fingerprints and storage)."""
    data = observe(state, None)
    data["deck"] = {
        "unseen": state.deck_unseen.copy(),
        "bottom": [b.copy() for b in state.deck_bottom],
    }
    for d, sh in zip(data["sheets"], state.sheets, strict=True):
        d["hand"] = sh.hand.copy()
        d["commit"] = sh.commit.text if sh.commit else None
    return data


def public_sheet(d: dict, start_peaches: int) -> PlayerSheet:
    """A player's sheet with the public facts scoring reads, from its observation data: the
    columns, boxes, Peaches (``start_peaches`` at the start), Merchants and Requests; the
    rest left as a new sheet has it."""
    sh = PlayerSheet(start_peaches)
    sh.cols = [list(c) for c in d["cols"]]
    sh.boxes = d["boxes"]
    sh.peaches = d["peaches"]
    sh.eaten = d["eaten"]
    sh.merchants = d["merchants"]
    sh.requests = list(d["requests"])
    return sh


def sheet_from(d: dict, game: PeachFestival) -> PlayerSheet:
    """A player's sheet rebuilt from its observation data (its hand left empty)."""
    sh = public_sheet(d, game.sheet.start_peaches)
    sh.two_paid = d["two_paid"]
    sh.reward_gained = d["reward_gained"]
    sh.pending = [tuple(p) for p in d["pending"]]
    sh.lost = [tuple(p) for p in d["lost"]]
    sh.dice_left = d["dice_left"]
    sh.track = d["track"]
    sh.last = game.action(d["last"]) if d["last"] else None
    return sh


def determinize(game: PeachFestival, obs: dict, rng: random.Random) -> PeachState:
    """A full state consistent with ``obs``; unseen cards and sealed actions sampled with ``rng``.

    Cards ``obs["seat"]`` cannot identify (the unseen deck, cards others put under it, others'
    hands) are dealt at random from the cards it has not seen; others' sealed actions are drawn
    uniformly from their legal actions.

    Raises:
        ValueError: if ``obs`` is a spectator observation.
    """
    seat = obs["seat"]
    if seat is None:
        raise ValueError("determinize needs a seat's observation, not a spectator's")
    state = game.state_class(game)
    state.sheets = [sheet_from(d, game) for d in obs["sheets"]]
    state.commons = list(obs["commons"])
    state.removed = list(obs["removed"])
    state.draw_queue = list(obs["draw_queue"])
    state.dice = tuple(obs["dice"]) if obs["dice"] is not None else None
    state.phase = obs["phase"]
    state.round = obs["round"]
    state.order = tuple(obs["order"])
    state.cursor = obs["cursor"]
    state.rolling = obs["rolling"]
    state.node = obs["current_player"]
    own_hand = list(obs["hand"])
    state.sheets[seat].hand = own_hand
    known = set(state.commons) | set(own_hand) | set(state.removed)
    for sh in state.sheets:
        known.update(sh.requests)
    known.update(c for c in obs["deck"]["bottom"] if c is not None)
    pool = sorted(c.id for c in game.content.cards if c.id not in known)
    rng.shuffle(pool)
    bottom = []
    for card in obs["deck"]["bottom"]:
        bottom.append([card, seat] if card is not None else [pool.pop(), -2])
    for s, d in enumerate(obs["sheets"]):
        if s != seat:
            state.sheets[s].hand = sorted(pool.pop() for _ in range(d["hand_size"]))
    # Cards others put under the deck: the knower is the seat that holds no such knowledge here.
    _assign_bottom_knowers(state, bottom, seat)
    state.deck_bottom = bottom
    state.deck_unseen = sorted(pool)
    if len(pool) != obs["deck"]["unseen"]:
        raise ValueError("observation is inconsistent with the game's card list")
    for s, d in enumerate(obs["sheets"]):
        if d["commit"] is not None:
            state.sheets[s].commit = game.action(d["commit"])
        elif d["committed"]:
            legal = state._legal_actions(s)
            state.sheets[s].commit = legal[rng.randrange(len(legal))]
    return state


def _assign_bottom_knowers(state: PeachState, bottom: list[list[int]], seat: int) -> None:
    """Give each unknown card under the deck a plausible knower other than ``seat``."""
    others = [s for s in range(len(state.sheets)) if s != seat] or [seat]
    i = 0
    for entry in bottom:
        if entry[1] == -2:
            entry[1] = others[i % len(others)]
            i += 1
