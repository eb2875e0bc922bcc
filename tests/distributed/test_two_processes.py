"""Two real `stammtisch serve` processes on one PostgreSQL database and one Redis: members who
sit on different processes play, see each other's moves live, get their notifications, are
known to be watching, and every reminder, timeout and expiry happens exactly once."""

from __future__ import annotations

import json
from datetime import timedelta

from tests.distributed.conftest import Deployment, receive_until
from tests.distributed.play import count, move, new_game, stored_steps, to_act
from tests.servers import ran_again, wait_until

NOTICES = "SELECT count(*) FROM notifications WHERE member_id = :m AND kind = :k"


def test_members_on_two_processes_play_klubnacht_live(deployment: Deployment) -> None:
    """Moves, websocket updates, notifications and presence cross the two processes."""
    one, two = deployment.start("one", "two")
    anna, bert = deployment.sign_up(one, "anna"), deployment.sign_up(two, "bert")
    anna_http, bert_http = anna.client(one), bert.client(two)
    with bert.socket(two) as bert_live:
        game_id = new_game(anna_http, bert_http, "bert", "klubnacht")
        assert receive_until(bert_live, "notifications")["unread"] >= 1
        with anna.socket(one) as anna_live:
            for socket in (anna_live, bert_live):
                socket.send(json.dumps({"type": "watch", "game_id": game_id}))
            sockets = {"anna": anna_live, "bert": bert_live}
            seen = {name: [receive_until(s, "game")["seq"]] for name, s in sockets.items()}
            turn_notices = count(deployment.database_url, NOTICES, m=bert.id, k="your_turn")
            acknowledged = []
            for _ in range(8):
                acknowledged.append(move([anna_http, bert_http], game_id)["seq"])
                for name, socket in sockets.items():
                    update = receive_until(socket, "game")
                    assert update["resync"] is False
                    seen[name].append(update["seq"])
            assert seen["anna"] == seen["bert"] == [0, *acknowledged]
            assert acknowledged == list(range(1, 9))
            assert count(deployment.database_url, NOTICES, m=bert.id, k="your_turn") == (
                turn_notices
            ), "bert watches the game on process two: no your-turn notice while he does"
    wait_until(
        lambda: count(deployment.database_url, "SELECT count(*) FROM presence") == 0,
        "presence cleared after the sockets closed",
    )
    while to_act([anna_http, bert_http], game_id)[1]["to_act"] != [1]:
        move([anna_http, bert_http], game_id)
    while to_act([anna_http, bert_http], game_id)[1]["to_act"] != [0]:
        move([anna_http, bert_http], game_id)  # bert's turn ends: anna is to act
    before = count(deployment.database_url, NOTICES, m=bert.id, k="your_turn")
    while to_act([anna_http, bert_http], game_id)[1]["to_act"] == [0]:
        move([anna_http, bert_http], game_id)  # until anna's turn passes to bert
    assert count(deployment.database_url, NOTICES, m=bert.id, k="your_turn") == before + 1
    assert stored_steps(deployment.database_url, game_id) == list(
        range(1, len(stored_steps(deployment.database_url, game_id)) + 1)
    )
    assert (
        anna.client(two).get(f"/api/games/{game_id}").json()["seq"]
        == (bert.client(one).get(f"/api/games/{game_id}").json()["seq"])
    )


def test_each_reminder_timeout_and_expiry_happens_once(deployment: Deployment) -> None:
    """Both processes sweep the same deadlines on one moved clock: each fires once."""
    one, two = deployment.start("one", "two")
    members = deployment.sign_up_all([((one, two)[i % 2], f"member{i}", {}) for i in range(8)])
    games = []
    for i in range(0, 8, 2):
        host, guest = members[i], members[i + 1]
        seats = [host.client(one), guest.client(two)]
        game_id = new_game(seats[0], seats[1], guest.nickname, "klubnacht")
        move(seats, game_id)
        games.append((game_id, seats))
    open_challenges = [
        members[i]
        .client(two)
        .post(
            "/api/challenges", json={"nickname": members[(i + 3) % 8].nickname, "game": "klubnacht"}
        )
        for i in range(4)
    ]
    assert all(sent.status_code == 201 for sent in open_challenges)
    url = deployment.database_url
    waiting = {
        game_id: seats[0].get(f"/api/games/{game_id}").json()["to_act"][0]
        for game_id, seats in games
    }

    deployment.clock.advance(timedelta(hours=13))
    reminders = "SELECT count(*) FROM notifications WHERE kind = 'reminder'"
    wait_until(lambda: count(url, reminders) == len(games), "one reminder per waiting seat")
    ran_again([one, two], 5)
    assert count(url, reminders) == len(games)

    deployment.clock.advance(timedelta(hours=12))
    finished = "SELECT count(*) FROM games WHERE status = 'finished' AND ended_by = 'timeout'"
    wait_until(lambda: count(url, finished) == len(games), "every game timed out")
    ran_again([one, two], 5)
    assert count(url, "SELECT count(*) FROM actions WHERE kind = 'timeout'") == len(games)
    for game_id, seats in games:
        view = seats[0].get(f"/api/games/{game_id}").json()
        assert view["ended_seat"] == waiting[game_id]
        assert stored_steps(url, game_id) == [1, 2]

    deployment.clock.advance(timedelta(hours=48))
    expired = "SELECT count(*) FROM challenges WHERE status = 'expired'"
    wait_until(lambda: count(url, expired) == len(open_challenges), "every challenge expired")
    ran_again([one, two], 5)
    notices = "SELECT count(*) FROM notifications WHERE kind = 'challenge_expired'"
    assert count(url, notices) == 2 * len(open_challenges), "challenger and challenged, once"
    assert count(url, reminders) == len(games)


def test_a_challengers_game_crosses_the_processes(deployment: Deployment) -> None:
    """A Challengers! table with its two members on different processes: each step one of them
    plays reaches the other's socket on the other process."""
    one, two = deployment.start("one", "two")
    anna, bert = deployment.sign_up(one, "anna"), deployment.sign_up(two, "bert")
    seats = [anna.client(one), bert.client(two)]
    game_id = new_game(seats[0], seats[1], "bert", "challengers", {"players": 2})
    with bert.socket(two) as bert_live:
        bert_live.send(json.dumps({"type": "watch", "game_id": game_id}))
        seen = [receive_until(bert_live, "game")["seq"]]
        for _ in range(6):
            seq = move(seats, game_id)["seq"]
            while seen[-1] < seq:
                seen.append(receive_until(bert_live, "game")["seq"])
    assert seen == list(range(seen[0], seen[-1] + 1))
    assert stored_steps(deployment.database_url, game_id) == list(range(1, seen[-1] + 1))
