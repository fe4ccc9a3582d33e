"""The section 9 bot against the rulebook, where a review found it wrong: 9.4.2.5 Recruit with no
country to recruit in, 9.5 a die only among countries of equal priority (the 9.5.1 example
replayed with its own dice), 9.4.2.1 Iran and Jaysh al-Mahdi (test, then the nearest Good or
Fair country), Jihadist Videos and Madrassas (the Global table, then the nearest country),
the 9.4.2.6 "To" box 2, Radicalization's travel of a last cell (9.4.2.6.1). Positions from
games/labyrinth/position.py, dice fixed."""

from games.core import Rng
from games.labyrinth import GAME
from games.labyrinth import data as D
from games.labyrinth.solo import flows, where
from tests.games.labyrinth.labyrinth_kit import Dice, of_type
from tests.games.labyrinth.position_kit import JH, at, blank, bot_plays, decide

IR = {"gov": "Islamist Rule", "align": "Adversary"}
FAIR_ALLY = {"gov": "Fair", "align": "Ally"}


class NoDice(Rng):
    """The bot's generator where no die may be rolled."""

    def __init__(self):
        super().__init__(b"none", 0)

    def die(self, sides=6):
        raise AssertionError("a die was rolled")

    def below(self, n):
        raise AssertionError("a random choice was made")


def solo(position, **opts):
    return at(position, solo=True, **opts)


def bot(state, rng):
    return GAME.bots["jihadist"](state, JH, rng)


def to_step(state, kind, rng):
    """The bot answers (its dice from rng) until the question is `kind`."""
    while state["step"]["k"] != kind:
        _, state = decide(state, JH, bot(state, rng))
    return state


# ------------------------------------------------------------------ 9.4.2.5 no country to recruit in


def test_9_4_2_5_cells_available_but_no_country_qualifies_radicalizes_instead_of_travelling():
    # Funding 9: cells are Available, no GTMO. Afghanistan (Islamist Rule) has 6 cells, not fewer
    # than twice the card's 3 Ops; Iraq (Regime Change) has 2 troops, not 5 more than its cell:
    # no Recruit category (9.4.2.5), and no Jihad (Iraq Poor, 1 cell). 9.4.2.5: "Jeżeli nie
    # pasujących krajów ... przeprowadź Radykalizację (9.4.3)"
    pos = blank({"Afghanistan": dict(IR, sleeper=6), "Kenya/Tanzania": {"posture": "Soft"},
                 "Iraq": {"gov": "Poor", "align": "Ally", "rc": "tan", "troops": 2, "sleeper": 1}},
                hands={"jihadist": [57, 90]}, funding=9)
    s = to_step(solo(pos), "use", NoDice())
    move = bot(s, NoDice())
    assert move == {"op": "radicalize", "reason": ("Radicalization: cells are available but no country qualifies "
                                                   "for a Recruit (rule 9.4.2.5)")}
    events, _, s = bot_plays(s, stop=lambda st: st["played"] == 1)
    assert of_type(events, "radicalization") and not of_type(events, "travelled")


# ------------------------------------------------------------------ 9.5 the operation rolls nothing


def example_9_5_1():
    # PL 9.5.1: two Plot Ops (12 Al-Azhar, a playable US event), no cells in the US, Abu Sayyaf in
    # play, Prestige High; Afghanistan and the Gulf States each have 2 troops and 2 cells, both Fair
    return solo(blank({"Afghanistan": dict(FAIR_ALLY, troops=2, sleeper=2),
                       "Gulf States": dict(FAIR_ALLY, troops=2, sleeper=2),
                       "Philippines": {"posture": "Hard", "markers": ["Abu Sayyaf"]}},
                      hands={"jihadist": [57, 12]}, prestige=8, funding=9))


def test_pl_9_5_1_example_replayed_with_its_die_the_choice_of_operation_rolls_nothing():
    # "przy wyniku 1-3 krajem będzie AFGANISTAN, przy wyniku 4-6 będą to Kraje Zatoki": the one
    # die of the example is the tie's; the bot's decisions before it (the card, the Plot) roll none
    for die, country in ((2, "Afghanistan"), (5, "Gulf States")):
        dice = Dice(die)
        s = to_step(example_9_5_1(), "plot", dice)
        move = bot(s, dice)
        assert move["country"] == country and not dice.rolls
        assert move["reason"].endswith(f"a die among Afghanistan and Gulf States, rolled {die})")


def test_9_4_1_recruit_chosen_without_a_die_when_recruit_countries_tie():
    pos = blank({"Jordan": {"gov": "Poor", "align": "Ally", "sleeper": 1},
                 "Libya": {"gov": "Poor", "align": "Ally", "sleeper": 1}, "Kenya/Tanzania": {"posture": "Soft"}},
                hands={"jihadist": [57, 90]})
    s = to_step(solo(pos), "use", NoDice())
    assert bot(s, NoDice())["op"] == "recruit"


