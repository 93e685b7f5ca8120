"""The pages drawn from views: what a seat's browser receives, escaping, hand-overs, the end."""

from __future__ import annotations

import random
import re

import pytest
from markupsafe import Markup, escape

import meeple
from meeple.core import sample_chance
from meeple.core.game import State
from meeple.server.service import game_view
from meeple.web import boards, pages

GAMES = ["peach-festival", "annapurna", "almanac"]


def view_of(
    state: State, viewer: int | None, names: list[str] | None = None, number: int | None = None
) -> dict:
    """The server's view of ``viewer`` at ``state``, with fixed public table facts (the move
    number is the table's, given for a determinized twin, whose own history is shorter)."""
    game = state.game
    n = game.num_players
    names = names or [f"Player {s + 1}" for s in range(n)]
    return {
        "table_id": "t1",
        "game": game.info.name,
        "title": game.info.title,
        "players": n,
        "options": {k: v for k, v in game.config.items() if k != "players"},
        "rules_version": game.info.version,
        "move_number": len(state.history) if number is None else number,
        "viewer": viewer,
        "status": "finished" if state.is_terminal() else "playing",
        "seats": [
            {"seat": s, "name": names[s], "kind": "person", "level": None, "joined": True}
            for s in range(n)
        ],
        **game_view(state, viewer),
        "log": [],
        "can_undo": False,
    }


def play(name: str, players: int, steps: int, seed: int) -> State:
    """A game of ``name`` after ``steps`` random actions and the chance outcomes that follow
    (or its end)."""
    state = meeple.make(name, players=players).new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            seat = state.acting_seats()[0]
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
    while state.is_chance_node():  # stop where someone decides
        state.apply_action(sample_chance(state, rng))
    return state


def finished(name: str, players: int, seed: int) -> State:
    return play(name, players, 100_000, seed)


@pytest.mark.parametrize(
    ("name", "players"), [(name, players) for name in GAMES for players in (2, 3, 4)]
)
def test_a_seat_and_the_spectator_receive_the_real_states_page_from_a_twin_of_the_seat(
    name: str, players: int
) -> None:
    """For every seat, the page (HTML and board SVG) that seat receives, and the one the
    spectator receives, are the same for the real state and a twin whose hidden parts were
    resampled for that seat."""
    game = meeple.make(name, players=players)
    compared = 0
    for steps in (5, 40, 120, 300):
        state = play(name, players, steps, seed=steps + players)
        if state.is_terminal() or state.is_chance_node():
            continue
        frame = pages.Frame(table_id="t1")
        spectator = pages.render_view(view_of(state, None), frame)
        for seat in range(players):
            twin = game.determinize(state, seat, random.Random(steps + seat))
            assert twin.fingerprint() != state.fingerprint() or not game.info.hidden_information
            number = len(state.history)
            assert pages.render_view(view_of(twin, seat, number=number), frame) == (
                pages.render_view(view_of(state, seat), frame)
            )
            assert pages.render_view(view_of(twin, None, number=number), frame) == spectator
            compared += 1
    assert compared >= 2 * players


@pytest.mark.parametrize("name", GAMES)
def test_the_move_list_offers_every_legal_move_of_the_seat(name: str) -> None:
    state = play(name, 2, 30, seed=3)
    seat = state.acting_seats()[0]
    html = pages.render_view(view_of(state, seat), pages.Frame(table_id="t1"))
    offered = re.findall(r'<button type="submit" name="move" value="([^"]+)"', html)
    assert offered == [
        str(escape(a.text)) for a in state.legal_actions(seat)
    ]  # every move, in legal order


