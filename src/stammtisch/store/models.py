"""Every model of the platform core, imported together so the metadata is complete."""

from stammtisch.store.base import Base
from stammtisch.store.deadlines import DeadlineRow
from stammtisch.store.games import ActionRow, GameRow, SeatRow
from stammtisch.store.lobby import ChallengeRow, SeekMemberRow, SeekRow
from stammtisch.store.members import LoginAttempt, LoginSession, Member
from stammtisch.store.notifications import NotificationRow
from stammtisch.store.presence import PresenceRow

__all__ = [
    "ActionRow",
    "Base",
    "ChallengeRow",
    "DeadlineRow",
    "GameRow",
    "LoginAttempt",
    "LoginSession",
    "Member",
    "NotificationRow",
    "PresenceRow",
    "SeatRow",
    "SeekMemberRow",
    "SeekRow",
]
