"""<pl-variable-score answers-name="...">: deprecated. PrairieLearn keeps the element so that old questions
still load, but it checks nothing and shows nothing (submission elements show their own score)."""


def prepare(element_html: str, data: dict) -> None:
    return None


def render(element_html: str, data: dict) -> str:
    return ""
