# SVG -> PNG for every family: a screenshot of the SVG in Debian's headless Chromium at the canvas
# size, then pngquant (when installed) to make the file smaller. The PNG is what the site shows;
# Chromium's output changes with its version and fonts, so a PNG is only rewritten on request.

import os
import shutil
import subprocess
import sys
import tempfile

from canvas import H, W


def rasterise(svg_path, png_path, quality):
    """Write png_path from svg_path; quality is pngquant's --quality range, e.g. '85-99'."""
    with tempfile.TemporaryDirectory() as tmp:
        raw = os.path.join(tmp, 'raw.png')
        subprocess.run(['chromium', '--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars',
                        '--force-device-scale-factor=1', f'--window-size={W},{H}', f'--screenshot={raw}',
                        'file://' + os.path.abspath(svg_path)],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if not shutil.which('pngquant'):
            print(f'pngquant is not installed: {png_path} is the unquantised screenshot, about three times '
                  'larger (apt-get install pngquant)', file=sys.stderr)
            shutil.copy(raw, png_path)
        # pngquant exits non-zero when it cannot reach the lower quality bound; the unquantised
        # screenshot is then the file to keep.
        elif subprocess.run(['pngquant', '--force', f'--quality={quality}', '--speed=1', '--output', png_path,
                             raw]).returncode != 0:
            shutil.copy(raw, png_path)
