"""The Studio's choice pickers (FR-2, FR-3): one picker per variable of the level, fitting its domain.

A finite set: a dropdown per pick (a set's picks stay distinct); a list with repeats: one dropdown
per pick, in order, since the order can count (FR-3), never more of a value than the list holds;
``N`` or ``R``: a number field per pick, refused outside the domain. Every picker starts on a legal
choice (:func:`legal_choices`), so the verdict is live at once; a pick that would break the domain's
rule swaps with the pick holding that value instead (:func:`repick`), so the choice is always legal.
The Studio holds the choices (the Maker's ``choices``) and saves them with the solution.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from fractions import Fraction
from functools import partial
from typing import Any

import ipywidgets as w
import tomlkit

from zorglab.errors import LevelError

from zorglab.core.model import DomainKind, Level, Variable
from zorglab.core.printer import format_value, format_variable
from zorglab.core.substitute import ChoiceRefused, check_choice
from zorglab.level.draft import Draft
from zorglab.level.loader import check_level_text
from zorglab.level.save import toml_value
from zorglab.widgets.closing import close_all

Choose = Callable[[str, Any], Any]      # the Studio's choose(name, value)
OPEN = (DomainKind.NATURALS, DomainKind.REALS)


def first_choice(variable: Variable) -> Any:
    """A legal value to start on: the first picks of the domain in written order (0, 1, ... for N and R)."""
    if variable.domain in OPEN:
        picks: tuple[Any, ...] = tuple(range(variable.count))
    else:
        picks = tuple(variable.items[:variable.count])
    return picks[0] if variable.count == 1 else picks


def legal_choices(level: Level | None, choices: Mapping[str, Any]) -> dict[str, Any]:
    """``choices`` for this level's variables: each legal one kept, a missing or illegal one set to
    :func:`first_choice`; choices of variables the level no longer has are dropped."""
    if level is None:
        return dict(choices)
    legal: dict[str, Any] = {}
    for variable in level.variables:
        try:
            legal[variable.name] = check_choice(variable, choices[variable.name])
        except (KeyError, ChoiceRefused):
            legal[variable.name] = first_choice(variable)
    return legal


def fill_solution_choices(draft: Draft) -> None:
    """Give every ``[[solutions]]`` entry a legal choice for each variable it has none for (a
    variable just added would otherwise leave the level's known solutions unreadable)."""
    solutions = draft.document.get("solutions")
    if not isinstance(solutions, list) or not solutions or "variables" not in draft.document:
        return
    bare = tomlkit.parse(tomlkit.dumps(draft.document))
    del bare["solutions"]
    level = check_level_text(tomlkit.dumps(bare), draft.shown_path, level_path=draft.path).level
    variables = level.variables if level is not None else _own_variables(draft)
    if not variables:
        return                                   # the variables themselves do not read yet
    changed = False
    for entry in solutions:
        choices = entry.get("choices")
        missing = [v for v in variables if not isinstance(choices, dict) or v.name not in choices]
        if not missing:
            continue
        if not isinstance(choices, dict):
            choices = tomlkit.inline_table()
            entry["choices"] = choices
        for variable in missing:
            choices[variable.name] = toml_value(first_choice(variable))
        changed = True
    if changed:
        draft.edited()                          # read again by the loader


def _own_variables(draft: Draft) -> tuple[Variable, ...]:
    """The variables that read on their own while the rest of the level has problems (issue 39: a
    variable added then still gives every solution a starting choice)."""
    from zorglab.level.parse import parse_variable
    found = []
    for name, text in draft.variables():
        try:
            found.append(parse_variable(name, text))
        except (LevelError, ValueError):
            continue
    return tuple(found)


def picks_of(variable: Variable, value: Any) -> list[Any]:
    return list(value) if variable.count > 1 else [value]


def repick(variable: Variable, value: Any, index: int, item: Any) -> Any:
    """The choice with pick ``index`` set to ``item``; where the domain holds ``item`` fewer times
    than it would now be picked (a set: once), another pick of ``item`` takes the old value."""
    picks = picks_of(variable, value)
    old, picks[index] = picks[index], item
    allowed = 1 if variable.domain is not DomainKind.LIST else sum(1 for x in variable.items if x == item)
    if sum(1 for x in picks if x == item) > allowed:
        other = next(i for i, x in enumerate(picks) if x == item and i != index)
        picks[other] = old
    return picks[0] if variable.count == 1 else tuple(picks)


def read_number(variable: Variable, text: str) -> Any:
    """A number typed for ``N`` (a whole number, at least 0) or ``R`` (``3``, ``-1/2``, ``0.25``)."""
    text = text.strip()
    try:
        number = Fraction(text)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{text!r} is not a number") from None
    if variable.domain is DomainKind.NATURALS and (number.denominator != 1 or number < 0):
        raise ValueError(f"{text} is not in N (a whole number, 0 or more)")
    return int(number) if number.denominator == 1 else number


class ChoicesEditor:
    """A picker per variable; ``choose(name, value)`` is the Studio's handler for a new choice."""

    def __init__(self, choose: Choose):
        self.on_choose = choose
        self.variables: tuple[Variable, ...] = ()
        self.choices: dict[str, Any] = {}
        self.pickers: dict[str, list[w.Widget]] = {}
        self.errors: dict[str, w.HTML] = {}
        self.rows = w.VBox()
        self.widget = w.VBox([w.HTML("<b>choices</b> <span style='font-size:11px;color:#666'>(the player's, at setup; "
                                     "saved with the solution)</span>"), self.rows])
        self.widget.add_class("zorglab-choices")
        self.widget.layout.display = "none"
        self._quiet = False

    # --- handlers (tests call them) ---------------------------------------------------------------

    def pick(self, name: str, index: int, item: Any) -> None:
        """Set pick ``index`` of variable ``name`` to ``item`` (a domain value)."""
        variable = self._variable(name)
        self.on_choose(name, repick(variable, self.choices[name], index, item))

    def type_number(self, name: str, index: int, text: str) -> None:
        """A number typed into an N or R picker; one outside the domain is said under it."""
        variable = self._variable(name)
        try:
            number = read_number(variable, text)
            value = repick(variable, self.choices[name], index, number)
            check_choice(variable, value)
        except (ValueError, ChoiceRefused) as error:
            self.errors[name].value = f"<span style='color:#b00020'>⚠ {html.escape(str(error))}</span>"
            return
        self.errors[name].value = ""
        self.on_choose(name, value)

    # --- view -------------------------------------------------------------------------------------

    def refresh(self, level: Level | None, choices: Mapping[str, Any]) -> None:
        variables = level.variables if level is not None else self.variables
        self.choices = dict(choices)
        if variables != self.variables:
            self.variables = variables
            self._build()
        self._quiet = True
        try:
            for variable in self.variables:
                value = self.choices.get(variable.name)
                if value is None:
                    continue
                for picker, pick in zip(self.pickers[variable.name], picks_of(variable, value)):
                    if isinstance(picker, w.Dropdown):
                        if picker.value != pick:
                            picker.value = pick
                    elif picker.value != format_value(pick) and read_or_none(variable, picker.value) != pick:
                        picker.value = format_value(pick)
        finally:
            self._quiet = False
        self.widget.layout.display = "" if self.variables else "none"

    def _build(self) -> None:
        close_all(self.rows.children)                    # the pickers of the variables before
        self.pickers, self.errors, rows = {}, {}, []
        for variable in self.variables:
            pickers: list[w.Widget] = []
            for index in range(variable.count):
                if variable.domain in OPEN:
                    text = w.Text(continuous_update=False, layout=w.Layout(width="70px"),
                                  placeholder="0" if variable.domain is DomainKind.NATURALS else "1/2")
                    text.observe(partial(self._typed, variable.name, index), names="value")
                    pickers.append(text)
                else:
                    options = [(format_value(item), item) for item in dict.fromkeys(variable.items)]
                    drop = w.Dropdown(options=options, layout=w.Layout(width="auto"))
                    drop.observe(partial(self._dropped, variable.name, index), names="value")
                    pickers.append(drop)
                pickers[-1].add_class(f"zorglab-choice-{variable.name}-{index}")
            order = "" if variable.count == 1 else " <span style='font-size:11px'>(in order)</span>"
            label = w.HTML(f"<code>{html.escape(variable.name)}</code> = {html.escape(format_variable(variable))}"
                           f"{order}", layout=w.Layout(min_width="150px"))
            self.errors[variable.name] = w.HTML()
            self.pickers[variable.name] = pickers
            row = w.VBox([w.HBox([label, *pickers]), self.errors[variable.name]])
            row.add_class(f"zorglab-choice-{variable.name}")
            rows.append(row)
        self.rows.children = tuple(rows)

    def _dropped(self, name: str, index: int, change: dict[str, Any]) -> None:
        if not self._quiet and change["new"] is not None:
            self.pick(name, index, change["new"])

    def _typed(self, name: str, index: int, change: dict[str, Any]) -> None:
        if not self._quiet:
            self.type_number(name, index, change["new"])

    def _variable(self, name: str) -> Variable:
        for variable in self.variables:
            if variable.name == name:
                return variable
        raise KeyError(f"no variable named {name!r} (variables: {', '.join(v.name for v in self.variables) or 'none'})")


def read_or_none(variable: Variable, text: str) -> Any:
    try:
        return read_number(variable, text)
    except ValueError:
        return None
