"""Every model of the platform core, imported together so the metadata is complete."""

from stammtisch.store.base import Base
from stammtisch.store.deadlines import DeadlineRow
from stammtisch.store.games import ActionRow, GameRow, SeatRow
from stammtisch.store.help import HelpMarkRow
from stammtisch.store.lobby import ChallengeRow, SeekMemberRow, SeekRow
from stammtisch.store.members import (
    LoginAttempt,
    LoginSession,
    Member,
    PasswordReset,
    ResetRequest,
)
from stammtisch.store.notifications import AccountEmailRow, NotificationRow
from stammtisch.store.presence import PresenceRow
from stammtisch.store.progress import AlbumCardRow, CardBackRow, XpAwardRow
from stammtisch.store.ratings import RatingChangeRow, RatingRow

__all__ = [
    "AccountEmailRow",
    "ActionRow",
    "AlbumCardRow",
    "Base",
    "CardBackRow",
    "ChallengeRow",
    "DeadlineRow",
    "GameRow",
    "HelpMarkRow",
    "LoginAttempt",
    "LoginSession",
    "Member",
    "NotificationRow",
    "PasswordReset",
    "PresenceRow",
    "RatingChangeRow",
    "RatingRow",
    "ResetRequest",
    "SeatRow",
    "SeekMemberRow",
    "SeekRow",
    "XpAwardRow",
]
