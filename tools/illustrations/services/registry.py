# The services family's registry, apart from its package so that every scene module can add to it
# without importing the package that imports them. Their pictures use only the shared <defs>.

from canvas import Scenes
from flat import svg

SCENES = Scenes(svg)
PNG_QUALITY = '85-99'
