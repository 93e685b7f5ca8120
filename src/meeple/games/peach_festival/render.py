"""Terminal rendering of a Peach Festival observation, and human descriptions of actions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from meeple.core.actions import Action
from meeple.core.game import seat_word
from meeple.core.text import counted, fit, noun
from meeple.games.peach_festival.consts import TRACK
from meeple.games.peach_festival.content import CODES, COLUMN_NAMES

if TYPE_CHECKING:
    from meeple.games.peach_festival.game import PeachFestival

NAMES = dict(zip(CODES, COLUMN_NAMES, strict=True))
CONDITIONS = {
    1: "most Spices squares | solo: at least 7 Spices",
    2: "most Chinaware squares | solo: at least 7 Chinaware",
    3: "most Silk squares | solo: all Silk squares",
    4: "most Tea Leaves squares | solo: all Tea Leaves squares",
    5: "most Gems squares | solo: all Gems squares and a 3 in Gems",
    6: "most Gold squares | solo: all Gold squares and a 3 in Gold",
    7: "most Spices + Gold squares | solo: at least 12 of them",
    8: "most Silk + Chinaware squares | solo: at least 12 of them",
    9: "most Tea Leaves + Gems squares | solo: at least 12 of them",
    10: "fewest Lantern Festival points | solo: 32 or fewer",
    11: "most uneaten Peaches | solo: at least 7",
    12: "most eaten Peaches | solo: at least 18",
    13: "largest group of adjacent 1s | solo: at least 5",
    14: "most 0s | solo: at least 8",
}
ICON_TEXT = {"peach": "🍑", "die": "🎲", "spices": "+Sp", "tea": "+Te"}
LEGEND = (
    "🍑 Peach  🎲 Die  #n write n  +Sp/+Te write Spices/Tea Leaves  ▣ crate square\n"
    "🏮 Lantern row (x4)  xN row multiplier  ☑ Column Reward box marked"
)
PENDING_WORDS = {
    "number": lambda arg: f"write a {arg}",
    "write": lambda arg: "write any valid number" + ("" if arg < 0 else f" in {NAMES[CODES[arg]]}"),
    "die": lambda arg: "roll the Die icon",
    "reward": lambda arg: "Column Reward",
    "keep": lambda arg: "keep a drawn Request card",
    "peach": lambda arg: "gain the turn-track Peach (or skip it)",
}

RULES_SUMMARY = """\
The Peach Festival — each round: 5 Commodity dice are rolled; everyone secretly chooses at once.
  Take Commodities: pick a commodity (its dice count, 0 allowed) and write it in that column.
    Eat 1 Peach to Manipulate (+1/-1), Impress (also write a 2nd commodity) or Barter (change type).
  Take a Peach: fill your next Peach spot (grey spots beside it too; a full row gives its bonus).
Golden Rules: a column starts with 0; each number equals the previous one or is exactly 1 higher.
Writing a 3 or the bottom (crate) square marks the column's box: gain 1 Column Reward per round —
  cross out 1-3 Peaches to draw that many Requests and keep 1, or hire the next Merchant.
Game end: after a round in which someone has marked 5 boxes (solo: after the last turn-track circle).
Score: Lantern row x4, each column's last number x its row multiplier, 10 per fulfilled Request
  (max 8), 2 per Merchant, 1 per uneaten Peach.
