"""Observation encoders: fixed shape per configuration, values in [-1, 1], built from the
seat's observation alone (a determinized twin encodes identically)."""

from __future__ import annotations

import copy
import random

import pytest

np = pytest.importorskip("numpy")

import meeple  # noqa: E402
from meeple.core.errors import ConfigError  # noqa: E402
from meeple.rl.encoding import make_encoder  # noqa: E402

from .helpers import CONFIGS, ids, random_walk  # noqa: E402


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=ids(CONFIGS))
def test_encoding_has_a_fixed_shape_and_bounded_values(name, players):
    game = meeple.make(name, players=players)
    enc = make_encoder(game)
    assert enc.shape == (enc.size,)
    assert sum(length for _, _, length in enc.layout) == enc.size
    for i, state in enumerate(random_walk(name, players, seed=3)):
        if i % 7:
            continue
        for seat in range(players):
            v = enc.encode(state.observe(seat))
            assert v.shape == enc.shape and v.dtype == np.float32
            assert np.all(np.abs(v) <= 1.0) and np.all(np.isfinite(v))


def _determinized_twins_encode_alike(name: str, players: int) -> None:
    game = meeple.make(name, players=players)
    enc = make_encoder(game)
    rng = random.Random(11)
    checked = 0
    for i, state in enumerate(random_walk(name, players, seed=5)):
        if i % (2 * players):
            continue
        for seat in range(players):
            obs = state.observe(seat)
            twin = game.determinize_observation(obs, rng)
            assert np.array_equal(enc.encode(twin.observe(seat)), enc.encode(obs))
            # the state path too: the twin's state encodes as the original state does
            fast = enc.encode_state(state, seat)
            assert enc.encode_state(twin, seat).tobytes() == fast.tobytes()
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("players", [1, 3, 5])
def test_peach_festival_encoding_of_a_determinized_twin_equals_the_original(players):
    """Hidden cards and sealed actions (PF-030, PF-R10) never reach the encoding."""
    _determinized_twins_encode_alike("peach-festival", players)


@pytest.mark.parametrize("players", [2, 4])
def test_annapurna_encoding_of_a_determinized_twin_equals_the_original(players):
    """Face-down cards and other climbers' Backpacks (AN-010, AN-028) never reach it."""
    _determinized_twins_encode_alike("annapurna", players)


@pytest.mark.parametrize("players", [2, 4])
def test_almanac_encoding_of_a_determinized_twin_equals_the_original(players):
    """Others' gold, hidden contracts and sealed bids (AL-G32) never reach the encoding."""
    _determinized_twins_encode_alike("almanac", players)


def test_encoding_differs_between_seats_and_refuses_a_spectator():
    game = meeple.make("peach-festival", players=3)
    enc = make_encoder(game)
    state = next(s for s in random_walk("peach-festival", 3, 1) if s.move_number() > 40)
    a, b = enc.encode(state.observe(0)), enc.encode(state.observe(1))
    assert not np.array_equal(a, b)
    with pytest.raises(ValueError):
        enc.encode(state.observe(None))


def test_peach_festival_sealed_action_shows_only_to_its_owner():
    """PF-030: a committed action is in its owner's encoding, not in the others'."""
    game = meeple.make("peach-festival", players=2)
    enc = make_encoder(game)
    for state in random_walk("peach-festival", 2, 2):
        if state.is_simultaneous_node() and len(state.acting_seats()) == 1:
            break
    waiting = state.acting_seats()[0]
    done = 1 - waiting
    start = dict((n, (s, k)) for n, s, k in enc.layout)["sheet0"]
    commit = slice(start[0] + start[1] - game.action_space.num_actions, start[0] + start[1])
    assert enc.encode(state.observe(done))[commit].sum() == 1
    other = dict((n, (s, k)) for n, s, k in enc.layout)["sheet1"]
    hidden = slice(other[0] + other[1] - game.action_space.num_actions, other[0] + other[1])
    assert enc.encode(state.observe(waiting))[hidden].sum() == 0


