"""Errors of the rules core.

Like python-chess, malformed input and input that is well-formed but impossible are told apart. Rule
violations inside a well-formed record are *not* errors: they come back as :class:`Problem` values.
"""

from __future__ import annotations

from typing import Callable

from scorekeeper.rules.phrases import Phrase


class ScorekeeperError(ValueError):
    """Base class: every error the rules core raises is a ``ValueError``."""

    #: The reason as a phrase (phrases.py) when a player can meet this error on a form, so a front can say it
    #: in the page's language; None when it is said in English only (malformed JSON, unknown variants).
    says: Phrase | None = None


def _english(message: str | Phrase) -> tuple[str, Phrase | None]:
    return (message.render(), message) if isinstance(message, Phrase) else (message, None)


class NotationError(ScorekeeperError):
    """A card token that cannot be read; the message names the token and its position."""

    def __init__(self, message: str | Phrase, *, token: str, position: int, text: str) -> None:
        message, self.says = _english(message)
        super().__init__(message)
        self.token = token
        self.position = position
        self.text = text


class RecordError(ScorekeeperError):
    """A hand record (or option) that cannot be read; ``field`` is a path such as ``sides[1].hand``.

    ``errors`` are every unreadable card field of a record (record.py reads them all before it gives up, so a
    form can show each typo at its field at once); the error itself stands for the first. ``help`` is a phrase
    said once after them (how cards are written)."""

    def __init__(self, message: str | Phrase, *, field: str = "", errors: tuple["RecordError", ...] = (),
                 help: Phrase | None = None) -> None:
        message, self.says = _english(message)
        self.field = field
        self.reason = message
        self.errors = tuple(errors)
        self.help = help
        text = "; ".join(str(e) for e in self.errors) or (f"{field}: {message}" if field else message)
        super().__init__(f"{text} ({help.render()})" if help else text)

    @property
    def every(self) -> tuple["RecordError", ...]:
        """Each unreadable part this error stands for (itself when it is one)."""
        return self.errors or (self,)

    def moved(self, where: Callable[[str], str]) -> "RecordError":
        """The same error with each field path rewritten by ``where`` (a hand's place in a match added or cut)."""
        return RecordError(self.says or self.reason, field=where(self.field), help=self.help,
                           errors=tuple(e.moved(where) for e in self.errors))


class VariantError(ScorekeeperError):
    """A variant table under ``rules_ref/`` that does not validate, or an unknown variant or option."""
