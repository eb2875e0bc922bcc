"""The SMTP server is down for an hour of the shared moved clock while two processes sweep the
outbox: the e-mails wait, and once it is back each one goes out exactly once."""

from __future__ import annotations

import time
from collections import Counter
from datetime import timedelta

from tests.distributed.conftest import Deployment
from tests.distributed.play import count
from tests.mailserver import Inbox, free_port, smtp_server
from tests.servers import ran_again, wait_until

PENDING = "SELECT count(*) FROM notifications WHERE email_status = 'pending'"
SENT = "SELECT count(*) FROM notifications WHERE email_status = 'sent'"
ATTEMPTS = "SELECT max(email_attempts) FROM notifications WHERE email_status <> 'none'"


def test_emails_wait_out_an_hour_of_smtp_outage_and_go_out_once(deployment: Deployment) -> None:
    """Nine challenge e-mails, two sweeping processes, SMTP down for an hour, then back."""
    port = free_port()
    mail = {"smtp_host": "127.0.0.1", "smtp_port": str(port)}
    one, two = deployment.start("one", "two", **mail)
    members = deployment.sign_up_all(
        [
            ((one, two)[i % 2], f"reader{i}", {"email": f"reader{i}@example.org",
                                               "email_notifications": True})
            for i in range(3)
        ]
        + [((two, one)[i % 2], f"sender{i}", {}) for i in range(3)]
    )  # fmt: skip
    wanting, senders = members[:3], members[3:]
    for i, sender in enumerate(senders):
        with sender.client((two, one)[i % 2]) as client:
            for reader in wanting:
                sent = client.post(
                    "/api/challenges", json={"nickname": reader.nickname, "game": "klubnacht"}
                )
                assert sent.status_code == 201, sent.text
    url = deployment.database_url
    assert count(url, PENDING) == 9

    for _ in range(6):  # an hour of outage in steps of 10 minutes, swept by both processes
        deployment.clock.advance(timedelta(minutes=10))
        ran_again([one, two], 2, "e-mail delivery")
    assert count(url, PENDING) == 9
    tried = count(url, ATTEMPTS)
    assert tried >= 5, "the outbox kept trying while the server was down"

    inbox = Inbox()
    with smtp_server(inbox, port):
        back = time.monotonic()
        deployment.clock.advance(timedelta(hours=2))  # past the longest pause between tries
        wait_until(lambda: count(url, SENT) == 9, "every e-mail sent")
        delivered = time.monotonic() - back
        ran_again([one, two], 5, "e-mail delivery")
    sent_twice = [
        key for key, n in Counter((m["To"], m["Subject"]) for m in inbox.messages).items() if n > 1
    ]
    assert len(inbox.messages) == 9
    assert not sent_twice
    assert {m["To"] for m in inbox.messages} == {r.nickname + "@example.org" for r in wanting}
    print(
        f"SMTP outage: 9 e-mails, up to {tried} attempts each during the hour, all sent "
        f"{delivered:.2f} s after the server was back, {len(inbox.messages)} received"
    )
