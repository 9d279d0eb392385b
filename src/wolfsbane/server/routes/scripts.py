"""Clocktower script files in the browser: the script's sheet (characters, night order,
jinxes) and the check of an imported script file (what wolfsbane can run of it)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import Field

from ...editions.clocktower.scriptfile import ScriptFileError, our_script, parse_script, report
from ..live import ServerError
from ..models import Strict
from ..protocol import ScriptReport

router = APIRouter()

MAX_SCRIPT_TEXT = 60_000  # characters: a script file of the whole base game is under 10 000


class ScriptText(Strict):
    text: str = Field(max_length=MAX_SCRIPT_TEXT,
                      description="The script file's text (the publisher's JSON format).")


@router.get("/api/scripts/clocktower", response_model=ScriptReport,
            response_model_exclude_unset=True)
async def our_sheet() -> dict[str, Any]:
    """wolfsbane's own script: every character, the two night orders and the jinxes."""
    return report(our_script())


@router.post("/api/scripts/check", response_model=ScriptReport,
             response_model_exclude_unset=True)
async def check_script(body: ScriptText) -> dict[str, Any]:
    """What wolfsbane can run of a script file: the characters with rules, those it cannot
    run (not implemented, unknown, homebrew), its jinxes, rules and the game options it sets.
    A game is rules-checked only when `fully_supported`."""
    try:
        script = parse_script(body.text)
    except ScriptFileError as error:
        raise ServerError(422, "script", str(error)) from None
    return report(script)
