"""Steering the generator toward the contract's targets: how many temples meet each target, and an
Optuna search over the generator's options that raises that count (``zorglab tune temples``).

:func:`compliance` counts, for each of :data:`~zorglab.temples.targets.TARGETS`, the temples of a
sweep inside its band. :func:`tune_temples` runs a seeded Optuna study (``TPESampler(seed=…)``,
one trial after another, so the same seed and trial count give the same study) whose trials each
generate the same seeds with the options the sampler proposes and score the mean share of
(temple, target) pairs met. The study lives in a database (SQLite by default, any database URL
Optuna supports for several machines) under a name, so a second run resumes it: trials are the
work, counted, never a clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from zorglab.errors import OptionError
from zorglab.temples.options import DRESSING_RANGE, SIZES, check_options
from zorglab.temples.targets import TARGETS, Target

if TYPE_CHECKING:
    import optuna

DEFAULT_STORAGE = "sqlite:///tune-temples.sqlite3"
DEFAULT_STUDY = "temples"
# What a trial may vary: each option's whole-number range, inclusive.
SPACE: dict[str, tuple[int, int]] = {
    "floors": (1, 3),
    "locks": (0, 3),
    "monsters": (15, DRESSING_RANGE[1]),
    "loot": (0, 40),
    "traps": (0, 20),
    "puzzles": (0, 20),
}


def target_name(target: Target) -> str:
    """A target in a few words with its source: ``"25–35 % monster rooms (§3 step 6)"``."""
    return f"{target.words} ({target.source})"


@dataclass(frozen=True)
class Compliance:
    """How many of ``temples`` meet each target, in :data:`TARGETS` order."""

    temples: int
    met: tuple[int, ...]

    @property
    def score(self) -> float:
        """The share of (temple, target) pairs met, 0..1 (0 with no temple)."""
        return sum(self.met) / (self.temples * len(self.met)) if self.temples and self.met else 0.0

    def lines(self) -> list[str]:
        """One line per target: ``"  25–35 % monster rooms (§3 step 6): 12 of 20 (60 %)"``."""
        return [f"  {target_name(t)}: {m} of {self.temples} ({_percent(m, self.temples)})"
                for t, m in zip(TARGETS, self.met)]

    def as_dict(self) -> dict[str, Any]:
        return {"temples": self.temples, "score": round(self.score, 4),
                "targets": [{"target": target_name(t), "words": t.words, "measure": t.measure, "met": m}
                            for t, m in zip(TARGETS, self.met)]}


def _percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)} %" if whole else "-"


def _meets(target: Target, row: Mapping[str, Any]) -> bool:
    value = row.get(target.measure)
    if value is None or isinstance(value, bool) or row.get("failure"):
        return False
    try:
        number = float(value)
    except (TypeError, ValueError):
        return False
    return number == number and target.holds(number)          # NaN (a failed temple) meets nothing


def compliance(rows: Iterable[Mapping[str, Any]]) -> Compliance:
    """How many temple rows (a sweep's) meet each contract target; a failed temple meets none."""
    rows = list(rows)
    return Compliance(len(rows), tuple(sum(_meets(t, r) for r in rows) for t in TARGETS))


def compliance_by(rows: Iterable[Mapping[str, Any]], keys: Mapping[str, str]) -> list[tuple[str, Compliance]]:
    """:func:`compliance` per group of rows alike in ``keys`` (name → row column: a grid cell's
    options, the size), in first-seen order, each group named ``"floors=1 locks=2 size=small"``
    (``seed``: the seed decided); one group ``"all"`` without keys."""
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for row in rows:
        name = " ".join(f"{k}={_word(row.get(column))}" for k, column in keys.items()) or "all"
        groups.setdefault(name, []).append(row)
    return [(name, compliance(part)) for name, part in groups.items()]


def _word(value: Any) -> str:
    if value is None or value != value:          # None or NaN: the seed decided
        return "seed"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).lower() if isinstance(value, bool) else str(value)


