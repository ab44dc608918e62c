"""Dice maths: the exact chances of a strike's dice (:mod:`titan.dice.strike`) and
proportions with confidence intervals (:mod:`titan.dice.stats`).

The bottom layer: standard library only, no game, no engine and no bot, so the engine's
rules, the bots and the battle estimates (:mod:`titan.odds`) all draw on one copy. Rolling
dice is the engine's business (:mod:`titan.engine.dice`); this is only their arithmetic.
"""
