"""The HTML routes over the real service (in process): lobby form, links, clocks, refusals."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from meeple.web import create_app

from .conftest import roomy_settings


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(roomy_settings(tmp_path))
    with TestClient(app) as c:
        yield c


def open_table(client: TestClient, **form: str) -> str:
    response = client.post("/tables", data=form, follow_redirects=False)
    assert response.status_code == 303, response.text
    return response.headers["location"]


def test_a_table_opened_in_the_lobby_is_listed_for_the_browser_that_opened_it(
    client: TestClient, tmp_path: Path
) -> None:
    where = open_table(
        client, game="annapurna", players="2", **{"seat-0": "me", "seat-1": "bot-easy"}
    )
    assert re.fullmatch(r"/t/[0-9a-f]+", where)
    assert f'href="{where}"' in client.get("/").text
    other = TestClient(client.app)
    assert f'href="{where}"' not in other.get("/").text


def test_a_wrong_player_count_is_refused_with_its_reason_and_opens_nothing(
    client: TestClient,
) -> None:
    response = client.post("/tables", data={"game": "annapurna", "players": "7"})
    assert response.status_code == 422
    assert "Annapurna takes 2-4 players" in response.text
    assert "Your tables" in response.text and "/t/" not in response.text


def test_an_invite_link_takes_its_seat_and_leaves_the_address_without_its_token(
    client: TestClient,
) -> None:
    where = open_table(
        client,
        game="almanac",
        players="2",
        **{"seat-0": "me", "seat-1": "friend", "name-1": "<i>Bo</i>"},
    )
    page = client.get(where).text
    invite = re.search(r'id="invite-1" class="link" readonly value="([^"]+)"', page).group(1)
    friend = TestClient(client.app)
    response = friend.get(invite, follow_redirects=False)
    assert response.status_code == 303 and response.headers["location"] == where
    seen = friend.get(where).text
    assert "&lt;i&gt;Bo&lt;/i&gt;'s view" in seen
    assert 'id="invite-1"' not in seen  # only the table's opener holds its links


def test_a_guessed_token_is_refused(client: TestClient) -> None:
    where = open_table(
        client, game="annapurna", players="2", **{"seat-0": "me", "seat-1": "friend"}
    )
    stranger = TestClient(client.app)
    assert stranger.get(where.replace("/t/", "/join/") + "/not-a-token").status_code == 403
    assert stranger.get(where).status_code == 403


def test_an_illegal_move_is_refused_with_its_rule_and_changes_nothing(client: TestClient) -> None:
    where = open_table(
        client, game="annapurna", players="2", **{"seat-0": "me", "seat-1": "friend"}
    )
    page = client.get(where).text
    at = re.search(r'name="at" value="(\d+)"', page).group(1)
    answer = client.post(where + "/move", data={"seat": "0", "at": at, "move": "explore z9"})
    assert answer.status_code == 422  # as from the JSON API; htmx is told to show it
    assert 'class="error"' in answer.text and "CORE-04" in answer.text
    assert f'data-move="{at}"' in answer.text


def test_a_table_with_a_clock_shows_each_seats_time(client: TestClient) -> None:
    where = open_table(
        client,
        game="annapurna",
        players="2",
        **{
            "seat-0": "me",
            "seat-1": "friend",
            "clock-minutes": "5",
            "clock-increment": "3",
            "clock-takeover": "easy",
        },
    )
    page = client.get(where).text
    assert (
        page.count('aria-label="time left">5:00<') + page.count('aria-label="time left">4:59<') == 2
    )


def test_the_rulings_page_of_each_game_is_shown_with_raw_html_escaped(client: TestClient) -> None:
    for name in ("peach-festival", "annapurna", "almanac"):
        response = client.get(f"/rulings/{name}")
        assert response.status_code == 200 and "<h1>" in response.text
    assert client.get("/rulings/chess").status_code == 404


def current_frame(client: TestClient, where: str) -> str:
    """The frame this browser sees now, past a hotseat hand-over screen."""
    text = client.get(where + "/frame").text
    handover = re.search(r"/frame\?reveal=(\d+)", text)
    if handover and 'class="table-frame handover"' in text:
        text = client.get(f"{where}/frame?reveal={handover.group(1)}").text
    return text


def field(text: str, name: str) -> str:
    return re.search(rf'name="{name}" value="(\d*)"', text).group(1)


def test_undo_takes_back_the_seats_own_last_move_where_the_engine_allows_it(
    client: TestClient,
) -> None:
    where = open_table(
        client, game="annapurna", players="2", **{"seat-0": "me", "seat-1": "hotseat"}
    )
    for _ in range(60):
        text = current_frame(client, where)
        if "Undo my last move" in text:
            break
        moves = re.findall(r'name="move" value="([^"]+)"', text)
        assert moves, "a hotseat table always shows the acting seat's moves"
        client.post(
            where + "/move",
            data={
                "seat": field(text, "seat"),
                "at": field(text, "at"),
                "move": moves[-1],
                "reveal": field(text, "reveal"),
            },
        )
    else:
        pytest.fail("no undo was offered in 60 moves")
    at = int(field(text, "at"))
    answer = client.post(
        where + "/undo", data={"seat": field(text, "seat"), "reveal": field(text, "reveal")}
    )
    assert 'class="error"' not in answer.text
    assert int(re.search(r'data-move="(\d+)"', answer.text).group(1)) < at


def test_the_live_socket_tells_the_page_of_a_move_and_nothing_more(client: TestClient) -> None:
    where = open_table(
        client, game="annapurna", players="2", **{"seat-0": "me", "seat-1": "friend"}
    )
    page = client.get(where).text
    at = field(page, "at")
    with client.websocket_connect(where + "/live") as socket:
        first = socket.receive_text()
        assert first == f'<div id="pulse" data-move="{at}" data-seq="0" hidden></div>'
        move = re.findall(r'name="move" value="([^"]+)"', page)[0]
        client.post(where + "/move", data={"seat": "0", "at": at, "move": move})
        pushed = socket.receive_text()
        assert re.fullmatch(r'<div id="pulse" data-move="\d+" data-seq="1" hidden></div>', pushed)


def test_the_live_socket_refuses_a_page_of_another_origin(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    where = open_table(
        client, game="annapurna", players="2", **{"seat-0": "me", "seat-1": "friend"}
    )
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect(where + "/live", headers={"origin": "http://evil.test"}) as s,
    ):
        s.receive_text()
    stranger = TestClient(client.app)
    with pytest.raises(WebSocketDisconnect), stranger.websocket_connect(where + "/live") as s:
        s.receive_text()


def test_a_finished_game_replays_from_any_view_and_its_record_downloads(client: TestClient) -> None:
    import meeple

    where = open_table(
        client,
        game="annapurna",
        players="2",
        **{"seat-0": "me", "seat-1": "hotseat", "opt-annapurna-flag_target": "3"},
    )
    for _ in range(2_000):
        text = current_frame(client, where)
        if 'class="end"' in text:
            break
        moves = re.findall(r'name="move" value="([^"]+)"', text)
        client.post(
            where + "/move",
            data={
                "seat": field(text, "seat"),
                "at": field(text, "at"),
                "move": moves[0],
                "reveal": field(text, "reveal"),
            },
        )
    else:
        pytest.fail("the game did not end")
    assert "Final scores" in text and "Watch the replay" in text
    record = meeple.core.record.GameRecord.from_json(client.get(where + "/record.json").text)
    state = meeple.replay(record)
    assert state.is_terminal()
    steps = len(record.actions)
    page = client.get(where + "/replay?viewer=1&step=5")
    assert page.status_code == 200 and f"of {steps}" in page.text
    assert "Player 2&#39;s view" in page.text or "Player 2's view" in page.text
    assert client.get(where + f"/replay?step={steps + 1}").status_code == 422


def test_an_option_with_few_values_is_a_list_to_pick_from_and_a_value_outside_it_is_refused(
    client: TestClient,
) -> None:
    """PF-074: the solo difficulty is one of easy, medium, hard: drawn as a select, and a
    forged value is refused with a 422 naming the option, opening nothing."""
    page = client.get("/").text
    select = re.search(
        r'<select id="opt-peach-festival-difficulty"[^>]*>(.*?)</select>', page, re.S
    )
    assert select, "the difficulty is not a select"
    values = re.findall(r'<option value="([^"]+)"( selected)?>', select.group(1))
    assert values == [("easy", ""), ("medium", " selected"), ("hard", "")]
    assert 'name="opt-peach-festival-difficulty" value=' not in page  # no text field
    form = {"game": "peach-festival", "players": "1", "seat-0": "me"}
    bad = client.post("/tables", data={**form, "opt-peach-festival-difficulty": "<b>nightmare"})
    assert bad.status_code == 422
    assert "Difficulty is one of easy, medium, hard" in bad.text
    assert "<b>nightmare" not in bad.text and "/t/" not in bad.text
    where = open_table(client, **form, **{"opt-peach-festival-difficulty": "hard"})
    assert where.startswith("/t/")
    assert re.search(
        r'<select id="opt-annapurna-mode"[^>]*>\s*<option value="competitive" selected>', page
    )
    assert '<option value="cooperative">' in page  # the first game the rulebook recommends
    coop = {"game": "annapurna", "players": "2", "seat-0": "me", "seat-1": "bot-easy"}
    assert open_table(client, **coop, **{"opt-annapurna-mode": "cooperative"}).startswith("/t/")


def test_annapurnas_starter_is_a_list_of_the_seats_and_a_seat_beyond_the_table_is_refused(
    client: TestClient,
) -> None:
    """AN-R13: the first climber is a seat of the game or drawn by chance. The lobby lists
    every seat up to four (the page hides those past the chosen count) and the draw; a seat
    the table does not have is refused with a 422 naming the option, opening nothing."""
    page = client.get("/").text
    select = re.search(r'<select id="opt-annapurna-starter"[^>]*>(.*?)</select>', page, re.S)
    assert select, "the starter is not a select"
    options = re.findall(
        r'<option value="([^"]+)"(?: data-seat="(\d)")?( selected)?>([^<]+)<', select.group(1)
    )
    assert options == [
        ("0", "0", " selected", "Player 1"),
        ("1", "1", "", "Player 2"),
        ("2", "2", "", "Player 3"),
        ("3", "3", "", "Player 4"),
        ("-1", "", "", "drawn by chance"),
    ]
    assert 'name="opt-annapurna-starter" value=' not in page  # no text field
    assert "who climbs first in the first Ascent" in page
    form = {"game": "annapurna", "players": "2", "seat-0": "me", "seat-1": "bot-easy"}
    bad = client.post("/tables", data={**form, "opt-annapurna-starter": "2"})
    assert bad.status_code == 422
    assert "Starter is one of Player 1, Player 2, drawn by chance" in bad.text
    assert "/t/" not in bad.text
    assert client.post("/tables", data={**form, "opt-annapurna-starter": "x"}).status_code == 422
    for value in ("1", "-1"):
        assert open_table(client, **form, **{"opt-annapurna-starter": value}).startswith("/t/")
    three = {**form, "players": "3", "seat-2": "bot-easy", "opt-annapurna-starter": "2"}
    assert open_table(client, **three).startswith("/t/")


def test_an_option_of_some_player_counts_is_offered_for_them_only_and_ignored_at_others(
    client: TestClient,
) -> None:
    """PF-074, PF-R35: the difficulty is the solo game's and the round limit the multiplayer
    game's. Each is marked with its counts (the page hides it at others), and a form sent
    without the page's script, with both filled, opens the table with the one that applies."""
    page = client.get("/").text
    for option, counts, words in (
        ("difficulty", ("1", "1"), "(1 player only)"),
        ("max_rounds", ("2", "5"), "(2–5 players only)"),
    ):
        row = re.search(
            rf'<p class="for-players" data-min="(\d)" data-max="(\d)">((?:(?!</p>).)*'
            rf"opt-peach-festival-{option}(?:(?!</p>).)*)</p>",
            page,
            re.S,
        )
        assert row, option
        assert row.groups()[:2] == counts and words in row.group(3)
    both = {"opt-peach-festival-difficulty": "hard", "opt-peach-festival-max_rounds": "7"}
    solo = {"game": "peach-festival", "players": "1", "seat-0": "me", **both}
    assert open_table(client, **solo).startswith("/t/")
    duo = {**solo, "players": "2", "seat-1": "bot-easy"}
    assert open_table(client, **duo).startswith("/t/")


