"""A host adds a language without touching code: a catalogue directory under i18n/locales/ is a
language (named by Babel in its own words, its dates in Babel's pattern when i18n.DATES has none).
Tried with a copy of the Polish catalogue as Czech ("cs"), in a temporary locales directory: in a
fresh interpreter (the languages are found at import), and in this one for the pages."""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import i18n
from tables import rollback, undo

ROOT = Path(__file__).resolve().parents[2]
PROBE = """
import json, i18n
print(json.dumps({"languages": i18n.LANGUAGES, "known": i18n.known("cs"),
                  "over": i18n.gettext("The game is over.", "cs"),
                  "hours": i18n.duration(5 * 3600, "cs"), "date": i18n.date(1_765_123_200, "cs")}))
"""


@pytest.fixture
def czech(tmp_path):
    """A copy of the i18n package whose locales hold the Polish catalogue twice: as pl and as cs."""
    package = tmp_path / "i18n"
    shutil.copytree(ROOT / "i18n", package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(package / "locales" / "pl", package / "locales" / "cs")
    return tmp_path


def test_a_copied_catalogue_is_a_language_in_a_fresh_interpreter(czech):
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=czech, capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(czech), "PATH": "/usr/bin:/bin"})
    found = json.loads(out.stdout)
    assert found["languages"] == {"en": "English", "cs": "čeština", "pl": "polski"}
    assert found["known"] == "cs" and found["over"] == "Gra dobiegła końca."      # its words: the copied ones
    assert found["hours"] == "5 godzin"                                          # its plural forms: the file's
    assert found["date"] == "neděle 7. prosince 2025, 16:00 UTC"                  # Babel's Czech full date


def test_the_platform_as_it_stands_speaks_english_and_polish():
    assert i18n.discover() == {"en": "English", "pl": "polski"} == i18n.LANGUAGES
    assert i18n.date_pattern("pl") == i18n.DATES["pl"]
    assert i18n.date_pattern("de") == "EEEE, d. MMMM y, HH:mm 'UTC'"                # Babel's, for a language to come


def test_the_pages_offer_and_speak_a_language_added_as_a_directory(czech, monkeypatch, client):
    locales = czech / "i18n" / "locales"
    monkeypatch.setattr(i18n, "LOCALES", locales)
    for code, name in i18n.discover(locales).items():
        monkeypatch.setitem(i18n.LANGUAGES, code, name)
    i18n.translations.cache_clear()
    try:
        page = client.get("/new?game=clash", headers={"Accept-Language": "cs-CZ,cs;q=0.9"}).get_data(as_text=True)
        assert '<option value="cs" selected>čeština</option>' in page
        assert "E-maile i strony gry w języku:" in page                          # the copied words
        assert '<option value="en">English</option>' in page
    finally:
        i18n.translations.cache_clear()


def test_why_an_undo_or_a_rollback_was_refused_is_said_in_the_reader_s_language():
    window = undo._stop([7, 5], "dice", "A die was rolled (or cards shuffled) since, so your earlier moves can no "
                        "longer be taken back.")
    with pytest.raises(undo.Closed) as caught:
        undo._target(None, window, 3, None)
    english = ("You can take back 2 moves at most now: A die was rolled (or cards shuffled) since, so your earlier "
               "moves can no longer be taken back.")
    assert caught.value.message == english == i18n.reason(caught.value, "en")
    assert i18n.reason(caught.value, "pl") == ("Teraz możesz cofnąć najwyżej 2 ruchy: Od tego czasu rzucono kością "
                                               "(albo potasowano karty), więc Twoich wcześniejszych ruchów nie można "
                                               "już cofnąć.")
    with pytest.raises(undo.Closed) as caught:
        undo._target(None, window, None, 6)
    assert i18n.reason(caught.value, "pl").startswith("Możesz wrócić tylko do chwili tuż przed którymś z Twoich "
                                                      "ostatnich ruchów (zdarzenia 7, 5): Od tego czasu rzucono")
    other = undo._stop([], "other_seat", "%(name)s has moved since your last move, so it can no longer be taken back "
                       "by you alone (a rollback needs every player's agreement).", name="Bob")
    assert other.message.startswith("Bob has moved since your last move")
    assert other.said("pl").startswith("Bob wykonał(a) ruch po Twoim ostatnim ruchu")
    refused = rollback._said(rollback.Invalid, "bad_rollback_seq", "The setup cannot be rolled back: go back to "
                             "event %(seq)s at the earliest.", seq=12)
    assert refused.message == "The setup cannot be rolled back: go back to event 12 at the earliest."
    assert refused.code == "bad_rollback_seq" and refused.extra == {}               # the API's answer unchanged
    assert i18n.reason(refused, "pl") == "Przygotowania gry nie można cofnąć: wróć najwyżej do zdarzenia 12."
    assert i18n.reason(ValueError("plain"), "pl") == "plain"
