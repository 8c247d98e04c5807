"""The painter's two back ends: Pillow pixels, and the commands the ipycanvas back end sends."""

from __future__ import annotations

import io

import pytest
from ipycanvas import Canvas
from ipycanvas.canvas import _CMD_LIST
from PIL import Image

from zorglab.paint import CanvasPainter, Painter, PillowPainter
from zorglab.paint.painter import hex_rgb, rgb_hex


class Recorder:
    """The commands a canvas sends to the browser, decoded to ``(name, args)``."""

    def __init__(self, canvas: Canvas, monkeypatch: pytest.MonkeyPatch):
        self.commands: list[tuple[str, list]] = []
        self.attrs = {index: name for name, index in canvas.ATTRS.items()}
        manager = canvas._canvas_manager

        def send_command(target, command, buffers=[]):
            if target is canvas:
                name = _CMD_LIST[command[0]]
                if name == "set":
                    self.commands.append(("set " + self.attrs[command[1][0]], [command[1][1]]))
                else:
                    self.commands.append((name, list(command[1])))

        monkeypatch.setattr(manager, "send_command", send_command)

    def named(self, name: str) -> list[list]:
        return [args for n, args in self.commands if n == name]


@pytest.fixture
def canvas_and_log(monkeypatch):
    canvas = Canvas(width=100, height=80)
    return canvas, Recorder(canvas, monkeypatch)


def test_both_back_ends_are_painters():
    assert isinstance(PillowPainter(10, 10), Painter)
    assert isinstance(CanvasPainter(Canvas(width=10, height=10)), Painter)


def test_pillow_fill_rect_colours_exactly_its_pixels():
    p = PillowPainter(40, 30, background="#ffffff")
    p.fill_rect(10, 5, 8, 6, "#ff0000")
    assert p.pixel(10, 5) == "#ff0000"
    assert p.pixel(17, 10) == "#ff0000"
    assert p.pixel(18, 10) == "#ffffff"
    assert p.pixel(9, 5) == "#ffffff"
    assert p.size == (40, 30)


def test_pillow_shapes_and_text_draw_where_asked():
    p = PillowPainter(60, 60)
    p.circle(30, 30, 10, fill="#00ff00", outline="#000000")
    p.polygon([(0, 0), (10, 0), (0, 10)], fill="#0000ff")
    p.line(0, 59, 59, 59, "#123456", width=1)
    assert p.pixel(30, 30) == "#00ff00"
    assert p.pixel(2, 2) == "#0000ff"
    assert p.pixel(30, 59) == "#123456"
    assert p.pixel(50, 50) == "#ffffff"
    q = PillowPainter(60, 20)
    q.text(30, 10, "Zorg", "#000000", size=12)
    inked = [q.pixel(x, y) for x in range(60) for y in range(20) if q.pixel(x, y) != "#ffffff"]
    assert inked, "text left no ink"


def test_pillow_png_bytes_and_file(tmp_path):
    p = PillowPainter(12, 7)
    p.clear("#336699")
    data = p.png()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    assert image.size == (12, 7) and rgb_hex(image.convert("RGB").getpixel((3, 3))) == "#336699"
    saved = p.save(tmp_path / "x.png")
    assert saved.read_bytes() == data


def test_colours_must_be_hex():
    assert hex_rgb("#0a0B0c") == (10, 11, 12)
    with pytest.raises(ValueError, match="rrggbb"):
        hex_rgb("red")
    with pytest.raises(ValueError, match="rrggbb"):
        CanvasPainter(Canvas(width=5, height=5)).fill_rect(0, 0, 1, 1, "red")


def test_canvas_sends_the_same_shapes(canvas_and_log):
    canvas, log = canvas_and_log
    p = CanvasPainter(canvas)
    p.fill_rect(10, 5, 8, 6, "#ff0000")
    p.circle(30, 30, 10, fill="#00ff00")
    p.polygon([(0, 0), (10, 0), (0, 10)], fill="#0000ff", outline="#000000", width=2)
    p.line(0, 59, 59, 59, "#123456")
    p.text(30, 10, "Zorg", "#000000", size=12, anchor="left")
    assert log.named("fillRect") == [[10, 5, 8, 6]]
    assert log.named("fillArc")[0][:3] == [30, 30, 10]
    assert log.named("fillPolygon") and log.named("strokePolygon")
    assert log.named("strokeLine") == [[0, 59, 59, 59]]
    assert log.named("fillText") == [["Zorg", 30, 10]]
    assert ["12px sans-serif"] in log.named("set font")
    assert ["left"] in log.named("set text_align")
    fills = [args[0] for args in log.named("set fill_style")]
    assert fills == ["#ff0000", "#00ff00", "#0000ff", "#000000"]


def test_canvas_sends_a_style_only_when_it_changes(canvas_and_log):
    canvas, log = canvas_and_log
    p = CanvasPainter(canvas)
    for x in range(5):
        p.fill_rect(x, 0, 1, 1, "#abcdef")
    assert len(log.named("set fill_style")) == 1
    assert len(log.named("fillRect")) == 5


def test_canvas_resize_resends_styles(canvas_and_log):
    canvas, log = canvas_and_log
    p = CanvasPainter(canvas)
    p.fill_rect(0, 0, 1, 1, "#abcdef")
    p.resize(300, 200)
    p.fill_rect(0, 0, 1, 1, "#abcdef")
    assert (canvas.width, canvas.height) == (300, 200) and p.size == (300, 200)
    assert len(log.named("set fill_style")) == 2
