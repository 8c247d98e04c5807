"""The Studio's rooms palette and tile painter.

The palette offers every room type of the registry with its parameters as inputs, and every tile
the level can use (``levels/tiles.toml`` and the level's own ``[tiles.NAME]``) drawn as a picture
with a button under it; *add room* appends the room's notation to ``rooms``. The painter is a 5x5
grid of cells clicked through wall / floor / spawn / green / dark / light that writes a tile entry.
Both keep their behaviour in handlers the tests call (``choose_type``, ``set_param``, ``pick_tile``,
``add_room``; ``click_cell``, ``load``, ``save_tile``).
"""

from __future__ import annotations

import functools
import html
import io
from typing import Any

import ipywidgets as w
from PIL import Image, ImageDraw

from zorglab.core.registry import ParamKind, room_types
from zorglab.core.values import Element
from zorglab.core.tiles import CellKind, Tile, tile_problems, tile_suits
from zorglab.level.draft import TILE_CELLS, Draft
from zorglab.level.tileset import find_library, read_library
from zorglab.paint import palette
from zorglab.widgets.closing import close_all, shared
from zorglab.widgets.studio_list import Edit, fault_html

CLOSED = {ParamKind.ELEMENT: [e.value for e in Element], ParamKind.BOOL: ["true", "false"]}   # dropdowns
CELL_NAMES = {"#": "wall", ".": "floor", "S": "spawn", "g": "green", "d": "dark", "l": "light"}
_EMPTY_TILE = ("#####", "#...#", "#...#", "#...#", "#####")


@functools.lru_cache(maxsize=512)
def tile_png(rows: tuple[str, ...], room_type: str = "D", cell: int = 9) -> bytes:
    """A tile as a small picture: one square per cell, coloured as the board draws it."""
    image = Image.new("RGB", (cell * 5 + 2, cell * 5 + 2), palette.GRID)
    draw = ImageDraw.Draw(image)
    for y, row in enumerate(rows[:5]):
        for x, char in enumerate(row[:5]):
            kind = next((k for k in CellKind if k.value == char), CellKind.WALL)
            colour = palette.SPAWN if kind is CellKind.SPAWN else palette.cell_colour(room_type, (), kind)
            draw.rectangle([1 + x * cell, 1 + y * cell, x * cell + cell, y * cell + cell], fill=colour)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def level_tiles(draft: Draft) -> dict[str, Tile]:
    """Every tile the draft's rooms may name: the library's, then the level's own (which win)."""
    library, _problems = read_library(find_library(draft.path))
    tiles = dict(library)
    for name, rows in draft.own_tiles().items():
        tiles[name] = Tile(name, rows)
    return tiles


def placeable_types() -> list[Any]:
    """Room types a level may use (those the rules leave undefined, like ``C``, are left out)."""
    types: tuple[Any, ...] = room_types()
    return [t for t in types if t.signature.undefined is None]


