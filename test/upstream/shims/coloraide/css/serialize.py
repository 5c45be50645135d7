def get_alpha(parent, alpha, none=False, legacy=False):
    return parent.alpha


def get_coords(parent, fit, none=False, legacy=False):
    return list(parent.coords)
