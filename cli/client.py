"""Client commands over the HTTP API: new, show, move, log, export, position, import, verify."""

import json
import os
import uuid
from pathlib import Path
from typing import Any

import click
import requests

import config


def _server() -> str:
    """PBEM_SERVER or PUBLIC_URL; else the `pbem run` on this data folder (any port); else :8000."""
    running = Path(config.load().data_dir) / config.RUNTIME_SERVER
    return (os.environ.get("PBEM_SERVER") or os.environ.get("PUBLIC_URL")
            or (running.read_text().strip() if running.exists() else "") or "http://127.0.0.1:8000")


def _tokens_file() -> Path:
    return Path(config.load().data_dir) / "cli-tokens.json"


def _saved() -> dict[str, dict[str, str]]:
    path = _tokens_file()
    return json.loads(path.read_text()) if path.exists() else {}


def _save(table: str, seats: dict[str, Any]) -> None:
    saved = _saved()
    saved[table] = {seat: info["token"] for seat, info in seats.items()}
    path = _tokens_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(saved, indent=1))
    path.chmod(0o600)


def _token(table: str, seat: str | None, token: str | None) -> str | None:
    if token or not seat:
        return token
    try:
        return _saved()[table][seat]
    except KeyError:
        raise click.ClickException(f"No saved token for {seat} at table {table}; pass --token.") from None


def _call(method: str, path: str, token: str | None = None, **kw: Any) -> requests.Response:
    headers = kw.pop("headers", {})
    if token:
        headers["Authorization"] = f"Bearer {token}"
    try:
        response = requests.request(method, _server() + path, headers=headers, timeout=30, **kw)
    except requests.ConnectionError:
        raise click.ClickException(f"No server answers at {_server()}: start it with 'make run'.") from None
    if response.status_code >= 400:
        try:
            body = response.json()
            raise click.ClickException(f"{body.get('message')} ({body.get('code')})")
        except ValueError:
            raise click.ClickException(f"HTTP {response.status_code}") from None
    return response


seat_option = click.option("--as", "seat", help="Act as this seat (its token was saved by 'pbem new').")
token_option = click.option("--token", help="A seat's token.")


@click.command()
@click.argument("game")
@click.argument("seats", nargs=-1, required=True)
@click.option("--option", "options", multiple=True, help="name=value (value read as JSON when it can be).")
@click.option("--position", "position_file", type=click.Path(exists=True, dir_okay=False),
              help="Start from this position (a JSON file in the game's position format, or what 'pbem position' "
                   "wrote: its options come along).")
def new(game: str, seats: tuple[str, ...], options: tuple[str, ...], position_file: str | None) -> None:
    """Create a table. SEATS: seat=Name:email, or seat=bot:NAME for a bot."""
    seat_map: dict[str, Any] = {}
    for item in seats:
        seat, _, who = item.partition("=")
        kind, _, rest = who.partition(":")
        if kind == "bot":
            seat_map[seat] = {"bot": rest}
        else:
            seat_map[seat] = {"name": kind, "email": rest} if rest else {"email": kind}
    option_map: dict[str, Any] = {}
    if position_file:
        loaded = json.loads(Path(position_file).read_text())
        if isinstance(loaded, dict) and "position" in loaded and "options" in loaded:    # 'pbem position' wrote it
            option_map.update(loaded["options"])
            loaded = loaded["position"]
        option_map["position"] = loaded
    for item in options:
        name, _, value = item.partition("=")
        try:
            option_map[name] = json.loads(value)
        except ValueError:
            option_map[name] = value
    body = _call("POST", "/tables", json={"game": game, "options": option_map, "seats": seat_map}).json()
    _save(body["id"], body["seats"])
    click.echo(f"table {body['id']}  (seed SHA-256 {body['seed_sha256']})")
    for seat, info in body["seats"].items():
        click.echo(f"  {seat}: {info['url']}")
    click.echo(f"Tokens saved in {_tokens_file()}; use --as SEAT with the other commands.")


def _print_view(view: dict[str, Any], as_json: bool = False) -> None:
    """The text board the seat's emails show, then the questions with their options numbered."""
    if as_json:
        click.echo(json.dumps(view, indent=1, sort_keys=True))
        return
    click.echo(f"{view['game']} #{view['table']}  move {view['seq']}  {view['status']}"
               + (f"  as {view['seat']}" if view["seat"] else "  (observer)"))
    if view.get("result"):
        click.echo(f"Result: {view['result'].get('text')}")
    for line in view.get("board") or []:
        click.echo(line)
    for prompt in view["prompts"]:
        click.echo(f"[{prompt['seat']}] {prompt.get('text', '')}")
        for i, option in enumerate(prompt.get("options") or [], 1):
            notation = f"  [{option['notation']}]" if option.get("notation") else ""
            click.echo(f"  {i}. {option['label']}{notation}")


@click.command()
@click.argument("table")
@seat_option
@token_option
@click.option("--at", "at", type=int, help="Show the table as it was right after event AT (replay).")
@click.option("--json", "as_json", is_flag=True, help="Print the raw view (JSON) instead of the text board.")
def show(table: str, seat: str | None, token: str | None, at: int | None, as_json: bool) -> None:
    """The table as a seat (or an observer) sees it: the text board of its emails, options numbered."""
    path = f"/tables/{table}/states/{at}" if at else f"/tables/{table}/view"
    _print_view(_call("GET", path, _token(table, seat, token)).json(), as_json)


