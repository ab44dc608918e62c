"""Engagements (rule 9; errata 9.x; Complete Sequence of Play 2.5): choosing the next one,
flight, negotiation by proposals, concession, and everything after the outcome — summoning,
reinforcement, points, earned lords, Titan elimination, returning the slain."""

from __future__ import annotations

from collections import Counter

from titan.engine import elimination, knowledge, scoring
from titan.engine.actions import (
    Accept,
    Acquire,
    Action,
    Concede,
    Decline,
    DontFlee,
    Engage,
    Fight,
    Flee,
    Muster,
    NoMoreProposals,
    Proposal,
    Propose,
    Summon,
)
from titan.engine.context import Ctx
from titan.engine.errors import IllegalAction
from titan.engine.muster import muster_options
from titan.engine.prompts import Prompt
from titan.engine.state import Engagement, Legion, Negotiation
from titan.engine.turn import MAX_LEGION, check_game_over, do_muster, end_turn
from titan.variant import ANGEL, ARCHANGEL, TITAN

SUMMONABLE = (ANGEL, ARCHANGEL)


def _other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def engagement_lands(ctx: Ctx) -> list[int]:
    state = ctx.state
    me = state.active
    lands = []
    for lg in state.player_legions(me):
        if any(o.owner != me for o in state.legions_at(lg.land)):
            lands.append(lg.land)
    return sorted(set(lands))


def legion_of(ctx: Ctx, side: str) -> Legion | None:
    eng = ctx.state.engagement
    assert eng is not None
    return ctx.state.legions.get(eng.attacker if side == "attacker" else eng.defender)


def owner_of(eng: Engagement, side: str) -> int:
    return eng.attacker_owner if side == "attacker" else eng.defender_owner


# --- prompts ---------------------------------------------------------------------------------


def prompt(ctx: Ctx) -> Prompt:
    state = ctx.state
    eng = state.engagement
    if eng is None:
        return Prompt(state.active, "engage", tuple(Engage(x) for x in engagement_lands(ctx)))
    if eng.step == "flee":
        return Prompt(eng.defender_owner, "flee", (Flee(), DontFlee()))
    if eng.step == "negotiate":
        neg = eng.negotiation
        assert neg is not None
        theirs = neg.defender_proposals if neg.turn == "attacker" else neg.attacker_proposals
        opts: list[Action] = [Accept(p) for p in theirs]
        if neg.no_more is None:
            opts += [NoMoreProposals(), Concede()]
            kind = "negotiate"
        else:
            opts += [Fight(), Concede()]
            kind = "negotiate_final"
        info = {
            "attacker": eng.attacker,
            "defender": eng.defender,
            "may_propose": neg.no_more is None,
        }
        return Prompt(owner_of(eng, neg.turn), kind, tuple(opts), info)
    if eng.step == "summon":
        return Prompt(eng.attacker_owner, "summon", (*summon_options(ctx), Decline()))
    if eng.step == "reinforce":
        return Prompt(eng.defender_owner, "reinforce", (*reinforce_options(ctx), Decline()))
    if eng.step == "acquire":
        assert eng.winner is not None
        kinds = scoring.acquisition_choices(ctx, eng.acquisitions[0])
        return Prompt(
            owner_of(eng, eng.winner),
            "acquire",
            (*(Acquire(k) for k in kinds), Decline()),
            {"points": eng.acquisitions[0] * 100},
        )
    raise AssertionError(f"no prompt for engagement step {eng.step}")


# --- choosing, flight ------------------------------------------------------------------------


