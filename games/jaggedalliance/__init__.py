"""Jagged Alliance: The Board Game (Underground Games): co-op mercenaries against the Dictator,
whose forces the server plays. Spec: shared/rules/jaggedalliance.md; see README.md."""

from .game import JaggedAlliance

GAME = JaggedAlliance()

__all__ = ["GAME", "JaggedAlliance"]
