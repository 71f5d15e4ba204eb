#!/usr/bin/env python3
"""Counts the tlaplus/Examples models by mode, result, runtime and PROPERTY use.

Usage: scripts/manifest_stats.py [--examples DIR] [--max-runtime SECONDS]

"Quick" means a manifest runtime of at most --max-runtime seconds (default 60, so
"00:01:00" counts and "unknown" does not). A config "has a PROPERTY" when the keyword
PROPERTY or PROPERTIES occurs outside TLA+ comments; the naive count that also looks inside
comments is printed beside it, because seven Examples configs mention the keyword only in a
comment. Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import manifests  # noqa: E402  (the script's own folder is put on the path above)


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=Path, default=Path("/work/ext/Examples"),
                        help="root of a tlaplus/Examples checkout")
    parser.add_argument("--max-runtime", type=int, default=60,
                        help="a model is quick when its manifest runtime is at most this")
    return parser.parse_args(argv)


def print_counter(title: str, counter: Counter) -> None:
    """A titled two-column table, most frequent first, ties by name."""
    print(title)
    for key, count in sorted(counter.items(), key=lambda kv: (-kv[1], str(kv[0]))):
        print(f"  {count:5d}  {key}")


def quick_exhaustive(models: list[manifests.Model], max_runtime: int) -> list[manifests.Model]:
    """Exhaustive models whose recorded runtime is known and at most MAX_RUNTIME seconds."""
    return [
        m for m in models
        if m.mode == manifests.EXHAUSTIVE
        and m.runtime_seconds is not None
        and m.runtime_seconds <= max_runtime
    ]


def report_property_split(root: Path, quick: list[manifests.Model]) -> None:
    """How many quick exhaustive models have a PROPERTY line, by both counting rules."""
    texts = {m.config: manifests.read_config(root, m) for m in quick}
    missing = [c for c, text in texts.items() if text is None]
    empty = [c for c, text in texts.items() if text is not None and not text.strip()]
    texts = {c: text or "" for c, text in texts.items()}
    with_property = [m for m in quick if manifests.config_has_property(texts[m.config])]
    naive = [m for m in quick if manifests.config_mentions_property(texts[m.config])]
    only_in_comments = sorted({m.config for m in naive} - {m.config for m in with_property})
    print(f"  with PROPERTY/PROPERTIES outside comments: {len(with_property)}")
    print(f"  without (the --no-property selection):     {len(quick) - len(with_property)}")
    print(f"  without, if comments were not stripped:    {len(quick) - len(naive)}")
    if only_in_comments:
        print("  configs that mention PROPERTY only in comments:")
        for config in only_in_comments:
            print(f"    {config}")
    if empty:
        print(f"  empty configs (counted as without PROPERTY): {', '.join(sorted(empty))}")
    if missing:
        print(f"  configs that could not be read: {', '.join(sorted(missing))}")


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    models = manifests.all_models(args.examples)
    print(f"{len(manifests.manifest_paths(args.examples))} manifests, {len(models)} models")
    print_counter("models per mode:", Counter(m.mode for m in models))
    print_counter("models per result:", Counter(m.result for m in models))
    print_counter("models per (mode, result):", Counter((m.mode, m.result) for m in models))
    exhaustive = [m for m in models if m.mode == manifests.EXHAUSTIVE]
    recorded = sum(1 for m in exhaustive if m.distinct_states is not None)
    unknown_runtime = sum(1 for m in exhaustive if m.runtime_seconds is None)
    print(f"exhaustive models: {len(exhaustive)} ({recorded} with distinctStates recorded, "
          f"{unknown_runtime} with runtime \"unknown\")")
    quick = quick_exhaustive(models, args.max_runtime)
    print(f"quick exhaustive models (runtime <= {args.max_runtime} s): {len(quick)}")
    print_counter("  per result:", Counter(m.result for m in quick))
    report_property_split(args.examples, quick)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
