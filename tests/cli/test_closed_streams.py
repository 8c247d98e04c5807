"""Issue 32 item 6: closed and odd streams. ``zorglab validate FILE >&-`` ends as it did before (exit 0
for a sound level, 2 for a broken one) with no traceback; a profile holding a 5,000-digit bonus number
is a clear refusal, not Python's int-string ValueError."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from zorglab.errors import OptionError
from zorglab.progression.profile import load_profile

ROOT = Path(__file__).resolve().parents[2]
RUN = "import sys; from zorglab.cli.main import main; sys.exit(main())"


def run_closed(args: list[str], redirect: str) -> tuple[int, str]:
    command = " ".join([f'"{sys.executable}"', "-c", f"'{RUN}'", *args, redirect])
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(["sh", "-c", command], cwd=ROOT, env=env, capture_output=redirect != ">&- 2>&-",
                          text=True, timeout=120)
    return done.returncode, (done.stderr or "")


@pytest.mark.parametrize("level, code", [("levels/app-01-first-blood.toml", 0), ("tests/malformed/minimum.toml", 2)])
@pytest.mark.parametrize("redirect", [">&-", ">&- 2>&-"])
def test_validate_with_stdout_closed_ends_without_a_traceback(level, code, redirect) -> None:
    status, err = run_closed(["validate", level], redirect)
    assert status == code and "Traceback" not in err


def test_a_profile_with_a_5000_digit_bonus_is_refused_clearly(tmp_path) -> None:
    rng = random.Random(32)
    digits = "".join(rng.choice("123456789") for _ in range(5000))
    path = tmp_path / "profile.json"
    path.write_text('{"zorglab_profile": 1, "levels": {"app-01": {"bonuses": [' + digits + "]}}}")
    with pytest.raises(OptionError) as refused:
        load_profile(path)
    assert str(refused.value) == (f"--profile {path}: a number of 5,000 digits; a profile holds bonus numbers "
                                  "of at most 1,000 digits (docs/levels.md, Limits)")
    path.write_text(json.dumps({"zorglab_profile": 1, "levels": {"app-01": {"bonuses": [1, 2]}}}))
    assert load_profile(path).points == 3
