"""Words on the ground floor: the message catalogue every learner-facing text is rendered from."""
