"""Governance and alignment changes and what follows from them (4.2.1, 4.8.2-3, 7.2.1, 7.3.4.1,
8.4.4, 8.4.5). All of them write into an Fx (state.Fx) for the event being built."""

from . import data as D
from .state import Fx, resources

ALIGN_ORDER = ["Adversary", "Neutral", "Ally"]


def set_gov(fx: Fx, name: str, new: int) -> None:
    """Change a Muslim country's governance and apply what the new level implies."""
    fx.set(name, "gov", new)
    if new == D.GOOD:
        # 7.2.1.2 step 4 / 7.2.2.3 / 7.3.4.1 / 8.4.3.2: Good removes Regime Change, Besieged and all Aid.
        fx.set(name, "rc", None)
        fx.set(name, "besieged", False)
        fx.set(name, "aid", 0)
    elif new == D.IR:
        islamic_revolution(fx, name)


def improve(fx: Fx, name: str) -> None:
    """One level better (4.2.1): Poor -> Fair -> Good."""
    g = fx.get(name, "gov")
    if g is not None and g > D.GOOD and g != D.IR:
        set_gov(fx, name, g - 1)


def worsen(fx: Fx, name: str) -> bool:
    """One level worse but never past Poor (4.2.1: only Major Jihad or card text makes
    Islamist Rule). True if it changed."""
    g = fx.get(name, "gov")
    if g is not None and g < D.POOR:
        set_gov(fx, name, g + 1)
        return True
    return False


def shift_toward_ally(fx: Fx, name: str) -> None:
    """8.4.3.1 (PL and LWOTai reading, spec D13): one box toward Ally."""
    a = fx.get(name, "align")
    if a in ALIGN_ORDER and a != "Ally":
        fx.set(name, "align", ALIGN_ORDER[ALIGN_ORDER.index(a) + 1])


def remove_aid(fx: Fx, name: str, n: int) -> int:
    """7.2.2.3: each successful Jihad or plot governance die removes one Aid."""
    have = fx.get(name, "aid")
    gone = min(have, n)
    if gone:
        fx.set(name, "aid", have - gone)
    return gone


def islamic_revolution(fx: Fx, name: str) -> None:
    """8.4.4: Adversary; Regime Change, Besieged and Aid removed; Funding + Resources; Prestige 1
    if troops are there (they stay). 8.4.5: Pakistan's arsenal the first time."""
    fx.set(name, "gov", D.IR)
    fx.set(name, "align", "Adversary")
    fx.set(name, "rc", None)
    fx.set(name, "besieged", False)
    fx.set(name, "aid", 0)
    fx.add_track("funding", resources(fx.s, name))
    if fx.get(name, "troops") > 0 or "NATO" in fx.get(name, "markers"):     # NATO counts as troops (41)
        fx.set_track("prestige", 1)
    if name == "Pakistan" and fx.s["wmd"]["pakistan"] > 0:
        fx.arsenal = True
