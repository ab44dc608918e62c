"""Battle odds by simulation: a battle set up once (:func:`titan.engine.scenario.battle_game`)
and played out many times by bots (:mod:`titan.odds.battle`, :mod:`titan.odds.runner`), the
outcomes' shares with their confidence intervals (:mod:`titan.odds.estimate`); ``titan odds``
prints them, or a strike's exact odds (:mod:`titan.odds.command`).

This layer sits above the bots it plays with. The exact odds of a strike are dice maths, in
the bottom layer: :mod:`titan.dice.strike`.
"""
