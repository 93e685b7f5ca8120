"""Almanac: The Crystal Peaks -- a six-page worker-placement journey for 2-4 merchants."""
