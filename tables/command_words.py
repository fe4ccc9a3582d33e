"""The words of a reply's commands in a player's language: `pomoc`, `cofnij 2`, `wycofaj 12: powód`,
`zgoda`, `wycisz wszędzie`, `powiedz: …` are read as `help`, `undo 2`, `rollback 12: powód`, `agree`,
`mute everywhere`, `say: …`. Each language's words are in the platform's catalogue (msgctxt
"command": the English word, and the reader's words separated by "|", the first of them the one its
emails show); a player may write them with or without diacritics, in any language the server speaks.
"""

import functools

from games.core.words import fold
from i18n import LANGUAGES, pgettext

COMMAND = "command"
FOLLOWS = (" ", ":", "\t", ".", "!", "?")       # what may come after a command's word ('cofnij 2', 'powiedz: ...')
AFTER_POLICY = "everywhere"         # the one word read after another ('wycisz wszędzie')
POLICIES = ("immediate", "digest", "mute")


def _listed(language: str | None) -> dict[str, str]:
    return {"help": pgettext(COMMAND, "help", language), "undo": pgettext(COMMAND, "undo", language),
            "rollback": pgettext(COMMAND, "rollback", language), "agree": pgettext(COMMAND, "agree", language),
            "refuse": pgettext(COMMAND, "refuse", language), "immediate": pgettext(COMMAND, "immediate", language),
            "digest": pgettext(COMMAND, "digest", language), "mute": pgettext(COMMAND, "mute", language),
            "everywhere": pgettext(COMMAND, "everywhere", language), "say": pgettext(COMMAND, "say", language),
            "team": pgettext(COMMAND, "team", language), "note": pgettext(COMMAND, "note", language)}


def said(command: str, language: str | None) -> str:
    """The word a reader of ``language`` writes for ``command`` (the first of its words)."""
    return _listed(language).get(command, command).split("|")[0].strip()


@functools.cache
def _reading() -> tuple[tuple[str, str], ...]:
    """(folded words, the English command) of every language, the longest words first."""
    pairs = {(fold(word.strip()), command) for language in LANGUAGES for command, words in _listed(language).items()
             for word in words.split("|") if word.strip() and fold(word.strip()) != command}
    return tuple(sorted(pairs, key=lambda pair: -len(pair[0])))


def _command(line: str) -> tuple[str, str] | None:
    """(the English command, the rest of the line) when ``line`` begins with a command's words."""
    folded = fold(line)
    for words, command in _reading():
        if folded.startswith(words) and (len(folded) == len(words) or folded[len(words)] in FOLLOWS
                                         or folded[len(words)].isdigit()):
            cut = next((k for k in range(len(words), len(line) + 1) if fold(line[:k]) == words), len(words))
            return command, line[cut:]
    return None


def english(line: str) -> str:
    """``line`` with a command's words in another language put in English, when the whole line is
    that command ('cofnij 2', 'wycisz wszędzie', 'powiedz: ...'); any other line as it is (a chat
    line beginning with such a word goes to the table as written)."""
    stripped = line.strip()
    found = _command(stripped)
    if found is None:
        return line
    command, rest = found
    bare = rest.strip().rstrip(".!?").strip()
    if command in POLICIES:
        after = _command(bare) if bare else None
        if after is not None and after[0] == AFTER_POLICY and not after[1].strip(" .!?"):
            return f"{command} {AFTER_POLICY}"
        return command + rest if not bare else line
    if command in ("say", "team", "note"):
        return command + rest if rest.lstrip().startswith(":") else line
    if command == "undo":
        return command + rest if not bare or bare.isdigit() else line
    if command == "rollback":
        return command + rest if bare[:1].isdigit() else line
    return command + rest if not bare else line         # help, agree, refuse: the word alone