def test_a_refused_htmx_request_answers_the_apis_status_with_its_reason(
    client: TestClient,
) -> None:
    where = open_table(
        client, game="annapurna", players="2", **{"seat-0": "me", "seat-1": "friend"}
    )
    page = client.get(where).text
    at = re.search(r'name="at" value="(\d+)"', page).group(1)
    move = re.findall(r'name="move" value="([^"]+)"', page)[0]
    htmx = {"HX-Request": "true"}
    not_a_move = client.post(where + "/move", data={"seat": "0", "at": "x"}, headers=htmx)
    assert not_a_move.status_code == 422 and "That request was not a move." in not_a_move.text
    played = client.post(where + "/move", data={"seat": "0", "at": at, "move": move})
    assert played.status_code == 200 and 'class="error"' not in played.text
    stale = client.post(where + "/move", data={"seat": "0", "at": at, "move": move}, headers=htmx)
    assert stale.status_code == 409 and "The table moved on before your move arrived" in stale.text
    # a link this browser does not hold: only the message, for htmx to swap in the frame
    stranger = TestClient(client.app)
    refused = stranger.post(where + "/move", data={"seat": "0", "at": at}, headers=htmx)
    assert refused.status_code == 403
    assert "this browser holds no link to that table" in refused.text
    assert "<html" not in refused.text and 'role="alert"' in refused.text
    assert stranger.post(where + "/move", data={"seat": "0", "at": at}).text.startswith(
        "<!doctype html>"
    )


