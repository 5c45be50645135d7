"""Colour schemes by name, which PrairieLearn's element extends with its own."""

SCHEME = {}
