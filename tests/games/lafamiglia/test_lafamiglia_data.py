"""The provisional data set (issue 14): complete, consistent, and marked with its sources."""

from games.lafamiglia import data as D


def test_the_data_checks_out():
    assert D.check() == []


def test_every_file_is_marked_provisional_with_its_source():
    for part in (D.MAP, D.SHEETS, D.FAMILIES, D.CARDS):
        assert part["provisional"] is True and len(part["source"]) > 80


def test_the_map_has_what_the_seed_states():
    # spec 2.12: 12 mandamenti of 3 areas, 9 seas, coastal areas touch 1 or 2 seas
    assert len(D.AREAS) == 36 and len(D.MANDAMENTI) == 12 and len(D.SEAS) == 9
    # L333: Agrigento and Camastra are adjacent; Caltanissetta, Enna, Camastra one mandamento
    assert "Camastra" in D.ADJ["Agrigento"]
    assert set(D.M_AREAS[D.MANDAMENTO_OF["Camastra"]]) == {"Caltanissetta", "Enna", "Camastra"}
    # L340: Licata touches Mare Agrigento and Mare Licata
    assert set(D.COAST["Licata"]) == {"Mare Agrigento", "Mare Licata"}
    # L1681: Caltagirone - Scordia - Palagonia
    assert "Scordia" in D.ADJ["Caltagirone"] and "Palagonia" in D.ADJ["Scordia"]
    assert D.BRONTE == "Bronte"


def test_the_start_fills_every_area_with_2_or_3_soldati():
    # spec 3 step 9: each player 6 areas of 2 or 3 soldati, the rest neutral
    for seat, areas in D.CORNERS.items():
        assert len(areas) == 6 and set(areas.values()) <= {2, 3}
    assert len(D.NEUTRAL_START) == 12


def test_families_tokens_and_boards():
    # spec 2.2, 2.7, 2.8: 13 tokens (5 basic, 8 advanced), 17 covered fields, 6 families
    assert len(D.FAMILY_KEYS) == 6
    for fam in D.FAMILY_KEYS:
        assert len(D.FAMILY_TOKENS[fam]) == 13 and len(D.BASIC[fam]) == 5 and len(D.ADVANCED[fam]) == 8
        assert sum(D.row_length(fam, r) for r in D.ROWS) == 17
    # Annex II: every family's special order is there, its source quoted
    specials = {fam: [t for t in D.FAMILY_TOKENS[fam] if D.TOKEN[t].get("source")] for fam in D.FAMILY_KEYS}
    assert all(specials[fam] for fam in D.FAMILY_KEYS)


def test_a_broken_edit_is_reported(monkeypatch):
    monkeypatch.setitem(D.ADJ, "Noto", ("Scordia",))
    assert any("not symmetric" in p for p in D.check())
