"""Plain words everywhere: every event, answer, talk and error of every edition, rendered from
the edition's message catalogue by the terminal (Python) and by the web client (text.js under
node), reads as a sentence: no engine key, no Python repr, no unfilled placeholder, and the two
renderers say exactly the same thing."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text

from wolfsbane.agents import bot_for, random_answer
from wolfsbane.agents.base import play_out
from wolfsbane.core import Game, IllegalAnswer, SetupError
from wolfsbane.core.decision import YES_NO
from wolfsbane.core.edition import Edition
from wolfsbane.core.view import view
from wolfsbane.editions import EDITIONS
from wolfsbane.messages import PLACEHOLDER, Words, catalogue
from wolfsbane.terminal.play import seat_names
from wolfsbane.terminal.render import Renderer

WEB_TEXT = Path(__file__).resolve().parents[1] / "src" / "wolfsbane" / "web" / "js" / "text.js"
NODE = shutil.which("node")

# What a person must never read.
KEBAB = re.compile(r"\b[a-z]+(?:-[a-z]+)+\b")
REPRS = ("['", "{'", "None", "True", "False", "undefined", "null", "NaN", "[object", "about:",
         "{", "}")
BAD_GRAMMAR = re.compile(r"\b[Yy]ou (is|has|was|wears|receives|learns|sees|falls|abstains|"
                         r"votes|accuses|names|hands|answers|holds)\b|\bTold to you\b")
GAMES_PER_EDITION = 150
RESULT_WORDS = ("type", "during", "mystic", "werewolf", "aura", "team")


def problems(text: str) -> list[str]:
    found = [f"repr or raw text {bad!r}" for bad in REPRS if bad in text]
    found += [f"engine key {key!r}" for key in KEBAB.findall(text)]
    found += [f"grammar {m.group(0)!r}" for m in BAD_GRAMMAR.finditer(text)]
    if not text.strip():
        found.append("an empty sentence")
    return found


# -- collecting what can be said ---------------------------------------------------------------

def _decks(edition: Edition, rng: random.Random) -> Iterator[tuple[list[str], dict[str, Any]]]:
    """Decks and options for many different games of an edition."""
    cards = [r.id for r in edition.roles.values() if r.traits.get("dealt") is not False]
    for number in range(GAMES_PER_EDITION):
        players = rng.randint(edition.min_players, min(edition.max_players, 16))
        options: dict[str, Any] = {}
        if number % 3 == 0:
            deck = list(edition.recommended_deck(players, {}))
        elif edition.id == "licos":
            size = rng.randint(4, 15)
            deck = list(edition.preset(f"{size}{rng.choice('ABC')}", size))  # type: ignore[attr-defined]
        elif edition.id == "millers-hollow":
            deck = list(edition.preset("classic", players))  # type: ignore[attr-defined]
        elif edition.id == "clocktower":  # the storyteller fills the bag; Fabled and Loric vary
            deck = list(edition.recommended_deck(players, {}))
            options = {"fabled": rng.choice([[], ["djinn"], ["djinn", "hells-librarian"]]),
                       "loric": rng.choice([[], ["bootlegger"], ["gardener"]]),
                       "bootlegger-rules": ["Nobody may whisper"]}
        elif edition.id == "in-the-dark":
            deck = list(edition.preset(rng.choice(edition.presets), players))
            options = {"mystery-roles": rng.random() < 0.5,
                       "show-know-on-phones": rng.random() < 0.7,
                       "app-checks-end": rng.random() < 0.7,
                       "monsters-win": rng.choice(["no-longer-a-minority", "majority"])}
            if number % 3 == 1:  # a group's own villain, dealt in place of a villager
                options["cards"] = [{"name": "Bandit", "faction": "villains",
                                     "dagger": "dotted", "dusk": "inspect"}]
                deck[deck.index("villager")] = "bandit"
        elif edition.id == "clocktower":
            # the automatic storyteller draws a bag of its own for the table
            deck = list(edition.recommended_deck(players, {}))
            options = {"fabled": rng.choice([["djinn"], ["djinn", "hells-librarian"]]),
                       "loric": rng.choice([[], ["bootlegger"], ["gardener"]]),
                       "bootlegger-rules": ["Nobody may say their character on the first day."]}
        else:
            wolves = ["pack-leader"] + rng.sample([c for c in cards if c != "pack-leader"],
                                                  players - 1)
            deck = wolves
            variants: dict[str, list[str]] = {}
            for role_id in deck:
                known = list(edition.roles[role_id].traits.get("variants", ()))
                if known and rng.random() < 0.6:
                    variants[role_id] = [rng.choice(known)]
            options = {"variants": variants, "amulet": rng.random() < 0.5,
                       "sword": rng.random() < 0.5, "role-reveal": rng.random() < 0.5,
                       "open-voting": rng.random() < 0.3}
        if edition.id == "millers-hollow":
            options = {"sheriff": rng.random() < 0.7}
        yield deck, options


def _shape(event: dict[str, Any]) -> str:
    """What makes two events read differently (kinds, fields, and the small values)."""
    parts = [str(event.get("kind")), str(event.get("about"))]
    for key in sorted(event):
        value = event[key]
        if key in ("index", "phase", "phase_name"):
            continue
        small = value if isinstance(value, (bool, int)) or value is None or value == [] else ""
        parts.append(f"{key}={small}")
    if event.get("kind") in ("Said", "Overheard") and isinstance(event.get("message"), dict):
        parts.append(json.dumps({k: v if isinstance(v, bool) or k in RESULT_WORDS else ""
                                 for k, v in event["message"].items()}, sort_keys=True))
        parts.append(str(event.get("during")))
    return "|".join(parts)


def _illegal(game: Game) -> Iterator[IllegalAnswer]:
    """Answers and messages the rules refuse, tried on an open question of the game (the
    answers most likely to be accepted come last: an accepted one ends the tries)."""
    decision = next(iter(game.open.values()), None)
    if decision is not None:
        first = decision.choices[0] if decision.choices else "x"
        tries: list[Any] = ["Nobody At All", 42, {"a": 1}, [[1]], [first, first], "maybe",
                            *(decision.forbidden or {})]
        if decision.max > 1:
            tries.append([first])
        if not decision.optional:
            tries.append(None)
        for wrong, seat in ((10_000, decision.seat), (decision.id, "nobody here")):
            try:
                game.answer(wrong, first, seat=seat)
            except IllegalAnswer as error:
                yield error
        try:
            game.answer_for(decision.seat, "no-such-question", first)
        except IllegalAnswer as error:
            yield error
        for value in tries:
            try:
                game.answer(decision.id, value, seat=decision.seat)
            except IllegalAnswer as error:
                yield error
            else:
                return  # accepted: the game moved on
    open_channels = [c for c in game.edition.channels if c.is_open(game)]
    for channel in open_channels[:1]:
        members = list(channel.members(game))
        outsiders = [p.name for p in game.players if p.name not in members]
        speaker = members[0]
        tries_say: list[tuple[str, str, Any]] = [
            (speaker, "nowhere", "hi"), (speaker, channel.name, {"type": "shout"}),
            (speaker, channel.name, 12), (speaker, channel.name, {"type": "text", "text": " "}),
            (speaker, channel.name, "x" * 5000),
            (speaker, channel.name, {"type": "accuse", "player": "Nobody"}),
            (speaker, channel.name, {"type": "claim", "role": "dragon"}),
            (speaker, channel.name, {"type": "result", "player": speaker}),
            (speaker, channel.name, {"type": "result", "player": speaker, "aura": [1]})]
        if outsiders:
            tries_say.append((outsiders[0], channel.name, "hello"))
        for seat, name, message in tries_say:
            try:
                game.say(seat, name, message)
            except IllegalAnswer as error:
                yield error
    closed = [c for c in game.edition.channels if not c.is_open(game)]
    for channel in closed[:1]:
        members = list(channel.members(game))
        if members:
            try:
                game.say(members[0], channel.name, "hello")
            except IllegalAnswer as error:
                yield error


@cache
def collected(edition_id: str) -> dict[str, Any]:
    """Every event shape, answer, talk message and refusal seen in many seeded games."""
    edition = EDITIONS[edition_id]
    rng = random.Random(f"words/{edition_id}")
    events: dict[str, tuple[dict[str, Any], str | None]] = {}
    errors: dict[str, IllegalAnswer] = {}
    decisions: dict[str, dict[str, Any]] = {}
    for seed, (deck, options) in enumerate(_decks(edition, rng)):
        players = len(deck) - (2 if "thief" in deck else 0) if edition_id != "wherewolf" \
            else len(deck)
        names = seat_names(None, players, tuple(edition.character_names))
        try:
            game = Game(edition, names, deck=deck, options=options, seed=seed)
        except SetupError:
            continue
        agents = {n: bot_for(n, random.Random(f"{seed}/{n}"), edition_id) for n in names}
        tried = 0

        def refuse(event: Any, game: Game = game) -> None:
            nonlocal tried
            for open_decision in game.open.values():
                asked = open_decision.as_dict()
                key = (f"{asked['name']}|{asked['max']}|{asked['seat'] == 'storyteller'}|"
                       f"{asked.get('about') in game.by_name}")
                decisions.setdefault(key, asked)
            if (tried < 6 and game.open and not game.over
                    and random.Random(len(game.events)).random() < 0.05):
                tried += 1
                for error in _illegal(game):
                    errors.setdefault(f"{error.code}|{sorted(error.params)}", error)

        play_out(game, agents, on_event=refuse)
        for event in view(game, "storyteller")["events"]:
            events.setdefault(_shape(event), (event, None))
            # the same event as its subject or its audience reads it
            audience = event.get("audience")
            reader = audience[0] if isinstance(audience, list) and audience else event.get(
                "player")
            if isinstance(reader, str) and audience != []:  # [] is the storyteller's alone
                seat_event = {k: v for k, v in event.items() if k != "audience"}
                events.setdefault(_shape(seat_event) + f"|as:{reader == event.get('player')}",
                                  (seat_event, reader))
        for entry in game.log:
            if "decision" in entry:
                answered = {"kind": "Answered", "seat": entry["seat"],
                            "decision": entry["decision"], "answer": entry["answer"]}
                if entry.get("timeout"):
                    answered["timeout"] = True
                events.setdefault(_shape(answered), (answered, None))
                events.setdefault(_shape(answered) + "|self", (answered, entry["seat"]))
    return {"events": list(events.values()), "errors": list(errors.values()),
            "decisions": list(decisions.values())}


def _sample(field: str, names: list[str], edition: Edition) -> Any:
    roles = list(edition.roles)
    samples: dict[str, Any] = {
        "player": names[1], "players": names[1:3], "by": names[2], "target": names[3],
        "targets": names[2:4], "winners": names[:2], "audience": [names[0]], "seat": names[0],
        "role": roles[0], "roles": roles[:3], "team": "village", "number": 2, "day": 1,
        "weight": 2, "count": "1 to 2", "reason": "no werewolf is left alive",
        "winner": "village", "decision": "vote", "answer": names[2], "channel": "village",
        "message": {"type": "accuse", "player": names[2]}, "phase_name": "day 2",
        "cause": "attack", "news": "healer-saved", "aura": "dark", "item": "amulet",
        "choice": names[1], "choices": names[:3], "name": names[3], "vote": "first",
    }
    return samples.get(field, names[1])


def scanned(edition_id: str) -> list[tuple[dict[str, Any], str | None]]:
    """One event per catalogue entry, built from its conditions and its placeholders, so that
    words no game reached are read too."""
    edition = EDITIONS[edition_id]
    data = catalogue(edition)
    names = seat_names(None, 6, tuple(edition.character_names))
    out: list[tuple[dict[str, Any], str | None]] = []
    for entry in data["events"]:
        event: dict[str, Any] = {"kind": entry["kind"], "index": 0, "phase": "day 1"}
        texts = [str(entry.get(k, "")) for k in ("text", "self", "told")]
        for field in {f for t in texts for f in PLACEHOLDER.findall(t)} - {"audience"}:
            event[field] = _sample(field, names, edition)
        for key, expected in entry.get("when", {}).items():
            if expected == "*":
                event.setdefault(key, _sample(key, names, edition))
            elif expected == "+":
                sample = _sample(key, names, edition)
                event[key] = sample if isinstance(sample, list) else names[1:3]
            else:
                event[key] = expected
        subject = event.get(entry.get("subject", "player"))
        out.append((event, None))
        if "self" in entry and isinstance(subject, str):  # read by whom it is about
            out.append((event, subject))
        if "told" in entry:
            out.append(({**event, "audience": [names[0]]}, None))
    return out


def talk_cases(edition_id: str) -> list[tuple[dict[str, Any], str]]:
    edition = EDITIONS[edition_id]
    names = seat_names(None, 6, tuple(edition.character_names))
    cases = []
    for entry in catalogue(edition)["talk"]:
        message: dict[str, Any] = {}
        for key, expected in entry.get("when", {}).items():
            message[key] = _sample(key, names, edition) if expected == "*" else expected
        for field in PLACEHOLDER.findall(entry["text"]):
            message.setdefault(field, _sample(field, names, edition))
        cases.append((message, names[0]))
    return cases


# -- the two renderers -------------------------------------------------------------------------

def terminal_lines(edition: Edition, event: dict[str, Any], viewer: str | None) -> list[str]:
    renderer = Renderer(edition, you=viewer)
    if event["kind"] == "Answered":
        entry = {"seat": event.get("seat"), "decision": event.get("decision"),
                 "answer": event.get("answer")}
        said = renderer.answer(entry, own=viewer is not None)
        lines = [] if said is None else [said]
    else:
        lines = [line.text for line in renderer.render([event])]
    return [Text.from_markup(line).plain for line in lines]


def run_text_js(cases: list[dict[str, Any]], tmp_path: Path) -> list[str]:
    """Render cases with the web client's text.js under node."""
    module = tmp_path / "text.mjs"
    module.write_text(WEB_TEXT.read_text(encoding="utf-8"), encoding="utf-8")
    script = tmp_path / "render.mjs"
    script.write_text("""
import { readFileSync } from "node:fs";
const text = await import(process.argv[2]);
const input = JSON.parse(readFileSync(process.argv[3], "utf-8"));
text.setEditions(input.editions);
const out = input.cases.map((c) => {
  if (c.type === "event") return text.describe(c.edition, c.event, c.viewer);
  if (c.type === "talk") return text.talkText(c.edition, c.message, c.speaker);
  if (c.type === "prompt") return text.decisionPrompt(c.edition, c.decision, c.viewer);
  return text.errorText({ message: c.code, params: c.params, detail: "" }, c.edition);
});
process.stdout.write(JSON.stringify(out));
""", encoding="utf-8")
    data = tmp_path / "cases.json"
    editions = [{"id": e.id, "roles": [r.as_dict() for r in e.roles.values()],
                 "messages": catalogue(e)} for e in EDITIONS.values()]
    data.write_text(json.dumps({"editions": editions, "cases": cases}), encoding="utf-8")
    assert NODE is not None
    done = subprocess.run([NODE, str(script), module.as_uri(), str(data)], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    result: list[str] = json.loads(done.stdout)
    return result


# -- the tests ---------------------------------------------------------------------------------

@pytest.mark.parametrize("edition_id", sorted(EDITIONS))
def test_every_event_and_error_reads_as_plain_words_in_both_renderers(
        edition_id: str, tmp_path: Path) -> None:
    if NODE is None:
        pytest.skip("node is not installed: the web client's renderer cannot be run")
    edition = EDITIONS[edition_id]
    seen = collected(edition_id)
    events = seen["events"] + scanned(edition_id)
    words = {viewer: Words(catalogue(edition), viewer) for viewer in
             {v for _, v in events} | {None}}
    cases: list[dict[str, Any]] = []
    expected: list[str] = []
    failures: list[str] = []
    for event, viewer in events:
        said = words[viewer].event(event)
        if said is None:
            failures.append(f"no words for {event['kind']}: {event}")
            continue
        cases.append({"type": "event", "edition": edition_id, "event": event, "viewer": viewer})
        expected.append(said[0])
        for line in terminal_lines(edition, event, viewer):
            failures += [f"terminal: {line!r} ({why}) for {event}" for why in problems(line)]
    for message, speaker in talk_cases(edition_id):
        cases.append({"type": "talk", "edition": edition_id, "message": message,
                      "speaker": speaker})
        expected.append(words[None].talk(message, speaker))
    for decision in seen["decisions"]:
        for viewer in (decision["seat"], None):
            reader = viewer if viewer != "storyteller" else None
            asked = Words(catalogue(edition), reader).prompt(decision) or decision["prompt"]
            cases.append({"type": "prompt", "edition": edition_id, "decision": decision,
                          "viewer": reader})
            expected.append(asked)
    errors: list[IllegalAnswer] = seen["errors"]
    assert len(errors) >= 8, "the forced illegal answers were not tried"
    for error in errors:
        assert error.code, f"an error without a catalogue code: {error}"
        failures += [f"error message {str(error)!r} ({why})" for why in problems(str(error))]
        said_error = words[None].error(error.code, error.params)
        assert said_error is not None, f"no words for the error {error.code}"
        cases.append({"type": "error", "edition": edition_id, "code": error.code,
                      "params": error.params})
        expected.append(said_error)
    for code in catalogue(edition)["errors"]:
        names = seat_names(None, 6, tuple(edition.character_names))
        template = catalogue(edition)["errors"][code]
        params = {f: _sample(f, names, edition) for f in PLACEHOLDER.findall(template)}
        cases.append({"type": "error", "edition": edition_id, "code": code, "params": params})
        expected.append(str(words[None].error(code, params)))
    web = run_text_js(cases, tmp_path)
    for case, python, js in zip(cases, expected, web, strict=True):
        if python != js:
            failures.append(f"the renderers differ: terminal {python!r}, web {js!r} for {case}")
        if case["type"] == "event" and python == "":
            continue  # told by another event
        failures += [f"{python!r} ({why}) for {case}" for why in problems(python)]
    assert not failures, f"{len(failures)} problems, first ones:\n" + "\n".join(failures[:25])


@pytest.mark.parametrize("edition_id", sorted(EDITIONS))
def test_no_event_met_in_play_falls_back_to_vague_words(edition_id: str) -> None:
    """Private information and announcements each have words of their own: none met in play
    is told by the catch-all sentence ("You are told something only you may know.")."""
    words = Words(catalogue(EDITIONS[edition_id]))
    vague = []
    for event, _ in collected(edition_id)["events"]:
        entry = words.pick(words.data["events"], event, kind=event["kind"])
        if event["kind"] in ("InfoGiven", "Announced") and entry is not None \
                and not entry.get("when"):
            vague.append(event)
    assert not vague, vague[:5]


def test_games_reach_many_kinds_of_events() -> None:
    """The collection plays real games: most event kinds of each edition are met in play."""
    kinds = {e["kind"] for e, _ in collected("wherewolf")["events"]}
    assert {"PhaseBegan", "InfoGiven", "Announced", "VoteCast", "PlayerExecuted",
            "GameWon", "Answered", "Said"} <= kinds
    about = {e.get("about") for e, _ in collected("wherewolf")["events"]}
    assert {"runoff", "inn", "composition"} <= about


def test_the_lover_is_told_in_a_sentence() -> None:
    words = Words(catalogue(EDITIONS["millers-hollow"]), viewer="Ann")
    said = words.event({"kind": "InfoGiven", "about": "lover", "player": "Bot 8"})
    assert said is not None and said[0].startswith("You are in love with Bot 8.")


def test_one_verdict_wording_per_edition() -> None:
    """Wherewolf burns at the stake in the browser and in the terminal alike."""
    executed = {"kind": "PlayerExecuted", "player": "Hana"}
    assert "burned at the stake" in str(Words(catalogue(EDITIONS["wherewolf"])).event(executed))
    assert "hanged" in str(Words(catalogue(EDITIONS["millers-hollow"])).event(executed))


def test_sheriff_election_and_hanging_read_apart_in_talk() -> None:
    words = Words(catalogue(EDITIONS["millers-hollow"]))
    sheriff = words.talk({"type": "vote", "player": "Ada", "during": "elect"}, "Bram")
    hang = words.talk({"type": "vote", "player": "Ada", "during": "vote"}, "Bram")
    assert sheriff == "I will vote for Ada as sheriff."
    assert hang == "I will vote to hang Ada."


def test_talk_names_the_open_table_vote_but_no_secret_question() -> None:
    edition = EDITIONS["millers-hollow"]
    names = ["Ana", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal"]
    game = Game(edition, names, roles=["werewolf", "werewolf", "witch", "fortune-teller"]
                + ["villager"] * 4, options={"sheriff": True}, seed=3)
    while not any(d.name == "elect" for d in game.open.values()):
        decision = next(iter(game.open.values()))
        game.answer(decision.id, random_answer(decision, random.Random(decision.id)),
                    seat=decision.seat)
    event = game.say("Ana", "village", {"type": "vote", "player": "Ben"})
    assert event.data["message"] == {"type": "vote", "player": "Ben"}  # as said
    assert event.data["during"] == "elect"
    assert game.log[-1]["message"] == {"type": "vote", "player": "Ben"}


def test_validation_errors_are_sentences_of_ours() -> None:
    from wolfsbane.server.app import plain_problem

    assert plain_problem({"type": "string_too_short", "loc": ("body", "name"),
                          "ctx": {"min_length": 1}}) == "The name must not be empty."
    assert plain_problem({"type": "missing", "loc": ("body", "as")}) == \
        "The part you take is missing."
    assert plain_problem({"type": "literal_error", "loc": ("body", "as"),
                          "ctx": {"expected": "'player', 'moderator' or 'spectator'"}}) == \
        "The part you take must be player, moderator or spectator."


def test_a_yes_no_refusal_names_no_engine_key() -> None:
    edition = EDITIONS["millers-hollow"]
    names = ["Ana", "Ben", "Cal", "Dee", "Eve", "Fay"]
    game = Game(edition, names, roles=["werewolf", "little-girl", "villager", "villager",
                                       "villager", "villager"], options={"sheriff": False},
                seed=1)
    spy = next(d for d in game.open.values() if d.kind == YES_NO) if any(
        d.kind == YES_NO for d in game.open.values()) else None
    if spy is None:
        pytest.skip("no yes/no question open at the start of this game")
    with pytest.raises(IllegalAnswer) as refused:
        game.answer(spy.id, "perhaps", seat=spy.seat)
    assert str(refused.value) == "Answer yes or no." and refused.value.code == "yes-or-no"


@pytest.mark.parametrize("edition_id", sorted(EDITIONS))
def test_every_decision_met_in_play_has_a_label_and_a_skip(edition_id: str) -> None:
    words = Words(catalogue(EDITIONS[edition_id]))
    names = {e["decision"] for e, _ in collected(edition_id)["events"] if e["kind"] == "Answered"}
    assert names
    for name in names:
        assert words.decision(name).get("label"), f"{name} has no label in the catalogue"
        assert words.decision(name).get("skip"), f"{name} has no skip label in the catalogue"


def test_every_talk_message_met_in_play_has_words_of_its_own() -> None:
    for edition_id in sorted(EDITIONS):
        words = Words(catalogue(EDITIONS[edition_id]))
        for event, _ in collected(edition_id)["events"]:
            message = event.get("message")
            if event["kind"] == "Said" and isinstance(message, dict) \
                    and message.get("type") == "result":
                said = words.talk(message, event["player"])
                assert not said.startswith("I have a result"), (edition_id, message)


# Questions whose words depend on what the question's fields do not carry: the card asking
# (the seer, the wizard and the medium all "inspect") or the count of quiet rounds and who
# would win (the storyteller's end-game); their prompts stay the engine's.
ENGINE_PROMPTS = {("wherewolf", "inspect"), ("wherewolf", "end-game")}


@pytest.mark.parametrize("edition_id", sorted(EDITIONS))
def test_every_question_met_in_play_is_asked_in_the_catalogues_words(edition_id: str) -> None:
    words = Words(catalogue(EDITIONS[edition_id]))
    asked = collected(edition_id)["decisions"]
    assert asked
    missing = sorted({d["name"] for d in asked if words.prompt(d) is None
                      and (edition_id, d["name"]) not in ENGINE_PROMPTS})
    assert not missing, f"no prompt in the catalogue for: {missing}"
    heal = {"name": "heal", "seat": "Ana", "about": "Ana", "max": 1}
    if edition_id == "millers-hollow":
        assert Words(catalogue(EDITIONS[edition_id]), "Ana").prompt(heal) == \
            "You were attacked. Use your healing potion on yourself?"
        tie = {"name": "tie-break", "seat": "storyteller", "about": "sheriff",
               "choices": ["Ada", "Bram"]}
        assert words.prompt(tie) == "Break the tie in the sheriff election between Ada and Bram."


def test_a_number_and_a_composite_answer_read_as_words_in_both_renderers(
        tmp_path: Path) -> None:
    if NODE is None:
        pytest.skip("node is not installed: the web client's renderer cannot be run")
    edition = EDITIONS["millers-hollow"]
    events = [{"kind": "ActionTaken", "phase": "night 1", "player": "Ana", "decision": "guess",
               "answer": {"player": "Bo", "role": "werewolf"}},
              {"kind": "ActionTaken", "phase": "night 1", "player": "Ana", "decision": "count",
               "answer": 2}]
    words = Words(catalogue(edition), None)
    expected = [said[0] for said in (words.event(event) for event in events) if said]
    cases = [{"type": "event", "edition": edition.id, "event": event, "viewer": None}
             for event in events]
    assert run_text_js(cases, tmp_path) == expected
    assert "Bo and Werewolf" in expected[0] and "{" not in expected[0]
    assert " 2 " in expected[1]