Notation: te, te+, te-, te&si (Impress), te>si (Barter), peach; te=3 writes 3 in Tea Leaves;
  draw1..3, merchant, take:ID (solo), keep:ID, noreward, skip, roll."""


def rules_summary(game: PeachFestival) -> str:
    """The rules in a few lines, with the move notation (:data:`RULES_SUMMARY`)."""
    return RULES_SUMMARY


#: The solo turn-track circle's Peach (PF-075), written ``peach`` like the round's action.
TRACK_PEACH = "Gain the turn-track circle's Peach"


def describe_action(game: PeachFestival, action: Action) -> str:
    """A sentence for an action (notation in :data:`RULES_SUMMARY`); the same in every
    configuration, so :func:`describe` gives it without one."""
    return describe(action)


def describe(action: Action) -> str:
    """The sentence of :func:`describe_action`, which needs no configuration here."""
    kind, args = action.kind, action.args
    if kind == "peach":
        return "Take a Peach"
    if kind == "take":
        col, mod, second = args
        name = NAMES[CODES[col]]
        if mod is None:
            return f"Take {name}"
        if mod == "+":
            return f"Take {name}, Manipulate +1 (eat a Peach)"
        if mod == "-":
            return f"Take {name}, Manipulate -1 (eat a Peach)"
        if mod == "&":
            return f"Take {name}, Impress {NAMES[CODES[second]]} (eat a Peach)"
        return f"Take {name}, Barter into {NAMES[CODES[second]]} (eat a Peach)"
    if kind == "write":
        return f"Write {args[1]} in {NAMES[CODES[args[0]]]}"
    if kind == "draw":
        return f"Column Reward: cross out {args[0]} Peach(es), draw {args[0]} Request card(s)"
    if kind == "merchant":
        return "Column Reward: hire the next Merchant"
    if kind == "noreward":
        return "Take no Column Reward"
    if kind == "take_common":
        return f"Column Reward: eat 2 Peaches, take Common Request #{args[0]}"
    if kind == "keep":
        return f"Keep Request card #{args[0]}"
    if kind == "skip":
        return "Decline the turn-track reward"
    if kind == "roll":
        return "Roll the Die-icon die now"
    if kind == "card":
        return f"Request card #{args[0]} was drawn."  # chance outcomes: whole sentences
    if kind == "dice":
        shown = ", ".join(counted(args[0], COLUMN_NAMES))
        return f"The dice showed {shown}."
    if kind == "die":
        return f"The die showed {NAMES[CODES[args[0]]]}."
    return action.text


def full_stop(text: str) -> str:
    """``text`` ended by a full stop, as every sentence of the log is (``""`` stays empty)."""
    return text if not text or text[-1] in ".!?" else text + "."


def tell_move(action: Action, seat: int, track: bool = False) -> str:
    """A player's move as the log tells it, in the past tense and naming the mover:
    ``"Player 2 wrote 3 in Tea Leaves."``; ``track``: a ``peach`` taken from the solo
    turn-track circle (PF-075), not the round's Take a Peach action."""
    kind, args = action.kind, action.args
    who = seat_word(seat)
    if kind == "peach":
        return f"{who} gained the turn-track circle's Peach" if track else f"{who} took a Peach"
    if kind == "take":
        col, mod, second = args
        name = NAMES[CODES[col]]
        if mod is None:
            return f"{who} took {name}"
        if mod in "+-":
            return f"{who} took {name} and manipulated it {mod}1 (ate a Peach)"
        if mod == "&":
            return f"{who} took {name} and impressed {NAMES[CODES[second]]} (ate a Peach)"
        return f"{who} took {name} and bartered it into {NAMES[CODES[second]]} (ate a Peach)"
    if kind == "write":
        return f"{who} wrote {args[1]} in {NAMES[CODES[args[0]]]}"
    if kind == "draw":
        n = args[0]
        return (
            f"{who} crossed out {n} {noun(n, 'Peach', 'Peaches')} and drew {n} Request "
            f"{noun(n, 'card')} (Column Reward)"
        )
    if kind == "merchant":
        return f"{who} hired the next Merchant (Column Reward)"
    if kind == "noreward":
        return f"{who} took no Column Reward"
    if kind == "take_common":
        return f"{who} ate 2 Peaches and took Common Request #{args[0]} (Column Reward)"
    if kind == "keep":
        return f"{who} kept Request card #{args[0]}"
    if kind == "skip":
        return f"{who} declined the turn-track reward"
    if kind == "roll":
        return f"{who} chose to roll the Die-icon die now"
    return f"{who} played {action.text}"


def _valid(obs: dict, seat: int, col: int, value: int, lengths) -> bool:
    written = obs["sheets"][seat]["cols"][col]
    if len(written) >= lengths[col]:
        return False
    return value == 0 if not written else value in (written[-1], written[-1] + 1)


def planned_writes(
    game: PeachFestival, action: Action, obs: dict
) -> list[tuple[int, int, bool]] | None:
    """What a Take Commodities choice would write in the observing seat's position:
    ``(column, number, allowed by the Golden Rules)`` per number (PF-031..PF-040); ``None``
    for any other move, or without a seat or dice."""
    seat = obs["seat"]
    if action.kind != "take" or seat is None or obs["dice"] is None:
        return None
    col, mod, second = action.args
    dice = obs["dice"]
    n = dice[col]
    writes = {
        None: [(col, n)],
        "+": [(col, n + 1)],
        "-": [(col, n - 1)],
        "&": [(col, n), (second, dice[second])],
        ">": [(second, n)],
    }[mod]
    return [(c, v, _valid(obs, seat, c, v, game.lengths)) for c, v in writes]


def describe_move(game: PeachFestival, action: Action, obs: dict) -> str:
    """Like :func:`describe`, plus what the move writes in the observing seat's position."""
    text = describe(action)
    if action.kind == "peach" and obs.get("phase") == TRACK:
        return TRACK_PEACH
    writes = planned_writes(game, action, obs)
    if writes is None:
        return text
    parts = [f"{v} in {NAMES[CODES[c]]}" + ("" if ok else " ✗ Golden Rules") for c, v, ok in writes]
    tail = " (writes nothing: the turn is lost)" if not any(ok for _, _, ok in writes) else ""
    return f"{text} → {', '.join(parts)}{tail}"


