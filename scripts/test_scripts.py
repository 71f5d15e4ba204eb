#!/usr/bin/env python3
"""Unit tests for the pure parts of conformance.py, manifests.py, bench.py and
sysmobench_side_by_side.py.

Run: python3 scripts/test_scripts.py   (standard library unittest; no tlafid needed)
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench  # noqa: E402
import conformance  # noqa: E402
import manifests  # noqa: E402
import sysmobench_side_by_side as sbs  # noqa: E402


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




class BenchTests(unittest.TestCase):
    def test_run_once_measures_and_reads_the_count(self):
        cmd = [sys.executable, "-c", "print('Found 1,234 distinct states'); raise SystemExit(3)"]
        sample = bench.run_once(cmd, Path("."), 60)
        self.assertEqual(sample.distinct, 1234)
        self.assertEqual(sample.status, 3)
        self.assertGreater(sample.wall, 0)
        self.assertGreater(sample.rss_mb, 0)

    def test_run_once_kills_at_the_timeout(self):
        sample = bench.run_once([sys.executable, "-c", "import time; time.sleep(30)"],
                                Path("."), 0.3)
        self.assertLess(sample.wall, 10)
        self.assertEqual(sample.status, -9)
        self.assertIsNone(sample.distinct)

    def test_table_ratios_and_count_check(self):
        tools = [bench.Tool("tlafid", ["t"], "tlafid"), bench.Tool("TLC", ["j"], "tlc")]
        b = bench.MODELS[2]
        mine = bench.Row(b, 1, "tlafid", [bench.Sample(2.0, 2.0, 10, 5, 0),
                                          bench.Sample(1.0, 1.0, 10, 5, 0),
                                          bench.Sample(3.0, 3.0, 10, 5, 0)])
        tlc = bench.Row(b, 1, "TLC", [bench.Sample(8.0, 9.0, 100, 6, 0)])
        lines = bench.table([mine, tlc], {b.name: 5}, tools)
        self.assertEqual(lines[0], "| model | workers | tool | wall s | CPU s | peak MiB | "
                                   "distinct | tlafid vs TLC (wall / CPU) |")
        self.assertEqual(lines[2], "| btree | 1 | tlafid | 2.00 | 2.00 | 10 | 5 | 4.00x / 4.50x |")
        self.assertEqual(lines[3], "| btree | 1 | TLC | 8.00 | 9.00 | 100 | 6 (manifest 5) |  |")
        self.assertEqual(bench.geomeans([mine, tlc], tools),
                         ["- 1 worker(s), tlafid vs TLC: geometric mean wall 4.00x over 1 "
                          "models (lowest 4.00x), cpu 4.50x over 1 models (lowest 4.50x)"])

    def test_commands(self):
        b = bench.MODELS[0]
        meta = Path("/tmp/m")
        self.assertEqual(bench.Tool("tlafid", ["tf"], "tlafid").command(b, 2, Path("L"), meta),
                         ["tf", "check", "Slush.tla", "--config", "SlushSmall.cfg",
                          "--workers", "2", "--lib", "L"])
        self.assertEqual(bench.Tool("mc", ["mc"], "tla-mc-compile").command(b, 1, None, meta),
                         ["mc", "-compile", "-workers", "1", "-config", "SlushSmall.cfg",
                          "Slush.tla"])
        self.assertEqual(bench.Tool("mc", ["mc"], "tla-mc").command(b, 1, Path("L"), meta),
                         ["mc", "-lib", "L", "-workers", "1", "-config", "SlushSmall.cfg",
                          "Slush.tla"])
        self.assertEqual(bench.Tool("TLC", ["java", "tlc2.TLC"], "tlc").command(b, 1, None, meta),
                         ["java", "tlc2.TLC", "-workers", "1", "-config", "SlushSmall.cfg",
                          "-metadir", "/tmp/m", "-noGenerateSpecTE", "Slush.tla"])

    def test_base_build_is_a_peer(self):
        with tempfile.TemporaryDirectory() as tmp:
            a, b = Path(tmp, "a"), Path(tmp, "b")
            a.write_text("")
            b.write_text("")
            args = argparse.Namespace(tlafid=a, base=b, no_others=True, tlc=None, tla_mc=None,
                                      skip=[])
            tools, skipped = bench.find_tools(args)
            self.assertEqual([(t.name, t.kind) for t in tools],
                             [("tlafid", "tlafid"), ("tlafid base", "tlafid-base")])
            self.assertEqual(skipped, ["TLC, tla-mc, tla-mc -compile: --no-others"])
            # One tool left out by its name; a name that is no tool is refused.
            args.no_others, args.tla_mc, args.skip = False, str(a), ["tla-mc"]
            kept, skipped_one = bench.find_tools(args)
            self.assertEqual([t.name for t in kept], ["tlafid", "tlafid base", "tla-mc -compile"])
            self.assertIn("tla-mc: --skip", skipped_one)
            args.skip = ["tla-mc interpreter"]
            with self.assertRaises(SystemExit):
                bench.find_tools(args)
            args.no_others, args.tla_mc, args.skip = True, None, []
            args.base = Path(tmp, "missing")
            with self.assertRaises(SystemExit):
                bench.find_tools(args)
        m = bench.MODELS[2]
        self.assertEqual(tools[1].command(m, 1, None, Path("/tmp/m")),
                         [str(b), "check", "btree.tla", "--config", "btree.cfg", "--workers", "1"])
        mine = bench.Row(m, 1, "tlafid", [bench.Sample(2.0, 2.0, 10, 5, 0)])
        base = bench.Row(m, 1, "tlafid base", [bench.Sample(2.2, 2.4, 10, 5, 0)])
        self.assertEqual(bench.table([mine, base], {m.name: 5}, tools)[2],
                         "| btree | 1 | tlafid | 2.00 | 2.00 | 10 | 5 | 1.10x / 1.20x |")

def pgo_record(arch, self_, clock, elements, abort=False):
    return {"archetypeName": arch, "self": self_, "isAbort": abort,
            "clock": [[[a, s], n] for (a, s), n in clock], "csElements": elements}


def element(name, tag, value, indices=(), prefix="AClient"):
    return {"name": {"name": name, "prefix": "" if name == ".pc" else prefix},
            "tag": tag, "value": value, "indices": list(indices)}


class SideBySideTests(unittest.TestCase):
    def test_variables_span_lines_and_comments(self):
        text = "VARIABLES \n  network, \\* the links\n  hasLock,\n  pc\n\nInit == TRUE\nVARIABLE x\n"
        self.assertEqual(sbs.model_variables(text), ["network", "hasLock", "pc", "x"])

    def test_cfg_overrides_and_drops(self):
        constants, others = sbs.read_cfg(
            "CONSTANT NumClients = 3\nCONSTANTS\n  a = a\n  S <- Def\nCONSTRAINT C\nSPECIFICATION Spec\n")
        out = sbs.write_cfg(constants, others, {"NumClients": "5", "New": "1"}, ("CONSTRAINT",))
        self.assertEqual(out, "CONSTANT NumClients = 5\nCONSTANT a = a\nCONSTANT S <- Def\n"
                              "CONSTANT New = 1\nSPECIFICATION Spec\n")

    def test_overrides_only_for_declared_constants(self):
        tla = "CONSTANTS NUM_CONSUMERS,\n  PRODUCER \\* the producer's id\nCONSTANT F(_)\n"
        self.assertEqual(sbs.model_constants(tla), {"NUM_CONSUMERS", "PRODUCER", "F"})
        out = sbs.write_cfg([], [], {"BUFFER_SIZE": "99", "PRODUCER": "0"}, (), {"PRODUCER"})
        self.assertEqual(out, "CONSTANT PRODUCER = 0\n")

    def test_generated_map_observes_only_the_systems_variables(self):
        rec = pgo_record("AServer", "1", [(("AServer", "1"), 1)], [
            element(".pc", "read", '"AServer.serverLoop"'),
            element("state", "read", '"leader"', ["1"], "AServer"),
            element("log", "read", "<<>>", ["1"], "AServer"),
        ])
        mapping = sbs.generated_mapping({"labels": None, "observe": {"state": {}}},
                                        {"AServer(1)": [rec]})
        self.assertEqual(mapping, {"labels": None, "variables": {
            ".pc": None, "AServer.log": None, "AServer.state": {}}})

    def test_record_step_reads_writes_and_channels(self):
        tla = "acquireLock(self) == TRUE\n"
        rec = pgo_record("AClient", "1", [(("AClient", "1"), 1)], [
            element(".pc", "read", '"AClient.acquireLock"'),
            element("network", "read", "3", ["1"]),
            element("hasLock", "write", "TRUE", ["1"]),
            element("network", "write", "[from |-> 1]", ["0"]),
            element(".pc", "write", '"AClient.Done"'),
        ])
        mapping = {"variables": {"network": {"channel": "bag"}}}
        conj = sbs.record_step(rec, mapping, tla, ["network", "hasLock", "pc"], "Next")
        self.assertEqual(conj, [
            "acquireLock(1)",
            'pc[1] = ("acquireLock")',
            "LET __network_0 == [network EXCEPT ![1] = @ (-) SetToBag({(3)})] "
            "__network_1 == [__network_0 EXCEPT ![0] = @ (+) SetToBag({([from |-> 1])})] "
            "IN network' = __network_1",
            "LET __hasLock_0 == [hasLock EXCEPT ![1] = (TRUE)] IN hasLock' = __hasLock_0",
            "LET __pc_0 == [pc EXCEPT ![1] = (\"Done\")] IN pc' = __pc_0",
        ])

    def test_guards_count_committed_records_only(self):
        # the server's second committed record is its third (the second aborted): a client
        # record that saw the server's clock 3 waits for two committed server records
        server = [pgo_record("AServer", "0", [(("AServer", "0"), n)],
                             [element(".pc", "read", '"AServer.serve"')], abort=(n == 2))
                  for n in (1, 2, 3)]
        client = [pgo_record("AClient", "1", [(("AServer", "0"), 3), (("AClient", "1"), 1)],
                             [element(".pc", "read", '"AClient.go"')])]
        procs = {}
        for rec in server + client:
            key = f'{rec["archetypeName"]}({rec["self"]})'
            rec["_clock"] = {f"{a}({s})": n for (a, s), n in rec["clock"]}
            rec["_own"] = rec["_clock"][key]
            if not rec["isAbort"]:
                procs.setdefault(key, []).append(rec)
        tla = "serve(self) == TRUE\ngo(self) == TRUE\n"
        spec = sbs.trace_spec("m", tla, procs, {}, ["pc"], "Next")
        self.assertIn("__R1_1 == /\\ __done[1] = 0 /\\ __done[2] >= 2 /\\ go(1)", spec)
        self.assertIn("__NotDone == ~(__done = <<1, 2>>)", spec)


if __name__ == "__main__":
    unittest.main()