@pytest.mark.parametrize("name", GAMES)
def test_a_move_button_keeps_its_notation_in_attributes_not_in_small_print(name: str) -> None:
    """The notation ("place 0", "te&si") is for power users and tests: the button's
    ``data-notation`` and ``title`` carry it; its text is the game's sentence alone."""
    state = play(name, 2, 30, seed=3)
    seat = state.acting_seats()[0]
    html = pages.render_view(view_of(state, seat), pages.Frame(table_id="t1"))
    buttons = re.findall(r'<button type="submit" name="move" (.*?)</button>', html, re.S)
    moves = pages.moves_of(view_of(state, seat))
    assert len(buttons) == len(moves) == len(state.legal_actions(seat))
    for button, move in zip(buttons, moves, strict=True):
        code = str(escape(move.move))
        assert f'data-notation="{code}"' in button and f'title="Notation: {code}"' in button
        assert button.split(">", 1)[1] == f'<span class="text">{escape(move.text)}</span>'


def test_a_long_name_is_cut_where_the_board_draws_it_and_whole_in_its_text_alternative() -> None:
    """The drawing keeps its shape (a name cut to 16 characters with an ellipsis); its title,
    description and labels, which have no shape to keep, name the player in full."""
    state = play("peach-festival", 3, 12, seed=2)
    long = "Bartholomew Longname-Smythe"
    board = str(
        pages.named_board(
            view_of(state, 0, ["Al", long, "Cy"]),
            Markup(
                "<svg><desc>Player 2: a sheet.</desc><g><title>Player 2\u2019s Market sheet</title>"
                '<text>Player 2</text></g><g aria-label="Player 2 to act"><text>Player 2</text></g></svg>'
            ),
        )
    )
    assert f"<desc>{long}: a sheet.</desc>" in board
    assert f"<title>{long}\u2019s Market sheet</title>" in board
    assert f'aria-label="{long} to act"' in board
    assert board.count("<text>Bartholomew Lon\u2026</text>") == 2


def test_names_people_typed_are_shown_as_text() -> None:
    state = play("annapurna", 2, 10, seed=1)
    names = ["<script>alert(1)</script>", 'Bo "the" & co']
    html = pages.render_view(view_of(state, 0, names), pages.Frame(table_id="t1"))
    assert "<script>alert" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "Bo &#34;the&#34; &amp; co" in html


def test_a_spectator_is_offered_no_moves() -> None:
    state = play("peach-festival", 2, 10, seed=2)
    html = pages.render_view(view_of(state, None), pages.Frame(table_id="t1"))
    assert 'name="move"' not in html
    assert "Spectator's view" in html


@pytest.mark.parametrize("name", GAMES)
def test_the_end_screen_breaks_every_score_down_and_names_the_winner(name: str) -> None:
    state = finished(name, 2, seed=4)
    result = state.result()
    view = view_of(state, 0, ["Ann", "Bo"])
    table = pages.score_table(view)
    assert table is not None
    assert set(table["parts"]) == {k for k in result.seats[0].breakdown if k != "total"}
    assert [row["seat"] for row in table["rows"]] == sorted(
        range(2), key=lambda s: (result.seats[s].rank, s)
    )
    winners = [["Ann", "Bo"][s] for s in result.winners]
    assert all(w in table["winners"] for w in winners)
    html = pages.render_view(view, pages.Frame(table_id="t1"))
    assert "Final scores" in html
    for seat in result.seats:
        for key in table["parts"]:
            assert pages.label(key) in html
        assert pages.number_text(seat.score) in html