def test_peach_festival_revealed_action_shows_to_every_seat():
    """PF-030: once the actions are revealed, each sheet's action is in every seat's encoding."""
    game = meeple.make("peach-festival", players=2)
    enc = make_encoder(game)
    A = game.action_space.num_actions
    state = next(
        s for s in random_walk("peach-festival", 2, 2) if s.observe(0)["sheets"][1]["last"]
    )
    last = game.action_space.parse(state.observe(0)["sheets"][1]["last"]).id
    layout = {n: (s, k) for n, s, k in enc.layout}
    for seat in (0, 1):
        start, length = layout[f"sheet{(1 - seat) % 2}"]  # seat 1's sheet, seen from ``seat``
        block = enc.encode(state.observe(seat))[start + length - 2 * A : start + length - A]
        assert block.sum() == 1 and block[last] == 1


def test_encoder_shape_depends_on_the_player_count_only():
    for name, counts in (("annapurna", (2, 3)), ("almanac", (2, 4))):
        sizes = [make_encoder(meeple.make(name, players=p)).size for p in counts]
        assert sizes[0] < sizes[1]
    a = make_encoder(meeple.make("annapurna", players=2, flag_target=3)).size
    assert a == make_encoder(meeple.make("annapurna", players=2)).size


def test_an_unknown_game_has_no_encoder():
    from types import SimpleNamespace

    from meeple.core.game import Game

    class Chess(Game):
        info = SimpleNamespace(name="chess")

    with pytest.raises(ConfigError):
        make_encoder(object.__new__(Chess))


@pytest.mark.parametrize("not_a_game", ["almanac", None, 3])
def test_make_encoder_takes_a_configured_game(not_a_game):
    with pytest.raises(TypeError, match=r"meeple\.make"):
        make_encoder(not_a_game)


@pytest.mark.parametrize("seat", [7, -1, True, "0"])
def test_an_observation_with_a_seat_the_game_lacks_is_refused(seat):
    enc = make_encoder(meeple.make("annapurna", players=2))
    obs = meeple.make("annapurna", players=2).new_initial_state().observe(0)
    with pytest.raises(ValueError, match=r"has seats 0\.\.1"):
        enc.encode({**obs, "seat": seat})
    with pytest.raises(ValueError, match=r"dict State\.observe gives"):
        enc.encode(None)


@pytest.mark.parametrize(
    ("name", "players"), [("peach-festival", 2), ("annapurna", 3), ("almanac", 2)]
)
def test_encoders_tolerate_missing_and_unknown_observation_fields(name, players):
    """A field the encoder does not know is ignored; a missing one encodes as zeros."""
    game = meeple.make(name, players=players)
    enc = make_encoder(game)
    state = next(s for s in random_walk(name, players, seed=8) if s.move_number() > 60)
    obs = state.observe(1)
    keep = {"seat", "viewer"}
    for key in [k for k in obs if k not in keep]:
        partial = {k: v for k, v in obs.items() if k != key}
        partial["a_field_added_later"] = [1, 2, 3]
        v = enc.encode(partial)
        assert v.shape == enc.shape and np.all(np.abs(v) <= 1.0)


@pytest.mark.parametrize("name", ["peach-festival", "annapurna", "almanac"])
def test_an_observation_of_another_player_count_is_refused(name):
    enc = make_encoder(meeple.make(name, players=2))
    other = meeple.make(name, players=3).new_initial_state().observe(0)
    with pytest.raises(ValueError, match="3-player game given to the encoder of 2-player"):
        enc.encode(other)


@pytest.mark.parametrize(
    ("encoder", "observed"),
    [
        ("almanac", "peach-festival"),
        ("almanac", "annapurna"),
        ("annapurna", "almanac"),
        ("annapurna", "peach-festival"),
        ("peach-festival", "almanac"),
        ("peach-festival", "annapurna"),
    ],
)
def test_an_observation_of_another_game_is_refused(encoder, observed):
    enc = make_encoder(meeple.make(encoder, players=2))
    obs = meeple.make(observed, players=2).new_initial_state().observe(0)
    with pytest.raises(ValueError, match=f"{observed} given to|not an observation of {encoder}"):
        enc.encode(obs)


