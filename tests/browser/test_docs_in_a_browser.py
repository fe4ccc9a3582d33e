"""/docs works with no network beyond this server: Swagger UI's files are served by the app."""


def test_the_api_docs_render_from_the_server_alone(live_server, browser, screens):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    elsewhere = []

    def only_this_server(route):
        if route.request.url.startswith(live_server):
            return route.continue_()
        elsewhere.append(route.request.url)
        return route.abort()

    page.route("**/*", only_this_server)
    page.goto(f"{live_server}/docs")
    page.wait_for_selector(".opblock-summary-path", timeout=15000)
    paths = page.eval_on_selector_all(".opblock-summary-path", "els => els.map(e => e.textContent.trim())")
    assert "/tables/{table_id}/moves" in paths and "/games" in paths, paths
    assert elsewhere == [], f"/docs asked other hosts: {elsewhere}"
    page.screenshot(path=str(screens / "docs.png"))
    context.close()


def test_swagger_assets_are_served(client):
    page = client.get("/docs").get_data(as_text=True)
    assert "cdn." not in page and "/docs/assets/swagger-ui-bundle.js" in page
    script = client.get("/docs/assets/swagger-ui-bundle.js")
    assert script.status_code == 200 and len(script.get_data()) > 100_000
    assert client.get("/docs/assets/../../secret_key").status_code == 404
