"""Reading the tlaplus/Examples manifests: the models they list and what TLC found for each.

Shared by conformance.py and manifest_stats.py. Python 3.11, standard library only.

Each `specifications/*/manifest.json` lists modules, and for each module the models (`.cfg`
files) TLC was run on, with the mode, the wall-clock runtime ("HH:MM:SS" or "unknown"), the
result ("success", "safety failure", ...) and, for some, the number of distinct states. All
paths in a manifest are relative to the root of the Examples repository.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

#: The manifest's mode string for breadth-first model checking.
EXHAUSTIVE = "exhaustive search"


@dataclass(frozen=True)
class Model:
    """One model of the Examples: a module checked against one config."""

    manifest: Path  # the manifest.json that lists it
    module: str  # path of the .tla file, relative to the Examples root
    config: str  # path of the .cfg file, relative to the Examples root
    mode: str  # "exhaustive search", "generate", "symbolic" or "simulate"
    result: str  # "success", "safety failure", ..., "unknown"
    runtime_seconds: int | None  # None when the manifest says "unknown"
    distinct_states: int | None  # None when the manifest records none

    def label(self) -> str:
        """A short name for tables: the config path without the leading "specifications/"."""
        return self.config.removeprefix("specifications/")


def manifest_paths(examples_root: Path) -> list[Path]:
    """All manifests under EXAMPLES/specifications, sorted so runs are reproducible."""
    return sorted(examples_root.glob("specifications/*/manifest.json"))


def parse_runtime(text: str) -> int | None:
    """Seconds in a manifest runtime "HH:MM:SS"; None for "unknown" or anything malformed."""
    match = re.fullmatch(r"(\d+):(\d\d):(\d\d)", text.strip())
    if not match:
        return None
    hours, minutes, seconds = (int(part) for part in match.groups())
    return hours * 3600 + minutes * 60 + seconds


def mode_name(mode: object) -> str:
    """The manifest's mode as one word: simulation is an object {"simulate": {...}}."""
    if isinstance(mode, dict):
        return next(iter(mode), "unknown")
    return str(mode)


def load_manifest(path: Path) -> dict:
    """The parsed manifest; raises ValueError with the path when it is not valid JSON."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as err:
        raise ValueError(f"{path}: {err}") from err


def models_of(manifest_path: Path, manifest: dict) -> list[Model]:
    """The models one manifest lists, in manifest order."""
    models = []
    for module in manifest.get("modules", []):
        for entry in module.get("models", []):
            models.append(
                Model(
                    manifest=manifest_path,
                    module=module["path"],
                    config=entry["path"],
                    mode=mode_name(entry.get("mode")),
                    result=entry.get("result", "unknown"),
                    runtime_seconds=parse_runtime(entry.get("runtime", "unknown")),
                    distinct_states=entry.get("distinctStates"),
                )
            )
    return models


def all_models(examples_root: Path) -> list[Model]:
    """Every model of every manifest, in a stable order."""
    models = []
    for path in manifest_paths(examples_root):
        models.extend(models_of(path, load_manifest(path)))
    return models


def all_module_paths(examples_root: Path) -> list[str]:
    """Every module path the manifests name (with or without models), without duplicates."""
    seen: dict[str, None] = {}
    for path in manifest_paths(examples_root):
        for module in load_manifest(path).get("modules", []):
            seen.setdefault(module["path"], None)
    return list(seen)


def strip_tla_comments(text: str) -> str:
    """TEXT without TLA+ comments: nested (* ... *) blocks and \\* to the end of the line.

    TLC's config files use the same comment syntax as modules. String literals are not
    special-cased: config files do not contain strings with comment markers in the Examples.
    """
    out = []
    depth = 0
    i = 0
    while i < len(text):
        if text.startswith("(*", i):
            depth += 1
            i += 2
        elif depth and text.startswith("*)", i):
            depth -= 1
            i += 2
        elif depth:
            i += 1
        elif text.startswith("\\*", i):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


PROPERTY_KEYWORD = re.compile(r"\bPROPERT(?:Y|IES)\b")


def config_has_property(config_text: str) -> bool:
    """The config asks for a temporal property: PROPERTY or PROPERTIES outside comments."""
    return PROPERTY_KEYWORD.search(strip_tla_comments(config_text)) is not None


def config_mentions_property(config_text: str) -> bool:
    """PROPERTY or PROPERTIES appears anywhere, comments included (the naive count)."""
    return PROPERTY_KEYWORD.search(config_text) is not None


def read_config(examples_root: Path, model: Model) -> str | None:
    """The model's config text, or None when the file cannot be read."""
    try:
        return (examples_root / model.config).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
