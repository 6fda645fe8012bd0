#!/usr/bin/env python3
"""Pairs every round of TRF files with the reference Dutch engine (gacrux, installed by
scripts/pairing-reference) and prints one JSON line per file:

    {"file": PATH, "rules": "2026-02-01", "rounds": [{"round": 1, "pairs": [[white, black], ...]}, ...]}

where each round's pairs are the reference's own pairing of that round from the rounds before
it ([player, 0] is the pairing-allocated bye), or {"file": PATH, "error": TEXT} when the
reference failed. The engine is loaded once for all files: starting Python per file would
make the comparison test several times slower.
"""

import contextlib
import io
import json
import sys

from gacrux.pairingchecker import pairingchecker


def main() -> int:
    paths = sys.argv[1:]
    for path in paths:
        sys.argv = ["pairingchecker", "-i", path, "-c"]
        buffer = io.StringIO()
        try:
            with contextlib.redirect_stdout(buffer):
                pairingchecker().common_main()
            data = json.loads(buffer.getvalue())
            result = data["pairingResult"]
            rounds = [
                {"round": r["round"], "pairs": r["pairs"]}
                for r in result["roundpairing"]
            ]
            line = {"file": path, "rules": result.get("rules", ""), "rounds": rounds}
        except (Exception, SystemExit) as error:  # report, never hide: the test fails on it
            line = {"file": path, "error": repr(error), "output": buffer.getvalue()[-2000:]}
        print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
