"""``zorglab studio PATH`` in Chromium (issue 39): the page opens with the Maker already painted (its
canvas pixels read in the page, no other level opened first), every request it makes stays on
127.0.0.1 (each one routed and recorded: the icon font comes with the page), the icons still drawn,
Ctrl+S saves the level, and every panel inside the window at 1366 × 768 with labels of at least
11 px. Screenshots at 1366 × 768 and 1920 × 1080 (``docs/img/studio-app.png``,
``studio-app-1920.png`` with ``ZORGLAB_UPDATE_SCREENSHOTS=1``).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from labkit import REPO, canvas_pixels, keep, wait_for
from test_studio_app_browser import _free_port
from test_studio_daily_browser import SMALLEST_TEXT, record_requests

pytestmark = pytest.mark.browser


@pytest.fixture
def first_blood_app(tmp_path):
    """``zorglab studio levels/first.toml`` in a copy of the repository's root, stopped by its PID."""
    root = tmp_path / "repo"
    (root / "levels").mkdir(parents=True)
    (root / "pyproject.toml").write_text("# a copy of the checkout's root for the app test\n")
    for name in ("tiles.toml", "contracts.toml", "app-02-the-long-way-round.toml"):
        shutil.copyfile(REPO / "levels" / name, root / "levels" / name)
    shutil.copyfile(REPO / "levels" / "app-01-first-blood.toml", root / "levels" / "first.toml")
    home = tmp_path / "home"
    env = {**os.environ, "PYTHONPATH": str(REPO), "JUPYTER_CONFIG_DIR": str(home / "config"),
           "JUPYTER_DATA_DIR": str(home / "data"), "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
           "IPYTHONDIR": str(home / "ipython"), "PYTHONHASHSEED": "0"}
    port = _free_port()
    log = tmp_path / "voila.log"
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "zorglab.cli.main", "studio", "levels/first.toml",
                                    "--port", str(port), "--no-browser", "--idle-seconds", "3600"], cwd=root,
                                   env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 90
        while True:
            if process.poll() is not None:
                pytest.fail(f"zorglab studio exited with {process.returncode}:\n{log.read_text()[-3000:]}")
            # the page's URL with its token, as the command prints it (the app is private: issue 37)
            printed = re.search(r"(http://127\.0\.0\.1:\d+/\?token=[A-Za-z0-9_-]+)", log.read_text())
            try:
                with urllib.request.urlopen(base + "voila/static/", timeout=2):
                    answering = True
            except urllib.error.HTTPError:
                answering = True             # the server answers (a static folder without its file: 404)
            except OSError:
                answering = False
            if answering and printed:
                break
            if time.monotonic() > deadline:
                pytest.fail(f"zorglab studio did not answer on {base}:\n{log.read_text()[-3000:]}")
            time.sleep(0.3)
        yield printed.group(1), root
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)


def test_the_app_opens_drawn_offline_and_on_one_screen(first_blood_app, page, shots):
    url, root = first_blood_app
    outside = record_requests(page)
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(url, timeout=120_000)
    wait_for("the Studio in the app", lambda: page.locator(".zorglab-studio").count() == 1, timeout=120)
    canvas = ".zorglab-studio-maker canvas"
    wait_for("the Maker's canvas", lambda: page.locator(canvas).count() >= 1, timeout=120)
    inked = wait_for("the Maker painted without opening another level",
                     lambda: (canvas_pixels(page, canvas) or {}).get("inked"), timeout=60)
    assert inked > 1_000, inked
    wait_for("the verdict", lambda: "this layout: solvable" in page.locator(".zorglab-analysis").inner_text(),
             timeout=120)

    # icons drawn from the font bundled with the page (no stylesheet from elsewhere)
    icon = page.locator(".zorglab-studio-save i.fa").first
    family = icon.evaluate("(n) => getComputedStyle(n, '::before').fontFamily")
    content = icon.evaluate("(n) => getComputedStyle(n, '::before').content")
    assert "FontAwesome" in family.replace(" ", "") and content not in ("none", "normal", '""'), (family, content)

    # one screen at 1366 x 768: the rows, the Maker and the verdict side by side, labels >= 11 px
    for selector in (".zorglab-studio-rows", ".zorglab-studio-maker", ".zorglab-studio-verdict"):
        box = page.locator(selector).first.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 1366, f"{selector} leaves the window: {box}"
    rows = page.locator(".zorglab-studio-rows").first.bounding_box()
    verdict = page.locator(".zorglab-studio-verdict").first.bounding_box()
    assert abs(rows["y"] - verdict["y"]) < 40, (rows, verdict)
    smallest = page.locator(".zorglab-studio").first.evaluate(SMALLEST_TEXT)
    assert smallest[0][0] >= 11, f"labels under 11 px: {smallest}"
    path = shots / "browser-studio-app-drawn-1366.png"
    page.screenshot(path=str(path))
    if os.environ.get("ZORGLAB_UPDATE_SCREENSHOTS") == "1":
        keep(path, REPO / "docs" / "img" / "studio-app.png")

    # Ctrl+S from a text field saves the level
    hero = page.locator(".zorglab-rows-heroes .zorglab-entry input").first
    hero.fill("Warrior(1)  ")
    wait_for("the edit", lambda: "unsaved" in page.locator(".zorglab-studio").first.inner_text())
    hero.press("Control+s")
    wait_for("Ctrl+S to save", lambda: "Warrior(1)  " in (root / "levels" / "first.toml").read_text(), timeout=60)

    page.set_viewport_size({"width": 1920, "height": 1080})
    path = shots / "browser-studio-app-drawn-1920.png"
    page.screenshot(path=str(path))
    if os.environ.get("ZORGLAB_UPDATE_SCREENSHOTS") == "1":
        keep(path, REPO / "docs" / "img" / "studio-app-1920.png")
    assert outside == [], f"requests left 127.0.0.1: {outside}"
