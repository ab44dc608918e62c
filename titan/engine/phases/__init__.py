"""The phase procedures: for each decision point of the Complete Sequence of Play, the
prompt, the check and the apply that :mod:`titan.engine.machine` tables, and the steps in
between. They change the game state and report events; the pure rules questions they ask
are :mod:`titan.engine.queries`."""
