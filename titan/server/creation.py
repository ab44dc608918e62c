"""New games: created with a secret seed (and, issue 20, a time control whose first clock starts
at once), or imported from a record, each held to the creating client's quotas. Mixed into
:class:`titan.server.service.GameService`, which keeps the games once they exist."""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

from titan.engine.game import Game
from titan.engine.record import MAX_SEED, SetupError, record_digest
from titan.engine.state import Options
from titan.server.clocks import NO_CLOCK, TimeControl, next_clock
from titan.server.config import Limits
from titan.server.importing import Checked, check_import, check_record
from titan.server.live import LiveGame, hash_token
from titan.server.lobby import SeatSpec, check_seats, deal_seats, new_game_id
from titan.server.refusals import Invalid, OverQuota, TooLarge
from titan.server.rows import GameRow, now
from titan.server.store import Store

A = TypeVar("A")  # what an offloaded check is given


class Offload(Protocol):
    def __call__(self, fn: Callable[[A], Checked], raw: A, /) -> Awaitable[Checked]: ...


class Creation:
    store: Store
    limits: Limits
    offload: Offload

    if TYPE_CHECKING:

        def _remember(self, live: LiveGame) -> None: ...

    async def create(
        self,
        variant: str,
        specs: Sequence[SeatSpec],
        options: Options,
        *,
        unlisted: bool = False,
        creator: str | None = None,
        manage_token: str | None = None,
        control: TimeControl = NO_CLOCK,
        rated: bool = False,
    ) -> tuple[LiveGame, list[str | None]]:
        """A new game with a secret seed; returns it and each seat's token (None for bots).
        ``creator`` (a client's key) is held to the quotas; ``unlisted`` keeps it out of the
        lobby; ``control`` is its time control (the first decider's clock starts now);
        ``rated``: its end updates its players' ratings (titan.server.ratingstore)."""
        row, game, tokens = await self.new_game(
            variant,
            specs,
            options,
            unlisted=unlisted,
            creator=creator,
            manage_token=manage_token,
            control=control,
        )
        row.rated = rated
        await self.store.create(row)
        live = LiveGame(row, game, [len(game.history)])
        self._remember(live)
        return live, tokens

    async def new_game(
        self,
        variant: str,
        specs: Sequence[SeatSpec],
        options: Options,
        *,
        unlisted: bool = False,
        creator: str | None = None,
        manage_token: str | None = None,
        tokens_now: bool = True,
        control: TimeControl = NO_CLOCK,
    ) -> tuple[GameRow, Game, list[str | None]]:
        """A new game's row (not stored yet), the game, and each seat's token (see
        :func:`titan.server.lobby.deal_seats`). Raises Invalid, OverQuota."""
        specs = check_seats(specs)
        await self._check_quota(creator, all(s.kind == "bot" for s in specs))
        seed = secrets.randbelow(MAX_SEED + 1)
        names = [s.name for s in specs]
        try:
            game = Game.new(variant, names, seed, options)
        except SetupError as exc:
            raise Invalid(exc.detail, path=exc.path) from None
        seat_rows, tokens = deal_seats(specs, tokens_now)
        stamp = now()
        first = game.current_player()  # clocks: the first decider's starts now
        clock = next_clock(control, None, first, seat_rows[first].kind == "bot", stamp)
        row = GameRow(
            id=new_game_id(),
            variant=variant,
            options=dataclasses.asdict(options),
            seed=seed,
            status="running",
            version=0,
            digest=record_digest(variant, names, seed, options, []),
            to_move=game.current_player(),
            winner=None,
            created_at=stamp,
            updated_at=stamp,
            seats=seat_rows,
            unlisted=unlisted,
            creator=creator,
            manage_hash=None if manage_token is None else hash_token(manage_token),
            time_kind=control.kind,
            time_seconds=control.seconds,
            deadline_seat=None if clock is None else clock.seat,
            deadline_at=None if clock is None else clock.deadline,
        )
        return row, game, tokens

    async def import_record(
        self,
        raw: object,
        kinds: Sequence[SeatSpec] | None,
        *,
        unlisted: bool = False,
        creator: str | None = None,
        manage_token: str | None = None,
        body: bytes | None = None,
        control: TimeControl = NO_CLOCK,
    ) -> tuple[GameRow, list[str | None]]:
        """A game from a record (``kinds``: each seat's kind and level; default all human).
        The record's seed comes with it, so whoever had the record can foresee its dice.
        The record is checked and replayed by :attr:`offload` (the bot pool's processes),
        which is sent ``body``, the request's JSON holding ``raw`` as its ``record``, when
        given; and the game is not kept in memory: it is replayed here when first opened.
        ``control`` is its time control from here on: the clock of the seat that must decide
        where the record stops starts now (no clock runs in a finished game)."""
        actions = raw.get("actions") if isinstance(raw, dict) else None
        if isinstance(actions, list) and len(actions) > self.limits.max_import_actions:
            raise TooLarge(
                f"the record has {len(actions)} actions; this server imports at most "
                f"{self.limits.max_import_actions}",
                path="record.actions",
            )
        if body is not None:
            checked = await self.offload(check_import, body)
        else:
            checked = await self.offload(check_record, raw)
        if checked.error is not None:
            raise Invalid(checked.error, path=checked.path)
        if kinds is None:
            kinds = [SeatSpec(name) for name in checked.seats]
        if len(kinds) != len(checked.seats):
            raise Invalid(
                f"the record has {len(checked.seats)} seats, got {len(kinds)}", path="seats"
            )
        specs = check_seats(
            [SeatSpec(n, k.kind, k.level) for n, k in zip(checked.seats, kinds, strict=True)]
        )
        await self._check_quota(creator, all(s.kind == "bot" for s in specs))
        seat_rows, tokens = deal_seats(specs)
        stamp = now()
        entries = checked.entries
        clock = None
        if not checked.over:
            decider = checked.to_move
            clock = next_clock(control, None, decider, seat_rows[decider].kind == "bot", stamp)
        row = GameRow(
            id=new_game_id(),
            variant=checked.variant,
            options=checked.options,
            seed=checked.seed,
            status="over" if checked.over else "running",
            version=len(entries),
            digest=checked.digest,
            to_move=-1 if checked.over else checked.to_move,
            winner=checked.winner,
            created_at=stamp,
            updated_at=stamp,
            seats=seat_rows,
            unlisted=unlisted,
            creator=creator,
            manage_hash=None if manage_token is None else hash_token(manage_token),
            time_kind=control.kind,
            time_seconds=control.seconds,
            deadline_seat=None if clock is None else clock.seat,
            deadline_at=None if clock is None else clock.deadline,
        )
        await self.store.create(row, entries)
        return row, tokens

    async def _check_quota(self, creator: str | None, bots_only: bool) -> None:
        if creator is None:
            return
        games, bot_games = await self.store.open_games(creator)
        if games >= self.limits.max_open_games:
            raise OverQuota(
                f"this client already has {games} games running; it may have at most "
                f"{self.limits.max_open_games} (finish or leave one first)"
            )
        if bots_only and bot_games >= self.limits.max_bot_games:
            raise OverQuota(
                f"this client already has {bot_games} games of computer players only running; "
                f"it may have at most {self.limits.max_bot_games}"
            )
