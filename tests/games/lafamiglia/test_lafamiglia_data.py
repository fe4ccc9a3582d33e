"""The provisional data set (issue 14): complete, consistent, and marked with its sources."""

import re

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


IMPLEMENTATION = re.compile(r"\(L\d|\bL\d{2,}|\bspec\b|\bseed|Annex|our reading|provisional|\.py\b|\[INFERRED|\[POLICY",
                            re.IGNORECASE)
POLISH_LETTERS = re.compile("[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]")


def player_texts():
    """Every component's player-facing name and text (the rules page and the emails read these)."""
    for c in D.CHARACTERS:
        yield c["name"], c["text"]
    for key in D.CARD_SET:
        yield D.CARD[key]["name"], D.CARD[key]["text"]
    for tile in D.CARDS["tiles"]:
        yield tile["name"], tile["text"]
    for piece in D.CARDS["pieces"]:
        yield piece["name"], piece["text"]
    for fam in D.FAMILY_KEYS:
        yield D.family(fam)["name"], D.family(fam)["text"]
        for token in D.FAMILY_TOKENS[fam]:
            yield D.TOKEN[token]["name"], D.TOKEN[token]["text"]
    for row in D.ROWS:
        yield D.FAMILIES["row_texts"][row]["name"], D.FAMILIES["row_texts"][row]["text"]
    for letter in D.COLUMN_LETTERS:
        yield D.SHEETS["column_texts"][letter]["name"], D.SHEETS["column_texts"][letter]["text"]
    for act, entry in D.SHEETS["action_texts"].items():
        yield entry["name"], entry["text"]
    for fid, field in D.FIELD.items():
        yield fid, field["text"]
    for part in (D.MAP, D.SHEETS, D.FAMILIES, D.CARDS["conflict"]):
        yield part["name"], part["text"]
    yield "token_text", D.FAMILIES["token_text"]
    yield "spread_text", D.SHEETS["spread_text"]
    yield "tiles_text", D.CARDS["tiles_text"]
    yield "characters_text", D.CARDS["characters_text"]
    yield "bronte_text", D.MAP["bronte_text"]


def test_every_component_has_an_english_name_and_a_text_for_a_player():
    # issue 22: no line numbers, no 'seed' or 'spec', no Polish in what a player reads; sources stay in 'source'
    texts = list(player_texts())
    assert len(texts) > 200
    for name, text in texts:
        assert name and len(text) > 20, name
        assert not IMPLEMENTATION.search(name + " " + text), (name, text)
        assert not POLISH_LETTERS.search(name + " " + text), (name, text)


def test_the_polish_names_are_kept_beside_the_english_ones():
    assert {D.CARD[c]["polish"] for c in D.CARD_SET} == {"Zdrada", "Tchórzostwo 1", "Tchórzostwo 2"}
    assert {D.CARD[c]["name"] for c in D.CARD_SET} == {"Betrayal", "Cowardice 1", "Cowardice 2"}
    known = [t for t in D.CARDS["tiles"] if not t.get("unknown")]
    assert len(known) == 8 and all(t["polish"] and t["source"] for t in known)
    assert D.TILE["influence"]["name"] == "Influence" and D.TILE["influence"]["polish"] == "Wpływy"
    assert all(D.family(f)["polish"] for f in D.FAMILY_KEYS)
    assert {D.FAMILIES["row_texts"][r]["polish"] for r in D.ROWS} == {"Sądy", "Policja", "Banki", "Kościół"}
    assert "L1467" in D.CARD["zdrada"]["source"]            # the line reference moved to the source


def test_every_mandamento_touches_a_sea():
    # spec 7.2 (the control marker goes "na przypisanym do danego mandamento okrągłym polu (na przyległym
    # obszarze morskim)"): each mandamento has a coast; Bronte's at Randazzo, the area Bronte stays inland
    for m, areas in D.M_AREAS.items():
        assert any(D.COAST[a] for a in areas), m
    assert D.COAST["Randazzo"] == ("Mare di Milazzo",) and D.COAST["Bronte"] == ()


def test_the_rulings_are_listed_for_players():
    # the engine's choices that are not table options (GET /games): named once, in a player's words, the
    # rulebook's own words beside the ones they decide or frame
    from games.lafamiglia import GAME
    rulings = GAME.rulings()
    ids = [r["id"] for r in rulings]
    assert len(ids) == len(set(ids)) and not set(ids) & set(GAME.options)
    assert {"annex_order_rows", "bronte_mandamento_coast", "cowardice_neutrals", "chain_of_command_fields"} <= set(ids)
    for r in rulings:
        assert set(r) <= {"id", "rule", "choice", "provisional", "words"} and isinstance(r["provisional"], bool)
        assert not IMPLEMENTATION.search(r["choice"]) and not POLISH_LETTERS.search(r["choice"]), r["id"]
        if "words" in r:
            assert POLISH_LETTERS.search(r["words"]) and "(" in r["words"] and not IMPLEMENTATION.search(r["words"])
