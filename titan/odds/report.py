"""Readable text for ``titan odds``: a strike's exact distribution, a battle estimate."""

from __future__ import annotations

from fractions import Fraction

from titan.dice.strike import StrikeOdds, hit_chance, hit_distribution
from titan.odds.estimate import Estimate

OUTCOME_LABELS = {
    "attacker": "attacker wins",
    "defender": "defender wins",
    "mutual": "mutual elimination",
    "time_loss": "time loss (10.5)",
}


def _pct(p: float | Fraction) -> str:
    return f"{float(p) * 100:6.2f}%"


def _table(title: str, dist: tuple[Fraction, ...]) -> list[str]:
    lines = [f"  {title:<8}{'chance':>9}  exact"]
    lines += [f"  {k:<8}{_pct(p):>9}  {p}" for k, p in enumerate(dist) if p]
    return lines


def hit_lines(dice: int, strike_number: int) -> list[str]:
    """The distribution of hits of ``dice`` dice at ``strike_number`` (13.2)."""
    p = hit_chance(strike_number)
    lines = [f"{dice} dice at strike number {strike_number}: each die hits with {p}"]
    lines += _table("hits", hit_distribution(dice, strike_number))
    mean = dice * p
    lines.append(f"  expected hits {float(mean):.3f} ({mean})")
    return lines


def strike_lines(odds: StrikeOdds) -> list[str]:
    """The hits, then the target's chance, and with carry-over (13.4) each candidate's
    chance, the damage dealt and the number slain."""
    lines = hit_lines(odds.dice, odds.strike_number)
    slay = odds.slay_target
    lines.append(f"target needing {odds.target}: slain {_pct(slay).strip()} ({slay})")
    if odds.carry:
        carry = ", ".join(str(r) for r in odds.carry)
        lines.append(f"carry-over (13.4) to characters needing {carry}, in that order:")
        for i, (r, s) in enumerate(zip(odds.carry, odds.slain[1:], strict=True), 1):
            lines.append(f"  candidate {i} (needs {r}): slain {_pct(s).strip()} ({s})")
        lines += _table("damage", odds.damage)
        lines += _table("slain", odds.kills)
        lines.append(
            f"  expected damage {float(odds.expected_damage):.3f}, "
            f"expected slain {float(odds.expected_kills):.3f}"
        )
    return lines


def estimate_lines(est: Estimate) -> list[str]:
    s = est.spec
    bots = (
        s.attacker_bot
        if s.attacker_bot == s.defender_bot
        else (f"{s.attacker_bot} (attacker) / {s.defender_bot} (defender)")
    )
    how = "fought out" if s.fight_out else "concessions allowed"
    lines = [
        f"{', '.join(s.attacker)} attacking {', '.join(s.defender)} "
        f"in {s.terrain} (land {est.land}, entering from the {s.entry_side})",
        f"{est.trials} battles in {est.seconds:.2f} s, {bots} bots, {how}, seed {est.seed}",
    ]
    for key, share in est.shares().items():
        low, high = share.ci95
        lines.append(
            f"  {OUTCOME_LABELS[key]:<19} {_pct(share.p)}   95% CI {_pct(low)} - {_pct(high)}"
        )
    lines.append(
        f"  characters left: attacker {est.attacker_left:.2f} of {len(s.attacker)}, "
        f"defender {est.defender_left:.2f} of {len(s.defender)}"
    )
    lines.append(
        f"  points scored: attacker {est.attacker_points:.1f}, "
        f"defender {est.defender_points:.1f}; mean battle turns {est.mean_turns:.2f}"
    )
    if est.concessions:
        lines.append(f"  ended by concession: {est.concessions}")
    return lines
