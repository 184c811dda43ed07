"""sow's variants as OpenSpiel games (needs ``pip install open-spiel``).

::

    import pyspiel
    import sow.openspiel

    game = sow.openspiel.load_game("kalah")          # a pyspiel.Game
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    print(state)                                      # the board as `sow play` draws it
    game = pyspiel.load_game("python_sow_kalah")      # the same game, now registered

:func:`load_game` registers a Python game with pyspiel under a short name for the variant
(``python_sow_kalah``, ``python_sow_bakuk_three_player``; a variant loaded from a path or a
text has its label and a hash of its rules in the name) and loads it. The games are
sequential, deterministic, of perfect information and zero-sum, with rewards at the end only.

Actions
-------
A variant numbers every move its games may offer once, in a fixed order:
:meth:`sow.Variant.all_moves` (each pit as it sows, ``"1"`` first; where a pit sows either
way, ``"1cw"``... then ``"1ccw"``...; where players sow from a hand, ``"h1cw"``...; ``"pass"``
last). A move's place in that list is its action, the same for every player, so
``num_distinct_actions() == len(variant.all_moves())``; ``action_to_string`` is the move in
sow's notation, and ``legal_actions()`` are sorted ascending.

Kalah, for example, has 12 actions: action ``a`` is pit ``a + 1``, pits numbered 1 to 12
counter-clockwise from player 1's leftmost pit (1..6 player 1's row left to right, 7..12
player 2's row right to left), so player 1 (OpenSpiel player 0) plays actions 0..5 and player
2 (OpenSpiel player 1) 6..11. OpenSpiel's own ``mancala`` numbers its 14 slots instead: its
action ``s`` is our action ``s - 1`` for player 0 (slots 1..6) and ``s - 2`` for player 1
(slots 8..13). Its ``oware`` numbers the mover's six houses: its action ``a`` of player ``p`` is
our action ``6 * p + a``.

Observation tensor
------------------
The same for every observer (the game has perfect information): the position as
:meth:`sow.Game.observation` lays it out, in parts named by
:meth:`sow.Variant.observation_layout` (``observer.dict`` names them too). Every variant has
the first three, ``N + 2 * P`` floats for N pits and P players::

    pits          N    seeds in pits 1..N (state.pits)
    captured      P    seeds captured by players 1..P (state.captured: on a board with
                       stores, the stores; in variants with hands, what each player holds)
    to_move       P    the player to move, one-hot (all zero once the game is over)

and after them, in this order, the parts of what the variant's position holds besides:

    claimed       2N   where a rule claims pits (Toguz Kumalak's tuzdik): 1.0 at each pit
                       player 1 has claimed, then at each of player 2's (``observer.dict``
                       gives it as 2 rows of N)
    big_stones    N    where the game has big stones (Ô Ăn Quan): 1.0 at a pit holding one
    stones_won    2    the big stones each of the two players has taken
    out_of_play   N    games of rounds: 1.0 at each pit out of play
    round         2    games of rounds: the rounds over so far, and 1.0 while the players
                       fill their pits for the next round
    points        2    matches scored in points: each player's points
    pending       6    variants whose moves may pause for the mover's choice (a pit to take,
                       a relay's way or whether to relay, the end of a row to sow from, the
                       pit a seed goes to, the pit a sowing's next seed falls into: Bao,
                       Tshuba, Ti, ...): one-hot of the choice asked, in the order take,
                       way, relay, end, target, drop (all zero between moves)
    pending_at    N    1.0 at the pit the paused move asks about (a relay's pit, the pit a
                       seed was lifted from, the pit a sowing's last seed fell into), where
                       it asks about one
    in_hand       1    the seeds a paused sowing holds in the mover's hand (Ti's opening;
                       0 in the others)

Kalah: 12 + 2 + 2 = 16 floats, ``[4.0] * 12 + [0, 0] + [1, 0]`` at the start; Toguz Kumalak
18 + 2 + 2 + 36; Ô Ăn Quan 12 + 2 + 2 + 12 + 2 + 12 + 2. The tensor is the whole position
but for what the rule of repetition remembers (Oware and the others that end on a repeated
position), the direction a player keeps for the game where a rule keeps it, the pits that
change owner between rounds where they do, the stage of a game played in stages, and the
laps made and the seeds of a paused relay; the observation string shows most of them,
``state.sow_game.report`` all. The observation string is the board as ``sow play`` draws it, with the status line
(``str(state)``). The information state string is the history of actions, as OpenSpiel makes
it for games of public information. States serialize as their history of actions (pyspiel's
default for Python games) and clone as pyspiel clones Python states.

Returns and the length of a game
--------------------------------
``returns="win"`` (the default): +1 to the winner and -1 to the loser, 0 each on a draw; with
P > 2 players the winner +1 and each other -1/(P-1). ``returns="margin"``: each player's score
minus the mean of the others' scores (the scores of :attr:`sow.Game.scores`: seeds captured,
plus the leftovers the rules award at the end). Both sum to zero.

``max_game_length`` counts actions. It defaults to the variant's own ply limit (Kalah and
Oware: 1000; a variant without one: 1000). A game sow has not ended by then is ended there by
the adapter: terminal, with returns 0 for all (``"win"``) or the margins of the scores so far
(``"margin"``, leftovers not awarded). Where every action is a ply, sow ends the game at its
own limit first, by its rules; in variants where a ply may take more than one action (a
player's choice within a move, as in Bao), the adapter's end may come earlier: pass a larger
``max_game_length`` to leave the end to sow.
"""

