"""Reading what the server runs: its health and its editions."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from ...editions import EDITIONS
from ..protocol import EditionInfo, Health
from .shared import HubDep

router = APIRouter()


def edition_list() -> list[dict[str, Any]]:
    out = []
    for edition in EDITIONS.values():
        out.append({
            "id": edition.id,
            "name": edition.name,
            "summary": edition.summary,
            "players": [edition.min_players, edition.max_players],
            "presets": list(edition.presets),
            "preset_words": dict(edition.preset_words),
            "phase_kinds": dict(edition.phase_kinds),
            "storyteller_run": edition.storyteller_run,
            "deck_words": edition.deck_words,
            "roles": [role.as_dict() for role in edition.roles.values()],
            "options": {k: o.schema(edition.roles) for k, o in edition.options.items()},
            "channels": [c.name for c in edition.channels],
            "night_order": {kind: [turn.as_dict() for turn in turns]
                            for kind, turns in edition.night_order.items()},
            "bot_names": list(edition.bot_names),
            # the browser's dark phone and narrator device instead of its seat and board
            "played_in_the_dark": edition.played_in_the_dark,
            # the words the web client says everything in (the terminal uses the same)
            "messages": edition.messages(),
        })
        compositions = edition.compositions()
        if compositions:
            out[-1]["compositions"] = compositions
    return out


@router.get("/api/health", response_model=Health, response_model_exclude_unset=True)
async def health(hub: HubDep) -> dict[str, Any]:
    """Liveness, the games in memory, and how fast answers are stored and told."""
    return {"ok": True, "games": len(hub.games), "answers": hub.metrics.summary()}


@router.get("/api/editions", response_model=list[EditionInfo], response_model_exclude_unset=True)
async def editions() -> list[dict[str, Any]]:
    """Every edition this server runs: roles, presets, options, channels."""
    return edition_list()
