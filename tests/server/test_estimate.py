"""GET /api/games/{id}/estimate: a battle's estimated outcome for the two players of an
engagement deciding whether to flee, negotiate or fight (Complete Sequence 2.5.2-2.5.4),
from what they know and nobody else."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.server.inproc import auth, running
from titan.ai.levels import make_bot
from titan.engine.game import Game
from titan.engine.prompts import Decision
from titan.odds.estimate import estimate_battle
from titan.server.estimate import LEVEL, TRIALS


def at_engagement(players: int, kinds: set[Decision]) -> Game:
    for seed in range(1, 300):
        game = Game.new("default", ["Ann", "Bob", "Cy", "Di"][:players], seed=seed)
        bots = [make_bot("random", seed + i) for i in range(players)]
        for _ in range(3000):
            prompt = game.prompt()
            if prompt.kind == Decision.GAME_OVER:
                break
            if prompt.kind in kinds:
                return game
            game.act(prompt.player, bots[prompt.player].choose(game.view(prompt.player), prompt))
    raise AssertionError(f"no {kinds} in 300 seeded games")


def imported(client: TestClient, game: Game) -> tuple[str, list[str]]:
    seats = [{"kind": "human"} for _ in game.seats]
    r = client.post("/api/games/import", json={"record": game.save(), "seats": seats})
    assert r.status_code == 201, r.text
    return r.json()["id"], [s["token"] for s in r.json()["seats"]]


@pytest.mark.rules("Complete Sequence 2.5.2")
def test_both_players_of_the_engagement_get_the_battle_as_they_know_it(tmp_path: Path) -> None:
    game = at_engagement(3, {Decision.FLEE})
    eng = game.state.engagement
    assert eng is not None
    attacker = game.state.legions[eng.attacker]
    defender = game.state.legions[eng.defender]
    terrain = game.variant.masterboard.land(eng.land).terrain
    sides = {attacker.owner, defender.owner}
    outsider = next(p for p in range(3) if p not in sides)
    with running(tmp_path, bot_pool="process") as client:
        gid, tokens = imported(client, game)
        url = f"/api/games/{gid}/estimate"
        answers = []
        for seat in sorted(sides):
            r = client.get(url, headers=auth(tokens[seat]))
            assert r.status_code == 200, r.text
            answers.append(r.json())
        assert answers[0]["attacker"] == list(attacker.characters)
        assert answers[0]["defender"] == list(defender.characters)
        assert answers[0]["terrain"] == terrain and answers[0]["land"] == eng.land
        assert answers[0]["trials"] == TRIALS and answers[0]["level"] == LEVEL
        assert answers[0]["summons_and_reinforcements"] is False
        assert "seed" not in answers[0]
        outcomes = answers[0]["outcomes"]
        assert sum(o["count"] for o in outcomes.values()) == TRIALS
        for o in outcomes.values():
            low, high = o["ci95"]
            assert 0 <= low <= o["p"] <= high <= 1
        # asked again: the same answer, remembered for the position
        again = client.get(url, headers=auth(tokens[min(sides)])).json()
        assert again == answers[0]

        r = client.get(url, headers=auth(tokens[outsider]))
        assert r.status_code == 409 and "only the two players" in r.json()["error"]
        assert client.get(url).status_code == 401
        assert client.get(url, headers=auth("not-a-token")).status_code == 403
        assert client.get("/api/games/nosuch/estimate", headers=auth(tokens[0])).status_code == 404


def test_the_estimate_is_the_odds_modules_for_that_battle(tmp_path: Path) -> None:
    """The server adds nothing of its own: the same battle in titan.odds, same trials and
    players, gives outcome shares of the same size (within the intervals)."""
    game = at_engagement(2, {Decision.FLEE})
    eng = game.state.engagement
    assert eng is not None
    attacker = game.state.legions[eng.attacker]
    with running(tmp_path, bot_pool="process") as client:
        gid, tokens = imported(client, game)
        got = client.get(f"/api/games/{gid}/estimate", headers=auth(tokens[0])).json()
    ref = estimate_battle(
        got["attacker"],
        got["defender"],
        got["terrain"],
        bot=LEVEL,
        trials=TRIALS,
        seed=1,
        land=eng.land,
        entry_side=attacker.entry_side or "bottom",
        attacker_score=game.state.players[attacker.owner].score,
        defender_score=game.state.players[game.state.legions[eng.defender].owner].score,
    )
    p = got["outcomes"]["attacker"]["p"]
    low, high = ref.attacker_wins.ci95
    assert low - 0.1 <= p <= high + 0.1


def test_no_engagement_no_estimate(tmp_path: Path) -> None:
    game = at_engagement(2, {Decision.MOVE})
    with running(tmp_path) as client:
        gid, tokens = imported(client, game)
        r = client.get(f"/api/games/{gid}/estimate", headers=auth(tokens[0]))
    assert r.status_code == 409 and "no engagement" in r.json()["error"]
