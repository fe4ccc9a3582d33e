"""Which games this server hosts, by name."""

from .core import Game, IllegalMove

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    _GAMES[game.name] = game
    return game


def get(name: str) -> Game:
    try:
        return _GAMES[name]
    except KeyError:
        raise IllegalMove("unknown_game", f"There is no game called {name!r} here.") from None


def all_games() -> list[Game]:
    return [_GAMES[name] for name in sorted(_GAMES)]
