# The pages family's registry, apart from its package so that every page module can add to it
# without importing the package that imports them. EXTRA_DEFS are the gradients only these
# pictures use, added to the shared <defs> of each.

from canvas import Scenes
from flat import svg

EXTRA_DEFS = '''
<linearGradient id="gCloud" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#4a8ff5"/><stop offset="1" stop-color="#1f6feb"/></linearGradient>
<linearGradient id="gBeamUp" x1="0" y1="1" x2="0" y2="0">
  <stop offset="0" stop-color="#1f6feb" stop-opacity="0.32"/><stop offset="1" stop-color="#1f6feb" stop-opacity="0"/></linearGradient>
<linearGradient id="gGlass" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#cfe0fa"/><stop offset="1" stop-color="#9dbcec"/></linearGradient>
<linearGradient id="gTower" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#f4f7fb"/><stop offset="0.55" stop-color="#dbe3ee"/><stop offset="1" stop-color="#b3c1d4"/></linearGradient>
<linearGradient id="gCab" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#a9c6f3"/><stop offset="0.55" stop-color="#6f9be0"/><stop offset="1" stop-color="#3f6fc0"/></linearGradient>
<linearGradient id="gChim" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#f3e6cf"/><stop offset="0.55" stop-color="#e2cfae"/><stop offset="1" stop-color="#c4aa80"/></linearGradient>
<linearGradient id="gHub" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#e9f1fd"/><stop offset="0.55" stop-color="#c8daf7"/><stop offset="1" stop-color="#8fb0e4"/></linearGradient>
<linearGradient id="gHubB" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#5d9af6"/><stop offset="0.55" stop-color="#2f78ec"/><stop offset="1" stop-color="#1553c2"/></linearGradient>
<linearGradient id="gCode" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#24324f"/><stop offset="1" stop-color="#1c2740"/></linearGradient>
'''

SCENES = Scenes(lambda body: svg(body, EXTRA_DEFS))
PNG_QUALITY = '85-99'
