"""Serving the lessons and apps with Voila: the command line, a class's server, and Voila's hooks."""
