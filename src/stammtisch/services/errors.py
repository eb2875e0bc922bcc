"""The one error family of the services, with namespaced codes the API maps to 4xx responses."""

from __future__ import annotations

from enum import Enum


class Problem(Enum):
    """What kind of refusal an error is; the web layer maps each to one HTTP status."""

    INVALID = "invalid"
    UNAUTHENTICATED = "unauthenticated"
    FORBIDDEN = "forbidden"
    NOT_FOUND = "not_found"
    CONFLICT = "conflict"
    LIMIT = "limit"


class ServiceError(Exception):
    """A refused request; nothing was changed. `code` is namespaced, e.g. `game.stale`."""

    def __init__(
        self,
        code: str,
        message: str,
        problem: Problem = Problem.INVALID,
        retry_after: int | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.problem = problem
        self.retry_after = retry_after
        """Seconds after which the same request may succeed (for limits), if known."""


def not_found(code: str, message: str) -> ServiceError:
    """An error for something that does not exist (or that the member may not see)."""
    return ServiceError(code, message, Problem.NOT_FOUND)


def conflict(code: str, message: str) -> ServiceError:
    """An error for a request that collides with the current state."""
    return ServiceError(code, message, Problem.CONFLICT)


def forbidden(code: str, message: str) -> ServiceError:
    """An error for a request the member is not allowed to make."""
    return ServiceError(code, message, Problem.FORBIDDEN)
