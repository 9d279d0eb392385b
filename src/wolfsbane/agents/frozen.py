"""The read-only dict of the event copies that agents are handed (see `agents.driver`).

Its own module, never compiled (setup.py): the refusals of `FrozenDict` are a dict
subclass's, which only an interpreted class keeps.
"""

from __future__ import annotations

from typing import Any


class FrozenDict(dict):  # type: ignore[type-arg]
    """A read-only dict: what an agent is handed of an event's data. (A dict, not a
    MappingProxyType: bots read event data in their hottest loop, a dict reads fastest, and
    `isinstance(message, dict)` still holds.)"""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("the data of an event handed to a bot cannot be changed")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> Any:
        return (dict, (dict(self),))
