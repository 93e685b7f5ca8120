"""The strength of each element in a report: win rate and score with and without it, flagged
only when it survives the Benjamini-Hochberg correction over the elements tested."""

from __future__ import annotations

import random

import pytest

from meeple.sim import SimSpec, run_simulation
from meeple.sim.elements import benjamini_hochberg, element_strength
from meeple.sim.output import read_results, write_results
from meeple.sim.report import build_report, holm


def _rows(games: int = 60) -> list[dict]:
    """Two-seat games: the winner always holds ``card strong``, the loser ``card weak``, and
    ``card chance`` goes to the winner in every other pair of games."""
    rng = random.Random(3)
    rows = []
    for i in range(games):
        winner = i % 2
        chance = (i // 2) % 2
        held: list[list[str]] = [[], []]
        held[winner].append("card strong")
        held[1 - winner].append("card weak")
        held[chance].append("card chance")
        rows.append(
            {
                "index": i,
                "seed": i,
                "agents": ["bot", "bot"],
                "scores": [10 + 5 * (s == winner) + rng.random() for s in range(2)],
                "ranks": [1 if s == winner else 2 for s in range(2)],
                "winners": [winner],
                "decisions": 10,
                "length": 12,
                "extras": {},
                "elements": held,
            }
        )
    return rows


def test_benjamini_hochberg_keeps_every_test_ranked_up_to_the_last_that_passes():
    assert benjamini_hochberg([0.01, 0.02, 0.2, 0.9]) == [True, True, False, False]
    # 0.04 ranks fourth: its step is 0.05, so it and every smaller one pass
    assert benjamini_hochberg([0.005, 0.04, 0.03, 0.01]) == [True, True, True, True]
    # four equal p-values of 0.02: Holm keeps none, Benjamini-Hochberg every one
    assert holm([0.02] * 4) == [False] * 4
    assert benjamini_hochberg([0.02] * 4) == [True] * 4
    assert benjamini_hochberg([]) == []


def test_a_card_the_winner_always_holds_is_flagged_stronger_and_a_chance_card_is_not():
    found = {x["element"]: x for x in element_strength(_rows())}
    assert found["card strong"]["significant"] and found["card strong"]["win_difference"] == 1.0
    assert found["card weak"]["significant"] and found["card weak"]["win_difference"] == -1.0
    assert not found["card chance"]["significant"]
    assert found["card chance"]["with"] == 60 and found["card chance"]["without"] == 60


def test_an_element_seen_too_rarely_is_listed_untested():
    rows = _rows(20)
    rows[0]["elements"][0].append("card rare")
    rare = next(x for x in element_strength(rows) if x["element"] == "card rare")
    assert not rare["tested"] and rare["p_value"] is None and not rare["significant"]


def test_the_report_names_its_correction_and_quotes_the_flagged_elements():
    pytest.importorskip("matplotlib")
    report = build_report(_rows())
    strong = [h for h in report.headlines if h.startswith("card strong:")]
    assert strong and "win 100.0%" in strong[0] and "(0.0% without it)" in strong[0]
    assert "Benjamini-Hochberg correction over the 3 elements tested" in strong[0]
    html = report.to_html()
    assert "Strength of each element" in html and "Benjamini-Hochberg procedure" in html


def test_a_real_run_names_each_seats_request_cards_and_they_survive_a_csv(tmp_path):
    rows = run_simulation(SimSpec("peach-festival", 2, ("greedy", "random"), 4, seed=2))
    assert all(len(r["elements"]) == 2 for r in rows)
    assert any(name.startswith("request ") for r in rows for held in r["elements"] for name in held)
    back = read_results(write_results(rows, tmp_path / "r.csv", 2))
    assert [r["elements"] for r in back] == [r["elements"] for r in rows]


def test_the_almanac_names_caravans_contracts_and_encounters():
    (row,) = run_simulation(SimSpec("almanac", 2, ("heuristic",), 1, seed=1))
    kinds = {name.split(" ", 1)[0] for held in row["elements"] for name in held}
    assert "caravan" in kinds and kinds <= {"caravan", "contract", "encounter"}


def _narrated_annapurna_elements(game, history) -> list[set[str]]:
    """Per climber, the effects of the cards the spectator's narration says it turned face up
    by exploring, and the peak tokens by the order of its arrivals within each Ascent."""
    by_name = {card.name: card.effect for card in game.content.cards}
    held: list[set[str]] = [set() for _ in range(game.num_players)]
    state = game.new_initial_state()
    arrived = 0
    for seat, action in history:
        if action.kind == "explore" and seat >= 0:
            told = game.describe_move_for(state, seat, action, None)
            name = next(n for n in by_name if f" {n} (" in told.split(" turns face up")[0])
            if by_name[name] != "none":
                held[seat].add(f"effect {by_name[name]}")
            if action.text.endswith("a5"):
                arrived += 1
                if arrived <= 3:  # three peak tokens (AN-002); a fourth climber takes none
                    held[seat].add(f"token #{arrived}")
            if "Ascent" in told and " ends:" in told:
                arrived = 0
        elif seat >= 0 and " ends:" in game.describe_aftermath(state, seat, action, None):
            arrived = 0
        state.apply_legal(action, seat)
    return held


def test_annapurna_names_each_effect_a_climber_set_off_and_each_peak_token_it_took():
    from meeple.agents.base import make_agent
    from meeple.core.driver import play_game
    from meeple.sim.recorded import recorded_elements

    game = SimSpec("annapurna", 3, ("heuristic",), 1).make_game()
    for seed in range(3):
        agents = [make_agent("heuristic", game) for _ in range(3)]
        state, _ = play_game(game, agents, seed=seed)
        named = recorded_elements(game, state.history)
        assert [set(x) for x in named] == _narrated_annapurna_elements(game, state.history)
        assert any("token #1" in x for x in named)  # someone reached the peak first


def test_annapurna_rows_carry_effects_and_tokens_that_survive_a_csv(tmp_path):
    rows = run_simulation(SimSpec("annapurna", 2, ("heuristic", "random"), 4, seed=2))
    kinds = {name.split(" ", 1)[0] for r in rows for held in r["elements"] for name in held}
    assert kinds == {"effect", "token"}
    assert not any("effect none" in held for r in rows for held in r["elements"])
    back = read_results(write_results(rows, tmp_path / "r.csv", 2))
    assert [r["elements"] for r in back] == [r["elements"] for r in rows]


def test_an_annapurna_report_tests_its_effects_and_tokens():
    rows = run_simulation(SimSpec("annapurna", 2, ("heuristic",), 30, seed=1))
    tested = {x["element"] for x in build_report(rows).data["elements"] if x["tested"]}
    assert "token #1" in tested or "token #2" in tested
    assert any(name.startswith("effect ") for name in tested)


def test_a_cooperative_teams_elements_count_each_game_once_against_its_team_win():
    rows = _rows(40)
    for i, row in enumerate(rows):
        row["cooperative"] = True
        row["elements"] = [["card rope"] if i % 2 == 0 else [], ["card dud"] if i % 4 < 2 else []]
        row["winners"] = [0, 1] if i % 2 == 0 else []  # the team wins with the rope alone
    found = {x["element"]: x for x in element_strength(rows)}
    rope, dud = found["card rope"], found["card dud"]
    assert (rope["with"], rope["without"]) == (20, 20)  # games, not seat-games
    assert rope["significant"] and rope["win_difference"] == 1.0
    assert not dud["significant"] and dud["win_difference"] == 0.0
    assert "win_with_low" not in rope  # no even share of a win the team does not split


def test_a_game_naming_no_elements_by_move_has_none_read_from_its_record():
    """Only a game that names what its moves use is replayed for elements: Peach Festival's
    state names its own, so the record gives none."""
    from meeple.agents.base import RandomAgent
    from meeple.core.driver import play_game
    from meeple.core.registry import make
    from meeple.sim.recorded import names_moves, recorded_elements

    game = make("peach-festival", players=2)
    agents = [RandomAgent(), RandomAgent()]
    state, _ = play_game(game, agents, seed=1)
    assert not names_moves(game) and recorded_elements(game, state.history) is None
    assert names_moves(make("annapurna", players=2))