def test_9_4_2_6_biometrics_the_travel_is_chosen_without_a_die_and_goes_where_a_cell_can_reach():
    # Biometrics and GTMO in play: Jordan and Libya (Aid, 1 Resource each) tie in the first "To"
    # box; only Jordan has a cell next to it (Iraq): the Travel is possible, and goes there
    pos = blank({"Jordan": dict(FAIR_ALLY, aid=1), "Libya": {"gov": "Poor", "align": "Ally", "aid": 1},
                 "Iraq": {"gov": "Poor", "align": "Adversary", "sleeper": 1}},
                hands={"jihadist": [57, 90]}, lapsing=[2, 114])
    s = to_step(solo(pos), "use", NoDice())
    assert bot(s, NoDice())["op"] == "travel"
    _, s = decide(s, JH, bot(s, NoDice()))
    move = bot(s, NoDice())
    assert move["from"] == "Iraq" and move["plan"] == {"from": "Iraq", "to": "Jordan"}
    pos["countries"]["Iraq"] = {"gov": "Poor", "align": "Adversary"}        # no cell can reach either
    pos["countries"]["Kenya/Tanzania"]["sleeper"] = 1
    s = to_step(solo(pos), "use", NoDice())
    move = bot(s, NoDice())
    assert move["op"] == "radicalize" and "no cell can reach Jordan or Libya" in move["reason"]


# ------------------------------------------------------------------ 9.4.2.1 Iran, Jaysh al-Mahdi


class Drawn(Rng):
    """The bot's generator drawing the given table rows (below) and no die."""

    def __init__(self, *rows):
        super().__init__(b"drawn", 0)
        self.rows = list(rows)

    def below(self, n):
        assert self.rows, "the test gave too few draws"
        return self.rows.pop(0)

    def die(self, sides=6):
        raise AssertionError("a die was rolled")


LEBANON = 3          # its row among the Shia-Mix countries (Afghanistan, Gulf States, Iraq, Lebanon, ...)


def test_9_4_2_1_iran_tests_the_shia_mix_country_then_rolls_in_the_nearest_good_or_fair_one():
    # PL 9.4.2.1: "rzuć kością w tabeli Shia-Mix (9.5), przetestuj kraj będący celem jeżeli jest
    # Nieoznaczony, potem odnajdź najbliższy Dobry lub Poprawny kraj, który się nada". The table
    # gives Lebanon, untested: it tests Poor (2), so the 2 Jihad rolls (1, 1) go to Iraq, the
    # nearest Good or Fair Shia-Mix country (two steps; the Gulf States, Good, are three)
    pos = blank({"Iraq": FAIR_ALLY, "Gulf States": {"gov": "Good", "align": "Ally"}},
                hands={"jihadist": [57, 104]}, prestige=7)
    s = to_step(solo(pos), "ev", NoDice())
    first = bot(s, Drawn(LEBANON))
    _, s = decide(s, JH, first, dice=(2,))                       # the test: Lebanon is Poor
    second = bot(s, NoDice())
    _, s = decide(s, JH, second, dice=(1, 1))                    # the 2 Jihad rolls: two successes
    assert s["c"]["Lebanon"]["gov"] == 3 and s["c"]["Iraq"]["gov"] == 3      # Iraq: Fair -> Poor, never IR
    assert first["reason"] == "Lebanon, drawn at random among the 8 Shia-Mix countries, is tested first"
    assert second["reason"] == "Iraq (Fair), the Good or Fair country nearest to Lebanon"


def test_9_4_2_1_iran_keeps_the_country_tested_when_it_tests_fair():
    pos = blank({"Iraq": FAIR_ALLY}, hands={"jihadist": [57, 104]}, prestige=7)
    s = to_step(solo(pos), "ev", NoDice())
    _, s = decide(s, JH, bot(s, Drawn(LEBANON)), dice=(5,))              # Lebanon tests Fair
    assert bot(s, NoDice()) == {"country": "Lebanon", "reason": "Lebanon, Fair"}


def test_9_4_2_1_jaysh_al_mahdi_tests_the_table_country_then_worsens_the_nearest_good_or_fair_one():
    # Jaysh al-Mahdi: a Shia-Mix country with cells and troops; Iraq (Fair) and Saudi Arabia
    # (Good) qualify; the table gives Lebanon (tested: Poor), Iraq is nearer than Saudi Arabia
    pos = blank({"Iraq": dict(FAIR_ALLY, troops=1, sleeper=1),
                 "Saudi Arabia": {"gov": "Good", "align": "Ally", "troops": 1, "sleeper": 1},
                 "Yemen": {"gov": "Poor", "align": "Ally", "troops": 1, "sleeper": 1}},
                hands={"jihadist": [57, 106]}, prestige=7)
    s = to_step(solo(pos), "ev", NoDice())
    _, s = decide(s, JH, bot(s, Drawn(LEBANON)), dice=(2,))
    assert s["c"]["Lebanon"]["gov"] == 3
    move = bot(s, NoDice())
    assert move["country"] == "Iraq"
    _, s = decide(s, JH, move)
    assert s["c"]["Iraq"]["gov"] == 3


