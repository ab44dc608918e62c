"""Battle (rules 10-15): maneuver, striking, rangestriking, carry-over, reinforcement, summoning."""
