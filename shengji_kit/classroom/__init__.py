"""The classroom: learners with names, one class store of progress events, polls, and the hub service.

``api.py`` holds the shared types and the ``ClassStoreAPI`` protocol every store (the database
store, the JupyterHub service client) implements; the trainer, the lessons and the teacher's
dashboard only talk to that protocol.
"""