# ------------------------------------------------------------------ 9.4.2.1 Jihadist Videos, Madrassas


POOR_CELL = {"gov": "Poor", "align": "Neutral", "sleeper": 1}
GLOBAL_IRAQ, GLOBAL_JORDAN = D.NAMES.index("Iraq"), D.NAMES.index("Jordan")     # the Global table's stand-in rows


def test_9_4_2_1_jihadist_videos_the_global_table_then_the_nearest_country_that_qualifies():
    # PL 9.4.2.1: "Dla Rekrutacji Jihadist Videos oraz Madrassas ... rzuć w tabeli „Global” (9.5) i
    # odnajdź najbliższy nadający się kraj". The table gives Iraq, which has a cell (the card wants
    # countries without): of its neighbours only Turkey has none, the nearest that qualifies
    pos = blank({"Iraq": POOR_CELL, **{n: POOR_CELL for n in ("Gulf States", "Jordan", "Saudi Arabia", "Syria")},
                 "Iran": {"sleeper": 1}}, hands={"jihadist": [57, 82]}, funding=9)
    s = to_step(solo(pos), "ev", NoDice())
    move = bot(s, Drawn(GLOBAL_IRAQ))
    assert move == {"country": "Turkey", "reason": ("Turkey, the nearest to Iraq (drawn on the Global table, at "
                                                    "random among the 38 countries, and not a country the card allows)")}


def test_9_4_2_1_madrassas_the_global_table_then_the_nearest_and_every_die_there():
    # Madrassas recruits in a country with a cell or cadre, or a Poor or Islamist Rule one: the
    # table gives Jordan (untested), Iraq next to it qualifies; the later dice go there too
    pos = blank({"Iraq": {"gov": "Poor", "align": "Neutral"}, "Pakistan": {"gov": "Poor", "align": "Neutral"}},
                hands={"jihadist": [57, 95, 53]}, funding=9)
    s = to_step(solo(pos), "ev", NoDice())
    _, s = decide(s, JH, bot(s, NoDice()))                  # the second card: the top of the stack
    move = bot(s, Drawn(GLOBAL_JORDAN))
    assert move["country"] == "Iraq" and move["reason"].startswith("Iraq, the nearest to Jordan")
    _, s = decide(s, JH, move)
    assert bot(s, NoDice()) == {"country": "Iraq"}


# ------------------------------------------------------------------ 9.4.2.6 "To" box 2


def test_9_4_2_6_box_2_a_poor_country_where_major_jihad_is_already_possible():
    # "Kraj Słaby z Wielkim Dżihadem jest możliwy, jeżeli zostały dodane dwie (lub mniej) komórki":
    # two or fewer, none included: Yemen, Poor with 5 cells, is a box 2 destination
    s = solo(blank({"Yemen": {"gov": "Poor", "align": "Neutral", "sleeper": 5}}))
    assert where.travel_category(s, "Yemen") == 2
    assert flows.next_destination(s, NoDice(), []) == \
        ("Yemen", "a Poor country where Major Jihad is possible with at most 2 more cells")


def test_9_4_3_radicalization_says_when_the_last_cell_of_an_islamist_rule_country_stays():
    # 9.4.2.6.1: "Jeżeli ostatnia komórka w kraju o Rządzie Islamskim lub ze Zmianą Reżimu podróżuje,
    # to podróżuje wewnątrz kraju". 12 Al-Azhar, a US event, and no Plot (the one cell is under
    # Islamist Rule): Radicalization; its 1st box puts a cell in the United Kingdom, its 2nd sends
    # Afghanistan's last cell toward Pakistan (Fair, next to it): it stays, and the reason says so
    pos = blank({"Afghanistan": dict(IR, sleeper=1), "Pakistan": FAIR_ALLY, "Kenya/Tanzania": {"posture": "Soft"}},
                hands={"jihadist": [57, 12]}, prestige=8, funding=9)
    s = to_step(solo(pos), "radical", NoDice())
    _, s = decide(s, JH, bot(s, Drawn(D.NAMES.index("United Kingdom"))))
    move = bot(s, NoDice())
    assert move["to"] == "Pakistan" and move["reason"] == (
        "Radicalization: the last cell of Afghanistan stays there instead of travelling to Pakistan, as a country "
        "under Islamist Rule or Regime Change keeps it")
    _, s = decide(s, JH, move)
    _, s = decide(s, JH, bot(s, NoDice()))
    assert s["c"]["Afghanistan"]["sleeper"] == 1 and s["c"]["Pakistan"]["sleeper"] == 0
