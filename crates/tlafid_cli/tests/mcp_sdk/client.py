#!/usr/bin/env python3
"""`tlafid mcp` driven by the official MCP Python SDK (`pip install mcp`), as an agent would.

Usage: python client.py PATH/TO/tlafid [--transcript FILE]
Run from the workspace root (the specs are named relative to it). Prints one line per check
and `N passed, 0 failed`; exits 1 when a check fails. `.ci/run` installs the SDK in a
virtual environment and runs this after the cargo tests.
"""
import asyncio
import json
import os
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

PASSED = []
FAILED = []


def expect(name, condition, detail=""):
    (PASSED if condition else FAILED).append(name)
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else f": {detail}"))


async def main(tlafid, transcript_path):
    transcript = []
    env = dict(os.environ)
    # Progress every millisecond, so the short model below reports at many levels.
    env["TLAFID_MCP_PROGRESS_MS"] = "1"
    params = StdioServerParameters(command=tlafid, args=["mcp"], env=env, cwd=os.getcwd())
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            transcript.append({"initialize": {"protocolVersion": init.protocol_version,
                                              "serverInfo": init.server_info.name}})
            expect("initialize: tlafid answers", init.server_info.name == "tlafid")
            expect("initialize: a version it supports",
                   init.protocol_version in ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25"),
                   init.protocol_version)

            tools = (await session.list_tools()).tools
            names = [t.name for t in tools]
            transcript.append({"tools/list": names})
            expect("tools/list: the five tools", names == ["check", "trace", "mutate", "grade", "parse"], names)
            check_tool = next(t for t in tools if t.name == "check")
            flags = set(check_tool.input_schema["properties"])
            expect("check takes the missing flags",
                   {"no_deadlock", "max_depth", "simulate", "depth", "num", "seed", "timeout_seconds"} <= flags,
                   sorted(flags))
            grade_tool = next(t for t in tools if t.name == "grade")
            expect("grade takes behaviours, depth, seed",
                   {"behaviours", "depth", "seed"} <= set(grade_tool.input_schema["properties"]))
            trace_tool = next(t for t in tools if t.name == "trace")
            expect("trace takes windows and silent",
                   {"windows", "silent", "max_silent"} <= set(trace_tool.input_schema["properties"]))
            expect("every tool has an output schema", all(t.output_schema for t in tools))

            # A violation is an answer, not an error; the SDK validates structuredContent
            # against the tool's outputSchema.
            result = await session.call_tool("check", {"spec": "specs/DieHard/DieHard.tla", "workers": 1})
            report = (result.structured_content or {}).get("report", {})
            transcript.append({"tools/call check DieHard": {
                "isError": result.is_error,
                "exit_status": (result.structured_content or {}).get("exit_status"),
                "outcome": report.get("outcome"), "violated": report.get("violated"),
                "distinct_states": report.get("distinct_states"), "depth": report.get("depth")}})
            expect("check: isError false for a violation", result.is_error is False)
            expect("check: exit status 12 in structuredContent",
                   (result.structured_content or {}).get("exit_status") == 12, result.structured_content)
            expect("check: the report's figures",
                   (report.get("outcome"), report.get("violated"), report.get("distinct_states"), report.get("depth"))
                   == ("invariant_violation", "NotSolved", 14, 7), report)
            expect("check: the report as text too", json.loads(result.content[0].text)["outcome"] == "invariant_violation")

            # Simulation through the new flags.
            result = await session.call_tool("check", {"spec": "specs/DieHard/DieHard.tla", "workers": 1,
                                                       "simulate": True, "num": 50, "depth": 20, "seed": 3})
            report = (result.structured_content or {}).get("report", {})
            transcript.append({"tools/call check simulate": {"mode": report.get("mode"), "seed": report.get("seed"),
                                                            "outcome": report.get("outcome")}})
            expect("check simulate: mode and seed", (report.get("mode"), report.get("seed")) == ("simulate", 3), report)

            # Progress notifications while a model is explored (Bakery: 9,294 states, 45 levels).
            progress = []

            async def on_progress(value, total, message):
                progress.append((value, message))

            result = await session.call_tool("check", {"spec": "specs/Bakery/Bakery.tla", "workers": 1,
                                                       "no_deadlock": True},
                                             progress_callback=on_progress)
            report = (result.structured_content or {}).get("report", {})
            transcript.append({"tools/call check Bakery": {"outcome": report.get("outcome"),
                                                          "distinct_states": report.get("distinct_states"),
                                                          "progress_notifications": len(progress),
                                                          "first_progress": progress[0] if progress else None}})
            expect("check Bakery: no error, 9294 states",
                   (report.get("outcome"), report.get("distinct_states")) == ("success", 9294), report)
            expect("progress: notifications came, numbered upwards",
                   len(progress) > 0 and [v for v, _ in progress] == sorted(v for v, _ in progress),
                   progress[:3])
            expect("progress: each names the explorer's figures",
                   all(m and m.startswith("Progress(") for _, m in progress), progress[:3])

            # A usage problem is the call's error; the argument that looks like a flag stays a file.
            result = await session.call_tool("check", {"spec": "--dump-trace=x.json"})
            transcript.append({"tools/call check --dump-trace=x.json": {
                "isError": result.is_error, "exit_status": (result.structured_content or {}).get("exit_status")}})
            expect("a flag-looking spec: isError, exit 2",
                   result.is_error is True and (result.structured_content or {}).get("exit_status") == 2,
                   result)
            expect("a flag-looking spec wrote nothing", not os.path.exists("x.json"))

            # An unknown argument is refused before anything runs.
            try:
                await session.call_tool("check", {"spec": "specs/DieHard/DieHard.tla", "dump_trace": "/tmp/x"})
                refused = False
            except Exception as err:  # the SDK raises the JSON-RPC error
                refused = "no argument dump_trace" in str(err)
            expect("an unknown argument is a JSON-RPC error", refused)

            # The default budget: no max_seconds means the command gets one.
            result = await session.call_tool("mutate", {"spec": "specs/Mutate/Mutex.tla", "workers": 1,
                                                        "max_mutants": 5})
            report = (result.structured_content or {}).get("report", {})
            transcript.append({"tools/call mutate": {"outcome": report.get("outcome"),
                                                    "exit_status": (result.structured_content or {}).get("exit_status")}})
            expect("mutate answers with its report", report.get("command") == "mutate", report)

    if transcript_path:
        with open(transcript_path, "w") as out:
            json.dump(transcript, out, indent=2)
            out.write("\n")
    print(f"{len(PASSED)} passed, {len(FAILED)} failed")
    return 0 if not FAILED else 1


if __name__ == "__main__":
    tlafid = os.path.abspath(sys.argv[1])
    transcript = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--transcript" else None
    sys.exit(asyncio.run(main(tlafid, transcript)))
