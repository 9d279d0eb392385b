"""Flow pieces that several editions compose: dealing, choosing by plurality."""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import TYPE_CHECKING, Any

from .chance import shuffle
from .decision import ARRANGE
from .errors import IllegalAnswer
from .votes import most_voted

if TYPE_CHECKING:
    from .game import Game
    from .player import Player


def deal(game: Game, always_dealt: Sequence[frozenset[str]] = ()
         ) -> Generator[Any, Any, list[str]]:
    """Give every seat its card and tell each player the card they are shown.

    `always_dealt`: kinds of card the rules always put in play when the deck holds more
    cards than seats (Wherewolf's mystery village: "the Seer, together with ... Werewolves,
    is the only Role that must always be included"): of each kind the deck holds, at least
    one card goes to a seat. The suggested deal brings one in from the center when the
    shuffle left them all there; a storyteller's deal without one is refused.

    A player is told `edition.role_shown_to_self`, not the card they truly hold (a Drunk is
    shown a Townsfolk card and must never be told otherwise); the storyteller, who sees every
    event, is told apart (`CardShown`) whenever a card is shown as another.

    With fixed roles (a scenario, a replayed deal) the cards are already on the table. Otherwise
    the storyteller shuffles the deck and deals it in seat order; cards left over stay face down
    in the center. Returns the center cards.
    """
    players = game.players
    center: list[str] = []
    if game.given_roles is None:
        deck = list(game.deck)
        wanted = sorted(deck)  # the same cards, whatever their order (cheaper than a Counter)
        seats = len(players)
        kinds = [kind for kind in always_dealt if not kind.isdisjoint(deck)]

        def check(answer: Any) -> list[str]:
            try:
                fits = isinstance(answer, (list, tuple)) and sorted(answer) == wanted
            except TypeError:  # cards that cannot be compared are not cards of the deck
                fits = False
            if not fits:
                raise IllegalAnswer("The deal must use exactly the cards of the deck.",
                                    "deal-cards")
            if kinds and any(kind.isdisjoint(answer[:seats]) for kind in kinds):
                raise IllegalAnswer("The deal must put in play the cards the rules always "
                                    "include.", "deal-required")
            return list(answer)

        def shuffled(rng: Any) -> list[str]:
            cards = list(deck)
            shuffle(rng, cards)  # rng.shuffle(cards), made faster (core.chance)
            for kind in kinds:  # (only a deck with more cards than seats can leave one out)
                if kind.isdisjoint(cards[:seats]):
                    spare = next(i for i in range(seats, len(cards)) if cards[i] in kind)
                    # a seat whose card no kind still needs there
                    free = [i for i in range(seats) if all(
                        cards[i] not in other
                        or sum(card in other for card in cards[:seats]) > 1
                        for other in kinds)]
                    if free:  # (none only at a table of fewer seats than kinds)
                        seat = free[rng.randrange(len(free))]
                        cards[seat], cards[spare] = cards[spare], cards[seat]
            return cards

        cards = yield game.ask_storyteller(
            "deal", deck, kind=ARRANGE, suggest=shuffled, check=check,
            prompt="Deal the cards: one per seat in seat order, the rest to the center.",
        )
        for player, role_id in zip(players, cards):
            player.role = role_id
            player.team = game.team_of(role_id)
        center = list(cards[len(players):])
    edition = game.edition
    for player in players:
        shown = edition.role_shown_to_self(player)
        game.emit("RoleDealt", {"player": player.name, "role": shown},
                  game.alone(player.name))
        if shown != player.role:
            game.note("CardShown", {"player": player.name, "role": player.role,
                                    "shown": shown})
    return center


def plurality(
    game: Game, counts: dict[str, int], about: str | None = None
) -> Generator[Any, Any, str | None]:
    """The most chosen player; a tie goes to the storyteller's `tie-break`; no votes, nobody."""
    top = most_voted(counts)
    if not top:
        return None
    if len(top) == 1:
        return top[0]
    chosen: str = yield game.ask_storyteller(
        "tie-break", top, about=about, prompt="Break the tie between " + ", ".join(top) + ".",
    )
    return chosen


def introduce(game: Game, group: list[Player], **info: Any) -> None:
    """Members of a group wake together and recognise each other: each is told the others'
    names (and whatever `info` says they share, e.g. ``team="werewolves"``)."""
    for member in group:
        game.tell(member, {"players": [p.name for p in group if p is not member], **info})
