"""A rate limit's refusal keeps its words: the page a Polish visitor sees says it in Polish, with its
limit and the wait in Polish plurals; the English sentence (the API's) is as it was."""

import pytest
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

import i18n
from tables import rate_limits


def refused(limits: str, address: str | None = None) -> rate_limits.TooMany:
    strategy = MovingWindowRateLimiter(storage_from_string("memory://"))
    with pytest.raises(rate_limits.TooMany) as over:
        for _ in range(10):
            rate_limits.count(strategy, "" if address else limits, limits if address else "", "me",
                              [address] if address else [])
    return over.value


def test_too_many_tables_said_in_english_and_in_polish():
    over = refused("2 per minute")
    assert over.message.startswith("Too many new tables from you (at most 2 a minute); try again in ")
    said = i18n.reason(over, "pl")
    assert said.startswith("Za dużo nowych stołów od ciebie (najwyżej 2 na minutę); spróbuj ponownie za ")
    assert said.endswith(("sekund.", "sekundy.", "sekundę."))


def test_too_many_games_for_one_address_names_it_in_both_languages():
    over = refused("3 per 2 hours", address="Ala@Example.org")
    assert "ala@example.org (at most 3 per 2 hours)" in over.message
    assert "adres ala@example.org (najwyżej 3 w ciągu 2 godzin)" in i18n.reason(over, "pl")


@pytest.mark.parametrize("seconds, english, polish", [(1, "in 1 second", "za 1 sekundę"), (3, "in 3 seconds", "za 3 sekundy"),
                                                      (600, "in 10 minutes", "za 10 minut"),
                                                      (7300, "in 3 hours", "za 3 godziny")])
def test_the_wait_in_words(seconds, english, polish):
    assert rate_limits._later(seconds) == english and rate_limits._later(seconds, "pl") == polish
