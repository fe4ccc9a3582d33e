"""games.core.svg: escaping, ids, and fitting words into boxes."""

import xml.etree.ElementTree as ET

from games.core.svg import Drawing, clip, fit_size, slug, text_width, wrap


def test_names_with_markup_characters_are_escaped():
    d = Drawing(100, 50, 'Schroeder & Chirac <"quoted">')
    d.text(None, 1, 10, "Schroeder & Chirac </text>", 10, data_card='75 "&" <x>')
    d.resize(60)
    root = ET.fromstring(d.tostring().split("\n", 1)[1])
    assert root.get("height") == "60" and root.get("viewBox") == "0 0 100 60"
    text = root.find("{http://www.w3.org/2000/svg}text")
    assert text.text == "Schroeder & Chirac </text>" and text.get("data-card") == '75 "&" <x>'


def test_slugs_are_xml_names():
    assert slug("Indonesia/Malaysia") == "Indonesia-Malaysia"
    assert slug("Kenya/Tanzania") == "Kenya-Tanzania" and slug("United States") == "United-States"


def test_text_is_fitted_wrapped_and_clipped_to_a_width():
    assert text_width("WWW", 10) > text_width("iii", 10)
    assert text_width("Iraq", 10, bold=True) > text_width("Iraq", 10)
    assert fit_size("Iraq", 12, 100) == 12
    small = fit_size("Indonesia/Malaysia", 12, 90, bold=True)
    assert small < 12 and text_width("Indonesia/Malaysia", small, True) <= 90.5
    assert fit_size("Indonesia/Malaysia", 12, 20, bold=True) == 7.0  # never below the smallest size
    lines = wrap("Place a CTR marker in Russia, and also in Central Asia if it is Ally or Neutral.", 10, 120, 2)
    assert len(lines) == 2 and lines[-1].endswith("…") and all(text_width(x, 10) <= 120 for x in lines)
    assert wrap("Test China.", 10, 120, 3) == ["Test China."]
    assert clip("Indo-Pakistani Talks", 10, 50).endswith("…") and text_width(clip("Indo-Pakistani Talks", 10, 50), 10) <= 50
