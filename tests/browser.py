"""A real headless browser for the gallery tests: Debian's chromium driven by Selenium.

Only the distribution's packages are used (``chromium`` and ``chromium-driver``,
which .ci/run installs with apt-get): the driver's path is given, so Selenium
never looks for or downloads a browser.  Tests using :func:`chrome` are skipped,
with the reason, where the driver is not installed, and are end-to-end runs
marked ``slow`` (a browser and, for ``serve``, a live server: CI runs them with
``pytest -m slow``); :data:`needs_browser` gives both marks.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

CHROMEDRIVER = Path("/usr/bin/chromedriver")
CHROMIUM = Path("/usr/bin/chromium")

_browser_installed = pytest.mark.skipif(
    not CHROMEDRIVER.is_file(),
    reason=f"no {CHROMEDRIVER}: install Debian's chromium and chromium-driver (apt-get install chromium "
           f"chromium-driver) to run the browser tests")


def needs_browser(test):
    """A test that drives the browser: slow (an end-to-end run), and skipped where no driver is installed."""
    return pytest.mark.slow(_browser_installed(test))


def chrome(width: int = 1400, height: int = 1000):
    """A headless Chromium (quit it when done)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}"):
        options.add_argument(arg)
    if CHROMIUM.is_file():
        options.binary_location = str(CHROMIUM)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)


def console_errors(driver) -> list[str]:
    """Console messages of level SEVERE since the last call."""
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def poll(condition, timeout: float = 20.0, step: float = 0.2):
    """``condition()``'s first truthy value within ``timeout`` seconds, else its last value."""
    end = time.monotonic() + timeout
    value = condition()
    while not value and time.monotonic() < end:
        time.sleep(step)
        value = condition()
    return value


def shown_tiles(driver) -> list[tuple[str, str]]:
    """(card id, language) of every card tile the page shows now."""
    return [tuple(pair) for pair in driver.execute_script(
        "return [...document.querySelectorAll('.tile')].filter(t => t.offsetParent !== null)"
        ".map(t => [t.dataset.card, t.dataset.uid.split('/')[2]]);")]
