"""The battle's data: its state and its actions."""
