"""Our attacks judged as the planner fights them (titan/ai/strong/calibration.py): the
attacker's chance raised, the other outcomes and what each side keeps moved with it."""

from __future__ import annotations

import pytest

from titan.ai.strong.calibration import as_we_attack
from titan.ai.strong.simulate import BattleOdds


def _odds(win: float, lose: float, mutual: float) -> BattleOdds:
    return BattleOdds(
        trials=100,
        attacker_wins=win,
        defender_wins=lose,
        mutual=mutual,
        attacker_titan=0.0,
        defender_titan=win / 2,
        attacker_left=30.0 * (1.0 - lose - mutual),
        defender_left=40.0 * (1.0 - win),
        actions=1000,
    )


@pytest.mark.parametrize(
    ("win", "lose", "mutual"), [(0.3, 0.6, 0.1), (0.5, 0.5, 0.0), (0.9, 0.05, 0.05)]
)
def test_the_attackers_chance_rises_and_the_outcomes_still_add_up(
    win: float, lose: float, mutual: float
) -> None:
    before = _odds(win, lose, mutual)
    after = as_we_attack(before)
    assert before.attacker_wins < after.attacker_wins < 1.0
    assert after.attacker_wins + after.defender_wins + after.mutual == pytest.approx(1.0)
    # Outcomes other than our win shrink in proportion; so does what the defender keeps (it
    # keeps something only where it is not eliminated), and the attacker keeps more.
    if mutual:
        assert after.mutual / before.mutual == pytest.approx(after.defender_wins / lose)
    assert after.defender_left < before.defender_left
    assert after.attacker_left > before.attacker_left
    assert after.defender_titan >= before.defender_titan
    # The attacker keeps, per battle it is not eliminated in, what it kept before.
    kept_before = before.attacker_left / (1 - lose - mutual)
    kept_after = after.attacker_left / (1 - after.defender_wins - after.mutual)
    assert kept_after == pytest.approx(kept_before)


@pytest.mark.parametrize("win", [0.0, 1.0])
def test_certain_outcomes_are_left_alone(win: float) -> None:
    odds = _odds(win, 1.0 - win, 0.0)
    assert as_we_attack(odds) == odds
