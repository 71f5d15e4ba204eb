#!/usr/bin/env python3
"""Unit tests for the pure parts of conformance.py and manifests.py.

Run: python3 scripts/test_scripts.py   (standard library unittest; no tlafid needed)
"""

from __future__ import annotations

import sys
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import conformance  # noqa: E402
import manifests  # noqa: E402


def model(result: str, distinct: int | None) -> manifests.Model:
    return manifests.Model(Path("m.json"), "specifications/x/A.tla",
                           "specifications/x/A.cfg", manifests.EXHAUSTIVE, result, 5, distinct)


class ManifestTests(unittest.TestCase):
    def test_runtime(self):
        self.assertEqual(manifests.parse_runtime("00:01:00"), 60)
        self.assertEqual(manifests.parse_runtime("01:02:03"), 3723)
        self.assertIsNone(manifests.parse_runtime("unknown"))
        self.assertIsNone(manifests.parse_runtime("1:00"))

    def test_mode_name(self):
        self.assertEqual(manifests.mode_name({"simulate": {"traceCount": 100}}), "simulate")
        self.assertEqual(manifests.mode_name("symbolic"), "symbolic")

    def test_comments_are_stripped(self):
        text = "INIT Init\n\\* PROPERTY Live\n(* PROPERTIES (* nested *) Foo *)\nNEXT Next\n"
        self.assertFalse(manifests.config_has_property(text))
        self.assertTrue(manifests.config_mentions_property(text))
        self.assertTrue(manifests.config_has_property("PROPERTIES\n  Live\n"))
        self.assertFalse(manifests.config_has_property("INVARIANT PROPERTYish\n"))


class ConformanceTests(unittest.TestCase):
    def test_interpretation(self):
        interpret = conformance.interpret_check_output
        self.assertEqual(interpret({"outcome": "success", "distinct_states": 7}, 0),
                         ("success", 7))
        self.assertEqual(interpret({"outcome": "invariant_violation"}, 12),
                         ("safety failure", None))
        self.assertEqual(interpret({"outcome": "deadlock", "stats": {"distinct_states": 3}}, 11),
                         ("deadlock failure", 3))
        self.assertEqual(interpret(None, 13), ("liveness failure", None))
        self.assertEqual(interpret(None, 101), ("error", None))
        self.assertEqual(interpret({"outcome": "weird"}, 10), ("assumption failure", None))
        self.assertEqual(interpret({"outcome": "assertion_failure"}, 14),
                         ("assertion failure", None))
        self.assertEqual(interpret({"outcome": "config_error"}, 151), ("error", None))

    def test_classes(self):
        classify = conformance.classify
        self.assertEqual(classify(model("success", 7), "success", 7), "matched")
        self.assertEqual(classify(model("success", None), "success", 9), "matched")
        self.assertEqual(classify(model("success", 7), "success", 8), "mismatch-count")
        self.assertEqual(classify(model("success", 7), "success", None), "mismatch-count")
        self.assertEqual(classify(model("safety failure", None), "success", 1),
                         "mismatch-outcome")
        self.assertEqual(classify(model("success", 7), "unsupported", None), "unsupported")
        self.assertEqual(classify(model("unknown", None), "success", 1), "no-reference")
        self.assertEqual(classify(model("safety failure", 9), "safety failure", 3), "matched")
        self.assertEqual(classify(model("safety failure", None), "assertion failure", 3),
                         "mismatch-outcome")

    def test_json_report_is_found_after_log_lines(self):
        out = 'starting\n{"outcome": "success", "distinct_states": 2}\n'
        self.assertEqual(conformance.parse_json_report(out)["distinct_states"], 2)
        self.assertIsNone(conformance.parse_json_report("panicked at src/main.rs"))


if __name__ == "__main__":
    unittest.main()
