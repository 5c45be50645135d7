import re

NAMED = {"black": "000000", "white": "ffffff", "red": "ff0000", "green": "008000", "blue": "0000ff", "gray": "808080",
         "grey": "808080", "yellow": "ffff00", "orange": "ffa500", "purple": "800080", "pink": "ffc0cb", "brown": "a52a2a",
         "cyan": "00ffff", "magenta": "ff00ff", "lightgray": "d3d3d3", "darkgray": "a9a9a9", "lightblue": "add8e6"}
HEX = re.compile(r"#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b")


class sRGB:  # noqa: N801 - the name PrairieLearn imports
    def match(self, string, start=0, fullmatch=True):
        text = string[start:].strip().lower()
        text = "#" + NAMED[text] if text in NAMED else text
        m = HEX.fullmatch(text) if fullmatch else HEX.match(text)
        if not m:
            return None
        h = m.group(1)
        if len(h) == 3:
            h = "".join(c * 2 for c in h)
        return ([int(h[i : i + 2], 16) / 255 for i in (0, 2, 4)], 1.0), start + m.end()

    def to_string(self, parent, **kwargs):
        return "#" + "".join(f"{round(c * 255):02x}" for c in parent.coords)
