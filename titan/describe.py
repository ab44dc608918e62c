"""One readable line per event, for logs and the demonstration game."""

from __future__ import annotations

from collections.abc import Callable

from titan.engine.events import Event
from titan.engine.game import Game


def describe(game: Game, event: Event) -> str | None:
    """A sentence for ``event``, or None for events not worth a line."""
    d = event.data
    name = _namer(game)
    k = event.kind
    if k == "tower_assigned":
        return f"{name(d['player'])} starts in tower {d['tower']}"
    if k == "colour_chosen":
        return f"{name(d['player'])} plays {d['colour']}"
    if k == "turn_started":
        return f"\n== Turn {d['turn']}: {name(d['player'])} =="
    if k == "split":
        a, b = d["heights"]
        return f"  {d['marker']} splits off {d['new']} on {d['land']} ({a}+{b})"
    if k == "movement_roll":
        return f"  rolls {d['roll']} for movement"
    if k == "mulligan":
        return f"  takes a mulligan: {d['old']} -> {d['roll']}"
    if k == "moved":
        how = {"tower": f" by tower teleport ({d['lord']})", "titan": " by titan teleport"}.get(
            d["teleport"] or "", ""
        )
        side = f", attacking from the {d['side']}" if d["side"] else ""
        return f"  {d['marker']} moves {d['frm']} -> {d['to']}{how}{side}"
    if k == "recombined":
        return f"  {', '.join(d['absorbed'])} rejoin {d['marker']} on {d['land']}"
    if k == "engagement":
        return f"  engagement on {d['land']}: {d['attacker']} attacks {d['defender']}"
    if k == "fled":
        return f"    {d['marker']} flees"
    if k == "agreement":
        return (
            f"    agreement: attacker loses {_list(d['attacker_losses'])}, "
            f"defender loses {_list(d['defender_losses'])}"
        )
    if k == "conceded":
        return f"    {d['marker']} concedes"
    if k == "battle_started":
        return f"    battle on the {d['terrain']} battleland"
    if k == "battle_phase":
        return f"      battle turn {d['turn']}: {d['side']} maneuvers"
    if k == "struck":
        verb = "rangestrikes" if d["ranged"] else "strikes"
        dead = ", slaying it" if d["slain"] else ""
        return (
            f"        {d['striker']} ({d['frm']}) {verb} {d['target']} ({d['at']}) at "
            f"{d['strike_number']}: {d['hits']} hit(s) on {d['dice']}{dead}"
        )
    if k == "carried_over":
        return f"        {d['damage']} carried over to {d['name']} ({d['at']})"
    if k == "drift_damage":
        return f"        drift hurts {d['name']} ({d['hex']})"
    if k == "left_off":
        return f"      {d['side']} leaves {_list(d['characters'])} off the battleland"
    if k == "battle_ended":
        return f"    battle over on turn {d['turn']} ({d['how']})"
    if k == "engagement_decided":
        return f"    {d['winner'] or 'nobody'} wins ({d['how']})"
    if k == "score":
        return f"    {name(d['player'])} scores {d['points']} ({d['reason']}), now {d['total']}"
    if k == "acquired":
        return f"    {d['marker']} gains an {d['lord']} for reaching {d['points']}"
    if k == "summoned":
        return f"    {d['lord']} summoned from {d['frm']} to {d['to']}"
    if k == "mustered":
        shown = f" (showing {_list(d['reveal'])})" if d["reveal"] else ""
        return f"  {d['marker']} musters a {d['creature']} on {d['land']}{shown}"
    if k == "player_eliminated":
        return f"  *** {name(d['player'])} is eliminated ***"
    if k == "player_withdrew":
        return f"  *** {name(d['player'])} withdraws ***"
    if k == "markers_passed":
        return f"  {name(d['to'])} takes {len(d['markers'])} markers"
    if k == "game_over":
        who = name(d["winner"]) if d["winner"] is not None else "nobody"
        return f"\nGame over after turn {game.state.turn}: {who} wins ({d['reason']})"
    return None


def _list(names: list[str]) -> str:
    return ", ".join(names) if names else "nothing"


def _namer(game: Game) -> Callable[[int], str]:
    def name(i: int) -> str:
        p = game.state.players[i]
        return f"{p.name} ({p.colour})" if p.colour else p.name

    return name
