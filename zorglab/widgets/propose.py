"""The Propose panel (issue 17): fill a brief, get candidates drawn with their figures, open one.

A notebook widget the Studio can embed: ``ProposePanel(on_open=None)``. Every behaviour is a
method tests call directly (``brief``, ``run``, ``open``, ``write``); the buttons only call them.
``open(rank)`` hands the candidate's level (with its losing run and its witness as solutions)
and its layout to ``on_open(level, layout, candidate)``, or, without a callback, shows a
:class:`~zorglab.widgets.maker.Maker` on it below the candidates.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any, Callable

import ipywidgets as w

from zorglab.engine.layout import Layout
from zorglab.errors import LevelError, OptionError
from zorglab.core.model import Level, Outcome, Solution
from zorglab.propose.batch import Proposal, propose
from zorglab.propose.brief import HERO_TYPES, ROOM_TYPES, SPELL_TYPES, Brief, brief_from
from zorglab.propose.prove import Candidate, draft_layout, draft_level

OnOpen = Callable[[Level, Layout, Candidate], Any]
TARGET_FIELDS = (("fewest_spells", "fewest spells"), ("winning_layouts", "winning layouts"),
                 ("cast_lists", "cast lists"), ("states", "search states"), ("board", "board (rooms)"),
                 ("hero_count", "heroes"), ("spell_count", "spells"), ("hp", "hero HP"))


def candidate_level(candidate: Candidate, level_id: str | None = None) -> tuple[Level, Layout]:
    """The candidate as an in-memory level (losing run and witness as solutions) and its layout."""
    from zorglab.level.parse import parse_cast
    assert candidate.draft is not None
    level = draft_level(candidate.draft, level_id or f"prop-{candidate.seed}-{candidate.index}")
    layout = draft_layout(level, candidate.draft)
    rows = layout.to_map()[0]
    solutions = []
    if candidate.loss_outcome:
        solutions.append(Solution(map=candidate.loss_map, expect=Outcome(candidate.loss_outcome)))
    solutions.append(Solution(map=rows, casts=tuple(parse_cast(t) for t in candidate.witness), expect=Outcome.WIN))
    return level.replace(title=f"Proposal {candidate.index}", solutions=tuple(solutions)), layout


def candidate_png(candidate: Candidate, cell: int = 14) -> bytes:
    """The candidate's layout drawn by the PNG painter (the same drawing as everywhere else)."""
    from zorglab.paint.png import level_png
    level, layout = candidate_level(candidate)
    return level_png(level, layout, cell=cell)


def figures_html(candidate: Candidate, rank: int) -> str:
    f = candidate.figures
    assert candidate.draft is not None
    rows = [("rooms", ", ".join(r.split(" @ ")[0] for r in candidate.draft.rooms)),
            ("heroes", ", ".join(candidate.draft.heroes)), ("spells", ", ".join(candidate.draft.spells) or "none"),
            ("fewest spells", f["fewest_spells"]), ("search states", f["states"]),
            ("winning layouts", f"{f['winning_layouts']} of {f['layouts_tried']}"),
            ("cast lists", f"{f['cast_lists']}{'+' if f['cast_lists_capped'] else ''}"),
            ("necessary", f["necessary"] or "none"), ("witness", " ".join(candidate.witness) or "(no cast)")]
    if candidate.interest is not None:        # issue 26: does what was pinned matter?
        found = candidate.interest
        rows += [(f"pinned {p.kind} {p.text}", f"{_yes(p.matters, 'matters', 'does not matter')}: {p.why}")
                 for p in found.pins]
        rows += [("spawn kill", _yes(found.spawn_kill, "yes", "no")),
                 ("first cast after", "-" if found.first_cast is None else f"{found.first_cast} action(s)"),
                 ("cast lists (up to order)", "?" if found.distinct_lists is None
                  else f"{found.distinct_lists}{'+' if found.lists_capped else ''}")]
        if found.meet is not None:            # issue 42: asked by a timing brief
            rows.append(("timing between heroes", found.timing_line().split(": ", 1)[1]))
    body = "".join(f"<tr><th style='text-align:left;padding-right:6px'>{k}</th>"
                   f"<td style='text-align:left'>{html.escape(str(v))}</td></tr>" for k, v in rows)
    return f"<b>#{rank} — draft {candidate.index}</b><table style='font-size:12px'>{body}</table>"


