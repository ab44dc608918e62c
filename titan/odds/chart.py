"""A battle estimate as a PNG bar chart with its 95% confidence intervals.

matplotlib is imported here only, when a chart is asked for: it takes about half a second to
import, which ``titan odds --help`` or a plain estimate should not pay.
"""

from __future__ import annotations

from titan.odds.estimate import Estimate
from titan.odds.report import OUTCOME_LABELS

COLOURS = {
    "attacker": "#c0392b",
    "defender": "#2c5aa0",
    "mutual": "#7f8c8d",
    "time_loss": "#d4a017",
}


def write_png(est: Estimate, path: str) -> None:
    """Draw the four outcomes' shares with their Wilson intervals and save them to ``path``."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display needed, none opened
    import matplotlib.pyplot as plt

    shares = est.shares()
    keys = list(shares)
    p = [shares[k].p for k in keys]
    low = [shares[k].p - shares[k].ci95[0] for k in keys]
    high = [shares[k].ci95[1] - shares[k].p for k in keys]
    s = est.spec
    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=100)
    try:
        bars = ax.bar(
            [OUTCOME_LABELS[k] for k in keys],
            p,
            yerr=[low, high],
            capsize=6,
            color=[COLOURS[k] for k in keys],
        )
        for bar, k in zip(bars, keys, strict=True):  # above the interval, not on it
            top = shares[k].ci95[1]
            x = bar.get_x() + bar.get_width() / 2
            ax.text(x, top + 0.015, f"{shares[k].p:.1%}", ha="center", va="bottom")
        ax.set_ylim(0, 1.08)
        ax.set_ylabel("probability (95% Wilson CI)")
        bots = (
            s.attacker_bot
            if s.attacker_bot == s.defender_bot
            else (f"{s.attacker_bot} / {s.defender_bot}")
        )
        ax.set_title(
            f"{', '.join(s.attacker)}\nattacking {', '.join(s.defender)} in {s.terrain}"
            f" - {est.trials} battles, {bots} bots",
            fontsize=10,
        )
        fig.tight_layout()
        fig.savefig(path, format="png")
    finally:
        plt.close(fig)
