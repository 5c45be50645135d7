"""The question runtime's Python helper: runs question.html elements and server.py for one phase call.

zygote.py is the long-lived process the TypeScript side talks to; it forks one child per call unit
(see unit.py) so that every unit starts from the warm, clean module state of the parent.
"""
