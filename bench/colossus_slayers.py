"""Who slays our Titan in ``bench.colossus`` games: for each battle of the protocol logs in
which our Titan fell, the character that struck the blow, whether it had come into that
battle by a summons (rule 15: the attacker's Angel or Archangel, entering by his side,
15.1), and whether our Titan's legion attacked or defended. Then the totals, per 100 games.

Reads the logs alone: ``initBattle`` names the two legions, ``placeNewChit`` each
character's tag as it comes onto the battleland (a summoned lord is the one placed after
``didSummon``), ``tellStrikeResults`` the striker and target tags and whether the target
was slain (carry-over included, 13.4).

Run: ``.venv/bin/python -m bench.colossus_slayers LOGS_DIR [LOGS_DIR ...]``
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from bench.colossus import NAME as OURS  # our seat's name in its games
from bench.colossus import protocol_logs
from titan.colossus import messages as m
from titan.colossus.transcript import read
from titan.variant import TITAN

READ = (
    "updateChangedValues",
    "initBattle",
    "placeNewChit",
    "didSummon",
    "tellStrikeResults",
    "cleanupBattle",
)


@dataclass(frozen=True, slots=True)
class Fall:
    game: str
    slayer: str
    summoned: bool  # the slayer came into this battle by a summons (15)
    defending: bool  # our Titan's legion was the defender


def falls(path: Path) -> list[Fall]:
    """Every battle of one log in which our Titan was slain (once, unless the log goes on)."""
    out: list[Fall] = []
    ours: str | None = None  # our markers' colour prefix
    names: dict[int, tuple[str, bool]] = {}  # tag -> (character, placed as a defender)
    summoned: set[int] = set()
    awaiting_summons = False
    our_side: bool | None = None  # True: we defend this battle; None: not our battle
    for entry in read(path):
        if not entry.to_client or not entry.text.startswith(READ):
            continue
        msg = entry.parse()
        if isinstance(msg, m.UpdateChangedValues):
            v = msg.values
            if ours is None and v.name == OURS and v.markers:
                ours = v.markers[0][:2]  # before we take anyone's markers (4.2, 19.4)
        elif isinstance(msg, m.InitBattle):
            names, summoned, awaiting_summons = {}, set(), False
            mine = ours or "??"
            our_side = (
                True
                if msg.defender.startswith(mine)
                else False
                if msg.attacker.startswith(mine)
                else None
            )
        elif isinstance(msg, m.PlaceNewChit):
            names[msg.tag] = (msg.creature, msg.inverted)
            if awaiting_summons:
                summoned.add(msg.tag)
                awaiting_summons = False
        elif isinstance(msg, m.DidSummon):
            awaiting_summons = True
        elif isinstance(msg, m.TellStrikeResults):
            target = names.get(msg.target)
            if our_side is None or target is None or not msg.killed:
                continue
            if target[0] == TITAN and target[1] == our_side:
                slayer = names.get(msg.striker, ("?", False))[0]
                out.append(Fall(path.name, slayer, msg.striker in summoned, our_side))
        elif isinstance(msg, m.CleanupBattle):
            our_side = None
    return out


def report(games: int, found: list[Fall]) -> list[str]:
    per = 100.0 / max(1, games)
    lines = [
        f"{games} games, our Titan slain in battle {len(found)} ({len(found) * per:.1f} per 100)"
    ]
    for defending in (True, False):
        here = [f for f in found if f.defending == defending]
        lord = sum(1 for f in here if f.summoned)
        role = "defending" if defending else "attacking"
        lines.append(
            f"  {role}: {len(here)} ({len(here) * per:.1f} per 100), by a summoned lord {lord}"
            f" ({lord * per:.1f} per 100)"
        )
    by = Counter(f.slayer + (" (summoned)" if f.summoned else "") for f in found)
    lines.append("  by: " + ", ".join(f"{name} {n}" for name, n in by.most_common()))
    return lines


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print(__doc__)
        return 2
    paths = protocol_logs([Path(a) for a in args])
    found = [f for p in paths for f in falls(p)]
    print("\n".join(report(len(paths), found)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
