"""Pure rules queries: functions of the variant and a position (lands, hexes, characters),
with no game state, no events and no dice. The phase procedures, the AI, the interface's
hints and :mod:`titan.rules` all call them; an import contract keeps them pure."""