class RoomPalette:
    """Pick a room type, its parameters and a tile; *add room* appends it to the level's rooms."""

    def __init__(self, edit: Edit):
        self.edit = edit
        self.types = {t.signature.name: t.signature for t in placeable_types()}
        self.room_type = next(iter(self.types))
        self.params: dict[str, str] = {}
        self.label = ""
        self.tile: str | None = None
        self.tiles: dict[str, Tile] = {}
        self._cards: dict[str, tuple[w.Button, w.VBox]] = {}
        self._layouts = {"button": shared(w.Layout(width="94px", height="22px", padding="0px")),  # every card's
                         "image": shared(w.Layout(width="47px", height="47px", margin="0 auto")),
                         "card": shared(w.Layout(align_items="center", width="96px"))}
        self.type_picker = w.ToggleButtons(options=list(self.types), value=self.room_type, description="type",
                                           tooltips=[s.describe() for s in self.types.values()],
                                           style={"button_width": "34px"})
        self.type_picker.observe(lambda c: self.choose_type(c["new"]), names="value")
        self.label_text = w.Text(placeholder="label (optional)", layout=w.Layout(width="140px"))
        self.label_text.observe(lambda c: self.set_label(c["new"]), names="value")
        self.label_text.add_class("zorglab-room-label")
        self.param_box = w.HBox()
        self.preview = w.HTML()
        self.add_button = w.Button(description="add room", icon="plus", button_style="primary",
                                   tooltip="append this room to the level's rooms")
        self.add_button.on_click(lambda _b: self.add_room())
        self.gallery = w.GridBox(layout=w.Layout(grid_template_columns="repeat(5, 96px)", grid_gap="2px"))
        self.widget = w.VBox([w.HTML("<b>rooms palette</b>"), self.type_picker,
                              w.HBox([self.label_text, self.param_box]), self.gallery,
                              w.HBox([self.add_button, self.preview])],
                             layout=w.Layout(min_width="500px", flex="0 0 auto"))
        self.widget.add_class("zorglab-palette")
        self._build_params()

    # --- handlers ---------------------------------------------------------------------------------

    def choose_type(self, name: str) -> None:
        if name not in self.types:
            raise KeyError(f"{name!r} is not a room type (known: {', '.join(self.types)})")
        changed = name != self.room_type
        self.room_type = name
        if self.type_picker.value != name:
            self.type_picker.value = name
        self.params = {}
        if changed or (self.tile is not None and self.tile in self.tiles and not self.offers(self.tile)):
            self.tile = None                     # another type: its own tiles, none carried over
        self._build_params()
        self._show_gallery()

    def set_param(self, name: str, text: str) -> None:
        self.params[name] = text.strip()
        self._show_preview()

    def set_label(self, label: str) -> None:
        self.label = label.strip()
        self._show_preview()

    def pick_tile(self, name: str | None) -> None:
        """Choose the tile (picking the chosen one again goes back to the type's default tile)."""
        if name is not None and name not in self.tiles:
            raise KeyError(f"no tile named {name!r} (the library's and the level's own)")
        self.tile = None if name == self.tile else name
        self._show_gallery()

    def reset(self) -> None:
        """Back to a fresh palette (another level opened): no label, parameters or tile kept."""
        self.label, self.tile = "", None
        if self.label_text.value:
            self.label_text.value = ""
        self.choose_type(next(iter(self.types)))

    def room_text(self) -> str:
        """The room's notation, e.g. ``hall = D(1) @ corridor``."""
        signature = self.types[self.room_type]
        args = [self.params.get(p.name, "") for p in signature.params]
        while args and not args[-1]:
            args.pop()
        text = self.room_type + (f"({', '.join(a or '_' for a in args)})" if args else "")
        if self.tile is not None:
            text += f" @ {self.tile}"
        return f"{self.label} = {text}" if self.label else text

    def add_room(self) -> str:
        """Append the room; the label and tile start fresh for the next one (the type stays)."""
        text = self.room_text()
        self.edit(lambda d: d.add_item(("rooms",), text), f"room {text} added")
        self.label, self.tile = "", None
        if self.label_text.value:
            self.label_text.value = ""
        self._show_gallery()
        return text

    def offers(self, name: str) -> bool:
        """Whether the gallery offers tile ``name`` for the chosen type: one the type may use (ZR-2),
        and not another type's default tile (``default-D`` is D's)."""
        tile = self.tiles.get(name)
        if tile is None or not tile_suits(tile, self.room_type):
            return False
        return not (name.startswith("default-") and name != f"default-{self.room_type}")

    # --- view -------------------------------------------------------------------------------------

    def refresh(self, draft: Draft) -> None:
        tiles = level_tiles(draft)
        if {n: t.rows for n, t in tiles.items()} != {n: t.rows for n, t in self.tiles.items()}:
            self.tiles = tiles
            cards, self._cards = self._cards, {}
            self._show_gallery()
            close_all(card for _button, card in cards.values())     # the pictures of the tiles before

    def _build_params(self) -> None:
        """One input per parameter, named as the rules name it: a dropdown where the choice is closed
        (an element, true / false), else a text field saying what the value may be."""
        inputs: list[w.Widget] = []
        for param in self.types[self.room_type].params:
            closed = CLOSED.get(param.kind)
            style = {"description_width": "initial"}
            if closed is not None:
                control: w.Widget = w.Dropdown(description=param.name, options=[("", "")] + [(v, v) for v in closed],
                                               value="", layout=w.Layout(width="auto"), style=style,
                                               tooltip=param.kind.value)
            else:
                control = w.Text(description=param.name, continuous_update=True, style=style,
                                 placeholder=("optional: " if param.optional else "") + param.kind.value,
                                 layout=w.Layout(width="230px"))
            control.observe(lambda c, n=param.name: self.set_param(n, c["new"] or ""), names="value")
            control.add_class(f"zorglab-param-{param.name}")
            inputs.append(control)
        self.param_box.children = tuple(inputs)
        self._show_preview()

    def _card(self, name: str) -> tuple[w.Button, w.VBox]:
        if name not in self._cards:
            button = w.Button(description=name, tooltip=name, layout=self._layouts["button"],
                              style={"font_size": "11px"})
            button.on_click(lambda _b, n=name: self.pick_tile(n))
            image = w.Image(value=tile_png(self.tiles[name].rows), format="png", layout=self._layouts["image"])
            card = w.VBox([image, button], layout=self._layouts["card"])
            card.add_class("zorglab-tile")
            self._cards[name] = (button, card)
        return self._cards[name]

    def _show_gallery(self) -> None:
        cards = []
        for name in self.tiles:
            if not self.offers(name):
                continue
            button, card = self._card(name)
            button.button_style = "info" if name == self.tile else ""
            cards.append(card)
        self.gallery.children = tuple(cards)
        self._show_preview()

    def _show_preview(self) -> None:
        tile = "" if self.tile is not None else f" (tile: default-{self.room_type})"
        self.preview.value = f"<code>{html.escape(self.room_text())}</code>{html.escape(tile)}"