def kept(svc, table_id: str) -> int:
    """How many viewers' views of a finished table are kept."""
    from sqlalchemy import func, select
    from sqlalchemy.orm import Session

    from meeple.server.db import ReplayRow

    with Session(svc.engine) as s:
        count = select(func.count()).where(ReplayRow.table_id == table_id)
        return int(s.scalar(count) or 0)


def score_heads(page: str) -> list[str]:
    """The column heads of a page's score table, in order."""
    table = page.split('<table class="scores"', 1)[1].split("</thead>", 1)[0]
    return re.findall(r'<th scope="col"[^>]*>([^<]+)</th>', table)


def test_a_replays_score_columns_come_in_the_game_pages_order_even_from_its_kept_views(
    client: TestClient,
) -> None:
    import time

    svc = client.app.state.service
    where = open_table(
        client,
        game="annapurna",
        players="2",
        **{"seat-0": "bot-easy", "seat-1": "bot-easy", "opt-annapurna-flag_target": "2"},
    )
    table_id = where.rsplit("/", 1)[1]
    deadline = time.monotonic() + 120
    # a finished table nobody watches is let go from memory: its replay is then read from the
    # views kept when it ended, whose JSON has its keys sorted
    while table_id in svc._live or kept(svc, table_id) < 3:
        assert time.monotonic() < deadline, "the finished table stayed in memory"
        time.sleep(0.05)
    replay = client.get(where + "/replay")
    assert replay.status_code == 200
    assert table_id not in svc._live  # drawn from the kept views
    game = client.get(where)
    order = ["Rank", "Player", "Flags", "Final ascent flags", "Final ascent placing", "Score"]
    assert score_heads(game.text) == order
    assert score_heads(replay.text) == order


