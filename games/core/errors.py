"""The one error a rules module raises when a move is not allowed."""


class IllegalMove(Exception):
    """A move that the rules refuse.

    ``code`` is short and machine-readable (``not_your_turn``, ``field_taken``);
    ``message`` is one sentence a player understands.
    """

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message
