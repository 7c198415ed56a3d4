# What every illustration shares, whatever its family: the 1600x1200 canvas with its <svg> root,
# and the registry that turns a family's scene functions into pictures named by slug.

W, H = 1600, 1200
ROOT = f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}">'


class Scenes(dict):
    """A family's pictures: slug -> function returning the whole SVG document.

    `add` is the decorator for scene functions; a scene returns the picture's body and `document`
    wraps it (each family has its own <defs>). Scene functions are named `s_<slug>` so that a slug
    such as `map` does not shadow a builtin."""

    def __init__(self, document):
        super().__init__()
        self.document = document

    def add(self, fn):
        self[fn.__name__.removeprefix('s_')] = lambda: self.document(fn())
        return fn
