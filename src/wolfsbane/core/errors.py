"""The one exception type a caller sees for anything the rules forbid."""


class IllegalAnswer(Exception):
    """An answer, message or request the rules do not allow. The game is left unchanged."""


class SetupError(ValueError):
    """A game cannot be created as asked (unknown role, bad option, wrong player count...)."""
