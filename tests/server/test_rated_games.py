"""Rated games (issue 20): who may create and play one, the ratings stored in the write that
records its end (2 to 6 players; withdrawals, errata 20.4; a shared place, 19.3; the turn
limit's totals, 21; computer levels, one result per game however many seats they hold), and
the leaderboard, profile and dice answers, which give away nothing secret."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Connection, create_engine, insert, select

from tests.server.accounts_client import Device, server
from tests.server.inproc import act, auth, service, state
from titan.engine import events as ev
from titan.engine.summary import DiceTally, places
from titan.server.ratings import Rating
from titan.server.ratingstore import Outcome, account_key, rate_game
from titan.server.tables import accounts, games, metadata, rated_results, ratings, seats

Json = Any
FRESH = Rating()


def _seat(name: str, kind: str = "human", mine: bool = False) -> dict[str, Json]:
    seat: dict[str, Json] = {"name": name, "kind": kind}
    if kind == "bot":
        seat["level"] = "random"
    if mine:
        seat["mine"] = True
    return seat


def _rated_game(client: Any, names: Sequence[str], bots: int = 0) -> tuple[str, list[str]]:
    """A rated game of accounts ``names`` (the first creates it) and ``bots`` computer seats;
    every human seat kept in its account. Returns the id and the human seats' tokens."""
    devices = [Device(client) for _ in names]
    for device, name in zip(devices, names, strict=True):
        device.enter(name, new=True)
    seats_in = [_seat(n, mine=i == 0) for i, n in enumerate(names)]
    seats_in += [_seat(f"Bot{i}", "bot") for i in range(bots)]
    r = devices[0].request("POST", "/api/games", json={"seats": seats_in, "rated": True})
    assert r.status_code == 201, r.text
    game_id = r.json()["id"]
    tokens = [s["token"] for s in r.json()["seats"][: len(names)]]
    for device, token in zip(devices[1:], tokens[1:], strict=True):
        assert device.claim(game_id, token).status_code == 200
    return game_id, tokens


def _withdraw_all(client: Any, game_id: str, tokens: Sequence[str | None]) -> list[int]:
    """Every human seat withdraws at its first chance (errata 20.4), in turn order, until the
    game ends (computer seats play meanwhile). Returns the seats in the order they left."""
    left: list[int] = []
    for _ in range(500):
        if client.get(f"/api/games/{game_id}").json()["status"] == "over":
            return left
        seat = state(client, game_id)["view"]["deciding"]
        if seat is None or seat >= len(tokens) or tokens[seat] is None:
            continue  # a computer seat: its driver plays
        prompt = state(client, game_id, tokens[seat])["prompt"]
        if prompt is None:
            continue
        withdraw = [o for o in prompt["options"] if o["type"] == "withdraw"]
        r = act(client, game_id, tokens[seat], withdraw[0] if withdraw else prompt["options"][0])
        assert r.status_code == 200, r.text
        if withdraw:
            left.append(seat)
    raise AssertionError("the game did not end")
