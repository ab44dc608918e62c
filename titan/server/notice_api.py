"""The notification settings of an account (``PUT /api/account/notifications``; read back in
``GET /api/account``) and the mails' unsubscribe link (``POST /api/unsubscribe``).

An account's e-mail address and webhook are its own: they appear in that account's answers
only, never in a game's, a seat's or a spectator's."""

from __future__ import annotations

import hashlib
import re
from typing import Any

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Connection, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncConnection

from titan.server.account_deps import Writer
from titan.server.api import WireJSON
from titan.server.deps import ServerDep
from titan.server.models import ErrorOut
from titan.server.refusals import Invalid, NotFound
from titan.server.store import Store
from titan.server.tables import notice_settings, outbox
from titan.server.webhooks import MAX_URL, Refused, check_url

router = APIRouter(tags=["notifications"], strict_content_type=False)

# An address mail servers take, with nothing that could end a header or add a recipient.
EMAIL = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+")
MAX_EMAIL = 254
OFF: dict[str, Any] = {
    "email": None,
    "webhook": None,
    "notify_email": False,
    "notify_webhook": False,
}


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")


class NoticeSettings(_Strict):
    email: str | None = Field(max_length=MAX_EMAIL, description="where mails go; null: none")
    webhook: str | None = Field(
        max_length=MAX_URL,
        description="an https URL a JSON POST is sent to (for chat bridges); null: none",
    )
    notify_email: bool = Field(description="send an e-mail when a game needs you or ends")
    notify_webhook: bool = Field(description="call the webhook when a game needs you or ends")


class UnsubscribeIn(_Strict):
    token: str = Field(max_length=128, description="the secret after # in the mail's link")


class UnsubscribeOut(BaseModel):
    notify_email: bool


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: {"model": ErrorOut} for code in codes}


async def settings_of(store: Store, account_id: int) -> dict[str, Any]:
    """The account's notification settings (all off when it never set them)."""

    async def read(conn: AsyncConnection) -> dict[str, Any]:
        found = (
            await conn.execute(
                select(
                    notice_settings.c.email,
                    notice_settings.c.webhook,
                    notice_settings.c.notify_email,
                    notice_settings.c.notify_webhook,
                ).where(notice_settings.c.account_id == account_id)
            )
        ).first()
        return dict(OFF) if found is None else dict(found._mapping)

    return await store.read(read)


def checked(body: NoticeSettings, *, local: bool) -> dict[str, Any]:
    """The settings to store, or :class:`Invalid` naming the field."""
    email = (body.email or "").strip() or None
    if email is not None and (len(email) > MAX_EMAIL or not EMAIL.fullmatch(email)):
        raise Invalid("not an e-mail address (like ann@example.org)", path="email")
    webhook = (body.webhook or "").strip() or None
    if webhook is not None:
        try:
            check_url(webhook, local=local)
        except Refused as exc:
            raise Invalid(str(exc), path="webhook") from None
    if body.notify_email and email is None:
        raise Invalid("e-mail notices need an e-mail address", path="notify_email")
    if body.notify_webhook and webhook is None:
        raise Invalid("webhook notices need a webhook URL", path="notify_webhook")
    return {
        "email": email,
        "webhook": webhook,
        "notify_email": body.notify_email,
        "notify_webhook": body.notify_webhook,
    }


@router.put(
    "/api/account/notifications",
    response_model=NoticeSettings,
    responses=_errors(401, 403, 422),
    summary="Set how the account is told that a game needs it",
    description="An e-mail address and a webhook URL (https, to a public address), each "
    "with its switch. Notices are sent when a seat of the account must decide (one per game "
    "turn), before its deadline, and when its game ends. Needs X-CSRF-Token.",
)
async def put_settings(body: NoticeSettings, who: Writer, srv: ServerDep) -> Response:
    values = checked(body, local=srv.settings.notices.local_webhooks)
    account_id = who.account.id

    def write(conn: Connection) -> None:
        make = pg_insert if conn.dialect.name == "postgresql" else sqlite_insert
        upsert = make(notice_settings).values(account_id=account_id, **values)
        conn.execute(upsert.on_conflict_do_update(index_elements=["account_id"], set_=values))

    await srv.service.store.transact(write)
    return WireJSON(values, headers={"Cache-Control": "no-store"})


@router.post(
    "/api/unsubscribe",
    response_model=UnsubscribeOut,
    responses=_errors(404, 422),
    summary="Stop the e-mails (the mails' unsubscribe link)",
    description="The token is the secret in the fragment of a mail's unsubscribe link "
    "(/unsubscribe#TOKEN). Switches the account's e-mail notices off; the address stays "
    "and they can be switched on again in the account's settings.",
)
async def unsubscribe(body: UnsubscribeIn, srv: ServerDep) -> Response:
    token_hash = hashlib.sha256(body.token.encode("utf-8")).hexdigest()
    store = srv.service.store

    async def find(conn: AsyncConnection) -> int | None:
        # A read first: a wrong token (a guess) never takes SQLite's write lock.
        query = select(outbox.c.account_id).where(outbox.c.unsubscribe_hash == token_hash)
        found: int | None = (await conn.execute(query)).scalar()
        return found

    account = await store.read(find)
    if account is None:
        raise NotFound(
            "this unsubscribe link is not valid, or too old: switch e-mails off "
            "in your account's settings instead",
            path="token",
        )
    off = (
        update(notice_settings)
        .where(notice_settings.c.account_id == account)
        .values(notify_email=False)
    )
    await store.transact(lambda conn: conn.execute(off))
    return WireJSON({"notify_email": False}, headers={"Cache-Control": "no-store"})
