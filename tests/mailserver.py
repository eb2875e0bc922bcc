"""A real local SMTP server (aiosmtpd) that keeps what it receives, for e-mail tests."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes, policy
from email.message import EmailMessage, Message
from typing import cast

from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Sink
from aiosmtpd.smtp import SMTP, Envelope, Session


class Inbox(Sink):
    """Keeps every message the SMTP server receives."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:  # noqa: N802
        self.messages.append(message_from_bytes(envelope.content or b"", policy=policy.default))
        return "250 OK"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def smtp_server(inbox: Inbox, port: int | None = None) -> Iterator[int]:
    """Run an SMTP server for `inbox` on a free (or the given) port; yields the port."""
    port = port or free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield port
    finally:
        controller.stop()


def text_of(message: Message) -> str:
    """The decoded text of a plain e-mail, with plain line ends."""
    return str(cast(EmailMessage, message).get_content()).replace("\r\n", "\n")