def _sheet_table(obs: dict, game: PeachFestival, s: int) -> Table:
    sheet = game.sheet
    d = obs["sheets"][s]
    me = obs["seat"]
    title = seat_word(s) + (" (you)" if s == me else "")
    table = Table(title=title, show_lines=False, pad_edge=False)
    table.add_column("x", justify="right", style="dim")
    for c, code in enumerate(CODES):
        box = "☑" if d["boxes"] >> c & 1 else "☐"
        table.add_column(f"{box}{NAMES[code][:5]}", justify="center")
    for row in range(max(sheet.lengths)):
        cells = []
        for c in range(6):
            if row >= sheet.lengths[c]:
                cells.append("")
                continue
            col = d["cols"][c]
            icon = sheet.icons[c][row]
            crate = row == sheet.lengths[c] - 1
            if row < len(col):
                cell = Text(str(col[row]), style="bold")
            else:
                mark = "·"
                if icon:
                    mark = ICON_TEXT.get(icon[0], f"#{icon[1]}")
                if row == sheet.lantern_row:
                    mark = "🏮"
                cell = Text(mark + ("▣" if crate else ""), style="dim")
            cells.append(cell)
        label = f"x{sheet.multipliers[row]}" + ("🏮" if row == sheet.lantern_row else "")
        table.add_row(label, *cells)
    hired = d["merchants"]
    merchants = " ".join(
        ("✔" if i < hired else "·") + str(n) for i, n in enumerate(game.sheet.merchants)
    )
    taken = ", ".join(f"#{r}" for r in d["requests"]) or "none"
    # one fact per line: a line wider than the sheet would wrap mid-word under it
    table.caption = (
        f"Peaches {d['peaches'] - d['eaten']} uneaten, {d['eaten']} eaten\n"
        f"Merchants {merchants}\nRequest cards taken: {taken}"
    )
    if d["pending"]:
        waiting = _waiting(obs, game, s)
        words = [
            PENDING_WORDS[k](a) + (" (waits: not possible yet)" if i in waiting else "")
            for i, (k, a, _) in enumerate(d["pending"])
        ]
        table.caption += "\nTo settle: " + "; ".join(words)
    return table


def _waiting(obs: dict, game: PeachFestival, s: int) -> set[int]:
    """Indices of seat ``s``'s pending rewards that cannot be followed yet: they wait for the
    others or the round's Die roll (ruling PF-R39), as :func:`.rules.followable` judges."""
    from meeple.games.peach_festival.observation import sheet_from
    from meeple.games.peach_festival.rules import has_square, reward_options

    d = obs["sheets"][s]
    sh = sheet_from(d, game)
    deck = obs["deck"]["unseen"] + len(obs["deck"]["bottom"])
    out = set()
    for i, (kind, arg, _) in enumerate(d["pending"]):
        if kind in ("number", "write"):
            if not has_square(game, sh, kind, arg):
                out.add(i)
        elif kind == "reward" and not reward_options(game, sh, deck, obs["commons"]):
            out.add(i)
    return out


def _peach_grid(obs: dict, game: PeachFestival, s: int) -> Text:
    """The Peach grid: ● filled, ○ empty, ◌ empty grey spot, then the row-end bonus."""
    filled = obs["sheets"][s]["peaches"]
    lines = []
    i = 0
    for row, bonus in zip(game.sheet.peach_rows, game.sheet.peach_bonus, strict=True):
        cells = []
        for spot in row:
            cells.append("●" if i < filled else ("◌" if spot == "G" else "○"))
            i += 1
        lines.append("".join(cells) + ("  → write a 2" if bonus == "two" else "  → write any"))
    return Text("Peach grid (● filled, ○ empty, ◌ grey):\n  " + "\n  ".join(lines), style="green")


def _card(game: PeachFestival, c: int) -> str:
    card = game.content.card(c)
    start = ", ".join(NAMES[CODES[x]] for x in card.start)
    return f"#{c}: {CONDITIONS[card.condition]} (starts {start})"


def _icon_word(icon) -> str:
    kind, arg = icon
    words = {"peach": "a Peach", "die": "a Die", "spices": "a Spices write", "tea": "a Tea write"}
    return words.get(kind, f"write a {arg}")


