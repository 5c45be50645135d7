"""A small stand-in for pygments-ansi-color (absent from Debian), enough for PrairieLearn's pl-code
to load: the style entries of ANSI colour tokens. Only `language="ansi-color"` output uses them.
Used by the comparison tool only."""

from pygments.token import Token


def color_tokens(fg_colors, bg_colors, enable_256color=False):
    styles = {Token.Text.Bold: "bold", Token.Text.Faint: "", Token.Text.Italic: "italic", Token.Text.Underline: "underline"}
    for name, value in fg_colors.items():
        styles[getattr(Token.Color, name.title().replace("-", "").replace("_", ""))] = value
    for name, value in bg_colors.items():
        styles[getattr(Token.BGColor, name.title().replace("-", "").replace("_", ""))] = "bg:" + value
    return styles
