"""The files a maintainer expects: one version, a licence, a changelog, typing markers."""

from __future__ import annotations

import importlib.metadata
import tomllib
from pathlib import Path

import meeple

ROOT = Path(__file__).resolve().parent.parent


def test_the_version_is_written_in_one_place_and_the_metadata_reads_it():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert importlib.metadata.version("meeple") == meeple.__version__


def test_the_changelog_has_an_entry_for_the_version():
    text = (ROOT / "CHANGELOG.md").read_text()
    assert "## Unreleased" in text and f"## {meeple.__version__}" in text


def test_the_licence_is_the_one_the_metadata_names():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT"
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")


def test_the_package_says_it_is_typed():
    assert (Path(meeple.__file__).parent / "py.typed").is_file()
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert "py.typed" in data["package-data"]["meeple"]