def test_a_tie_on_score_says_the_tie_break_decided() -> None:
    view = {
        "seats": [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bo"}],
        "result": {
            "scores": [10.0, 10.0],
            "winners": [1],
            "ranks": [2, 1],
            "breakdown": [{"flags": 10.0}, {"flags": 10.0}],
        },
    }
    table = pages.score_table(view)
    assert table["winners"] == "Bo won."
    assert table["tie_break"].startswith("Tied on score with Ann")


def test_hotseat_hands_over_before_each_held_seat_and_the_very_first_view() -> None:
    public = {"status": "playing", "to_act": [1], "chosen": []}
    assert pages.choose_viewer(public, (0, 1), None) == ("handover", 1)
    assert pages.choose_viewer(public, (0, 1), 0) == ("handover", 1)
    assert pages.choose_viewer(public, (0, 1), 1) == ("seat", 1)
    sealed = {"status": "playing", "to_act": [0, 1], "chosen": [0]}
    assert pages.choose_viewer(sealed, (0, 1), 0) == ("handover", 1)
    bots_turn = {"status": "playing", "to_act": [2], "chosen": []}
    assert pages.choose_viewer(bots_turn, (0, 1), 1) == ("spectator", None)
    assert pages.choose_viewer(bots_turn, (0,), None) == ("seat", 0)
    assert pages.choose_viewer(bots_turn, (), None) == ("spectator", None)


def test_the_handover_screen_shows_only_public_facts() -> None:
    state = play("annapurna", 2, 30, seed=5)
    public = view_of(state, None, ["Ann", "<i>Bo</i>"])
    html = pages.render_handover(public, pages.Frame(table_id="t1", handover=1))
    assert "Pass the device to &lt;i&gt;Bo&lt;/i&gt;" in html
    assert "reveal=1" in html
    assert 'name="move"' not in html


def test_a_game_without_a_board_is_shown_as_its_escaped_text(monkeypatch) -> None:
    monkeypatch.setattr(boards, "find_board", lambda name: None)
    state = play("almanac", 2, 20, seed=6)
    game = state.game
    html = boards.board_markup(game, state.observe(0), [])
    assert html.startswith('<pre class="text-board">')
    assert str(escape(boards.text_view(game, state.observe(0))))[:40] in html


def test_a_board_carrying_a_script_is_not_inserted(monkeypatch) -> None:
    def sneaky(observation, moves):
        return '<svg role="img"><title>t</title><script>alert(1)</script></svg>'

    monkeypatch.setattr(boards, "find_board", lambda name: sneaky)
    state = play("annapurna", 2, 20, seed=6)
    html = boards.board_markup(state.game, state.observe(0), [])
    assert "<script" not in html
    assert html.startswith("<pre")


def test_a_board_gets_the_viewers_moves_in_legal_order(monkeypatch) -> None:
    seen = []

    def board(observation, moves):
        seen.append((observation, list(moves)))
        return '<svg role="img" viewBox="0 0 1 1"><title>t</title></svg>'

    monkeypatch.setattr(boards, "find_board", lambda name: board)
    state = play("peach-festival", 2, 10, seed=7)
    seat = state.acting_seats()[0]
    view = view_of(state, seat)
    html = pages.render_view(view, pages.Frame(table_id="t1"))
    assert '<svg role="img"' in html
    observation, moves = seen[0]
    assert observation == state.observe(seat)
    assert [m for m, _ in moves] == [a.text for a in state.legal_actions(seat)]


def test_the_board_of_a_game_is_found_by_its_package_without_naming_it() -> None:
    # no board exists yet for any game here: each lookup ends in the text fallback, quietly
    for name in GAMES:
        found = boards.find_board(name)
        module = meeple.make(name).__class__.__module__.rsplit(".", 1)[0] + ".svg"
        try:
            __import__(module)
        except ModuleNotFoundError:
            assert found is None
        else:
            assert callable(found)


@pytest.mark.parametrize(
    "inside",
    [
        '<a href="https://example.test/"><text>x</text></a>',
        '<image href="peach.png"/>',
        '<rect onclick="alert(1)"/>',
        '<rect style="fill: url(https://example.test/x)"/>',
    ],
)
def test_a_board_reaching_outside_its_picture_is_not_inserted(monkeypatch, inside: str) -> None:
    def board(observation, moves):
        return f'<svg role="img"><title>t</title>{inside}</svg>'

    monkeypatch.setattr(boards, "find_board", lambda name: board)
    state = play("annapurna", 2, 20, seed=6)
    assert boards.board_markup(state.game, state.observe(0), []).startswith("<pre")


def test_a_board_may_refer_to_its_own_parts(monkeypatch) -> None:
    svg = (
        '<svg role="img"><title>t</title><defs><g id="p"><circle r="1"/></g>'
        '<linearGradient id="g"/></defs><use href="#p"/><use xlink:href="#p"/>'
        '<rect fill="url(#g)"/></svg>'
    )
    monkeypatch.setattr(boards, "find_board", lambda name: lambda observation, moves: svg)
    state = play("annapurna", 2, 20, seed=6)
    assert str(boards.board_markup(state.game, state.observe(0), [])) == svg


def test_a_board_that_fails_leaves_the_text_view_and_an_error_in_the_log(
    monkeypatch, caplog
) -> None:
    def broken(observation, moves):
        raise KeyError("dice")

    monkeypatch.setattr(boards, "find_board", lambda name: broken)
    state = play("almanac", 2, 20, seed=6)
    assert boards.board_markup(state.game, state.observe(0), []).startswith("<pre")
    assert "render_board failed" in caplog.text


def test_a_board_that_takes_the_game_is_given_it(monkeypatch) -> None:
    given = []

    def board(observation, moves, game=None):
        given.append(game)
        return '<svg role="img" viewBox="0 0 1 1"><title>t</title></svg>'

    monkeypatch.setattr(boards, "find_board", lambda name: board)
    state = play("annapurna", 2, 20, seed=6)
    boards.board_markup(state.game, state.observe(0), [])
    assert given == [state.game]


def test_a_game_whose_text_view_fails_is_still_played_from_its_move_list(
    monkeypatch, caplog
) -> None:
    monkeypatch.setattr(boards, "find_board", lambda name: None)
    state = play("annapurna", 2, 20, seed=6)
    monkeypatch.setattr(type(state.game), "render", lambda self, observation: 1 / 0)
    seat = state.acting_seats()[0]
    html = pages.render_view(view_of(state, seat), pages.Frame(table_id="t1"))
    assert "cannot be drawn" in html and 'name="move"' in html
    assert "the text view failed" in caplog.text


def test_the_log_tells_a_sealed_choice_only_as_made_and_what_it_brought_about():
    """A sealed choice is never told, but what the revealed round brings about (a reward lost,
    PF-G19) is, after the fact of the choice."""
    view = {
        "viewer": 0,
        "seats": [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Bo"}],
        "log": [
            {"number": 1, "seat": 1, "move": None, "told": "", "sealed": True},
            {
                "number": 2,
                "seat": 1,
                "move": None,
                "told": "Player 1 lost the Column Reward.",
                "sealed": True,
            },
        ],
    }
    texts = [line["text"] for line in pages.log_lines(view)]
    assert texts == [
        "Bo made a secret choice.",
        "Bo made a secret choice. Ann lost the Column Reward.",
    ]


def test_the_rulings_pages_are_read_from_the_installed_package_not_the_source_tree(tmp_path):
    """The web app's rulings pages are package data: a copy of the package alone (as a wheel
    installs it, links resolved, no docs folder beside it) serves every game's page."""
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    site = tmp_path / "site"
    shutil.copytree(Path(meeple.__file__).parent, site / "meeple", symlinks=False)
    rulings = site / "meeple" / "web" / "rulings"
    assert rulings.is_dir() and not rulings.is_symlink()
    code = (
        "import meeple.web.pages as p, sys\n"
        "assert p.__file__.startswith(sys.argv[1]), p.__file__\n"
        "for g in ('peach-festival', 'annapurna', 'almanac'):\n"
        "    html = p.rulings_html(g)\n"
        "    assert html is not None and '<h1>' in html, g\n"
        "print('ok')\n"
    )
    done = subprocess.run(
        [
            sys.executable,
            "-I",
            "-c",
            f"import sys; sys.path.insert(0, {str(site)!r})\n" + code,
            str(site),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stdout.strip() == "ok", done.stderr[-2000:]


def test_the_games_words_call_each_seat_by_its_players_name_on_the_board_and_in_the_log():
    """Game text names seats "Player 1".. (counting from 1, as the lobby does); the page puts
    the players' names in their place, escaped, in the log, the move list and the board."""
    state = play("peach-festival", 2, 3, seed=5)
    view = view_of(state, 0, ["Ann", "<b>Bo</b>"])
    view["log"] = [{"number": 1, "seat": -1, "move": None, "told": "Player 2 rolls: Gold"}]
    html = pages.render_view(view, pages.Frame(table_id="t1"))
    assert "&lt;b&gt;Bo&lt;/b&gt; rolls: Gold" in html
    assert "&lt;b&gt;Bo&lt;/b&gt;\u2019s Market sheet" in html  # the board's other sheet
    assert "<b>Bo</b>" not in html and "Player 2" not in html and "Seat 1" not in html


def test_a_name_that_reads_like_a_seat_is_put_in_once():
    assert (
        pages.named(
            {"seats": [{"seat": 0, "name": "Player 2"}, {"seat": 1, "name": "Bo"}]},
            "Player 1 and Player 2 tie; Player 3 is no seat",
        )
        == "Player 2 and Bo tie; Player 3 is no seat"
    )


def test_a_replay_at_its_last_step_says_the_game_is_over():
    state = finished("annapurna", 2, seed=4)
    view = {**view_of(state, None), "status": "replay", "to_act": []}
    assert pages.status_line(view) == "The game is over."


def test_annapurnas_players_are_shown_with_their_climbers_colour():
    """The board and the log name climbers by colour: the list of players says whose is whose."""
    state = play("annapurna", 2, 3, seed=5)
    html = pages.render_view(view_of(state, 0, ["Ann", "Bo"]), pages.Frame(table_id="t1"))
    game = state.game
    for seat, name in enumerate(["Ann", "Bo"]):
        assert (
            f'<span class="who">{name}</span> <span class="title">{game.colour(seat)}</span>'
            in html
        )


@pytest.mark.parametrize("name", GAMES)
def test_the_end_screen_says_how_the_rulebook_counts_each_part_of_the_score(name: str) -> None:
    """PF-067..PF-072, AN-068..AN-070, AL-064..AL-073: every number of the table is explained."""
    state = finished(name, 2, seed=4)
    view = view_of(state, 0, ["Ann", "Bo"])
    table = pages.score_table(view)
    assert [n for n, _ in table["notes"]] == [pages.label(k) for k in table["parts"]] + ["Score"]
    html = pages.render_view(view, pages.Frame(table_id="t1"))
    assert "How the score is counted" in html
    for _, text in table["notes"]:
        assert str(escape(text)) in html


def test_a_solo_game_ends_with_its_score_and_no_winner():
    """The solo game's Final Scoring records a score to beat: nobody "wins" it."""
    state = finished("peach-festival", 1, seed=3)
    view = view_of(state, 0, ["Ann"])
    score = pages.number_text(state.result().seats[0].score)
    assert pages.score_table(view)["winners"] == f"Ann scored {score}."
    html = pages.render_view(view, pages.Frame(table_id="t1"))
    assert f"Game over. Final score: {score}." in html and "(wins)" not in html


def test_a_chance_outcome_is_logged_without_a_name_before_it():
    view = {
        "viewer": 0,
        "seats": [{"seat": 0, "name": "Ann"}],
        "log": [
            {"number": 1, "seat": -1, "move": None, "told": "Dice: 2 Gold"},
            {"number": 2, "seat": 0, "move": "go", "told": "Take Gold"},
        ],
    }
    assert [(line["who"], line["text"]) for line in pages.log_lines(view)] == [
        ("", "Dice: 2 Gold"),
        ("Ann", "Take Gold"),
    ]


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_the_end_screen_shows_each_climbers_flags_per_ascent(viewer: int | None) -> None:
    """Ruling AN-R46: Annapurna's end screen has a row per Ascent with each climber's flags,
    and how it earned them, the total, and how the winner won (AN-068..AN-070, ruling
    AN-R20); the players' names are escaped, the same for every seat and the spectator."""
    state = finished("annapurna", 2, seed=4)
    names = ["<b>Ann</b>", "Bo & co"]
    view = view_of(state, viewer, names)
    table = pages.score_table(view)
    assert table is not None and table["history"] is not None
    history = table["history"]
    assert history["columns"] == names and history["titles"] == ["Red", "Blue"]
    assert [row["label"] for row in history["rows"]] == [
        str(k + 1) for k in range(len(state.ascents))
    ]
    for k, (_, _, _, _, earned) in enumerate(state.ascents):
        assert [cell[0] for cell in history["rows"][k]["cells"]] == [f"+{e}" for e in earned]
    assert [cell[0] for cell in history["total"]["cells"]] == [  # each count with its noun
        f"{f} flag{'' if f == 1 else 's'}" for f in state.flags
    ]
    assert names[state.winner] in history["notes"][-1]
    html = pages.render_view(view, pages.Frame(table_id="t1"))
    assert "<caption>Flags per Ascent</caption>" in html
    assert "<b>Ann</b>" not in html and str(escape("<b>Ann</b>")) in html
    assert str(escape(history["notes"][-1])) in html
    spectator = pages.score_table(view_of(state, None, names))
    assert spectator is not None and spectator["history"] == history


def test_a_game_without_a_score_history_shows_none_on_its_end_screen() -> None:
    """Peach Festival's score is one sheet, not rounds: its end screen has no such table."""
    state = finished("peach-festival", 2, seed=4)
    table = pages.score_table(view_of(state, 0))
    assert table is not None and table["history"] is None
    assert "score-history" not in pages.render_view(view_of(state, 0), pages.Frame(table_id="t1"))


def test_two_seats_of_one_name_are_told_apart_wherever_a_seat_is_named() -> None:
    """A table stored with two "easy bot" seats: the seat list, the end screen, the status
    line and the replay's viewer list name them "easy bot" and "easy bot 2"."""
    state = finished("annapurna", 3, seed=4)
    view = view_of(state, 0, ["Ann", "easy bot", "easy bot"])
    for s in view["seats"][1:]:
        s.update(kind="bot", level="easy")
    assert pages.seat_names(view) == ["Ann", "easy bot", "easy bot 2"]
    assert [pages.seat_name(view, s) for s in range(3)] == ["Ann", "easy bot", "easy bot 2"]
    table = pages.score_table(view)
    assert sorted(row["name"] for row in table["rows"]) == ["Ann", "easy bot", "easy bot 2"]
    html = pages.render_view(view, pages.Frame(table_id="t1"))
    assert re.findall(r'<span class="who">([^<]*)</span>', html) == [
        "Ann",
        "easy bot",
        "easy bot 2",
    ]
    replay = pages.render_view(view, pages.Frame(table_id="t1"), replay={"step": 1, "steps": 2})
    viewers = re.search(r'<select id="replay-viewer".*?</select>', replay, re.S)
    assert viewers and "easy bot 2" in viewers.group(0)
    waiting = {
        "seats": [
            {"seat": 0, "name": "Ann"},
            {"seat": 1, "name": "easy bot"},
            {"seat": 2, "name": "easy bot"},
        ],
        "to_act": [0, 1, 2],
        "sealed": True,
        "chosen": [],
        "viewer": 0,
    }
    assert pages.status_line(waiting) == (
        "Everyone chooses in secret. Waiting for: you, easy bot, easy bot 2."
    )
    won = {
        "seats": waiting["seats"],
        "result": {
            "scores": [1.0, 2.0, 5.0],
            "winners": [2],
            "ranks": [3, 2, 1],
            "breakdown": [{}, {}, {}],
        },
    }
    assert pages.score_table(won)["winners"] == "easy bot 2 won."