def temple_rows(seeds: int, sizes: Sequence[str], options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One sweep row per (seed, size) for ``options``; a temple the generator gives up on is a row
    with ``failure`` set (it meets no target)."""
    from zorglab.temples.errors import SolverBudgetError, TempleGenerationError
    from zorglab.temples.sweep import sweep_row

    rows = []
    for seed in range(seeds):
        for size in sizes:
            try:
                rows.append(sweep_row(seed, size, options))
            except (TempleGenerationError, SolverBudgetError) as error:
                rows.append({"seed": seed, "size": size, "failure": str(error)})
    return rows


@dataclass(frozen=True)
class TuneResult:
    """A study's best options (over every trial it holds, resumed ones too), their compliance, and
    the compliance of the generator's own defaults on the same seeds, to compare."""

    study: str
    trials: int
    new_trials: int
    best_trial: int
    best_options: dict[str, Any]
    best: Compliance
    defaults: Compliance

    def as_dict(self) -> dict[str, Any]:
        return {"study": self.study, "trials": self.trials, "new_trials": self.new_trials,
                "best_trial": self.best_trial, "best_options": self.best_options,
                "best": self.best.as_dict(), "defaults": self.defaults.as_dict()}


def _suggest(trial: "optuna.Trial", fixed: Mapping[str, Any]) -> dict[str, Any]:
    options = dict(fixed)
    for name, (low, high) in SPACE.items():
        if name not in fixed:
            options[name] = trial.suggest_int(name, low, high)
    return options


def tune_temples(trials: int, *, seeds: int = 10, sizes: Sequence[str] = ("medium",), seed: int = 0,
                 storage: str | None = DEFAULT_STORAGE, study_name: str = DEFAULT_STUDY,
                 fixed: Mapping[str, Any] | None = None) -> TuneResult:
    """Run ``trials`` more trials of the study ``study_name`` in ``storage`` (None: in memory) and
    return its best options so far.

    Each trial generates seeds ``0..seeds-1`` at each of ``sizes`` with the options it proposes
    (``fixed`` options are kept, the others drawn from :data:`SPACE`) and scores
    :attr:`Compliance.score`. The sampler is ``TPESampler(seed=seed)`` and trials run one at a
    time, so the same arguments on a fresh study give the same trials and the same best options."""
    import optuna

    if trials < 0:
        raise OptionError(f"trials must be 0 or more, not {trials!r}")
    if seeds < 1:
        raise OptionError(f"seeds must be 1 or more, not {seeds!r}")
    sizes = tuple(sizes)
    for size in sizes:
        check_options({**dict(fixed or {}), "size": size})
    if not sizes or any(s not in SIZES for s in sizes):
        raise OptionError(f"sizes must be some of {', '.join(SIZES)}, not {', '.join(sizes) or 'none'}")
    fixed = dict(fixed or {})
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    try:
        study = optuna.create_study(study_name=study_name, storage=storage, load_if_exists=True,
                                    direction="maximize", sampler=optuna.samplers.TPESampler(seed=seed))
    except (ImportError, ValueError, optuna.exceptions.OptunaError) as error:
        raise OptionError(f"--storage {storage}: {error}") from None
    before = len(study.trials)

    def objective(trial: "optuna.Trial") -> float:
        options = _suggest(trial, fixed)
        try:
            check_options({**options, "size": sizes[0]})
        except OptionError:
            return 0.0
        return compliance(temple_rows(seeds, sizes, options)).score

    study.optimize(objective, n_trials=trials, n_jobs=1, gc_after_trial=False, show_progress_bar=False)
    done = [t for t in study.trials if t.value is not None]
    if not done:
        raise OptionError(f"study {study_name!r} holds no finished trial: give --trials 1 or more")
    best = max(done, key=lambda t: (t.value, -t.number))      # ties: the earliest trial
    best_options = {**fixed, **{name: best.params[name] for name in SPACE if name in best.params}}
    return TuneResult(study_name, len(study.trials), len(study.trials) - before, best.number, best_options,
                      compliance(temple_rows(seeds, sizes, best_options)),
                      compliance(temple_rows(seeds, sizes, fixed)))


def options_words(options: Mapping[str, Any]) -> str:
    """``"--floors 2 --locks 1 --monsters 40"``: options as ``zorglab temples generate`` takes them."""
    words = []
    for name, value in options.items():
        if isinstance(value, bool):
            words += [f"--{name}"] if value else []
        elif isinstance(value, (list, tuple)):
            words += [f"--quest {q}" for q in value]
        else:
            words.append(f"--{name} {value}")
    return " ".join(words) or "(the defaults)"
