"""The rulesets wolfsbane offers, by id."""

from __future__ import annotations

from ..core.edition import Edition
from ..core.errors import SetupError
from .clocktower import Clocktower
from .in_the_dark import InTheDark
from .licos import Licos
from .millers_hollow import MillersHollow
from .wherewolf import Wherewolf

EDITIONS: dict[str, Edition] = {
    edition.id: edition for edition in (MillersHollow(), Licos(), Wherewolf(), InTheDark(),
                                          Clocktower())
}

# What a game is played under when no edition is named (the command line, the API).
DEFAULT_EDITION = EDITIONS["millers-hollow"].id

# Editions the project will offer; a scenario for one of these is skipped, not failed.
PLANNED: dict[str, str] = {}


def get_edition(edition_id: str) -> Edition:
    try:
        return EDITIONS[edition_id]
    except KeyError:
        offered = ", ".join(sorted(EDITIONS))
        if edition_id in PLANNED:
            raise SetupError(
                f"{PLANNED[edition_id]} ({edition_id}) is not available yet; "
                f"available: {offered}"
            ) from None
        raise SetupError(f"unknown edition '{edition_id}'; available: {offered}") from None
