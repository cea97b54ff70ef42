"""Text for the player, as the data layer hands it up: a catalogue key and its values.

The data layer never translates (it sits below ``spider.text``); the app turns a
:class:`Message` into the player's language with ``spider.text.i18n.say``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from spider.model.values import value

NO_PARAMETERS: Mapping[str, Any] = MappingProxyType({})


@value
class Message:
    """``key`` with ``params``, followed by the sentences in ``more``, each after a space.

    A value that is a Message is translated first; a tuple of Messages becomes their
    translations joined by commas (a list of names)."""

    key: str
    params: Mapping[str, Any] = NO_PARAMETERS
    more: tuple[Message, ...] = ()

    def then(self, other: Message) -> Message:
        """This message followed by ``other``."""
        return Message(self.key, self.params, (*self.more, other))
