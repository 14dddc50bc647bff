"""The "play a round" app: the learner (South) against three bots, with the coach at the table."""
