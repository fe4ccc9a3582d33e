"""A game's words said again in the reader's language, and the reader's words read back."""

from games.core import words

PO = '''
msgid ""
msgstr ""
"Language: pl\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"

msgid "Your turn."
msgstr "Twój ruch."

msgctxt "name"
msgid "Saudi Arabia"
msgstr "Arabia Saudyjska"

msgctxt "name"
msgid "Pakistan"
msgstr "Pakistan"

msgctxt "name"
msgid "US"
msgstr "USA"

msgid "{seat} recruits in {country}"
msgstr "{seat} werbuje: {country}"

msgid "{seat} plays {card}"
msgstr "{seat} zagrywa {card}"

msgid "{seat} plays {card} for the event"
msgstr "{seat} zagrywa {card} jako wydarzenie"

msgid "{n:num} cell"
msgid_plural "{n:num} cells"
msgstr[0] "{n:num} komórka"
msgstr[1] "{n:num} komórki"
msgstr[2] "{n:num} komórek"

msgid "{what} in {country}"
msgstr "{what} w: {country}"

msgctxt "notation"
msgid "recruit"
msgstr "werbunek|werbuj"

msgctxt "notation"
msgid "jihad"
msgstr "dżihad"

#, fuzzy
msgid "Game over."
msgstr "Koniec gry."
'''.encode()


def catalogue():
    return words.load(PO, "pl")


def said(text):
    cat = catalogue()
    return "\n".join(words._line(cat, line, words.DEPTH) for line in text.split("\n"))


def test_a_whole_line_a_name_and_a_pattern_with_names_in_it():
    assert said("Your turn.") == "Twój ruch."
    assert said("Saudi Arabia") == "Arabia Saudyjska"
    assert said("US recruits in Saudi Arabia") == "USA werbuje: Arabia Saudyjska"
    assert said("  Pakistan") == "  Pakistan"          # a name the same in both languages, indented


def test_the_most_specific_pattern_wins():
    assert said("US plays Pakistan for the event") == "USA zagrywa Pakistan jako wydarzenie"


def test_plural_forms_follow_the_number():
    assert said("1 cell") == "1 komórka"
    assert said("3 cells") == "3 komórki"
    assert said("5 cells") == "5 komórek"
    assert said("22 cells") == "22 komórki"


def test_parts_are_said_in_turn_and_a_number_is_a_number():
    assert said("5 cells in Saudi Arabia") == "5 komórek w: Arabia Saudyjska"


def test_what_cannot_be_said_whole_is_left_as_it_is_and_a_fuzzy_message_is_not_a_translation():
    assert said("US recruits in Atlantis") == "US recruits in Atlantis"
    assert said("Game over.") == "Game over."
    cat = catalogue()
    assert words._said(cat, "Game over.", words.DEPTH) is None


def test_reading_back_folds_case_and_diacritics_and_names(monkeypatch):
    cat = catalogue()
    monkeypatch.setattr(words, "catalogue", lambda game, language: cat if language == "pl" else None)
    assert words.read("x", "Werbunek arabia saudyjska", "pl") == "recruit Saudi Arabia"
    assert words.read("x", "DZIHAD Pakistan", "pl") == "jihad Pakistan"
    assert words.read("x", "recruit Pakistan", "pl") == "recruit Pakistan"
    assert words.read("x", "werbunek Pakistan", "en") == "werbunek Pakistan"
    assert words.write("x", "recruit Saudi Arabia", "pl") == "werbunek Arabia Saudyjska"


def test_english_and_a_game_without_a_catalogue_are_left_alone():
    assert words.say("clash", "Your turn.", "en") == "Your turn."
    assert words.say("no_such_game", "Your turn.", "pl") == "Your turn."
    assert words.read("no_such_game", "werbunek", "pl") == "werbunek"


