"""Helpers for the renderer's tests: decode PNG bytes and compare pictures with a tolerance."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageStat

# A pixel "differs" when a channel moves by more than this; small shifts from FreeType versions pass.
CHANNEL_TOLERANCE = 40
MAX_DIFFERING_SHARE = 0.003  # of all pixels


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image.convert("RGB")


def differing_share(first: Image.Image, second: Image.Image) -> float:
    """The share of pixels where some channel differs by more than CHANNEL_TOLERANCE."""
    assert first.size == second.size, f"sizes differ: {first.size} != {second.size}"
    difference = ImageChops.difference(first.convert("RGB"), second.convert("RGB"))
    worst = _max_channel(difference)
    mask = worst.point(lambda value: 255 if value > CHANNEL_TOLERANCE else 0)
    histogram = mask.histogram()
    return histogram[255] / (first.width * first.height)


def _max_channel(image: Image.Image) -> Image.Image:
    red, green, blue = image.split()
    return ImageChops.lighter(ImageChops.lighter(red, green), blue)


def pixel_error(first: Image.Image, second: Image.Image) -> tuple[float, int]:
    """How far apart two pictures are: the mean absolute error of the worst channel (0..255) and the largest
    difference of any channel at any pixel."""
    assert first.size == second.size, f"sizes differ: {first.size} != {second.size}"
    difference = ImageChops.difference(first.convert("RGB"), second.convert("RGB"))
    mean = max(ImageStat.Stat(difference).mean)
    largest = max(int(high) for _, high in difference.getextrema())  # type: ignore[misc]
    return mean, largest
