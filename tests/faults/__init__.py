"""The fault suite: what a class meets when parts fail or a learner pushes (issue 19)."""
