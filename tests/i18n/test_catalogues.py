"""Every catalogue holds every message the code and the templates show (babel.cfg says where they
are), each translated (no empty or fuzzy entry) with the same placeholders as the English."""

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

import i18n

ROOT = Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]|\{(\w+)\}")
TRANSLATED = sorted(set(i18n.LANGUAGES) - {i18n.DEFAULT})


def extracted() -> set[str | tuple[str, ...]]:
    with (ROOT / "babel.cfg").open() as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    return {message for _, _, message, _, _ in extract_from_dir(str(ROOT), method_map, options_map)}


def catalogue(language: str):
    with (i18n.LOCALES / language / "LC_MESSAGES" / "messages.po").open("rb") as po:
        return read_po(po, locale=language)


def placeholders(text: str) -> set[str]:
    return {a or b for a, b in PLACEHOLDER.findall(text)}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_shown_is_in_the_catalogue_and_translated(language):
    kept = catalogue(language)
    ids = {m.id if isinstance(m.id, str) else tuple(m.id) for m in kept if m.id}
    wanted = extracted()
    assert wanted, "nothing was extracted"
    assert not wanted - ids, f"missing from {language}: {sorted(map(str, wanted - ids))}"
    assert not ids - wanted, f"no longer shown, to remove from {language}: {sorted(map(str, ids - wanted))}"
    for message in kept:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(s.strip() for s in strings), f"untranslated: {message.id!r}"
        assert len(strings) == (kept.num_plurals if message.pluralizable else 1), message.id
        assert not message.fuzzy, f"fuzzy: {message.id!r}"


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_keep_the_placeholders(language):
    for message in catalogue(language):
        if not message.id:
            continue
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = placeholders(english[-1])
        for text in strings:
            assert placeholders(text) == wanted, f"{message.id!r} -> {text!r}"


def test_polish_plural_forms_and_dates():
    assert [i18n.duration(n * 3600, "pl") for n in (1, 2, 5, 22, 12)] == [
        "1 godzina", "2 godziny", "5 godzin", "22 godziny", "12 godzin"]
    assert i18n.duration(86400 + 3 * 60 * 60, "pl") == "1 dzień 3 godziny"
    assert i18n.duration(30, "pl") == "niecała minuta"
    assert i18n.date(1_765_123_200, "pl") == "niedziela, 7 grudnia 2025, 16:00 UTC"
    assert i18n.date(1_765_123_200, "en") == "Sunday 07 December 2025, 16:00 UTC"


@pytest.mark.parametrize("seconds", [0, 29, 61, 3600, 3660, 86400, 86400 + 1200, 2 * 86400 + 3 * 3600, 90061, 10**7])
def test_english_durations_read_as_the_clock_writes_them(seconds):
    from tables.clock import describe_left
    assert i18n.duration(seconds, "en") == describe_left(seconds)


def test_an_unknown_language_reads_english():
    assert i18n.known("de") == i18n.known(None) == "en"
    assert i18n.gettext("The game is over.", "de") == "The game is over."
    assert i18n.gettext("The game is over.", "pl") == "Gra dobiegła końca."