def _turn_track_text(obs: dict, game: PeachFestival) -> str:
    """The solo turn track: circles marked, rounds to come and their rewards (PF-075, PF-076).

    Before round 1 (setup) no circle is marked yet: round 1 will mark the difficulty's
    circle, so the rounds and rewards to come are counted from there (ruling PF-R07).
    """
    rewards = game.sheet.track_rewards
    total = len(rewards)
    track = obs["sheets"][0]["track"]
    if track < 0:
        start = game.track_start
        colour = game.sheet.track_colours[start]
        first, first_round = start, 1
        head = (
            f"Turn track: round 1 marks circle {start + 1} of {total} ({colour}), "
            f"{total - start} rounds in all"
        )
    else:
        first, first_round = track + 1, obs["round"] + 1
        head = f"Turn track: circle {track + 1} of {total}, {total - 1 - track} round(s) after this one"
    upcoming = [
        f"round {first_round + t - first}: {_icon_word(rewards[t])}"
        for t in range(first, total)
        if rewards[t]
    ]
    return head + (f"; coming rewards: {', '.join(upcoming)}" if upcoming else "")


def _lines(head: str, items: list[str], style: str = "") -> Text:
    """``head`` then one indented line per item, each fitted to 80 columns."""
    return Text(fit("\n".join([head, *(f"  {x}" for x in items)])), style=style)


def render_observation(game: PeachFestival, obs: dict) -> Any:
    """A rich renderable of everything in ``obs`` (one seat's view)."""
    parts: list[Any] = []
    header = f"The Peach Festival — round {obs['round']} ({obs['phase']})"
    if obs["solo"]:
        header += f" — solo {obs['difficulty']}"
    parts.append(Text(header, style="bold magenta"))
    if obs["dice"] is not None:
        dice = ", ".join(counted(obs["dice"], COLUMN_NAMES))
        parts.append(Text(f"Dice: {dice}", style="bold"))
    if obs["commons"]:
        commons = [f"#{c}: {CONDITIONS[game.content.card(c).condition]}" for c in obs["commons"]]
        parts.append(_lines("Common Requests:", commons))
    last = [
        f"{seat_word(s)}: {describe(game.action(d['last']))}"
        for s, d in enumerate(obs["sheets"])
        if d["last"]
    ]
    if last and obs["phase"] not in ("keep",):
        parts.append(_lines("Last round:", last, style="dim"))
    if obs["solo"]:
        parts.append(Text(fit(_turn_track_text(obs, game))))
    parts.append(Text(f"Request deck: {obs['deck']['unseen'] + len(obs['deck']['bottom'])} cards"))
    seats = list(range(obs["players"]))
    me = obs["seat"]
    if me is not None:
        seats.sort(key=lambda s: s != me)
        mine = obs["sheets"][me]["requests"]
        if mine:
            parts.append(_lines("Your Requests:", [_card(game, c) for c in mine]))
        if obs["hand"]:
            parts.append(_lines("In hand:", [_card(game, c) for c in obs["hand"]], "yellow"))
    for s in seats:
        parts.append(_sheet_table(obs, game, s))
        taken = obs["sheets"][s]["requests"]
        if s != me and taken:  # face up for everyone (rulebook, Request Cards)
            parts.append(_lines(f"{seat_word(s)}'s Requests:", [_card(game, c) for c in taken]))
        if s == me or me is None:
            parts.append(_peach_grid(obs, game, s))
    pairs = ", ".join(
        f"{NAMES[CODES[left]]}|{NAMES[CODES[left + 1]]} row {row + 1}"
        for row, left in game.sheet.two_peach
    )
    parts.append(
        Text(fit(f"Two-Peach icons (2 Peaches for equal neighbours): {pairs}"), style="dim")
    )
    parts.append(Text(LEGEND, style="dim"))
    return Group(*parts)


def render_text(game: PeachFestival, obs: dict) -> str:
    """Plain-text rendering (no colours), e.g. for logs."""
    import io

    from rich.console import Console

    console = Console(width=110, record=True, color_system=None, file=io.StringIO())
    console.print(render_observation(game, obs))
    return console.export_text()


def describe_lost(seat: int, item: tuple, viewer: int | None) -> str:
    """A reward ``seat`` loses because it can never be followed, told to ``viewer``.

    ``item`` is a pending decision ``(kind, argument, optional)``: a Number no column accepts
    (PF-G19, ruling PF-R18), a number for a full column (PF-R19) or a Column Reward with no
    option open (PF-052).
    """
    who = f"{seat_word(seat)} lost"  # the log names every seat so, its own too
    kind, arg = item[0], item[1]
    if kind == "number":
        what = f"the Number {arg} reward: no column can take a {arg}"
    elif kind == "write":
        where = "any column" if arg < 0 else NAMES[CODES[arg]]
        what = f"the reward to write a number in {where}: no valid square is left"
    elif kind == "reward":
        what = "the Column Reward: none of its options is open"
    else:
        what = f"a {kind} reward"
    return f"{who} {what}."
