"""``python -m meeple.rl``: print the research spec table of every game (Markdown)."""

from __future__ import annotations

from meeple.core.registry import game_class, make
from meeple.rl.encoding import ENCODERS, make_encoder


def spec_table() -> str:
    """A Markdown table: players, actions, chance outcomes, observation shape per player
    count, maximum game length, chance, hidden information, sealed decisions, rules version."""
    head = (
        "| game | players | actions | chance outcomes | observation shape | max length "
        "| chance | hidden information | sealed simultaneous | version |\n"
        "|---|---|---|---|---|---|---|---|---|---|"
    )
    rows = [head]
    for name in ENCODERS:
        info = game_class(name).info
        counts = range(info.min_players, info.max_players + 1)
        games = {p: make(name, players=p) for p in counts}
        first = games[info.min_players]
        shapes = ", ".join(f"{p}p: ({make_encoder(g).size},)" for p, g in games.items())
        lengths = ", ".join(f"{p}p: {g.max_game_length()}" for p, g in games.items())
        yes = {True: "yes", False: "no"}
        rows.append(
            f"| {name} | {info.min_players}-{info.max_players} | {first.action_space.num_actions} "
            f"| {first.action_space.num_chance_outcomes} | {shapes} | {lengths} "
            f"| {yes[info.has_chance]} | {yes[info.hidden_information]} "
            f"| {yes[info.simultaneous]} | {info.version} |"
        )
    return "\n".join(rows)


if __name__ == "__main__":
    print(spec_table())
