"""A real browser for the pages and HTML emails: Debian's chromium, driven by Playwright through
executable_path (`playwright install` cannot download browsers here). Without chromium the tests
are skipped, unless PBEM_REQUIRE_BROWSER is set (CI sets it, after installing chromium)."""

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium_path() -> str | None:
    return os.environ.get("PBEM_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    if path is None:
        if os.environ.get("PBEM_REQUIRE_BROWSER"):
            pytest.fail("PBEM_REQUIRE_BROWSER is set but no chromium was found")
        pytest.skip("no chromium on this machine (apt install chromium)")
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def phone(browser):
    """A page the size of a phone (375 px wide)."""
    context = browser.new_context(viewport={"width": 375, "height": 812}, device_scale_factor=2)
    yield context.new_page()
    context.close()


@pytest.fixture(scope="session")
def screens():
    """Screenshots go here (the test run's output folder): look at them after a change."""
    folder = Path(os.environ.get("PBEM_SCREENS", "var/screens")).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
