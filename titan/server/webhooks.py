"""Webhook notices: a JSON POST to the URL an account gives (a chat bridge, say).

The URL is the player's, so the server must not become their way into places only it can
reach (server-side request forgery): it must be ``https`` to a public address. Loopback is
allowed (``http`` too) only when the server was started with ``--local-webhooks`` (tests,
one's own machine). The check runs when the URL is saved (its literal address) and again
when sending, against every address its name resolves to; the request then goes to the
checked address itself (the name kept for ``Host`` and TLS), so a name that resolves
differently a second time (DNS rebinding) gains nothing. Redirects are never followed, and
the whole request has a short timeout."""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx

MAX_URL = 2048
IP = ipaddress.IPv4Address | ipaddress.IPv6Address


class Refused(ValueError):
    """A webhook URL the server will not call; the message says why."""


def check_url(url: str, *, local: bool) -> str:
    """The URL as it will be called, or :class:`Refused`."""
    if len(url) > MAX_URL:
        raise Refused(f"the webhook URL is longer than {MAX_URL} characters")
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 (a port that is no number raises here)
    except ValueError:
        raise Refused("not a URL: give https://host/path") from None
    if parts.scheme not in ("https", "http") or not parts.hostname:
        raise Refused("a webhook must be an https:// URL")
    if parts.username is not None or parts.password is not None:
        raise Refused("a webhook URL may not hold a user name or password")
    if any(ord(c) < 33 for c in url):
        raise Refused("a webhook URL may not hold spaces or control characters")
    literal = _literal(parts.hostname)
    if literal is not None:
        allowed(literal, local=local)
    elif _loopback_name(parts.hostname) and not local:
        raise Refused("a webhook may not call this server's own machine")
    if parts.scheme == "http" and not (local and _loopback_name(parts.hostname)):
        raise Refused(
            "a webhook must be an https:// URL (http:// only to this machine, "
            "when the server allows local webhooks)"
        )
    return url


def allowed(address: IP, *, local: bool) -> None:
    """Refused unless ``address`` is public (or loopback, when ``local``)."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    if address.is_loopback and local:
        return
    if not address.is_global or address.is_multicast:
        raise Refused(
            f"a webhook may not call a private, loopback or link-local address ({address})"
        )


def _literal(host: str) -> IP | None:
    try:
        return ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return None


def _loopback_name(host: str) -> bool:
    literal = _literal(host)
    if literal is not None:
        return literal.is_loopback
    name = host.rstrip(".").lower()
    return name == "localhost" or name.endswith(".localhost")


async def resolve(host: str, port: int, *, local: bool) -> IP:
    """The address to call: every address the name resolves to must be allowed (a name with
    one private address among public ones is refused), and the first is used."""
    literal = _literal(host)
    if literal is not None:
        allowed(literal, local=local)
        return literal
    try:
        infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError:  # perhaps for a moment: the sender tries again later
        raise Unreachable(f"the webhook's host {host!r} cannot be resolved") from None
    addresses = [ipaddress.ip_address(info[4][0]) for info in infos]
    if not addresses:
        raise Refused(f"the webhook's host {host!r} has no address")
    for address in addresses:
        allowed(address, local=local)
    return addresses[0]


async def post(url: str, payload: dict[str, Any], *, local: bool, timeout: float) -> None:
    """POST ``payload`` as JSON to ``url``, pinned to a checked address. Raises Refused (the
    URL or its address is not allowed), httpx's errors, or :class:`Failed` (not a 2xx)."""
    check_url(url, local=local)
    parts = urlsplit(url)
    assert parts.hostname is not None  # check_url made sure
    port = parts.port or (443 if parts.scheme == "https" else 80)
    address = await resolve(parts.hostname, port, local=local)
    host = f"[{address}]" if address.version == 6 else str(address)
    pinned = urlunsplit((parts.scheme, f"{host}:{port}", parts.path or "/", parts.query, ""))
    headers = {"Host": parts.netloc, "User-Agent": "Titan notices"}
    extensions = {"sni_hostname": parts.hostname} if parts.scheme == "https" else {}
    client = httpx.AsyncClient(follow_redirects=False, timeout=timeout, trust_env=False)
    async with client:
        sending = _status(client, pinned, payload, headers, extensions)
        status = await asyncio.wait_for(sending, timeout)
    if not 200 <= status < 300:
        raise Failed(f"the webhook answered HTTP {status}")


async def _status(
    client: httpx.AsyncClient,
    url: str,
    payload: dict[str, Any],
    headers: dict[str, str],
    extensions: dict[str, Any],
) -> int:
    """The answer's status; its body is never read (it could be endless)."""
    request = client.build_request(
        "POST", url, json=payload, headers=headers, extensions=extensions
    )
    response = await client.send(request, stream=True)
    await response.aclose()
    return response.status_code


class Failed(Exception):
    """The webhook answered, but not with success."""


class Unreachable(Exception):
    """The webhook's host cannot be resolved now."""
