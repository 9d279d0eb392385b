"""A seat learns nothing about decisions that are not its own.

A villager probes every decision id it could guess and every endpoint, over HTTP and its
WebSocket, at every step of the first night (while Cupid, the fortune teller, the werewolves,
the witch... are asked in turn). Two games that differ only in the deal (the seed) must give
it exactly the same responses: same status, same body, same size. Before ids were scoped per
seat, another seat's open decision drew `403 forbidden` and every other id `409 stale`, which
named the night roles one by one."""

from __future__ import annotations

import asyncio
import json
import re
import time
from typing import Any

import httpx

from wolfsbane.core import Game
from wolfsbane.core.catalog import resolve_options
from wolfsbane.core.decision import CLOCK
from wolfsbane.editions import get_edition

from .helpers import Seat, Server, api, auth, start, table

# a night's turn has its slot of the night (core.night.timed_turns): 2 s for each share of
# the first night's 13; nobody's question runs out before its turn's slot does
LONG = {"night": 26.0, "day": 600.0, "decision": 600.0, "grace": 1.0, "bot_delay": 0.0}
PROBER = "P3"
SEATS = [f"P{i}" for i in range(8)]
PROBED_IDS = range(1, 28)  # the first two questions of every seat (ids n * 9 + slot)
SOCKET_IDS = range(10, 19)  # every seat's first question, over the WebSocket


def deal(seed: int) -> dict[str, str]:
    """The roles the server deals for this seed (the engine is deterministic)."""
    edition = get_edition("millers-hollow")
    options = resolve_options(edition.options, None, edition.roles)
    deck = list(edition.recommended_deck(len(SEATS), options))
    game = Game(edition, SEATS, deck=deck, options=options, seed=seed)
    return {p.name: p.role for p in game.players}


def two_deals() -> tuple[int, int]:
    """Two seeds in which the prober is a plain villager and the night roles sit elsewhere."""
    seen: dict[tuple[str, ...], int] = {}
    for seed in range(1, 500):
        roles = deal(seed)
        if roles[PROBER] != "villager":
            continue
        awake = tuple(sorted(n for n, r in roles.items() if r != "villager"))
        if seen and awake not in seen:
            return next(iter(seen.values())), seed
        seen.setdefault(awake, seed)
    raise AssertionError("no two deals found")


def normalise(value: Any, replace: dict[str, str]) -> Any:
    """Take out what differs between any two games whatever the deal: times (floats), the
    game's code and the participants' random ids."""
    if isinstance(value, float):
        return 0.0
    if isinstance(value, str):
        for old, new in replace.items():
            value = value.replace(old, new)
        return value
    if isinstance(value, list):
        return [normalise(v, replace) for v in value]
    if isinstance(value, dict):
        return {normalise(k, replace): normalise(v, replace) for k, v in value.items()}
    return value


def size(text: str) -> int:
    """A response's size, times (which differ in their digits) counted as one character."""
    return len(re.sub(r"\d+\.\d+", "0", text))


def call(client: httpx.Client, method: str, url: str, **kw: Any) -> httpx.Response:
    """One request; a rate-limited one is retried (the limit is the same in every game)."""
    while True:
        response = client.request(method, url, **kw)
        if response.status_code != 429:
            return response
        time.sleep(0.3)


def http_probe(client: httpx.Client, code: str, token: str,
               ids: dict[str, str]) -> list[tuple[str, int, int, Any]]:
    h = auth(token)
    url = f"/api/games/{code}"
    out: list[tuple[str, httpx.Response]] = []
    for i in PROBED_IDS:
        out.append((f"answer {i}", call(client, "POST", url + "/answer", headers=h,
                                        json={"decision": i, "answer": None})))
    for channel in ("village", "werewolves", "dead", "lovers", "nonsense"):
        out.append((f"say {channel}", call(client, "POST", url + "/say", headers=h,
                                           json={"channel": channel, "message": "hello?"})))
    for what, method, path, body in [
        ("info", "GET", "", None), ("me", "GET", "/me", None), ("view", "GET", "/view", None),
        ("view-since", "GET", "/view?since=1", None), ("record", "GET", "/record", None),
        ("reveal", "GET", "/reveal", None), ("rematch", "GET", "/rematch", None),
        ("pause", "POST", "/pause", None), ("resume", "POST", "/resume", None),
        ("extend", "POST", "/extend", {"seconds": 5}),
        ("extend-one", "POST", "/extend", {"seconds": 5, "decision": 12}),
        ("takeover", "POST", "/takeover", {"seat": "P2"}), ("bots", "POST", "/bots",
                                                            {"count": 1}),
        ("start", "POST", "/start", None), ("seat", "POST", "/seat", {"position": 2}),
        ("kick", "DELETE", "/participants/nobody", None),
    ]:
        out.append((what, call(client, method, url + path, headers=h, json=body)))
    qr = call(client, "GET", url + "/qr.svg")
    results = [(what, r.status_code, size(r.text), normalise(r.json(), ids)) for what, r in out]
    results.append(("qr", qr.status_code, 0, None))  # the picture encodes the code itself
    return results