class TilePainter:
    """A 5x5 tile drawn by clicks; *save tile* writes it as ``[tiles.NAME]`` in the level."""

    def __init__(self, edit: Edit):
        self.edit = edit
        self.rows = [list(row) for row in _EMPTY_TILE]
        self.name_text = w.Text(description="name", placeholder="my-tile", layout=w.Layout(width="220px"))
        cell = w.Layout(width="30px", height="30px", padding="0px")
        self.cells = [w.Button(layout=cell) for _ in range(25)]
        for index, button in enumerate(self.cells):
            button.on_click(lambda _b, i=index: self.click_cell(i % 5, i // 5))
        self.grid = w.GridBox(self.cells, layout=w.Layout(grid_template_columns="repeat(5, 32px)", grid_gap="1px"))
        self.faults = w.HTML()
        save = w.Button(description="save tile", icon="save", tooltip="write this tile into the level as [tiles.NAME]")
        save.on_click(lambda _b: self.save_tile())
        legend = ", ".join(f"{c} {n}" for c, n in CELL_NAMES.items())
        self.widget = w.VBox([w.HTML(f"<b>tile painter</b> — click a cell: {html.escape(legend)}"),
                              self.grid, w.HBox([self.name_text, save]), self.faults])
        self._show()

    @property
    def tile_rows(self) -> tuple[str, ...]:
        return tuple("".join(row) for row in self.rows)

    def click_cell(self, x: int, y: int) -> str:
        """The next cell kind (wall → floor → spawn → green → dark → light → wall); returns it."""
        char = TILE_CELLS[(TILE_CELLS.index(self.rows[y][x]) + 1) % len(TILE_CELLS)]
        self.rows[y][x] = char
        self._show()
        return char

    def load(self, name: str, rows: tuple[str, ...]) -> None:
        """Start from an existing tile (a copy: saving under a new name leaves the original as it is)."""
        self.rows = [list(row.ljust(5, "#")[:5]) for row in (tuple(rows) + _EMPTY_TILE)[:5]]
        self.name_text.value = name
        self._show()

    def reset(self) -> None:
        """An empty tile and no name (another level opened)."""
        self.load("", _EMPTY_TILE)

    def problems(self) -> list[str]:
        return [f"row {y + 1}, column {x + 1}: {message}" for y, x, message in tile_problems(self.tile_rows)]

    def save_tile(self) -> bool:
        name = self.name_text.value.strip()
        if not name:
            self.faults.value = fault_html(["give the tile a name first"])
            return False
        rows = self.tile_rows
        self.edit(lambda d: d.set_tile(name, rows), f"tile {name} saved in the level")
        return True

    def _show(self) -> None:
        for index, button in enumerate(self.cells):
            char = self.rows[index // 5][index % 5]
            kind = next(k for k in CellKind if k.value == char)
            button.description = char
            button.tooltip = CELL_NAMES[char]
            button.style.button_color = palette.SPAWN if kind is CellKind.SPAWN else palette.cell_colour("E", (), kind)
            button.style.text_color = "#ffffff" if kind in (CellKind.WALL, CellKind.DARK) else "#1e1e24"
        self.faults.value = fault_html(self.problems())
