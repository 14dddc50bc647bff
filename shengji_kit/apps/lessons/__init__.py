"""The lesson notebooks' views: each lesson's panels and exercise blocks, and the cells' notice helper."""
