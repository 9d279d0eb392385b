"""In a game played in the dark the app's clocks are the table's (the narrator device shows
them, every phone too): each participant's clock carries the running countdowns by name, the
Know phase's, then the night's. Other editions' clocks pace turns that must not show, and are
never sent."""

from __future__ import annotations

import asyncio
import time

from .helpers import Seat, Server, create, join, start

TIMERS = {"night": 5.0, "day": 30.0, "decision": 5.0, "grace": 0.5, "bot_delay": 0.0,
          "talk": 0.0, "vote": 1.0, "scale": 0.1}


def test_a_game_played_in_the_dark_shows_its_countdowns_to_everyone(server: Server) -> None:
    made = create(server, "Hall", **{"as": "spectator"}, edition="in-the-dark", mode="table",
                  timers=TIMERS, options={"night-seconds": 60, "ghost-wait-seconds": 0})
    code = made["code"]
    tokens = {name: join(server, code, name)["token"]
              for name in ("Ann", "Bea", "Cyd", "Dee", "Eli", "Fay")}
    start(server, code, made["token"])

    async def main() -> None:
        table = Seat(server, code, made["token"], "table")
        phone = Seat(server, code, tokens["Ann"], "Ann")
        for seat in (table, phone):
            first = await seat.connect()
            assert first["type"] == "snapshot"
            assert first["view"]["phase"] == "know"
            know = first["clock"]["countdowns"]["know"]
            # the Know phase's clock: at least ten seconds of the edition's, scaled
            assert time.time() < know <= time.time() + 60 * TIMERS["scale"] + 1
        # the night begins: its countdown (60 s, scaled) replaces the Know phase's
        night = await table.until(lambda m: m.get("view", {}).get("phase") == "night 1")
        countdowns = night["clock"]["countdowns"]
        assert set(countdowns) == {"night"}
        assert abs(countdowns["night"] - (time.time() + 60 * TIMERS["scale"])) < 1.5
        await phone.until(lambda m: m.get("view", {}).get("phase") == "night 1")
        assert phone.clock["countdowns"] == countdowns
        await table.close()
        await phone.close()

    asyncio.run(main())


def test_other_editions_send_no_countdowns(server: Server) -> None:
    made = create(server, "Hall", **{"as": "spectator"}, mode="table", timers=TIMERS,
                  options={"sheriff": False})
    code = made["code"]
    tokens = {name: join(server, code, name)["token"]
              for name in ("Ann", "Bea", "Cyd", "Dee", "Eli", "Fay")}
    start(server, code, made["token"])

    async def main() -> None:
        for token in (made["token"], tokens["Ann"]):
            seat = Seat(server, code, token)
            first = await seat.connect()
            assert first["type"] == "snapshot"
            assert "countdowns" not in first["clock"]
            await seat.close()

    asyncio.run(main())