from __future__ import annotations

import hashlib
import os
import re
from typing import Any

try:
    import numpy as np
    import pyspiel
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise ImportError("sow.openspiel needs open-spiel: pip install open-spiel") from error

from open_spiel.python.observation import IIGObserverForPublicInfoGame

from . import Game, Variant, bundled, load

__all__ = ["SowGame", "SowState", "load_game", "short_name"]

_RETURNS = ("win", "margin")
_DEFAULT_LENGTH = 1000
_TERMINAL = pyspiel.PlayerId.TERMINAL


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def short_name(variant: Variant) -> str:
    """The name the variant's game is registered under: ``python_sow_`` and the bundled name
    with its ruleset (``python_sow_bakuk_three_player``); for a variant from a path or a text,
    its label and a hash of its rules' fingerprint."""
    if variant.reference in bundled():
        name = variant.reference + (":" + variant.ruleset if variant.ruleset else "")
        if load(name).fingerprint == variant.fingerprint:
            return "python_sow_" + _slug(name)
    digest = hashlib.sha256(f"{variant.label}\n{variant.fingerprint}".encode()).hexdigest()[:12]
    return f"python_sow_{_slug(variant.label)}_{digest}"


class _Shared:
    """What every state of one game shares: a class attribute of the game's own state class
    (``SowGame._state_class``), so that it is neither copied with a state nor serialized."""

    def __init__(self, name: str, variant: Variant, returns: str, max_length: int) -> None:
        self.name = name
        self.variant = variant
        self.moves = variant.all_moves()
        self.players = variant.players
        self.pits = variant.pits
        self.returns = returns
        self.max_length = max_length


class _Play:
    """A :class:`sow.Game` that pyspiel can clone (a copy of the game) and serialize (the
    moves played, replayed when read back): pyspiel clones a Python state by a deep copy of
    its attributes, and serializes it with a pickle of them besides the actions."""

    __slots__ = ("name", "game")

    def __init__(self, name: str, game: Game) -> None:
        self.name = name
        self.game = game

    def __deepcopy__(self, memo: Any) -> _Play:
        return _Play(self.name, self.game.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_replay, (self.name, self.game.history))


def _replay(name: str, history: list[str]) -> _Play:
    game = _REGISTERED[name].new_game()
    for move in history:
        game.play(move)
    return _Play(name, game)


# Short name -> variant, for the games registered by this module.
_REGISTERED: dict[str, Variant] = {}


