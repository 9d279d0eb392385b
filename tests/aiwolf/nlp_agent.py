"""An AIWolf NLP agent for the tests, built on aiwolf-nlp-common: its Client (the WebSocket)
and its packet models (Packet, Info, Setting, Talk...), as contest agents are. It plays at
random among the living, talks a little in the protocol language, and keeps every packet."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from aiwolf_nlp_common.client import Client
from aiwolf_nlp_common.packet import Info, Packet, Request, Setting, Talk


@dataclass
class NlpAgent:
    url: str
    name: str
    seed: int = 0
    # "random"; "silent": never answers a request; "slow": its first 4 answers 0.5 s late
    mode: str = "random"
    packets: list[Packet] = field(default_factory=list)
    talk: list[Talk] = field(default_factory=list)
    whisper: list[Talk] = field(default_factory=list)
    info: Info | None = None
    setting: Setting | None = None
    error: BaseException | None = None
    late: int = 0

    def run(self) -> None:
        rng = random.Random(self.seed)
        client = Client(self.url, None)
        client.connect()
        try:
            while True:
                try:
                    packet = client.receive()
                except Exception:  # noqa: BLE001 - the server closed the connection
                    return
                self.packets.append(packet)
                if packet.info is not None:
                    self.info = packet.info
                if packet.setting is not None:
                    self.setting = packet.setting
                self.talk += packet.talk_history or []
                self.whisper += packet.whisper_history or []
                answer = self.answer(packet, rng)
                if answer is not None and (self.mode != "silent" or packet.request == Request.NAME):
                    if self.mode == "slow" and packet.request != Request.NAME and self.late < 4:
                        self.late += 1
                        time.sleep(0.5)
                    try:
                        client.send(answer)
                    except Exception:  # noqa: BLE001 - the server closed: our bot has the seat
                        return
                if packet.request == Request.FINISH:
                    return
        except BaseException as error:  # noqa: BLE001 - the test reads it
            self.error = error
        finally:
            client.close()

    def answer(self, packet: Packet, rng: random.Random) -> str | None:
        request = packet.request
        if request == Request.NAME:
            return self.name
        info = packet.info
        if info is None:
            return None
        others = [a for a, s in info.status_map.items() if s.value == "ALIVE" and a != info.agent]
        if request in (Request.TALK, Request.WHISPER):
            if info.remain_count is not None and info.remain_count <= 0:
                return "Over"
            pick = rng.choice(others) if others else info.agent
            return rng.choice([
                "Skip", "Over", f"VOTE {pick}", f"ESTIMATE {pick} WEREWOLF",
                f"COMINGOUT {info.agent} {info.role_map[info.agent].value}",
                f"I think {pick} is hiding something, don't you?",
            ])
        if request in (Request.VOTE, Request.DIVINE, Request.GUARD, Request.ATTACK):
            wolves = {a for a, r in info.role_map.items() if r.value == "WEREWOLF"}
            if request == Request.ATTACK:
                others = [a for a in others if a not in wolves] or others
            return rng.choice(others) if others else info.agent
        return None
