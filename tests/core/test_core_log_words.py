"""The log tells the game in words: every player's move, as every viewer is told it, is a
sentence in the past tense that names its mover ("Player 2 took 1 Dewleaf."), never the menu
label the mover chose it by ("Take 1 Dewleaf."); a spectator is never spoken to as "you"."""

from __future__ import annotations

import random
import re

import pytest

import meeple
from meeple.core.game import CHANCE, SIMULTANEOUS, sample_chance, seat_word
from meeple.core.record import LogEntry, tell_applied

#: Every game, a solo and a full table where the game has them.
CONFIGS = [
    ("almanac", {"players": 2}),
    ("almanac", {"players": 4}),
    ("peach-festival", {"players": 1}),
    ("peach-festival", {"players": 3}),
    ("annapurna", {"players": 2}),
    ("annapurna", {"players": 4, "mode": "cooperative"}),
]
#: Past-tense verbs that do not end in "ed".
_IRREGULAR = {
    "took", "drew", "kept", "bid", "chose", "fled", "paid", "sold", "threw", "gave", "began",
    "swept", "wrote", "ate", "made", "hid", "fought", "won", "lost",
}  # fmt: skip
#: A sentence that speaks to its reader: "you" or "your", or a sentence starting with them.
_ADDRESS = re.compile(r"\b(you|your)\b|(^|[.!?:] )(You|Your)\b")


def _logged(name: str, config: dict, seed: int, limit: int = 2500):
    """A seeded random game, each action told to every seat and a spectator:
    ``(game, [(state before, seat, action, viewer, entry)])``."""
    game = meeple.make(name, **config)
    state = game.new_initial_state()
    rng = random.Random(seed)
    viewers: list[int | None] = [*range(game.num_players), None]
    told = []
    while not state.is_terminal() and len(state.history) < limit:
        if state.is_chance_node():
            seat, action = CHANCE, sample_chance(state, rng)
        else:
            seat = state.acting_seats()[0]
            legal = state.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
        after = state.clone()
        after.apply_action(action, seat)
        for viewer, entry in zip(viewers, tell_applied(state, after, viewers), strict=True):
            told.append((state, seat, action, viewer, entry))
        state = after
    return game, told


def _first_words(entry: LogEntry) -> tuple[str, str]:
    words = entry.told.split()
    return " ".join(words[:2]), words[2].rstrip(".,:;") if len(words) > 2 else ""


@pytest.mark.parametrize(("name", "config"), CONFIGS)
@pytest.mark.parametrize("seed", [3, 11])
def test_every_logged_move_is_a_past_tense_sentence_naming_its_mover(name, config, seed):
    game, told = _logged(name, config, seed)
    kinds = set()
    for state, seat, action, viewer, entry in told:
        text = entry.told
        assert not text.rstrip().endswith(("…", "...")), text
        if viewer is None:
            assert not _ADDRESS.search(text), f"a spectator is spoken to: {text!r}"
        if seat == CHANCE or entry.sealed:
            continue
        kinds.add(action.kind)
        label = game.describe_action(action).rstrip(".")
        assert not text.startswith(label), f"{action.text}: the menu label {text!r}"
        subject, verb = _first_words(entry)
        assert subject == seat_word(seat), f"{action.text} not named by its mover: {text!r}"
        assert verb.endswith("ed") or verb in _IRREGULAR, f"{action.text}: {text!r}"
        if viewer != seat and state.current_player() != SIMULTANEOUS:
            assert not text.startswith(("You", "Your")), text
    assert kinds, "no player's move was told"


def _game_with(name: str, config: dict, kind: str):
    """The first seeded game (seeds 0, 1...) in which a player's move of ``kind`` is made."""
    for seed in range(60):
        game, told = _logged(name, config, seed, limit=6000)
        if any(t[1] != CHANCE and t[2].kind == kind for t in told):
            return game, told
    raise AssertionError(f"no {kind} move in 60 games")


def _told_of(told, pick):
    """The first action ``pick(state, seat, action)`` accepts, and its words to each viewer:
    ``(state, seat, action, {viewer: entry})``."""
    state, seat, action, _, first = next(t for t in told if pick(t[0], t[1], t[2]))
    entries = {v: e for _, _, _, v, e in told if e.number == first.number}
    return state, seat, action, entries


