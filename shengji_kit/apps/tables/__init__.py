"""The Tables page (牌桌): the class's shared tables, a seat at one, and that table played from its seat view."""
