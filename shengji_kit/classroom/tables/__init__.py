"""Shared tables of a class: one authority (``hall.TableHall``) holds each table's match and applies every action."""