def test_a_caravan_card_bought_is_told_with_its_card_and_what_it_adds():
    """AL-047: the card bought, what was paid and what it adds (zero parts left out), to every
    viewer."""
    game, told = _logged("almanac", {"players": 3}, 5, limit=6000)
    _, seat, action, entries = _told_of(told, lambda _s, _m, a: a.kind == "buy")
    card = game.content.caravans[action.args[0]]
    paid = f"{card.gold} gold" + (f" and {_goods(card)}" if any(card.goods) else "")
    adds = [
        f"+{n} {word}{'' if n == 1 else 's'}"
        for n, word in ((card.crates, "crate"), (card.shields, "shield"), (card.workers, "worker"))
        if n
    ] + ([f"{card.fame} fame"] if card.fame else [])
    assert len(entries) == 4
    for entry in entries.values():
        assert entry.told.startswith(
            f"{seat_word(seat)} extended their caravan with the {card.name} card (paid {paid}: "
            f"{', '.join(adds)})."
        )
        assert "+0" not in entry.told


def _goods(card) -> str:
    from meeple.games.almanac.content import GOOD_NAMES

    return ", ".join(f"{n} {GOOD_NAMES[i]}" for i, n in enumerate(card.goods[:4]) if n)


def test_a_kept_contract_is_named_to_its_keeper_only():
    """AL-R32: a kept contract lies face down; others learn that one was kept."""
    game, told = _game_with("almanac", {"players": 2}, "keep")
    _, seat, action, entries = _told_of(told, lambda _s, m, a: m != CHANCE and a.kind == "keep")
    name = game.content.contracts[action.args[0]].name
    assert entries[seat].told.startswith(f"{seat_word(seat)} kept the contract {name} face down.")
    for viewer in (1 - seat, None):
        assert entries[viewer].told.startswith(
            f"{seat_word(seat)} kept one of the drawn contracts face down."
        )
        assert name not in entries[viewer].told


def test_a_sealed_bid_is_told_to_others_only_as_made():
    """AL-055: bids are sealed until all are in; the bidder reads their own bid."""
    _, told = _logged("almanac", {"players": 2}, 7, limit=6000)
    _, seat, action, entries = _told_of(told, lambda _s, _m, a: a.kind == "bid")
    assert entries[seat].told.startswith(f"{seat_word(seat)} bid {action.args[0]} gold.")
    for viewer in (1 - seat, None):
        assert entries[viewer].sealed and f"bid {action.args[0]}" not in entries[viewer].told


def test_a_peach_festival_number_written_is_told_with_its_column():
    """PF-031: the number written and its column, to every seat."""
    from meeple.games.peach_festival.render import CODES, NAMES

    _, told = _logged("peach-festival", {"players": 2}, 1)
    _, seat, action, entries = _told_of(told, lambda _s, _m, a: a.kind == "write")
    column = NAMES[CODES[action.args[0]]]
    for entry in entries.values():
        assert entry.told.startswith(f"{seat_word(seat)} wrote {action.args[1]} in {column}")


def test_an_annapurna_card_given_is_named_only_to_giver_and_receiver():
    """AN-R17: a card given into the next climber's Cache is seen by those two only."""
    game, told = _game_with("annapurna", {"players": 3}, "give")
    _, seat, action, entries = _told_of(told, lambda _s, _m, a: a.kind == "give")
    card = game.card_name(action.args[0])
    for viewer, entry in entries.items():
        assert entry.told.startswith(f"{seat_word(seat)} gave ")
        assert (card in entry.told) == (viewer in (seat, (seat + 1) % 3)), (viewer, entry)


def test_an_annapurna_explore_names_the_card_turned_face_up_to_everyone():
    """AN-021: an explored card turns face up for all to see."""
    from meeple.games.annapurna.board import NAMES

    game, told = _logged("annapurna", {"players": 2}, 4, limit=400)
    state, seat, action, entries = _told_of(told, lambda _s, _m, a: a.kind == "explore")
    card = game.card_name(state.mount[seat][action.args[0]])
    for entry in entries.values():
        assert entry.told.startswith(
            f"{seat_word(seat)} explored {NAMES[action.args[0]]}: {card} turned face up"
        )