async def socket_probe(seat: Seat, ids: dict[str, str]) -> list[Any]:
    replies: list[Any] = []
    messages: list[dict[str, Any]] = [{"type": "answer", "decision": i, "answer": None}
                                      for i in SOCKET_IDS]
    messages += [{"type": "say", "channel": c, "message": "hi"} for c in ("village",
                                                                         "werewolves")]
    messages += [{"type": "sync", "cursor": 0}, {"type": "sync", "cursor": 1}]
    for number, message in enumerate(messages):
        while True:
            await seat.send({**message, "ref": number})
            reply = await seat.until(lambda m, n=number: m.get("ref") == n
                                     or m.get("type") == "snapshot", timeout=10)
            if reply.get("error") != "rate-limited":
                break
            await asyncio.sleep(1.0)
        text = seat.raw[-1]
        replies.append((size(text), normalise(reply, ids)))
    return replies


def harmless(decision: dict[str, Any]) -> Any:
    """An answer that never names the prober (so that nothing about it changes)."""
    if decision["kind"] == "yesno":
        return False
    if decision["kind"] == "arrange":
        return decision.get("suggestion")
    if decision.get("optional"):
        return None
    others = [c for c in decision["choices"] if c != PROBER]
    return others[0] if decision["max"] == 1 else others[: decision["min"]]


def answer_the_night(client: httpx.Client, code: str, tokens: dict[str, str]) -> int:
    """Every seat but the prober answers what it is asked now; returns how many answered."""
    answered = 0
    for name, token in tokens.items():
        if name == PROBER:
            continue
        seen = client.get(f"/api/games/{code}/view", headers=auth(token)).json()["view"]
        for decision in seen["decisions"]:
            r = client.post(f"/api/games/{code}/answer", headers=auth(token),
                            json={"decision": decision["id"], "answer": harmless(decision)})
            assert r.status_code == 200, r.text
            answered += 1
    return answered


def next_turn(client: httpx.Client, code: str, tokens: dict[str, str]) -> bool:
    """Wait for the next turn of the night that asks a seat (other than the prober)
    something; False once the night is over."""
    deadline = time.time() + 60
    while time.time() < deadline:
        for name, token in tokens.items():
            seen = client.get(f"/api/games/{code}/view", headers=auth(token)).json()["view"]
            if seen["phase"] != "night 1":
                return False
            if name != PROBER and seen["decisions"]:
                return True
        time.sleep(0.1)
    raise AssertionError("the night did not end")


def play_probe(server: Server, seed: int) -> list[Any]:
    code, tokens = table(server, 8, timers=LONG, seed=seed)
    with api(server) as client:
        info = client.get(f"/api/games/{code}").json()
    ids = {code: "CODE"}
    ids.update({s["id"]: f"id-of-{s['name']}" for s in info["seats"]})
    ids[info["host"]["id"]] = "id-of-P0"
    prober = Seat(server, code, tokens[PROBER], PROBER)
    probes: list[Any] = []

    async def night() -> None:
        await prober.connect()
        start(server, code, tokens["P0"])
        await prober.until(lambda m: m.get("type") == "snapshot")
        with api(server) as client:
            for _step in range(12):  # the night's steps, one role (or pack) after another
                probes.append(http_probe(client, code, tokens[PROBER], ids))
                probes.append(await socket_probe(prober, ids))
                answer_the_night(client, code, tokens)
                if not next_turn(client, code, tokens):
                    break
            else:
                raise AssertionError("the night did not settle")
        await prober.close()

    asyncio.run(night())
    return probes


def test_a_villager_probing_every_id_and_endpoint_learns_nothing_of_the_deal(
    server: Server,
) -> None:
    first, second = two_deals()
    roles_one, roles_two = deal(first), deal(second)
    assert roles_one != roles_two and roles_one[PROBER] == roles_two[PROBER] == "villager"
    one = play_probe(server, first)
    two = play_probe(server, second)
    assert len(one) >= 4  # the night had several steps
    for probe_one, probe_two in zip(one, two, strict=True):
        for a, b in zip(probe_one, probe_two, strict=True):
            assert a == b
    # and a probe is answered like any id that is not open: nothing is "forbidden"
    answers = [r for r in one[0] if r[0].startswith("answer")]
    assert {(status, body["error"]) for _what, status, _size, body in answers} == {
        (409, "stale")}


