"""`/` answers a small page instead of a 404: what the server is, its games, how to start a table."""


def test_the_home_page_lists_the_games_and_how_to_start(client):
    answer = client.get("/")
    assert answer.status_code == 200 and answer.mimetype == "text/html"
    page = answer.get_data(as_text=True)
    for game in client.get("/games").json:
        assert game["title"] in page and f"<code>{game['name']}</code>" in page
    assert 'href="http://localhost/docs"' in page and "POST http://localhost/tables" in page
    assert "pbem new clash" in page
