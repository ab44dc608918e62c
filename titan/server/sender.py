"""The sender: one task per server process that claims due outbox rows and sends them by
e-mail (:mod:`titan.server.mailer`) and webhook (:mod:`titan.server.webhooks`).

It runs beside the games, never inside an action's request and never under a game's lock: an
action only adds rows (:mod:`titan.server.outbox`), in its own write, and wakes this task. A
failed send is tried again later, the wait doubling each time (``Notices.backoff`` up to
``max_backoff``), until ``max_attempts``; a dead mail server or webhook only grows the outbox.
Claims are leases (the row's ``due_at`` moved past the send's timeout), so rows a killed
process had claimed are sent by another once the lease is over, and processes sharing a
PostgreSQL database claim different rows (``FOR UPDATE SKIP LOCKED``)."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from titan.server import mailer, outbox, webhooks
from titan.server.config import Notices
from titan.server.rows import now
from titan.server.store import Store

log = logging.getLogger("titan.server.sender")
PURGE_EVERY = 3600.0  # seconds between two purges of old finished rows


class Sender:
    def __init__(self, store: Store, settings: Notices) -> None:
        self.store = store
        self.settings = settings
        self.base = settings.public_url.rstrip("/")
        self.smtp = (
            None if settings.smtp is None else mailer.parse_smtp_url(settings.smtp, self.base)
        )
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._purged = 0.0

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="titan-sender")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def wake(self) -> None:
        """Rows were added: look now rather than at the next poll."""
        self._wake.set()

    async def _run(self) -> None:
        while True:
            try:
                while await self.round():
                    pass
            except asyncio.CancelledError:
                raise
            except Exception:  # a database hiccup: try again at the next poll
                log.exception("the notices' sender failed a round")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.settings.poll)
            self._wake.clear()

    async def round(self) -> bool:
        """Claim and send one batch; True if it was full (there may be more)."""
        stamp = now()
        lease = timedelta(seconds=self.settings.timeout * mailer.EXCHANGES + 30)  # past any send
        batch = self.settings.batch
        due = await self.store.read(lambda conn: outbox.any_due(conn, stamp))
        claimed = (
            await self.store.transact(lambda conn: outbox.claim(conn, stamp, lease, batch))
            if due
            else []
        )
        if claimed:
            await asyncio.gather(*(self._send(row) for row in claimed))
        loop = asyncio.get_running_loop()
        if loop.time() - self._purged > PURGE_EVERY:
            self._purged = loop.time()
            await self.store.transact(lambda conn: outbox.purge(conn, stamp))
        return len(claimed) == batch

    async def _send(self, row: outbox.Claimed) -> None:
        attempts = row.attempts + 1
        token_hash: str | None = None
        state, error = "sent", None
        try:
            if row.stale or row.address is None:
                state = "dropped"
            elif row.channel == "email" and self.smtp is None:
                state, error = "dropped", "this server sends no e-mail (titan serve --smtp)"
            elif row.channel == "email":
                token = secrets.token_urlsafe(32)
                token_hash = hashlib.sha256(token.encode("ascii")).hexdigest()
                await self._mail(row, row.address, token)
            else:
                await webhooks.post(
                    row.address,
                    self.payload(row),
                    local=self.settings.local_webhooks,
                    timeout=self.settings.timeout,
                )
        except webhooks.Refused as exc:
            state, error = "failed", str(exc)  # trying again would not change the answer
        except Exception as exc:  # the mail server or the webhook failed: later, maybe
            error = _describe(exc)
            state = "failed" if attempts >= self.settings.max_attempts else "pending"
        stamp = now()
        due = stamp + timedelta(seconds=self._backoff(attempts))
        if error is not None:
            log.info("notice %d (%s) attempt %d: %s", row.id, row.channel, attempts, error)
        await self.store.transact(
            lambda conn: outbox.finish(
                conn,
                row.id,
                state,
                attempts=attempts if state != "dropped" else row.attempts,
                due_at=due if state == "pending" else stamp,
                error=error,
                unsubscribe_hash=token_hash if state == "sent" else None,
            )
        )

    def _backoff(self, attempts: int) -> float:
        return float(min(self.settings.max_backoff, self.settings.backoff * 2 ** (attempts - 1)))

    async def _mail(self, row: outbox.Claimed, to: str, token: str) -> None:
        assert self.smtp is not None  # rows for e-mail are dropped without a mail server
        mail = self.mail(row, to, token)
        server, timeout = self.smtp, self.settings.timeout
        longest = timeout * mailer.EXCHANGES
        await asyncio.wait_for(asyncio.to_thread(mailer.send, server, mail, timeout), longest)

    # --- what a notice says ----------------------------------------------------------------------

    def link(self, game_id: str) -> str:
        """Opens the game with the account's seats, after logging in if need be (the lobby's
        ``?open=``); a mail never holds a seat's token."""
        return f"{self.base}/?open={game_id}"

    def text(self, row: outbox.Claimed) -> tuple[str, str]:
        """The subject and first line of a notice."""
        seat = row.seat_name or "your seat"
        if row.kind == outbox.END:
            return f"Titan: game {row.game_id} is over", f"Game {row.game_id} is over."
        if row.kind == outbox.REMINDER and row.deadline_at is not None:
            when = _utc_text(row.deadline_at)
            return (
                f"Titan: {seat} must decide before {when} (game {row.game_id})",
                f"Reminder: {seat} must decide in game {row.game_id} before {when}.",
            )
        return (
            f"Titan: your turn as {seat} (game {row.game_id})",
            f"It is your turn to decide as {seat} in game {row.game_id}.",
        )

    def mail(self, row: outbox.Claimed, to: str, token: str) -> mailer.Mail:
        subject, line = self.text(row)
        unsubscribe = f"{self.base}/unsubscribe#{token}"
        link = self.link(row.game_id)
        body = (
            f"Hello {row.account_name or ''},\n\n{line}\n\nOpen the game: {link}\n"
            "(log in with your Titan account if the page asks).\n\n"
            f"No more of these e-mails: {unsubscribe}\n"
        )
        return mailer.Mail(to=to, subject=subject, body=body, unsubscribe=unsubscribe)

    def payload(self, row: outbox.Claimed) -> dict[str, Any]:
        line = self.text(row)[1]
        link = self.link(row.game_id)
        return {
            "id": f"notice-{row.id}",  # the same on every attempt: a receiver drops repeats
            "event": row.kind,
            "game": row.game_id,
            "seat": row.seat,
            "seat_name": row.seat_name,
            "deadline": None if row.deadline_at is None else _utc_text(row.deadline_at),
            "url": link,
            "text": f"{line} {link}",  # Slack and Mattermost show "text",
            "content": f"{line} {link}",  # Discord "content"
        }


def _utc_text(stamp: datetime) -> str:
    if stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=UTC)
    return stamp.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _describe(exc: BaseException) -> str:
    """What went wrong, for the row and the log, without secrets (no URL, no password)."""
    if isinstance(exc, TimeoutError):
        return "timed out"
    if isinstance(exc, webhooks.Failed | webhooks.Unreachable):
        return str(exc)
    return type(exc).__name__ + (
        f": {exc.args[0]}" if exc.args and isinstance(exc.args[0], int) else ""
    )
