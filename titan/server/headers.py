"""Security headers on every HTTP answer, as plain ASGI middleware.

The page's policy allows scripts only from this server's own files (no inline script, no
``eval``), connections only back to it (the API and its WebSocket), and no framing by other
sites (clickjacking). Inline *styles* stay allowed: the client positions board pieces with
style attributes, and a style cannot run code. The API docs page (``/docs``, FastAPI's
Swagger UI) is made of an inline script and files from a CDN, so it gets a policy of its own
that allows just those."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

PAGE_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
DOCS_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net",
        "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net",
        "img-src 'self' data: https://fastapi.tiangolo.com",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    ]
)
COMMON = [
    (b"x-content-type-options", b"nosniff"),
    # The game's address names the game; no other site needs to learn it.
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),  # frame-ancestors, for browsers that predate it
    (b"cross-origin-opener-policy", b"same-origin"),
]
DOCS_PATHS = ("/docs", "/docs/oauth2-redirect")


class SecurityHeaders:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = DOCS_POLICY if scope["path"] in DOCS_PATHS else PAGE_POLICY
        added = [*COMMON, (b"content-security-policy", policy.encode())]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(n, v) for n, v in added if n not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)
