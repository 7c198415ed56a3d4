# The pictures of the 16 product-service pages (content/images/services/), one scene function each,
# in modules by the group of services they draw; props.py holds the props several modules use.
# Importing a module adds its scenes to SCENES, so the order below is the order generate.py lists
# and draws them in.

from . import maps, positioning, wayfinding, fences, scan_to_navigate, parking, analytics
from .registry import PNG_QUALITY, SCENES

__all__ = ['PNG_QUALITY', 'SCENES']
