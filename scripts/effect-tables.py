#!/usr/bin/env python3
"""Prints the parameter tables of the shipped effects in docs/plugins.md, from
what the built plugins declare (`segue describe NAME --json`). Usage:
    effect-tables.py BUILD_DIR
docs/plugins.md's copy between the markers is checked by
Tests/system/test_readme.py; regenerate it with this script when a plugin's
parameters change."""
import json
import subprocess
import sys

EFFECTS = ["clip", "countUp", "slidingDoor", "explode", "tiktok", "slideAway", "shift", "wave", "particles"]


def table(segue, name):
    info = json.loads(subprocess.run([segue, "describe", name, "--json"], check=True, capture_output=True,
                                     text=True).stdout)
    lines = [f"**`.{info['name']}`** (`{info['id']}`) — {info['summary']}", "",
             "| parameter | kind | active → identity | animatable | meaning |",
             "| --- | --- | --- | --- | --- |"]
    for p in info["parameters"]:
        kind = p["kind"]
        if "range" in p:
            low, high = p["range"]
            kind += f" {low:.12g}…{high:.12g}"
        if "cases" in p:
            kind += " (" + ", ".join("." + c for c in p["cases"]) + ")"
        values = p["active"] if p["active"] == p["identity"] else f"{p['active']} → {p['identity']}"
        cell = f"`{values}`"
        if "removal" in p:
            cell += f" (removing: `{p['removal']} → {p['identity']}`)"
        lines.append(f"| `{p['name']}` | {kind} | {cell} | {'yes' if p['animatable'] else 'no'} | {p['summary']} |")
    return "\n".join(lines)


def main():
    segue = sys.argv[1] + "/bin/segue"
    print("\n\n".join(table(segue, name) for name in EFFECTS))


if __name__ == "__main__":
    main()
