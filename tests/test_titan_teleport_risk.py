"""The danger of an enemy Titan's teleport (rule 8.2) when it is not known which of his
legions holds the Titan (titan/ai/normal/threats.py: ``loss_chance``)."""

from __future__ import annotations

import pytest

from titan.ai.normal.estimate import BoardEstimate, Force, Member
from titan.ai.normal.threats import TITAN_TELEPORT_SCORE, loss_chance
from titan.variant import load

VARIANT = load("default")
OURS = 100  # a Tower (rule 2.1): our legion stands here
FAR = [135, 136, 137, 138, 139]  # lands no normal move of 1-6 brings to our Tower


def _member(name: str) -> Member:
    ch = VARIANT.characters[name]
    return Member(name, float(ch.power), float(ch.skill))


def _board(chances: list[float], score: int) -> BoardEstimate:
    strong = tuple(_member(n) for n in ("Behemoth", "Behemoth", "Serpent", "Serpent"))
    forces = {
        f"Bk0{i}": Force(f"Bk0{i}", 1, land, 4, strong, chance, 80.0)
        for i, (land, chance) in enumerate(zip(FAR, chances, strict=False), start=1)
    }
    ours = (_member("Ogre"), _member("Ogre"))
    forces["Rd01"] = Force("Rd01", 0, OURS, 2, ours, 0.0, 12.0)
    return BoardEstimate(0, forces, 5.0, 3.0, (0, score), (True, True))


def _chance(board: BoardEstimate) -> float:
    return loss_chance(VARIANT, board, board.forces["Rd01"].members, 0, OURS)


def test_the_far_legions_cannot_come_but_by_teleport() -> None:
    assert _chance(_board([0.0] * 5, TITAN_TELEPORT_SCORE)) == 0.0
    assert _chance(_board([1.0, 0, 0, 0, 0], TITAN_TELEPORT_SCORE - 1)) == 0.0


def test_a_titan_whose_legion_is_known_comes_on_a_six() -> None:
    known = _chance(_board([1.0, 0, 0, 0, 0], TITAN_TELEPORT_SCORE))
    assert known == pytest.approx(1 / 6, abs=0.01)  # it wins for certain, on one roll in six


def test_a_titan_spread_over_unseen_legions_is_still_one_titan() -> None:
    """The chances that each legion holds it add up: five legions at a fifth each are as
    dangerous as one known Titan's legion, not a fifth as dangerous."""
    known = _chance(_board([1.0, 0, 0, 0, 0], TITAN_TELEPORT_SCORE))
    spread = _chance(_board([0.2] * 5, TITAN_TELEPORT_SCORE))
    assert spread == pytest.approx(known)