def apply(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    eng = state.engagement
    if eng is None:
        _apply_engage(ctx, action)
    elif eng.step == "flee":
        _apply_flee(ctx, action)
    elif eng.step == "negotiate":
        _apply_negotiation(ctx, action)
    elif eng.step == "summon":
        _apply_summon(ctx, action)
    elif eng.step == "reinforce":
        _apply_reinforce(ctx, action)
    elif eng.step == "acquire":
        _apply_acquire(ctx, action)
    else:
        raise AssertionError(eng.step)


def _apply_engage(ctx: Ctx, action: Action) -> None:
    state = ctx.state
    if not isinstance(action, Engage):
        raise IllegalAction("errata 20.4, 9.1", "choose the next engagement to resolve")
    if action.land not in engagement_lands(ctx):
        raise IllegalAction("9.1", f"there is no engagement on land {action.land}")
    me = state.active
    legions = state.legions_at(action.land)
    att = next(lg for lg in legions if lg.owner == me)
    dfd = next(lg for lg in legions if lg.owner != me)
    eng = Engagement(
        land=action.land,
        attacker=att.marker,
        defender=dfd.marker,
        attacker_owner=me,
        defender_owner=dfd.owner,
        slain={"attacker": [], "defender": []},
    )
    state.engagement = eng
    ctx.emit(
        "engagement",
        land=action.land,
        attacker=att.marker,
        defender=dfd.marker,
        side=att.entry_side,
    )
    # Complete Sequence 2.5.1-2.5.2: each side may look at the other's legion.
    knowledge.reveal_all(state, dfd.marker, [me])
    knowledge.reveal_all(state, att.marker, [dfd.owner])
    ctx.emit("legion_shown", (me,), marker=dfd.marker, characters=list(dfd.characters))
    ctx.emit("legion_shown", (dfd.owner,), marker=att.marker, characters=list(att.characters))
    if any(ctx.variant.characters[c].is_lord for c in dfd.characters):
        _decline_flight(ctx, eng)  # 9.2: a legion with a lord cannot flee
    else:
        eng.step = "flee"


def _decline_flight(ctx: Ctx, eng: Engagement) -> None:
    eng.summon_right = True  # errata 2.5.3.1
    eng.step = "negotiate"
    eng.negotiation = Negotiation(turn="defender")


def _apply_flee(ctx: Ctx, action: Action) -> None:
    eng = ctx.state.engagement
    assert eng is not None
    if isinstance(action, Flee):
        defender = legion_of(ctx, "defender")
        assert defender is not None
        ctx.emit("fled", marker=eng.defender, land=eng.land)
        _resolve(ctx, "flee", {"defender": list(defender.characters)})
    elif isinstance(action, DontFlee):
        _decline_flight(ctx, eng)
    else:
        raise IllegalAction("9.2", "the defender decides whether to flee")


# --- negotiation (errata 9.3, Complete Sequence 2.5.4-2.5.5) -------------------------------


def proposal_error(ctx: Ctx, p: Proposal) -> str | None:
    """Errata 9.3: only specific characters of the two legions; at least one legion wholly
    eliminated; losing the Titan means losing its whole legion."""
    for side, losses in (("attacker", p.attacker_losses), ("defender", p.defender_losses)):
        legion = legion_of(ctx, side)
        assert legion is not None
        if tuple(sorted(losses)) != losses:
            return "list each side's losses in sorted order"
        if Counter(losses) - Counter(legion.characters):
            return f"the {side} does not have all of {', '.join(losses)}"
        if TITAN in losses and len(losses) != len(legion.characters):
            return "losing the Titan means losing its whole legion"
    att, dfd = legion_of(ctx, "attacker"), legion_of(ctx, "defender")
    assert att is not None and dfd is not None
    if len(p.attacker_losses) != len(att.characters) and len(p.defender_losses) != len(
        dfd.characters
    ):
        return "an agreement must eliminate at least one legion"
    return None


def _apply_negotiation(ctx: Ctx, action: Action) -> None:
    eng = ctx.state.engagement
    assert eng is not None and eng.negotiation is not None
    neg = eng.negotiation
    me = neg.turn
    mine = neg.attacker_proposals if me == "attacker" else neg.defender_proposals
    theirs = neg.defender_proposals if me == "attacker" else neg.attacker_proposals
    if isinstance(action, Propose):
        if neg.no_more is not None:
            raise IllegalAction("errata 9.3", "no more proposals: accept, concede or fight")
        fresh = [p for p in dict.fromkeys(action.proposals) if p not in mine]
        for p in action.proposals:
            err = proposal_error(ctx, p)
            if err:
                raise IllegalAction("errata 9.3", err)
            if p in theirs:
                raise IllegalAction("errata 9.3", "a set may not repeat the opponent's proposals")
        if not fresh:
            raise IllegalAction("errata 9.3", "a set of proposals must include a new one")
        mine.extend(fresh)
        ctx.emit(
            "proposals",
            (eng.attacker_owner, eng.defender_owner),
            side=me,
            proposals=[[list(p.attacker_losses), list(p.defender_losses)] for p in fresh],
        )
        ctx.emit("negotiating", side=me, land=eng.land)
        neg.turn = _other(me)
    elif isinstance(action, Accept):
        if action.proposal not in theirs:
            raise IllegalAction("errata 9.3", "only a proposal the opponent made can be accepted")
        p = action.proposal
        ctx.emit(
            "agreement",
            land=eng.land,
            attacker_losses=list(p.attacker_losses),
            defender_losses=list(p.defender_losses),
        )
        _resolve(
            ctx,
            "agreement",
            {"attacker": list(p.attacker_losses), "defender": list(p.defender_losses)},
        )
    elif isinstance(action, NoMoreProposals):
        if neg.no_more is not None:
            raise IllegalAction("errata 9.3", "accept, concede or fight")
        neg.no_more = me
        ctx.emit("no_more_proposals", side=me, land=eng.land)
        neg.turn = _other(me)
    elif isinstance(action, Concede):
        concede(ctx, me)
    elif isinstance(action, Fight):
        if neg.no_more is None or neg.no_more == me:
            raise IllegalAction(
                "errata 2.5.5",
                "a battle follows only when the other side "
                "has declared it will make no more proposals",
            )
        start_battle(ctx)
    else:
        raise IllegalAction("errata 9.3", "propose, accept, concede or declare no more proposals")


def concede(ctx: Ctx, side: str) -> None:
    """Rule 9.4: the conceding legion is eliminated; the winner suffers no further losses."""
    eng = ctx.state.engagement
    assert eng is not None
    legion = legion_of(ctx, side)
    assert legion is not None
    ctx.emit("conceded", side=side, marker=legion.marker, land=eng.land)
    _resolve(ctx, "concede", {side: list(legion.characters)})


def start_battle(ctx: Ctx) -> None:
    """Errata 9.3, 2.5.6.1: once the battle is chosen both legions are public."""
    from titan.engine.battle import flow

    eng = ctx.state.engagement
    assert eng is not None
    knowledge.reveal_all(ctx.state, eng.attacker)
    knowledge.reveal_all(ctx.state, eng.defender)
    for side in ("attacker", "defender"):
        legion = legion_of(ctx, side)
        assert legion is not None
        ctx.emit("legion_revealed", marker=legion.marker, characters=list(legion.characters))
    eng.step = "battle"
    flow.start(ctx)


# --- the outcome -----------------------------------------------------------------------------


def _resolve(ctx: Ctx, how: str, losses: dict[str, list[str]]) -> None:
    """Apply the losses of a decided engagement, then run the after-engagement steps."""
    state = ctx.state
    eng = state.engagement
    assert eng is not None
    for side, names in losses.items():
        legion = legion_of(ctx, side)
        if legion is None or not names:
            continue
        rest = Counter(legion.characters)
        rest.subtract(names)
        legion.characters = sorted(rest.elements())
        eng.slain[side] += names
        knowledge.removed(state, legion.marker, names)
        ctx.emit("losses", marker=legion.marker, characters=sorted(names))
    record_outcome(ctx, how)


def record_outcome(ctx: Ctx, how: str, winner: str | None = "auto") -> None:
    """Record the outcome, drop eliminated legions (9.5) and continue. ``winner`` "auto": the
    side with characters left, if only one has any; a battle names it (a side whose Titan
    fell has lost even with characters left, 19.3)."""
    state = ctx.state
    eng = state.engagement
    assert eng is not None
    survivors = {
        side: lg
        for side in ("attacker", "defender")
        if (lg := legion_of(ctx, side)) is not None and lg.characters
    }
    eng.how = how
    if winner == "auto":
        winner = next(iter(survivors)) if len(survivors) == 1 else None
    eng.winner = winner
    for side in ("attacker", "defender"):
        lg = legion_of(ctx, side)
        if lg is not None and not lg.characters:
            elimination.remove_legion(ctx, lg.marker)
    if how == "agreement" and eng.winner == "defender":
        eng.reinforce_right = True  # errata 2.5.5.1
    # In a battle the right is earned when the attacker ends his first maneuver phase
    # (14.2, errata 14.2); a concession before the battle never earns it.
    ctx.emit(
        "engagement_decided",
        land=eng.land,
        how=how,
        winner=None
        if eng.winner is None
        else (eng.attacker if eng.winner == "attacker" else eng.defender),
    )
    eng.stage = 0
    after(ctx)


def summon_options(ctx: Ctx) -> list[Summon]:
    """Rule 15, 15.2, errata 15.0: from another legion of the attacker not in an unresolved
    engagement, an Angel or Archangel, once per engagement phase, into a legion with room."""
    state = ctx.state
    eng = state.engagement
    assert eng is not None
    winner = legion_of(ctx, "attacker")
    if winner is None or len(winner.characters) >= MAX_LEGION or state.summoned_this_turn:
        return []
    out: list[Summon] = []
    for lg in sorted(state.player_legions(eng.attacker_owner), key=lambda x: x.marker):
        if lg.marker == winner.marker:
            continue
        if any(o.owner != lg.owner for o in state.legions_at(lg.land)):
            continue
        out.extend(Summon(lg.marker, lord) for lord in SUMMONABLE if lord in lg.characters)
    return out


def do_summon(ctx: Ctx, action: Summon) -> None:
    state = ctx.state
    eng = state.engagement
    assert eng is not None
    donor = state.legions[action.donor]
    donor.characters.remove(action.lord)
    knowledge.reveal(state, donor.marker, [action.lord])  # 15.1: shown to all
    knowledge.removed(state, donor.marker, [action.lord])
    winner = state.legions[eng.attacker]
    winner.characters = sorted([*winner.characters, action.lord])
    knowledge.added(state, winner.marker, action.lord)
    state.summoned_this_turn = True
    eng.summoned = True
    ctx.emit("summoned", lord=action.lord, frm=donor.marker, to=winner.marker)
    if not donor.characters:  # errata 18.1
        elimination.remove_legion(ctx, donor.marker)
        ctx.emit("legion_disbanded", marker=donor.marker)


def _apply_summon(ctx: Ctx, action: Action) -> None:
    eng = ctx.state.engagement
    assert eng is not None
    if isinstance(action, Summon):
        if action not in summon_options(ctx):
            raise IllegalAction("15", f"cannot summon {action.lord} from {action.donor}")
        do_summon(ctx, action)
    elif not isinstance(action, Decline):
        raise IllegalAction("15", "summon an angel or decline")
    after(ctx)


def reinforce_options(ctx: Ctx) -> list[Muster]:
    """Rule 14, 14.1: a defender with room mustering as the land allows (18)."""
    eng = ctx.state.engagement
    assert eng is not None
    legion = legion_of(ctx, "defender")
    if legion is None or eng.reinforced or len(legion.characters) >= MAX_LEGION:
        return []
    opts = muster_options(
        ctx.variant,
        eng.land,
        legion.characters,
        caretaker=ctx.state.caretaker,
        titan_variant=ctx.state.options.titan_variant,
    )
    return [Muster(legion.marker, c, r) for c, reveals in opts.items() for r in reveals]


def _apply_reinforce(ctx: Ctx, action: Action) -> None:
    eng = ctx.state.engagement
    assert eng is not None
    if isinstance(action, Muster):
        if action not in reinforce_options(ctx):
            raise IllegalAction("14", f"cannot muster {action.creature} as a reinforcement")
        legion = legion_of(ctx, "defender")
        assert legion is not None
        do_muster(ctx, legion, action)
        eng.reinforced = True
    elif not isinstance(action, Decline):
        raise IllegalAction("14", "muster a reinforcement or decline")
    after(ctx)


def _apply_acquire(ctx: Ctx, action: Action) -> None:
    eng = ctx.state.engagement
    assert eng is not None and eng.winner is not None
    multiple = eng.acquisitions.pop(0)
    if isinstance(action, Acquire):
        if action.lord not in scoring.acquisition_choices(ctx, multiple):
            eng.acquisitions.insert(0, multiple)
            raise IllegalAction("17.3", f"no {action.lord} is due or available")
        legion = legion_of(ctx, eng.winner)
        assert legion is not None
        scoring.take_from_caretaker(ctx, legion.marker, action.lord)
        ctx.emit("acquired", marker=legion.marker, lord=action.lord, points=multiple * 100)
    elif not isinstance(action, Decline):
        eng.acquisitions.insert(0, multiple)
        raise IllegalAction("17", "take the earned lord or decline")
    after(ctx)


def after(ctx: Ctx) -> None:
    """Errata Complete Sequence 2.5.6.5-2.5.6.10, one step at a time."""
    state = ctx.state
    eng = state.engagement
    assert eng is not None
    if eng.stage == 0:
        eng.stage = 1
        if (
            eng.winner == "attacker"
            and eng.summon_right
            and eng.how != "flee"
            and not eng.summoned
            and summon_options(ctx)
        ):
            eng.step = "summon"  # 15.2
            return
    if eng.stage == 1:
        eng.stage = 2
        if (
            eng.winner == "defender"
            and eng.reinforce_right
            and not eng.reinforced
            and reinforce_options(ctx)
        ):
            eng.step = "reinforce"  # 14, 14.2
            return
    if eng.stage == 2:
        eng.stage = 3
        _score(ctx)
    if eng.stage == 3:
        while eng.acquisitions:
            legion = legion_of(ctx, eng.winner) if eng.winner else None
            if (
                legion is not None
                and len(legion.characters) < MAX_LEGION
                and scoring.acquisition_choices(ctx, eng.acquisitions[0])
            ):
                eng.step = "acquire"
                return
            eng.acquisitions.pop(0)  # 17.1: no room or none left: it cannot be taken
        eng.stage = 4
        _finish(ctx)


def _score(ctx: Ctx) -> None:
    """Rules 9.5, 16.1, errata 10.5: full value for the loser's slain characters; half on
    flight (rounded down); nothing for mutual elimination or a time loss."""
    eng = ctx.state.engagement
    assert eng is not None
    if eng.winner is None or eng.how == "time_loss":
        return
    loser = _other(eng.winner)
    value = scoring.value_of(ctx, eng.slain[loser], owner_of(eng, loser))
    if eng.how == "flee":
        value //= 2
    eng.acquisitions = scoring.add_points(
        ctx, owner_of(eng, eng.winner), value, f"engagement on {eng.land} ({eng.how})"
    )


def _finish(ctx: Ctx) -> None:
    state = ctx.state
    eng = state.engagement
    assert eng is not None
    losers = [owner_of(eng, side) for side in ("attacker", "defender") if TITAN in eng.slain[side]]
    if losers:
        others = [
            owner_of(eng, s) for s in ("attacker", "defender") if owner_of(eng, s) not in losers
        ]
        slayer = others[0] if len(losers) == 1 else None
        elimination.eliminate(ctx, losers, slayer)
    scoring.return_slain(ctx, eng.slain["attacker"] + eng.slain["defender"])
    mover_out = not state.players[state.active].alive
    state.engagement = None
    if check_game_over(ctx):
        return
    if mover_out:
        end_turn(ctx)