@click.command()
@click.argument("table")
@click.argument("choice", nargs=-1, required=True)
@seat_option
@token_option
@click.option("--json", "as_json", is_flag=True, help="CHOICE is the move object, as JSON.")
def move(table: str, choice: tuple[str, ...], seat: str | None, token: str | None, as_json: bool) -> None:
    """Make a move: an option's number, the game's notation, or --json MOVE."""
    token = _token(table, seat, token)
    seq = _call("GET", f"/tables/{table}/view", token).json()["seq"]
    text = " ".join(choice)
    body: dict[str, Any] = {"move": json.loads(text)} if as_json else {"text": text}
    answer = _call("POST", f"/tables/{table}/moves", token, json={**body, "expected_seq": seq},
                   headers={"Idempotency-Key": str(uuid.uuid4())}).json()
    for event in answer["events"]:
        click.echo(f"{event['seq']:>4}. {event['text']}")
    if answer.get("stopped"):
        click.echo(f"Stopped at {answer['stopped'][0]!r}: {answer['stopped'][1]}")
    _print_view(_call("GET", f"/tables/{table}/view", token).json())


@click.command()
@click.argument("table")
@click.argument("moves", type=int, default=1)
@seat_option
@token_option
def undo(table: str, moves: int, seat: str | None, token: str | None) -> None:
    """Take back your own last MOVES (default 1), while no die was rolled, nothing hidden was
    revealed and nobody else has moved since."""
    token = _token(table, seat, token)
    seq = _call("GET", f"/tables/{table}/view", token).json()["seq"]
    answer = _call("POST", f"/tables/{table}/undo", token, json={"moves": moves, "expected_seq": seq},
                   headers={"Idempotency-Key": str(uuid.uuid4())}).json()
    for event in answer["events"]:
        click.echo(f"{event['seq']:>4}. {event['text']}")
    _print_view(_call("GET", f"/tables/{table}/view", token).json())


@click.command()
@click.argument("table")
@seat_option
@token_option
@click.option("--since", type=int, default=0)
def log(table: str, seat: str | None, token: str | None, since: int) -> None:
    """The events, one line each, as the seat may see them."""
    answer = _call("GET", f"/tables/{table}/log", _token(table, seat, token), params={"since": since})
    for event in answer.json()["events"]:
        click.echo(f"{event['seq']:>4}. [{event['by']}] {event['text']}")


@click.command("export")
@click.argument("table")
@seat_option
@token_option
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file instead of stdout.")
def export_(table: str, seat: str | None, token: str | None, output: str | None) -> None:
    """Export the table as JSON Lines (the full log with the seed once the game is over)."""
    text = _call("GET", f"/tables/{table}/export", _token(table, seat, token)).text
    if output:
        Path(output).write_text(text)
        click.echo(f"wrote {output}")
    else:
        click.echo(text, nl=False)


@click.command()
@click.argument("table")
@seat_option
@token_option
@click.option("--at", "at", type=int, help="The position right after event AT (default: now); the start of a turn.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write to this file instead of stdout.")
def position(table: str, seat: str | None, token: str | None, at: int | None, output: str | None) -> None:
    """Take the table's position out (JSON: the options and the position; 'pbem new GAME ... --position
    FILE' starts a table from it). While the game goes on, only what the seat may see."""
    answer = _call("GET", f"/tables/{table}/position" + (f"?seq={at}" if at else ""), _token(table, seat, token)).json()
    text = json.dumps({"game": answer["game"], "options": answer["options"], "position": answer["position"]},
                      indent=1, ensure_ascii=False) + "\n"
    if output:
        Path(output).write_text(text)
        click.echo(f"wrote {output}")
    else:
        click.echo(text, nl=False)
    if answer["hidden"]:
        click.echo("Left out (hidden while the game goes on; fill in from the table top): "
                   + ", ".join(answer["hidden"]), err=True)


@click.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
def import_(file: str) -> None:
    """Re-create a finished table from its export."""
    body = _call("POST", "/tables/import", data=Path(file).read_bytes(),
                 headers={"Content-Type": "application/x-ndjson"}).json()
    _save(body["id"], body["seats"])
    click.echo(f"table {body['id']}")


@click.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
def verify(file: str) -> None:
    """Re-run an export from its seed; exit 1 when it does not verify."""
    report = _call("POST", "/verify", data=Path(file).read_bytes(),
                   headers={"Content-Type": "application/x-ndjson"}).json()
    if report["ok"]:
        click.echo(f"verified: {report['events']} events of {report['game']} re-run from the seed; "
                   f"{(report.get('result') or {}).get('text', '')}")
        return
    for problem in report["problems"]:
        click.echo(f"problem: {problem}", err=True)
    raise SystemExit(1)


@click.command()
@click.argument("table")
@click.argument("policy", required=False, type=click.Choice(["immediate", "digest", "mute"]))
@click.option("--everywhere", is_flag=True, help="For all of the player's tables.")
@seat_option
@token_option
def notifications(table: str, policy: str | None, everywhere: bool, seat: str | None, token: str | None) -> None:
    """Show, or choose, how a seat hears about its turns."""
    token = _token(table, seat, token)
    if policy is None:
        answer = _call("GET", f"/tables/{table}/notifications", token).json()
    else:
        answer = _call("PUT", f"/tables/{table}/notifications", token,
                       json={"policy": policy, "everywhere": everywhere}).json()
    click.echo(f"{answer['seat']}: {answer['policy']} ({answer['policies'][answer['policy']]})")


@click.command()
@click.argument("table")
@click.argument("days", type=float)
@seat_option
@token_option
def vacation(table: str, days: float, seat: str | None, token: str | None) -> None:
    """Go on vacation from now for DAYS (14 at most): deadlines move, the others are told."""
    answer = _call("POST", f"/tables/{table}/vacation", _token(table, seat, token), json={"days": days}).json()
    moved = ", ".join(answer["waiting"]) or "none running"
    click.echo(f"On vacation for {days:g} days. Deadlines moved: {moved}.")
