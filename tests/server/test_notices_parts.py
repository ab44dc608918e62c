"""The notices' parts on their own: SMTP URLs (the password never shown), the mail's headers,
and the memory that spares a battle's back-and-forth a statement per decision."""

from __future__ import annotations

import pytest

from titan.server import outbox
from titan.server.config import ConfigError
from titan.server.mailer import Mail, message, parse_smtp_url


def test_smtp_urls() -> None:
    plain = parse_smtp_url("smtp://mail.example.org", "https://titan.example.org")
    assert (plain.host, plain.port, plain.security, plain.user) == (
        "mail.example.org",
        25,
        "plain",
        None,
    )
    assert plain.sender == "titan@titan.example.org"
    tls = parse_smtp_url("smtps://ann%40x:s3cr%2Ft@mail.example.org", "http://h")
    assert (tls.port, tls.security, tls.user, tls.password) == (465, "tls", "ann@x", "s3cr/t")
    upgraded = parse_smtp_url("smtp://u:p@m:2525?starttls&from=game@x.org", "http://h")
    assert (upgraded.port, upgraded.security, upgraded.sender) == (2525, "starttls", "game@x.org")
    for shown in (repr(tls), tls.shown(), str(tls)):
        assert "s3cr" not in shown
    for bad in ("http://mail.example.org", "smtp://", "smtp://u:hunter2@h:notaport"):
        with pytest.raises(ConfigError) as refused:
            parse_smtp_url(bad, "http://h")
        assert "hunter2" not in str(refused.value)


def test_the_mail_has_its_unsubscribe_header_and_no_vacation_replies() -> None:
    link = "https://t.example.org/unsubscribe#abc"
    msg = message(Mail("bob@example.org", "Titan: your turn", "body", link), "titan@t.example.org")
    assert msg["List-Unsubscribe"] == f"<{link}>"
    assert msg["Auto-Submitted"] == "auto-generated"
    assert msg["To"] == "bob@example.org" and "titan@t.example.org" in msg["From"]


def test_a_turn_notice_is_written_once_per_seat_and_turn() -> None:
    told = outbox.Told(size=2)
    first = outbox.Due("g1", 1, 3, False)
    assert told.fresh(first)
    told.remember(first)
    assert not told.fresh(outbox.Due("g1", 1, 3, False))  # the battle's next switch back
    assert told.fresh(outbox.Due("g1", 0, 3, False))
    assert told.fresh(outbox.Due("g1", 1, 4, False))  # the next turn
    assert told.fresh(outbox.Due("g1", None, 4, True))  # the end, always
    told.remember(outbox.Due("g2", 0, 1, False))
    told.remember(outbox.Due("g3", 0, 1, False))  # g1 is forgotten (size 2): one more try
    assert told.fresh(first)


def test_what_an_action_calls_for() -> None:
    assert outbox.after_action("g", 0, 0, 1, False) is None  # the same seat decides again
    assert outbox.after_action("g", 0, 1, 2, False) == outbox.Due("g", 1, 2, False)
    assert outbox.after_action("g", 0, -1, 2, True) == outbox.Due("g", None, 2, True)