class SowGame(pyspiel.Game):
    """An OpenSpiel game of a sow variant (made by :func:`load_game`, one subclass per variant)."""

    variant: Variant
    short_name: str
    game_type: pyspiel.GameType
    default_length: int

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {"returns": "win", "max_game_length": self.default_length, **(params or {})}
        returns = params["returns"]
        if returns not in _RETURNS:
            raise ValueError(f"returns must be one of {_RETURNS}, not {returns!r}")
        length = int(params["max_game_length"])
        if length < 1:
            raise ValueError(f"max_game_length must be at least 1, not {length}")
        variant = self.variant
        start = variant.new_game()
        seeds = sum(start.pits) + sum(start.captured)
        players = variant.players
        if returns == "win":
            low, high = (-1.0 / (players - 1) if players > 2 else -1.0), 1.0
        else:
            low, high = -float(seeds), float(seeds)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(variant.all_moves()),
            max_chance_outcomes=0,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=length,
        )
        super().__init__(self.game_type, info, {"returns": returns, "max_game_length": length})
        self._shared = _Shared(self.short_name, variant, returns, length)
        # The states of this game are of a class of its own that holds what they share: a
        # class attribute is read at the cost of an attribute, and is neither copied with a
        # state nor pickled with it (a state read back by another game is of that game's
        # class, and so takes its parameters).
        self._state_class = type("SowState", (SowState,), {"_shared": self._shared})

    def new_initial_state(self) -> SowState:
        return self._state_class(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return _Observer(self._shared, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class SowState(pyspiel.State):
    """A state of a :class:`SowGame`: a :class:`sow.Game` and the actions played."""

    def __init__(self, game: SowGame) -> None:
        super().__init__(game)
        shared = game._shared
        self._play = _Play(shared.name, shared.variant.new_game())
        self._actions = 0

    _shared: _Shared

    @property
    def _game(self) -> Game:
        return self._play.game

    @property
    def sow_game(self) -> Game:
        """The :class:`sow.Game` behind the state (do not play moves on it)."""
        return self._play.game

    # pyspiel asks these several times a ply: they read the game once each, no property.
    def current_player(self) -> int:
        to_move = self._play.game.to_move  # None once sow's game is over
        if to_move is None or self._actions >= self._shared.max_length:
            return _TERMINAL
        return to_move - 1

    def is_terminal(self) -> bool:
        return self._play.game.to_move is None or self._actions >= self._shared.max_length

    def _legal_actions(self, player: int) -> list[int]:
        to_move = self._play.game.to_move
        if to_move is None or player != to_move - 1 or self._actions >= self._shared.max_length:
            return []
        return self._play.game.legal_actions()

    def _apply_action(self, action: int) -> None:
        self._game.play_action(action)
        self._actions += 1

    def _action_to_string(self, player: int, action: int) -> str:
        return self._shared.moves[action]

    def returns(self) -> list[float]:
        shared = self._shared
        n = shared.players
        if not self.is_terminal():
            return [0.0] * n
        if shared.returns == "margin":
            scores = self._game.scores
            total = sum(scores)
            return [s - (total - s) / (n - 1) for s in scores]
        winner = self._game.winner if self._game.finished else None
        if winner is None:
            return [0.0] * n
        return [1.0 if p == winner - 1 else -1.0 / (n - 1) for p in range(n)]

    def __str__(self) -> str:
        return str(self._game)


class _Observer:
    """The observation of every player: the position as ``sow.Game.observation()`` lays it
    out (pits, captured seeds, the player to move one-hot, and what else the variant holds)."""

    def __init__(self, shared: _Shared, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        layout = shared.variant.observation_layout()
        self.tensor = np.zeros(sum(size for _, size in layout), np.float32)
        self.dict = {}
        start = 0
        for name, size in layout:
            part = self.tensor[start : start + size]
            # Claimed pits: a row of pits for each of the two players.
            self.dict[name] = part.reshape(2, -1) if name == "claimed" else part
            start += size
        self._to_move = self.dict["to_move"]

    def set_from(self, state: SowState, player: int) -> None:
        self.tensor[:] = state.sow_game.observation()
        if state.is_terminal():  # ended by max_game_length, sow's game not over
            self._to_move.fill(0.0)

    def string_from(self, state: SowState, player: int) -> str:
        return str(state)


def _register(variant: Variant) -> str:
    name = short_name(variant)
    if name in _REGISTERED:
        return name
    if name in pyspiel.registered_names():
        raise ValueError(f"pyspiel already has a game named {name!r} that sow.openspiel did not register")
    limit = variant.ply_limit
    default_length = limit if limit is not None else _DEFAULT_LENGTH
    players = variant.players
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"sow {variant.label}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"returns": "win", "max_game_length": default_length},
    )
    cls = type(
        f"SowGame_{name}",
        (SowGame,),
        {
            "variant": variant,
            "short_name": name,
            "game_type": game_type,
            "default_length": default_length,
        },
    )
    pyspiel.register_game(game_type, cls)
    _REGISTERED[name] = variant
    return name


def load_game(
    variant: str | os.PathLike[str] | Variant, **params: Any
) -> pyspiel.Game:
    """The OpenSpiel game of a variant: a bundled name (``"kalah"``), a path to a ``.sow``
    file, a name with a ruleset (``"bakuk:three-player"``) or a :class:`sow.Variant`.

    Registers it with pyspiel first (once per variant; see :func:`short_name`). ``params``:
    ``returns`` (``"win"``, the default, or ``"margin"``) and ``max_game_length`` (in actions;
    the variant's own ply limit by default, else 1000: a game not over by then ends there,
    with returns 0, or the margins of the scores so far). See the module's documentation for
    the actions and the observation tensor.
    """
    if not isinstance(variant, Variant):
        variant = load(variant)
    name = _register(variant)
    return pyspiel.load_game(name, params)
