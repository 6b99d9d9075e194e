"""A palette picture as PNG bytes, deflated by ISA-L (the `isal` package).

Pillow's PNG writer deflates with zlib, which at its fastest level costs several times the rest of drawing a
1000 x 920 board; ISA-L's level 1 deflates the same rows in a fraction of that, into a slightly smaller file
(docs/performance.md, "Board image"). Pillow offers no way to hand its writer another deflate, so the few chunks
a palette PNG needs (PNG specification, 3rd edition: IHDR, PLTE, IDAT, IEND) are written here; the tests read
its pictures back with Pillow. Rows are stored unfiltered, as Pillow stores palette pictures: a filter
predicts a byte from its neighbours' values, which means nothing for palette indices. Each row's filter byte
comes from a column of zeros pasted left of the picture, so that Pillow lays the rows out in one call.
"""

from __future__ import annotations

import struct
import zlib

from isal import isal_zlib
from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"
DEFLATE_LEVEL = 1  # level 2 saves under 1% of a board's bytes for a fifth more time; level 3 is slower and larger
_BIT_DEPTH = 8
_PALETTE_COLOUR_TYPE = 3
_NO_FILTER = b"\x00"


def palette_png(image: Image.Image) -> bytes:
    """The picture, on its palette of at most 256 colours and with no transparency, as a PNG file.

    :raises ValueError: for a picture not in palette mode, or with a transparent colour (the boards have none;
        a tRNS chunk would be needed).
    """
    palette = image.getpalette() if image.mode == "P" else None
    if not palette or "transparency" in image.info:
        raise ValueError(f"an opaque palette picture is needed, not mode {image.mode} {image.info}")
    width, height = image.size
    framed = Image.new("P", (width + 1, height), _NO_FILTER[0])  # its first column: each row's filter byte
    framed.paste(image, (1, 0))  # indices copied as they are: the palettes are not compared
    rows = framed.tobytes()  # Pillow copies the rows in C: under half the time of joining slices in Python
    header = struct.pack(">IIBBBBB", width, height, _BIT_DEPTH, _PALETTE_COLOUR_TYPE, 0, 0, 0)
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", bytes(palette)),
            _chunk(b"IDAT", isal_zlib.compress(rows, DEFLATE_LEVEL)),
            _chunk(b"IEND", b""),
        )
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    """Length, type, data, and the CRC-32 of type and data."""
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))