def test_a_link_cut_short_opened_in_a_browser_is_the_error_page_and_the_api_keeps_json(
    client: TestClient,
) -> None:
    where = open_table(client, game="annapurna", players="2", **{"seat-0": "me"})
    table_id = where.rsplit("/", 1)[1]
    for path in (f"/watch/{table_id}", f"/join/{table_id}", "/no-such-page"):
        page = client.get(path)
        assert page.status_code == 404
        assert page.headers["content-type"].startswith("text/html")
        assert page.text.startswith("<!doctype html>") and "That did not work" in page.text
        assert "there is no page at this address" in page.text and 'href="/"' in page.text
    api = client.get("/api/nothing")
    assert api.status_code == 404 and api.json() == {"code": "not-found", "reason": "Not Found"}
    assert client.put("/api/tables").json()["code"] == "method-not-allowed"


def test_a_table_opened_in_a_browser_holding_no_link_says_what_to_do(
    client: TestClient,
) -> None:
    where = open_table(client, game="annapurna", players="2", **{"seat-0": "me"})
    page = TestClient(client.app).get(where)
    assert page.status_code == 403
    assert "this browser holds no link to that table" in page.text
    assert "Open your invite link again" in page.text and "ask the table&#39;s host" in page.text
    assert 'href="/"' in page.text


