"""The lessons' live panels as scenes (``render(lang)`` and ``handle(message)``): no widgets, only HTML."""
