"""The puzzle trainer app: the practice stack (``shengji_kit.practice``) drawn as one notebook widget."""
