"""3.2: the board a scenario sets up, country by country (data/scenarios.json)."""

from . import data as D


def blank_country() -> dict:
    return {"gov": None, "align": None, "posture": None, "troops": 0, "active": 0, "sleeper": 0,
            "cadre": False, "aid": 0, "besieged": False, "rc": None, "markers": []}


def scenario_countries(scen: dict) -> dict:
    """3.2: every country as the scenario sets it up (the others blank)."""
    cs = {name: blank_country() for name in D.NAMES}
    for name, spec in scen["countries"].items():
        c = cs[name]
        if "governance" in spec:
            c["gov"] = D.GOV_VALUE[spec["governance"]]
        c["align"] = spec.get("alignment", c["align"])
        c["posture"] = spec.get("posture", c["posture"])
        c["troops"] = spec.get("troops", 0)
        c["sleeper"] = spec.get("sleeper_cells", 0)
        c["besieged"] = bool(spec.get("besieged_regime"))
        c["rc"] = "tan" if spec.get("regime_change") else None
        c["markers"] = list(spec.get("markers", []))
    return cs
