"""Constants shared by the Annapurna modules: stages, pending decisions, limits."""

from __future__ import annotations

# Stages of the state machine.
DEAL = 0  #: chance: deal the next card of a climber's shuffled suit (AN-009)
START = 1  #: chance: pick the first climber of the Expedition (AN-020, ruling AN-R13)
MAIN = 2  #: the turn's climber chooses the turn's action (AN-024, AN-049)
CARD = 3  #: second step of Trade/Hide/Drop/Throw: which Backpack card (ruling AN-R35)
SPOT = 4  #: third step of Trade/Hide/Drop/Throw: which position
DECIDE = 5  #: the top of the pending-decision stack decides (card effects, Retaliate)
SWEEP = 6  #: Sweep (Climbing) or Bury (Protecting) step of the turn's climber
SCAVENGE = 7  #: sealed: the other climbers each call Scavenge on a card, or pass (ruling AN-R06)
OVER = 8  #: the Expedition is over
RACE = 9  #: chance: which of several climbers calling Scavenge together called first (AN-043)

STAGE_NAMES = (
    "deal",
    "start",
    "main",
    "card",
    "spot",
    "decide",
    "sweep",
    "scavenge",
    "over",
    "race",
)

# Kinds of pending decision (entries of ``state.pending``: ``[kind, seat, a, b]``).
D_PEEK = 0  #: a = looks left, b = scope (0 own mountainside, 1 any)
D_CLIMB = 1  #: may Explore once more (Fixed Rope / Ice Axe)
D_GIVE = 2  #: give a Backpack card to the next climber clockwise (Crevasse)
D_RECOVER = 3  #: take a Cache card back to the Backpack (Porter)
D_STOW = 4  #: on the peak: flip one face-up card of your own face down (Oxygen Bottle)
D_RETALIATE = 5  #: the Throw's target may flip a card of the thrower (a = thrower), AN-054

DECISION_NAMES = ("peek", "climb", "give", "recover", "stow", "retaliate")

# Compound action verbs (ruling AN-R35).
V_NONE = 0
V_TRADE = 1
V_HIDE = 2
V_DROP = 3
V_THROW = 4
VERB_NAMES = ("", "trade", "hide", "drop", "throw")

#: Ruling AN-R34: an Ascent ends after this many turns per climber (an engine safeguard).
ROUND_LIMIT = 100

#: Flags per placing (AN-061, AN-064, AN-065) and for Left No Trace Behind (AN-063).
AWARDS = {2: (3, 2), 3: (3, 2, 1), 4: (3, 2, 1, 0)}
LNTB_FLAGS = 4

#: Peak tokens there are (AN-002): a later arrival takes none (ruling AN-R10).
PEAK_TOKENS = 3

#: The cooperative variant (rulings AN-R22, AN-R43..AN-R45): flags a peaked climber earns the
#: team by the distance of its total from zero (0, 1, 2; further earns none), the Ascents the
#: team has ("It takes 3 to 7 Ascents": the fewest), and ``winner`` once the team has won.
COOP_AWARDS = (3, 2, 1)
COOP_ASCENTS = 3
TEAM = -2