def test_another_seats_open_decision_a_closed_one_and_a_made_up_one_are_refused_alike(
    server: Server,
) -> None:
    code, tokens = table(server, 8, timers=LONG, seed=two_deals()[0])
    start(server, code, tokens["P0"])
    with api(server) as client:
        assert next_turn(client, code, tokens)  # the first turn that asks someone
        asked = [(name, d) for name, token in tokens.items() if name != PROBER
                 for d in client.get(f"/api/games/{code}/view",
                                     headers=auth(token)).json()["view"]["decisions"]]
        other, decision = asked[0]
        h = auth(tokens[PROBER])
        url = f"/api/games/{code}/answer"
        open_other = client.post(url, headers=h, json={"decision": decision["id"],
                                                       "answer": None})
        made_up = client.post(url, headers=h, json={"decision": decision["id"] + 9 * 50,
                                                    "answer": None})
        r = client.post(url, headers=auth(tokens[other]),
                        json={"decision": decision["id"], "answer": harmless(decision)})
        assert r.status_code == 200, r.text
        closed = client.post(url, headers=h, json={"decision": decision["id"], "answer": None})
    bodies = [json.loads(re.sub(rb"decision \d+", b"decision N", r.content))
              for r in (open_other, made_up, closed)]
    assert [r.status_code for r in (open_other, made_up, closed)] == [409, 409, 409]
    assert bodies[0] == bodies[1] == bodies[2] == {
        "error": "stale", "detail": "That question is no longer open.", "message": "not-open",
        "params": {}}
    assert open_other.content == closed.content
    assert dict(open_other.headers).keys() == dict(closed.headers).keys()


def test_a_refused_answer_never_waits_for_other_seats_answers_to_be_stored() -> None:
    """The timing class: while the werewolves' or the fortune teller's answer is being
    committed, a villager's probe is answered at once; it does not queue behind the commit
    (which would tell it that someone has just answered)."""
    from wolfsbane.server.live import DEFAULT_TIMERS, Hub, LiveGame, Op, Participant

    class SlowStore:
        def __init__(self) -> None:
            self.release = asyncio.Event()
            self.saving = False

        async def save(self, *args: Any, **kwargs: Any) -> None:
            self.saving = True
            await self.release.wait()
            self.saving = False

    seed = two_deals()[0]

    edition = get_edition("millers-hollow")

    async def main() -> None:
        store = SlowStore()
        hub = Hub(store)  # type: ignore[arg-type]
        config = {"edition": "millers-hollow", "preset": None, "deck": None,
                  "options": resolve_options(edition.options, None, edition.roles),
                  "timers": {**DEFAULT_TIMERS["online"], **LONG}, "mode": "online",
                  "moderated": False, "storyteller": "auto", "seed": seed}
        live = LiveGame(hub, "g", "CODE", config, {"host": "", "seats": list(SEATS)}, 0.0)
        people = {name: Participant(name, "player", name, name) for name in SEATS}
        for person in people.values():
            live.add_participant(person)
        store.release.set()
        await live.start()
        game = live.game
        assert game is not None
        while not any(d.seat in people for d in game.open.values()):
            # the slots of the night's first turns run out, to one that asks someone
            slot = next(d for d in game.open.values() if d.seat == CLOCK)
            live.clock.deadlines[slot.id] = 0.0
            live.pump.tick()
            while live.pump.pending or (live.pump.task and not live.pump.task.done()):
                await asyncio.sleep(0.01)
        store.release.clear()
        decision = next(d for d in game.open.values() if d.seat in people and d.seat != PROBER)
        answered = live.submit(Op("answer", people[decision.seat], decision=decision.id,
                                  value=harmless(decision.as_dict())))
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert store.saving and not answered.done()  # that answer is being stored
        probes = [live.submit(Op("answer", people[PROBER], decision=i, value=None))
                  for i in (decision.id, decision.id + 9, 999)]
        said = live.submit(Op("say", people[PROBER], channel="werewolves", message="hi"))
        for future in [*probes, said]:
            assert future.done()  # answered on the spot, while the commit still waits
        assert {type(f.exception()).__name__ for f in probes} == {"ServerError"}
        assert {f.exception().status for f in probes} == {409}  # type: ignore[union-attr]
        assert said.exception().status == 422  # type: ignore[union-attr]
        store.release.set()
        assert await answered == {"ok": True}

    asyncio.run(main())
