"""Board images drawn with Pillow. Reads the engine's state, never changes it."""
