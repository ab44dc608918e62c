"""The battle's procedures (rules 10-15): its own sequence, maneuvers, strikes, and the
table of battle steps."""