def _first_observation(name: str, players: int, seat: int, wanted) -> dict:
    """The first observation of ``seat`` in seeded random games for which ``wanted`` holds."""
    for seed in range(20):
        for state in random_walk(name, players, seed):
            obs = state.observe(seat)
            if wanted(obs):
                return obs
    raise AssertionError("no such observation in 20 random games")


def _changes_encoding(encoder, obs: dict, edit) -> bool:
    other = copy.deepcopy(obs)
    edit(other)
    return encoder.encode(obs).tolist() != encoder.encode(other).tolist()


def test_annapurna_encoding_carries_the_cards_remembered_in_other_zones():
    """Ruling AN-R39: the cards a climber remembers in another climber's Backpack or Cache are
    in its tensor, per other climber."""
    game = meeple.make("annapurna", players=3)
    enc = make_encoder(game)
    obs = _first_observation("annapurna", 3, 0, lambda o: o["known_pack"][1] or o["known_cache"][1])
    key = "known_pack" if obs["known_pack"][1] else "known_cache"
    assert _changes_encoding(enc, obs, lambda o: o[key].__setitem__(1, []))
    moved = enc.encode({**obs, key: [[], [], obs[key][1]]})  # the same cards, the next climber
    assert moved.tolist() != enc.encode(obs).tolist()


def test_annapurna_encoding_carries_who_identifies_a_face_down_card():
    """Ruling AN-R41: the climbers seen to identify a face-down card are in every tensor."""
    game = meeple.make("annapurna", players=2)
    enc = make_encoder(game)
    obs = _first_observation("annapurna", 2, 1, lambda o: bool(o["identified"]))
    assert _changes_encoding(enc, obs, lambda o: o.__setitem__("identified", []))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_almanac_encoding_carries_the_last_bids_winner_and_price(players):
    """The last bidding, revealed to all (AL-055), is encoded from the observer's seat: every
    seat's bid, the winner and what it paid."""
    game = meeple.make("almanac", players=players)
    enc = make_encoder(game)
    obs = _first_observation("almanac", players, 1, lambda o: bool(o["last_bids"]))
    n = players

    def bump(i):
        return lambda o: o["last_bids"].__setitem__(i, o["last_bids"][i] + 5)

    for i in range(n):
        assert _changes_encoding(enc, obs, bump(i))
    assert _changes_encoding(enc, obs, bump(n + 1))  # the price
    assert _changes_encoding(
        enc, obs, lambda o: o["last_bids"].__setitem__(n, (o["last_bids"][n] + 1) % n)
    )


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=ids(CONFIGS))
def test_a_state_encodes_byte_for_byte_as_its_observation(name, players):
    """The state path reads nothing the observation lacks: equal vectors at every seat."""
    game = meeple.make(name, players=players)
    enc = make_encoder(game)
    out = np.full(enc.size, 0.5, np.float32)  # a reused buffer is overwritten, not added to
    checked = 0
    for seed in (1, 2, 3, 4):
        for i, state in enumerate(random_walk(name, players, seed=seed)):
            if i % 3:
                continue
            for seat in range(players):
                slow = enc.encode(state.observe(seat))
                fast = enc.encode_state(state, seat, out)
                assert fast is out
                assert np.array_equal(fast, slow) and fast.tobytes() == slow.tobytes()
                checked += 1
    assert checked > 50


def test_encode_state_refuses_a_seat_or_state_of_another_configuration():
    game = meeple.make("almanac", players=2)
    enc = make_encoder(game)
    state = game.new_initial_state()
    with pytest.raises(ValueError, match=r"seats 0\.\.1"):
        enc.encode_state(state, 2)
    with pytest.raises(ValueError, match="3-player almanac"):
        enc.encode_state(meeple.make("almanac", players=3).new_initial_state(), 0)
    with pytest.raises(ValueError, match="peach-festival"):
        enc.encode_state(meeple.make("peach-festival", players=2).new_initial_state(), 0)
