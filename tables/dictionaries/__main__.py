"""Make a new dictionary for a game's log entries: `python -m tables.dictionaries GAME`.

It plays whole random games (the random bot in every seat, fixed seeds, so the same dictionary
comes out again), writes their entries as the server would (envelopes with a time, a seat and a
command id), and keeps a sample of them: entries of every kind of event, the commonest last
(deflate reaches the end of a dictionary most cheaply). The file gets the next free number in
manifest.json; existing dictionaries are never touched, as stored entries depend on them.
"""

import json
import sys
import uuid
from collections import Counter
from pathlib import Path

import games
from games.core import Rng, fold
from tables import envelope

SIZE = 16384
HERE = Path(__file__).parent


def sample_entries(name: str, count: int = 6) -> list[str]:
    game = games.get(name)
    texts: list[str] = []
    for number in range(count):
        seed = f"dictionary {name} {number}".encode()
        state, events, seq, at = None, game.start(game.resolve_options({}), list(game.seats), Rng(seed, 0)), 0, 1.8e9
        by, move = "system", {"setup": {}}
        while events:
            for entry in envelope.wrap(events, seq + 1, by, move, uuid.UUID(int=seq * 7919 + number).hex, at):
                texts.append(envelope.dumps(entry))
            state, seq, at = fold(game, events, state), seq + len(events), at + 37.123
            prompts = game.prompts(state)
            if not prompts or game.result(state) is not None:
                break
            by = sorted(prompts)[0]
            move = game.bots["random"](state, by, Rng(seed + b"bot", seq))
            events = game.decide(state, by, move, Rng(seed, seq))
    return texts


def build(name: str) -> bytes:
    texts = sample_entries(name)
    kinds = Counter(json.loads(t)["event"]["type"] for t in texts)
    picked, size = [], 0
    for kind, _ in kinds.most_common():                  # one of each kind, rarest first...
        text = next(t for t in texts if json.loads(t)["event"]["type"] == kind)
        picked.insert(0, text)
        size += len(text)
    for text in reversed(texts):                          # ...then recent whole stretches, up to the size
        if size + len(text) > SIZE:
            break
        picked.insert(0, text)
        size += len(text)
    return "".join(picked).encode()[-SIZE:]


def main() -> None:
    manifest_path = HERE / "manifest.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    for name in sys.argv[1:]:
        number = max([int(n) for n in manifest] + [0]) + 1
        if number > 255:
            raise SystemExit("the codec has room for 255 dictionaries")
        file = f"{name}.{number}.dict"
        (HERE / file).write_bytes(build(name))
        manifest[str(number)] = {"game": name, "file": file}
        print(f"dictionary {number} for {name}: {file}")
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
