#!/usr/bin/env python3
"""Writes a deterministic, photo-like 3000x2000 RGB PNG for bench/images.sh.

    make_photo.py OUT.png

A resize benchmark on a flat or synthetic-looking image flatters every encoder: WebP
compresses smooth areas almost for free, and PNG decoding of a highly compressible file is
cheap. So the picture is built like a landscape photograph: sky and ground gradients, a sun
glow, clouds and hills from multi-octave noise, soft-edged shapes (trees, a lake, buildings)
blurred like out-of-focus optics, grass texture, and per-pixel sensor noise. The noise level is
what keeps the PNG around 10 MB, like a real 6-megapixel photo saved losslessly.

Needs numpy and Pillow. Everything is derived from a fixed seed, so the same versions give the
same bytes on every run (the pixels are identical across versions; the PNG bytes depend on
zlib).
"""
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

W, H = 3000, 2000
SEED = 20240603

rng = np.random.default_rng(SEED)


def value_noise(cell: int, octaves: int = 4) -> np.ndarray:
    """Smooth noise in [0, 1]: random grids upscaled bicubically, halving the cell per octave."""
    total = np.zeros((H, W), np.float32)
    weight = 0.0
    amplitude = 1.0
    for _ in range(octaves):
        grid = rng.random((H // cell + 2, W // cell + 2)).astype(np.float32)
        up = Image.fromarray(grid, "F").resize(
            ((W // cell + 2) * cell, (H // cell + 2) * cell), Image.BICUBIC
        )
        total += amplitude * np.asarray(up, np.float32)[:H, :W]
        weight += amplitude
        amplitude *= 0.5
        cell = max(cell // 2, 2)
    return np.clip(total / weight, 0.0, 1.0)


def lerp(a, b, t):
    """Blends colour a to colour b by t (H x W), giving H x W x 3."""
    a = np.asarray(a, np.float32)
    b = np.asarray(b, np.float32)
    return a + (b - a) * t[..., None]


ys, xs = np.mgrid[0:H, 0:W].astype(np.float32)

# Horizon: rolling hills from a few sines plus low-frequency noise.
hills = (
    0.52 * H
    + 60 * np.sin(xs[0] / 410.0 + 1.3)
    + 35 * np.sin(xs[0] / 170.0 + 0.4)
    + 140 * (value_noise(400, 3)[0] - 0.5)
)
below = ys > hills[None, :]

# Sky: deep blue overhead to warm haze at the horizon, a sun glow, clouds.
t_sky = np.clip(ys / hills[None, :], 0.0, 1.0) ** 1.6
img = lerp((38, 84, 160), (236, 206, 170), t_sky)
sun_x, sun_y = 0.72 * W, 0.30 * H
dist = np.hypot(xs - sun_x, ys - sun_y)
glow = np.exp(-((dist / 420.0) ** 2)) * 0.85 + np.exp(-((dist / 70.0) ** 2)) * 0.6
img += glow[..., None] * np.array([255, 225, 170], np.float32) * 0.55
clouds = value_noise(220, 5)
cloud_mask = np.clip((clouds - 0.52) * 4.0, 0.0, 1.0) * (1.0 - t_sky * 0.6)
img = img * (1 - cloud_mask[..., None] * 0.75) + cloud_mask[..., None] * np.array(
    [245, 240, 235], np.float32
) * 0.75

# Ground: green near the hills to darker olive and brown in the foreground, with grass texture.
t_ground = np.clip((ys - hills[None, :]) / (H - hills[None, :]), 0.0, 1.0)
ground = lerp((96, 128, 70), (58, 70, 34), t_ground)
fields = value_noise(160, 4)
ground *= (0.75 + 0.5 * fields)[..., None]
grass = value_noise(6, 2)  # fine blades-of-grass texture, stronger in the foreground
ground *= (1.0 + (grass - 0.5) * (0.25 + 0.35 * t_ground))[..., None]
img = np.where(below[..., None], ground, img)

# Shapes drawn sharp, then blurred a little: lenses do not draw aliased edges.
layer = Image.fromarray(np.clip(img, 0, 255).astype(np.uint8), "RGB")
draw = ImageDraw.Draw(layer)
# A lake with a lighter reflection band.
draw.ellipse((300, 1420, 1500, 1720), fill=(70, 110, 150))
draw.ellipse((520, 1500, 1300, 1560), fill=(150, 175, 195))
# Buildings on a hill.
for i in range(7):
    bx = 1750 + i * 95 + int(rng.integers(-10, 10))
    top = int(hills[bx]) - int(rng.integers(60, 170))
    shade = int(rng.integers(150, 215))
    draw.rectangle((bx, top, bx + 80, int(hills[bx]) + 40), fill=(shade, shade - 20, shade - 45))
    draw.polygon([(bx - 8, top), (bx + 40, top - 45), (bx + 88, top)], fill=(120, 50, 40))
    for wy in range(top + 15, int(hills[bx]) + 20, 35):
        draw.rectangle((bx + 15, wy, bx + 30, wy + 18), fill=(60, 60, 80))
        draw.rectangle((bx + 50, wy, bx + 65, wy + 18), fill=(60, 60, 80))
# Trees: trunks and layered crowns.
for _ in range(45):
    tx = int(rng.integers(0, W))
    base = int(hills[tx]) + int(rng.integers(10, 900))
    size = 30 + (base - hills[tx]) * 0.18
    draw.rectangle((tx - size * 0.08, base - size, tx + size * 0.08, base), fill=(70, 48, 30))
    for k in range(3):
        g = int(rng.integers(60, 120))
        r = size * (0.9 - 0.2 * k)
        cy = base - size * (1.2 + 0.45 * k)
        draw.ellipse((tx - r, cy - r, tx + r, cy + r), fill=(g // 2, g, g // 3))
layer = layer.filter(ImageFilter.GaussianBlur(1.2))
img = np.asarray(layer, np.float32)

# Vignette, as from a real lens.
vignette = 1.0 - 0.35 * ((xs - W / 2) ** 2 / (W / 2) ** 2 + (ys - H / 2) ** 2 / (H / 2) ** 2) / 2
img *= vignette[..., None]

# Sensor noise: luminance plus a little chroma, as in a photo taken at moderate ISO.
luma_noise = rng.normal(0.0, 2.6, (H, W)).astype(np.float32)
chroma_noise = rng.normal(0.0, 1.3, (H, W, 3)).astype(np.float32)
img += luma_noise[..., None] + chroma_noise

out = sys.argv[1] if len(sys.argv) > 1 else "photo.png"
Image.fromarray(np.clip(np.rint(img), 0, 255).astype(np.uint8), "RGB").save(out, "PNG")