def _yes(value: bool | None, yes: str, no: str) -> str:
    return "unknown" if value is None else yes if value else no


class ProposePanel:
    """A brief form, a Propose button, the candidates as pictures with figures, Open and Write."""

    def __init__(self, on_open: OnOpen | None = None, *, brief: Brief | None = None, seed: int = 0,
                 count: int = 4, tries: int = 200, max_seconds: float = 30.0, folder: str = "proposals"):
        start = brief or Brief()
        self.on_open = on_open
        self.proposal: Proposal | None = None
        self.opened: tuple[Level, Layout, Candidate] | None = None
        self.editor: Any = None
        self.pins = {name: w.Textarea(value="\n".join(getattr(start, name)), description=name,
                                      placeholder="one per line", layout=w.Layout(width="260px", height="52px"))
                     for name in ("rooms", "heroes", "spells", "tiles")}
        self.types = {
            "room_types": w.SelectMultiple(options=ROOM_TYPES, value=start.room_types, description="room types", rows=5),
            "hero_types": w.SelectMultiple(options=HERO_TYPES, value=start.hero_types, description="hero types", rows=2),
            "spell_types": w.SelectMultiple(options=SPELL_TYPES, value=start.spell_types, description="spell types",
                                            rows=8)}
        self.targets = {name: w.Text(value="" if getattr(start, name) is None else str(getattr(start, name)),
                                     description=label, placeholder="2, 1-3 or 2+", layout=w.Layout(width="220px"),
                                     style={"description_width": "110px"}) for name, label in TARGET_FIELDS}
        self.pins_matter = w.Checkbox(value=start.pins_matter, description="pins matter, no spawn kill",
                                      indent=False)
        self.unique = w.Checkbox(value=start.unique, description="one winning cast list", indent=False)
        self.types_matter = w.Checkbox(value=start.types_matter, description="each hero type matters", indent=False)
        self.timing = w.Checkbox(value=start.timing, description="timing between heroes", indent=False)
        self.min_first_cast = w.Text(value="" if start.min_first_cast is None else str(start.min_first_cast),
                                     description="first cast after", placeholder="actions",
                                     layout=w.Layout(width="220px"), style={"description_width": "110px"})
        self.seed = w.IntText(value=seed, description="seed", layout=w.Layout(width="160px"))
        self.count = w.BoundedIntText(value=count, min=1, max=20, description="offer", layout=w.Layout(width="160px"))
        self.tries = w.BoundedIntText(value=tries, min=1, max=100_000, description="tries",
                                      layout=w.Layout(width="160px"))
        self.max_seconds = w.BoundedFloatText(value=max_seconds, min=0.1, max=3600, description="seconds",
                                              layout=w.Layout(width="160px"))
        self.folder = w.Text(value=folder, description="write to", layout=w.Layout(width="260px"))
        self.button = w.Button(description="Propose", button_style="primary", icon="magic")
        self.button.on_click(lambda _: self.run())
        self.status = w.HTML()
        self.cards = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.below = w.VBox()
        form = w.HBox([w.VBox(list(self.pins.values())), w.VBox(list(self.types.values())),
                       w.VBox(list(self.targets.values()) + [self.min_first_cast, self.pins_matter, self.unique,
                                                             self.types_matter, self.timing]),
                       w.VBox([self.seed, self.count, self.tries, self.max_seconds, self.folder, self.button])])
        self.widget = w.VBox([w.HTML("<b>Propose</b> — pin what the level must hold, set the targets"),
                              form, self.status, self.cards, self.below])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # -- behaviour ---------------------------------------------------------------------------

    def brief(self) -> Brief:
        """The brief the form describes (an OptionError names the faulty field's value)."""
        data: dict[str, Any] = {name: tuple(line.strip() for line in box.value.splitlines() if line.strip())
                                for name, box in self.pins.items()}
        data.update({name: tuple(box.value) for name, box in self.types.items()})
        data.update({name: box.value.strip() for name, box in self.targets.items() if box.value.strip()})
        data["pins_matter"], data["unique"] = self.pins_matter.value, self.unique.value
        data["types_matter"], data["timing"] = self.types_matter.value, self.timing.value
        first = self.min_first_cast.value.strip()
        if first:
            if not first.isdigit():
                raise OptionError(f"first cast after {first!r}: give a whole number of actions")
            data["min_first_cast"] = int(first)
        return brief_from(data)

    def run(self) -> Proposal | None:
        """Propose for the form's brief; show the candidates, or why there are none."""
        try:
            brief = self.brief()
        except OptionError as error:
            self._say(str(error), error=True)
            return None
        self._say("proposing…")
        self.proposal = propose(brief, seed=self.seed.value, count=self.count.value, tries=self.tries.value,
                                max_seconds=self.max_seconds.value)
        self._say(self.proposal.message(), error=not self.proposal.offered)
        self.cards.children = [self._card(candidate, rank) for rank, candidate in
                               enumerate(self.proposal.offered, 1)]
        return self.proposal

    def candidate(self, rank: int) -> Candidate:
        if self.proposal is None or not 1 <= rank <= len(self.proposal.offered):
            offered = 0 if self.proposal is None else len(self.proposal.offered)
            raise OptionError(f"candidate #{rank}: {offered} offered (propose first)" if not offered
                              else f"candidate #{rank}: choose 1..{offered}")
        return self.proposal.offered[rank - 1]

    def open(self, rank: int) -> tuple[Level, Layout]:
        """Open candidate ``rank`` (1 = best) to edit: ``on_open``, or a Maker below the candidates."""
        candidate = self.candidate(rank)
        level, layout = candidate_level(candidate)
        self.opened = (level, layout, candidate)
        if self.on_open is not None:
            self.on_open(level, layout, candidate)
        else:
            from zorglab.widgets.maker import Maker
            self.editor = Maker(level, layout)
            self.below.children = [self.editor.widget]
        self._say(f"opened #{rank} (draft {candidate.index})")
        return level, layout

    def path_for(self, rank: int) -> Path:
        """Where *Write* puts candidate ``rank``: the folder field's directory, named by brief, seed and draft."""
        candidate = self.candidate(rank)
        assert self.proposal is not None
        return Path(self.folder.value or ".") / f"{self.proposal.brief.name}-{candidate.seed}-{candidate.index}.toml"

    def write(self, rank: int) -> Path | None:
        """Write candidate ``rank`` as a level file into the folder field's directory."""
        candidate = self.candidate(rank)
        assert self.proposal is not None
        from zorglab.propose.write import write_candidate
        path = self.path_for(rank)
        try:
            written = write_candidate(candidate, self.proposal.brief, path)
        except (OptionError, LevelError, OSError) as error:
            self._say(str(error), error=True)
            return None
        self._say(f"wrote {written}")
        return written

    # -- drawing -----------------------------------------------------------------------------

    def _card(self, candidate: Candidate, rank: int) -> w.VBox:
        picture = w.Image(value=candidate_png(candidate), format="png")
        open_button = w.Button(description="Open", icon="edit", layout=w.Layout(width="90px"))
        open_button.on_click(lambda _: self.open(rank))
        write_button = w.Button(description="Write", icon="save", layout=w.Layout(width="90px"))
        write_button.on_click(lambda _: self.write(rank))
        return w.VBox([picture, w.HTML(figures_html(candidate, rank)), w.HBox([open_button, write_button])],
                      layout=w.Layout(border="1px solid #ccc", padding="4px", margin="4px", width="300px"))

    def _say(self, text: str, error: bool = False) -> None:
        colour = "#b42318" if error else "#1a7f37"
        self.status.value = f"<pre style='color:{colour};white-space:pre-wrap;margin:0'>{html.escape(text)}</pre>"
