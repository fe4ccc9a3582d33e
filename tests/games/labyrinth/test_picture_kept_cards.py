"""The cards of a seat's own hand are kept by what they show and where (picture_panels._kept_card):
every picture along a random game is the same text as drawn with nothing kept, a card is drawn
once and taken again, and a card is only ever drawn into its holder's own picture."""

from games.core import svg
from games.labyrinth import GAME
from games.labyrinth import picture_panels as P
from tests.games.picture_kit import positions


def _fresh(view, seat):
    P._kept_card.cache_clear()
    return GAME.picture(view, seat)


def test_pictures_with_kept_cards_are_the_pictures_drawn_afresh():
    P._kept_card.cache_clear()
    seen, taken = 0, 0
    for _, state in positions(GAME, {}, b"kept cards", every=13, limit=900):
        for seat in ("us", "jihadist", None):
            view = GAME.view(state, seat)
            kept = GAME.picture(view, seat)
            before = P._kept_card.cache_info().hits
            assert kept == GAME.picture(view, seat)
            taken += P._kept_card.cache_info().hits - before
            assert kept == _fresh(view, seat)
            seen += 1
        if seen >= 24:
            break
    assert seen >= 12
    assert taken > 0          # cards taken again from the kept ones


def test_a_card_is_drawn_once_and_only_into_its_holder_s_hand():
    state = next(s for made, s in positions(GAME, {}, b"kept cards hand", every=1, limit=40) if made == 10)
    view = GAME.view(state, "us")
    hand = view["hands"]["us"]
    assert hand
    first = GAME.picture(view, "us")
    card = svg.drawn(first).root.find(f".//g[@data-card='{hand[0]['card']}']")
    assert card is not None and svg.is_kept(card)
    again = GAME.picture(view, "us")
    assert again == first and svg.drawn(again).root.find(f".//g[@data-card='{hand[0]['card']}']") is card
    theirs = GAME.picture(GAME.view(state, "jihadist"), "jihadist")
    assert svg.drawn(theirs).root.find(f".//g[@data-card='{hand[0]['card']}']") is None
    assert hand[0]["name"] not in theirs
