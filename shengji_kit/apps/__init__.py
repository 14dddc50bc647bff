"""What a person opens: the play app, the trainer, the classroom dashboard, the lessons' views, serving."""
