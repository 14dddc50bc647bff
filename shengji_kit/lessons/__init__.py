"""Lessons: the logic, exercise checking and bilingual texts behind the lesson notebooks."""
