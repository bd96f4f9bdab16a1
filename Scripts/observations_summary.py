#!/usr/bin/env python3
"""Summarises an observations file the way Tyche does: statuses, sizes, features, timing.

Usage: Scripts/observations_summary.py FILE.jsonl [FILE.jsonl ...]

Reads the JSON lines `purchase-conformance check --observations FILE` (or
PURCHASE_CONFORMANCE_OBSERVATIONS under `swift test`) writes, one `test_case` per history,
and prints one block per property. Standard library only.
"""
import collections
import json
import sys


def main(paths):
    by_property = collections.OrderedDict()
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            for number, line in enumerate(lines, 1):
                if not line.strip():
                    continue
                case = json.loads(line)
                if case.get("type") != "test_case":
                    continue
                by_property.setdefault(case["property"], []).append(case)
    if not by_property:
        print("no test cases found")
        return 1
    for prop, cases in by_property.items():
        statuses = collections.Counter(c["status"] for c in cases)
        sizes = sorted(len(c["arguments"].get("events", [])) for c in cases)
        features = collections.Counter()
        for c in cases:
            features.update({label: 1 for label in c["features"]})
        seconds = sum(sum(c["timing"].values()) for c in cases)
        print(f"{prop}: {len(cases)} test cases")
        print("  status: " + ", ".join(f"{s} {statuses[s]}" for s in ("passed", "failed", "gave_up")))
        print(f"  events per history: min {sizes[0]}, median {sizes[len(sizes) // 2]}, max {sizes[-1]}")
        print(f"  time: {seconds:.3f} s in all")
        print("  features reached (share of test cases):")
        for label, count in sorted(features.items(), key=lambda item: (-item[1], item[0]))[:15]:
            print(f"    {100 * count / len(cases):5.1f}%  {label}")
        for c in cases:
            if c["status"] == "failed":
                print(f"  failed: {c['status_reason']} ({c['how_generated']}): {c['representation']}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1:]))