@pytest.mark.parametrize(
    ("game", "players", "option", "typed", "reason"),
    [
        (
            "annapurna",
            "3",
            "flag_target",
            "-3",
            "Flag target is a whole number from 1 to 100 (ruling AN-R42), not -3",
        ),
        (
            "peach-festival",
            "2",
            "max_rounds",
            "0",
            "Max rounds is a whole number from 1 to 1,000 (ruling PF-R41), not 0",
        ),
    ],
)
def test_a_refused_option_comes_back_with_every_choice_kept_and_its_reason_by_the_field(
    client: TestClient, game: str, players: str, option: str, typed: str, reason: str
) -> None:
    key = f"opt-{game}-{option}"
    form = {
        "game": game,
        "players": players,
        "seat-0": "me",
        "name-0": '<b>Ann "A"</b>',
        "seat-1": "friend",
        "name-1": "Bo",
        "clock-minutes": "7",
        "clock-increment": "3",
        "clock-takeover": "easy",
        key: typed,
    }
    if players == "3":
        form["seat-2"] = "bot-medium"
    page = client.post("/tables", data=form, follow_redirects=False)
    assert page.status_code == 422 and "/t/" not in page.text
    text = page.text
    assert re.search(rf'<input type="radio" name="game" value="{game}"[^>]* checked>', text)
    assert re.search(r'id="players" name="players"[^>]* value="' + players + '"', text)
    field = re.search(rf'<input id="{key}"[^>]*>', text).group(0)
    assert f'value="{typed}"' in field and 'aria-invalid="true"' in field
    beside = re.search(rf'<span class="field-error" id="err-{key}">(.*?)</span>', text)
    assert beside and beside.group(1) == reason
    assert re.search(r'<option value="friend" selected>', text.split('id="seat-1"')[1])
    if players == "3":
        assert re.search(r'<option value="bot-medium" selected>', text.split('id="seat-2"')[1])
    assert 'value="&lt;b&gt;Ann &#34;A&#34;&lt;/b&gt;"' in text and "<b>Ann" not in text
    assert 'name="name-1" maxlength="40" placeholder="Player 2" value="Bo"' in text
    assert 'name="clock-minutes" min="0" max="600" value="7"' in text
    assert 'name="clock-increment" min="0" max="600" value="3"' in text
    assert '<option value="easy" selected>a bot (easy)' in text


def test_a_player_count_out_of_the_games_range_is_refused_by_the_field_not_changed(
    client: TestClient,
) -> None:
    form = {"game": "almanac", "players": "9", "seat-0": "me", "name-0": "Ann"}
    page = client.post("/tables", data=form, follow_redirects=False)
    assert page.status_code == 422 and "/t/" not in client.get("/").text
    beside = re.search(r'<span class="field-error" id="err-players">(.*?)</span>', page.text)
    assert beside and beside.group(1).startswith("Almanac")
    assert beside.group(1).endswith("takes 2-4 players, not 9")
    assert re.search(r'id="players" name="players"[^>]* value="9"', page.text)
    assert 'value="almanac" data-min="2" data-max="4"' in page.text


def test_two_bots_of_one_level_opened_in_the_lobby_have_names_of_their_own(
    client: TestClient,
) -> None:
    where = open_table(
        client,
        game="almanac",
        players="3",
        **{"seat-0": "me", "seat-1": "bot-easy", "seat-2": "bot-easy"},
    )
    page = client.get(where).text
    assert re.findall(r'<span class="who">([^<]*)</span>', page) == [
        "Player 1",
        "easy bot",
        "easy bot 2",
    ]


@pytest.mark.parametrize(
    ("change", "key", "reason"),
    [
        ({"seat-1": "bot-genius"}, "seat-1", "Player 2: a bot&#39;s level is one of"),
        ({"name-0": "a\u202eb"}, "name-0", "Player 1&#39;s name is one line without control"),
        ({"clock-minutes": "9" * 12}, "clock-minutes", "a clock&#39;s bank is 0-86400 s"),
        ({"clock-minutes": "5", "clock-takeover": "god"}, "clock-takeover", "no level"),
    ],
)
def test_a_seat_or_clock_the_server_refuses_is_shown_by_its_field_in_the_forms_words(
    client: TestClient, change: dict[str, str], key: str, reason: str
) -> None:
    form = {"game": "annapurna", "players": "2", "seat-0": "me", "seat-1": "bot-easy", **change}
    page = client.post("/tables", data=form, follow_redirects=False)
    assert page.status_code == 422
    beside = re.search(rf'<span class="field-error" id="err-{key}">(.*?)</span>', page.text)
    assert beside and beside.group(1).startswith(reason)
    assert re.search(rf'id="{key}"[^>]*aria-invalid="true"', page.text)
    assert "\u202e" not in page.text  # a control character is not shown back
