# The pictures of the company pages (content/images/pages/): about, business and the HarmonyOS NEXT
# SDK page, in the look of the services pictures, one module per page with the props only it uses.
# Importing a module adds its scene to SCENES, so the order below is the order generate.py lists
# and draws them in.

from . import about, business, harmony_next
from .registry import PNG_QUALITY, SCENES

__all__ = ['PNG_QUALITY', 'SCENES']
