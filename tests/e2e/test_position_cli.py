"""The CLI carries a table's position out and starts another table from it ('pbem position', 'pbem
new --position')."""

import json

from click.testing import CliRunner

from cli.main import main


def test_take_a_position_out_and_start_a_table_from_it(live_server, tmp_path):
    runner = CliRunner()

    def pbem(*args):
        result = runner.invoke(main, list(args), catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return result.output

    typed = tmp_path / "typed.json"
    typed.write_text(json.dumps({"games": [{"winner": "jihad"}], "turn": "mcworld",
                                 "board": {"B2": {"tile": "Mustafa", "facing": "north"},
                                           "A1": {"tile": "President", "facing": "south"}},
                                 "neutral": ["N_AGENT", "N_HACKER"]}))
    seats = ["mcworld=Ann:ann@example.org", "jihad=Bob:bob@example.org"]
    table = pbem("new", "clash", *seats, "--position", str(typed)).split()[1]
    out = tmp_path / "out.json"
    pbem("position", table, "-o", str(out))
    taken = json.loads(out.read_text())
    assert taken["game"] == "clash" and taken["position"]["board"]["A1"]["tile"] == "MW_PREZYDENT"
    again = pbem("new", "clash", *seats, "--position", str(out)).split()[1]
    first, second = json.loads(pbem("show", table, "--json")), json.loads(pbem("show", again, "--json"))
    assert first["state"] == second["state"] and first["from_position"] != second["from_position"]
    bad = runner.invoke(main, ["new", "clash", *seats, "--option", 'position={"turn": "nobody"}'])
    assert bad.exit_code != 0 and "bad_position" in bad.output
