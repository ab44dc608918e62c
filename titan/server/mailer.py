"""E-mail notices: the SMTP server's URL (``titan serve --smtp`` / ``TITAN_SMTP``), each
notice's message, and sending it with the standard library's ``smtplib`` in a worker thread
(a mail is a few round trips; the event loop never waits on them).

URLs: ``smtp://user:pass@host:port`` (plain, port 25 by default), ``smtp://...?starttls``
(upgraded, port 587), ``smtps://...`` (TLS from the start, port 465); ``?from=ADDRESS`` sets
the sender (default ``titan@`` the public URL's host). The password is never logged nor
shown: :class:`SmtpServer`'s repr leaves it out."""

from __future__ import annotations

import contextlib
import smtplib
import ssl
from dataclasses import dataclass, field
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from typing import Literal
from urllib.parse import parse_qs, unquote, urlsplit

from titan.server.config import ConfigError

Security = Literal["plain", "starttls", "tls"]
# The most round trips one mail takes, each allowed the socket timeout: the greeting, EHLO,
# STARTTLS and EHLO again, AUTH (two for LOGIN), MAIL, RCPT, DATA, the message, QUIT. The
# sender waits that long in all: a mail cut off sooner may still arrive, and arrive again.
EXCHANGES = 11


@dataclass(frozen=True, slots=True)
class SmtpServer:
    host: str
    port: int
    security: Security
    sender: str
    user: str | None = None
    password: str | None = field(default=None, repr=False)

    def shown(self) -> str:
        """For logs and the start-up line: no password."""
        who = f"{self.user}@" if self.user else ""
        return f"smtp {who}{self.host}:{self.port} ({self.security})"


def parse_smtp_url(url: str, public_url: str) -> SmtpServer:
    """Raises :class:`ConfigError` (whose message never holds the password)."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise ConfigError("not an SMTP URL; use smtp://user:pass@host:port") from None
    query = parse_qs(parts.query, keep_blank_values=True)
    if parts.scheme == "smtps":
        security: Security = "tls"
    elif parts.scheme == "smtp":
        security = "starttls" if "starttls" in query else "plain"
    else:
        raise ConfigError(f"unsupported mail URL scheme {parts.scheme!r}: use smtp:// or smtps://")
    if not parts.hostname:
        raise ConfigError("the SMTP URL names no host; use smtp://user:pass@host:port")
    default = {"plain": 25, "starttls": 587, "tls": 465}[security]
    senders = query.get("from") or [f"titan@{urlsplit(public_url).hostname or 'localhost'}"]
    return SmtpServer(
        host=parts.hostname,
        port=port or default,
        security=security,
        sender=senders[0],
        user=unquote(parts.username) if parts.username else None,
        password=unquote(parts.password) if parts.password else None,
    )


@dataclass(frozen=True, slots=True)
class Mail:
    to: str
    subject: str
    body: str
    unsubscribe: str  # the page's URL, the secret in its fragment


def message(mail: Mail, sender: str) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = formataddr(("Titan", sender))
    msg["To"] = mail.to
    msg["Subject"] = mail.subject
    msg["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2] or None)
    # RFC 2369: mail programs show an "unsubscribe" button that opens this page. (RFC 8058's
    # one-click POST would need the secret in the URL's query, where logs keep it.)
    msg["List-Unsubscribe"] = f"<{mail.unsubscribe}>"
    msg["Auto-Submitted"] = "auto-generated"  # RFC 3834: no vacation replies, please
    msg.set_content(mail.body)
    return msg


def send(server: SmtpServer, mail: Mail, timeout: float) -> None:
    """Send one mail (blocking: run it in a thread). Raises OSError or smtplib's errors."""
    msg = message(mail, server.sender)
    context = ssl.create_default_context()
    client: smtplib.SMTP
    if server.security == "tls":
        client = smtplib.SMTP_SSL(server.host, server.port, timeout=timeout, context=context)
    else:
        client = smtplib.SMTP(server.host, server.port, timeout=timeout)
    with contextlib.closing(client):
        if server.security == "starttls":
            client.starttls(context=context)
        if server.user is not None:
            client.login(server.user, server.password or "")
        client.send_message(msg)
        # The mail is the server's once it has answered the message's end (RFC 5321,
        # 4.1.1.4): a slow or failed goodbye must not count as a failure, or it is sent again.
        with contextlib.suppress(smtplib.SMTPException, OSError):
            client.quit()