def test_a_raw_part_is_kept_as_typed():
    cat = words.load(PO + '''
msgid "There is no card called '{typed:raw}'."
msgstr "Nie ma karty o nazwie „{typed:raw}”."
'''.encode(), "pl")
    assert words._line(cat, "There is no card called 'hello there'.", words.DEPTH) == \
        "Nie ma karty o nazwie „hello there”."
    assert words._said(cat, "US recruits in Atlantis", words.DEPTH) is None
    assert ("US recruits in Atlantis", words.DEPTH) in cat.memo        # a line that failed is not tried again


def test_the_plural_follows_the_part_named_n_and_a_number_is_said_at_any_depth():
    cat = words.load(PO + '''
msgid "Round {round:num}: {n:num} cell"
msgid_plural "Round {round:num}: {n:num} cells"
msgstr[0] "Runda {round:num}: {n:num} komórka"
msgstr[1] "Runda {round:num}: {n:num} komórki"
msgstr[2] "Runda {round:num}: {n:num} komórek"
'''.encode(), "pl")
    assert words._line(cat, "Round 1: 5 cells", words.DEPTH) == "Runda 1: 5 komórek"
    assert words._said(cat, "7", 0) == "7"


def test_a_notation_part_is_written_in_the_reader_s_words():
    cat = words.load(PO + '''
msgid "Write it as `{line:notation}`."
msgstr "Napisz to tak: `{line:notation}`."
'''.encode(), "pl")
    assert words._line(cat, "Write it as `recruit Saudi Arabia`.", words.DEPTH) == \
        "Napisz to tak: `werbunek Arabia Saudyjska`."


def test_a_part_is_split_where_it_can_be_said_not_only_at_the_first_place():
    cat = words.load(PO + '''
msgctxt "name"
msgid "Termini"
msgstr "Termini"

msgctxt "name"
msgid "Termini Imerese"
msgstr "Termini Imerese"

msgid "{place} {field} ({family})"
msgstr "{place}, pole {field} ({family})"

msgctxt "name"
msgid "Red"
msgstr "Czerwoni"

msgctxt "name"
msgid "b2"
msgstr "b2"
'''.encode(), "pl")
    assert words._line(cat, "Termini Imerese b2 (Red)", words.DEPTH) == "Termini Imerese, pole b2 (Czerwoni)"


def test_a_catalogue_is_completed_by_its_part_files_and_a_part_overrides_nothing_else():
    box = PO.decode() + '''
msgctxt "name"
msgid "Iran"
msgstr "Iran (pudełko)"

msgid "Event: Place a cell."
msgstr "Wydarzenie: umieść komórkę."
'''
    cat = words.load(PO, "pl", [box.encode()])
    assert cat.exact("Event: Place a cell.") == "Wydarzenie: umieść komórkę."
    assert cat.name("Iran") == "Iran (pudełko)"
    assert words.load(PO, "pl").exact("Event: Place a cell.") is None


def test_a_whole_text_in_a_language_is_found_only_where_the_game_has_it():
    assert words.document("clash", "rules.md", "en") is None
    assert words.document("no_such_game", "rules.md", "pl") is None
    assert words.document("clash", "no_such_text.md", "pl") is None


def test_a_picture_is_said_label_by_label_and_stays_the_same_picture(monkeypatch):
    cat = words.load((PO.decode() + '''
msgid "Beside the board & more"
msgstr "Obok planszy i więcej"
''').encode(), "pl")
    monkeypatch.setattr(words, "catalogue", lambda game, language: cat if language == "pl" else None)
    svg = ('<svg><text x="1" y="2">Beside the board &amp; more</text><g><title>Saudi Arabia</title></g>'
           '<text x="3">Nothing here</text></svg>')
    assert words.say_svg("any", svg, "pl") == (
        '<svg><text x="1" y="2">Obok planszy i więcej</text><g><title>Arabia Saudyjska</title></g>'
        '<text x="3">Nothing here</text></svg>')
    assert words.unsaid_svg("any", svg, "pl") == ["Nothing here"]
    assert words.say_svg("any", svg, "en") == svg
