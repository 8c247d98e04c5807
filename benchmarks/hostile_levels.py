"""Write the hostile-but-legal levels of issue 37 item 4 into tests/hostile/levels/ (deterministic).

Each is legal (``zorglab validate`` accepts it) and as large as the limits allow where it matters:
30 heroes x 40 spells, 16 mirror worlds, three 10,000-value variable domains, portals that act a
million times, a 256-room layout search. ``python benchmarks/hostile_levels.py`` rewrites them.
"""

from __future__ import annotations

import random
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "tests" / "hostile" / "levels"
SPELLS = ("Attack(1)", "Attack(2)", "Sleep()", "Swap()", "Banality()", "Teleport(2)", "Wake()")
ROOMS = '"A @ spawn-east", "D(1) @ corridor", "D(2) @ corridor", "Z @ dead-end-west"'


def quoted(items: list[str]) -> str:
    return ", ".join(f'"{item}"' for item in items)


def crowd(seed: int, heroes: int, spells: int) -> tuple[str, str]:
    pick = random.Random(seed)
    people = [f"Warrior({pick.randint(3, 9)})" if pick.random() < 0.6 else
              f"Elf({pick.randint(3, 9)}, {{{pick.choice(['fire', 'ice', 'poison', 'water'])}}})"
              for _ in range(heroes)]
    return quoted(people), quoted([pick.choice(SPELLS) for _ in range(spells)])


def solution(map_: str) -> str:
    return f'\n[[solutions]]\nmap = "{map_}"\nexpect = "loss"\n'


def crowd_level() -> str:
    people, casts = crowd(37, 30, 40)
    return (f'id = "hostile-crowd"\ntitle = "30 heroes x 40 spells"\nrooms = [{ROOMS}]\n'
            f"heroes = [{people}]\nspells = [{casts}]\n" + solution("A D1 D2 Z"))


def mirrors_level() -> str:
    people, casts = crowd(38, 8, 10)
    text = (f'id = "hostile-mirrors"\ntitle = "16 mirror worlds"\nrooms = [{ROOMS}]\n'
            f"heroes = [{people}]\nspells = [{casts}]\n")
    for m in range(16):
        people, casts = crowd(100 + m, 6, 8)
        text += f'\n[[mirrors]]\nname = "M{m + 1}"\nrooms = [{ROOMS}]\nheroes = [{people}]\nspells = [{casts}]\n'
    return text + solution("A D1 D2 Z")


def domains_level() -> str:
    domain = "{" + ", ".join(str(i) for i in range(1, 10_001)) + "}"
    variables = "".join(f'{name} = "choix(1, {domain})"\n' for name in ("x", "y", "z"))
    return ('id = "hostile-domains"\ntitle = "three 10,000-value domains"\n'
            'rooms = ["A @ spawn-east", "D(x) @ corridor", "D(y) @ corridor", "D(z) @ corridor", '
            '"Z @ dead-end-west"]\nheroes = ["Warrior(9)", "Warrior(20)", "Elf(30, {fire})"]\n'
            'spells = ["Attack(1)", "Attack(2)", "Sleep()"]\n'
            f"\n[variables]\n{variables}"
            '\n[[solutions]]\nchoices = { x = 1, y = 2, z = 3 }\nmap = "A D1 D2 D3 Z"\nexpect = "loss"\n')


def portals_level() -> str:
    return ('id = "hostile-portals"\ntitle = "portals that act a million times"\n'
            'rooms = ["A @ spawn-east", "D(1) @ corridor", "P(1000000, i -> 2 * i) @ corridor", '
            '"P(1000000, i -> i + 1) @ corridor", "Z @ dead-end-west"]\n'
            'heroes = ["Warrior(9)", "Elf(40, {fire})", "Warrior(30)"]\n'
            'spells = ["Attack(1)", "Teleport(2)", "Sleep()"]\n' + solution("A D1 P1 P2 Z"))


def portal_loop_level() -> str:
    return ('id = "hostile-portal-loop"\ntitle = "a portal that never stops acting"\n'
            'rooms = ["A @ spawn-east", "P(inf, i -> 2 * i) @ corridor", "D(1) @ corridor", '
            '"P(inf, [1, 2]) @ corridor", "Z @ dead-end-west"]\n'
            'heroes = ["Warrior(50)", "Elf(60, {ice})"]\n'
            'spells = ["Attack(2)", "Teleport(2)"]\n' + solution("A P1 D1 P2 Z"))


def rooms_level() -> str:
    rooms = ", ".join(['"A @ spawn-east"'] + ['"D(1) @ cross"'] * 254 + ['"Z @ dead-end-west"'])
    return (f'id = "hostile-rooms"\ntitle = "a 256-room layout search"\nrooms = [{rooms}]\n'
            'heroes = ["Warrior(3)", "Elf(5, {})"]\nspells = ["Attack(1)", "Teleport(2)"]\n'
            + solution("A " + " ".join(f"D{i}" for i in range(1, 255)) + " Z"))


LEVELS = {"crowd": crowd_level, "mirrors": mirrors_level, "domains": domains_level, "portals": portals_level,
          "portal-loop": portal_loop_level, "rooms": rooms_level}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in LEVELS.items():
        (OUT / f"{name}.toml").write_text(f"# Written by benchmarks/hostile_levels.py (issue 37 item 4).\n{make()}",
                                          encoding="utf-8")


if __name__ == "__main__":
    main()
