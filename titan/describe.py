"""One readable line per event, for logs and the demonstration game."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence

from titan.engine import events as ev
from titan.engine.game import Game


def printable(text: str) -> str:
    """``text`` safe for a terminal: control and format characters (an escape sequence, a
    right-to-left override) written as escapes, line breaks kept. Names come from players."""
    return "".join(
        c if c == "\n" or unicodedata.category(c)[0] != "C" else c.encode("unicode_escape").decode()
        for c in text
    )


def describe(game: Game, event: ev.Event) -> str | None:
    """A sentence for ``event``, or None for events not worth a line."""
    name = _namer(game)
    match event:
        case ev.TowerAssigned(player=p, tower=t):
            return f"{name(p)} starts in tower {t}"
        case ev.ColourChosen(player=p, colour=c):
            return f"{name(p)} plays {c}"
        case ev.TurnStarted(player=p, turn=t):
            return f"\n== Turn {t}: {name(p)} =="
        case ev.SplitMade(marker=m, new=new, land=land, heights=(a, b)):
            return f"  {m} splits off {new} on {land} ({a}+{b})"
        case ev.MovementRoll(roll=r):
            return f"  rolls {r} for movement"
        case ev.MulliganTaken(old=old, roll=r):
            return f"  takes a mulligan: {old} -> {r}"
        case ev.Moved(marker=m, frm=frm, to=to, teleport=tp, lord=lord, side=side):
            how = {"tower": f" by tower teleport ({lord})", "titan": " by titan teleport"}
            attack = f", attacking from the {side}" if side else ""
            return f"  {m} moves {frm} -> {to}{how.get(tp or '', '')}{attack}"
        case ev.MoveUndone(marker=m, to=to):
            return f"  {m} takes its move back to {to}"
        case ev.Recombined(marker=m, absorbed=absorbed, land=land):
            return f"  {', '.join(absorbed)} rejoin {m} on {land}"
        case ev.EngagementStarted(land=land, attacker=a, defender=d):
            return f"  engagement on {land}: {a} attacks {d}"
        case ev.Fled(marker=m):
            return f"    {m} flees"
        case ev.Agreement(attacker_losses=a, defender_losses=d):
            return f"    agreement: attacker loses {_list(a)}, defender loses {_list(d)}"
        case ev.Conceded(marker=m):
            return f"    {m} concedes"
        case ev.BattleStarted(terrain=terrain):
            return f"    battle on the {terrain} battleland"
        case ev.BattlePhase(turn=t, side=side):
            return f"      battle turn {t}: {side} maneuvers"
        case ev.Struck() as s:
            verb = "rangestrikes" if s.ranged else "strikes"
            dead = ", slaying it" if s.slain else ""
            return (
                f"        {s.striker} ({s.frm}) {verb} {s.target} ({s.at}) at "
                f"{s.strike_number}: {s.hits} hit(s) on {list(s.dice)}{dead}"
            )
        case ev.CarriedOver(damage=dmg, name=n, at=at):
            return f"        {dmg} carried over to {n} ({at})"
        case ev.DriftDamage(name=n, hex=h):
            return f"        drift hurts {n} ({h})"
        case ev.LeftOff(side=side, characters=chars):
            return f"      {side} leaves {_list(chars)} off the battleland"
        case ev.BattleEnded(turn=t, how=how):
            return f"    battle over on turn {t} ({how})"
        case ev.EngagementDecided(winner=w, how=how):
            return f"    {w or 'nobody'} wins ({how})"
        case ev.Score(player=p, points=pts, reason=why, total=total):
            return f"    {name(p)} scores {pts} ({why}), now {total}"
        case ev.Acquired(marker=m, lord=lord, points=pts):
            return f"    {m} gains an {lord} for reaching {pts}"
        case ev.Summoned(lord=lord, frm=frm, to=to):
            return f"    {lord} summoned from {frm} to {to}"
        case ev.Mustered(marker=m, creature=c, reveal=shown, land=land):
            showing = f" (showing {_list(shown)})" if shown else ""
            return f"  {m} musters a {c} on {land}{showing}"
        case ev.PlayerEliminated(player=p):
            return f"  *** {name(p)} is eliminated ***"
        case ev.PlayerWithdrew(player=p):
            return f"  *** {name(p)} withdraws ***"
        case ev.MarkersPassed(to=to, markers=markers):
            return f"  {name(to)} takes {len(markers)} markers"
        case ev.GameOver(winner=w, reason=why):
            who = name(w) if w is not None else "nobody"
            return f"\nGame over after turn {game.state.turn}: {who} wins ({why})"
    return None


def _list(names: Sequence[str]) -> str:
    return ", ".join(names) if names else "nothing"


def _namer(game: Game) -> Callable[[int], str]:
    def name(i: int) -> str:
        p = game.state.players[i]
        return f"{p.name} ({p.colour})" if p.colour else p.name

    return name
