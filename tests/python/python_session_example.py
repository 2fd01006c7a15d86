#!/usr/bin/python3
"""A session with the cvvision Python module, end to end.

tutorial1.CivBeyondSwordWBSave was saved by the game right after it created the units, so each
team's TeamReveal lines list exactly the plots its units saw. This script loads the map with
cvvision, asks each team's visible plots, and compares them with the TeamReveal lines read from
the file: one line per team, exit status 0 when every team matches, 1 otherwise.

    CVVISION_PYTHON_DIR=build/python /usr/bin/python3 tests/python/python_session_example.py [MAP]

MAP defaults to ../shared/data/civ4/maps/tutorial1.CivBeyondSwordWBSave (next to the project).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.environ.get("CVVISION_PYTHON_DIR") or os.path.join(HERE, "..", "..", "build", "python"))
import cvvision  # noqa: E402  (the module is found through CVVISION_PYTHON_DIR)

DEFAULT_MAP = os.path.join(HERE, "..", "..", "..", "shared", "data", "civ4", "maps", "tutorial1.CivBeyondSwordWBSave")


def team_reveal(path):
    """{team: {(x, y), ...}}: the plots each team has revealed, from the map's TeamReveal lines."""
    revealed = {}
    with open(path, encoding="latin-1") as lines:
        for line in lines:
            key, _, value = line.strip().partition("=")
            if key == "x":  # "x=3,y=5" opens a plot's block
                x, y = (int(part.split("=")[1]) for part in line.strip().split(","))
            elif key == "TeamReveal":  # "TeamReveal=0,4,"
                for team in filter(None, value.split(",")):
                    revealed.setdefault(int(team), set()).add((x, y))
    return revealed


def main(argv):
    path = argv[1] if len(argv) > 1 else DEFAULT_MAP
    world = cvvision.World.load_map(path)  # the rules: this project's Assets/ over vanilla BTS
    revealed = team_reveal(path)
    print(f"{os.path.basename(path)}: {world.width}x{world.height}, {world.teams} teams, {len(world.units())} units")
    mismatched = 0
    for team in range(world.teams):
        seen = set(world.visible_plots(team))
        wanted = revealed.get(team, set())
        if seen == wanted:
            print(f"team {team}: sees {len(seen)} plots, TeamReveal {len(wanted)}: match")
            continue
        mismatched += 1
        print(f"team {team}: sees {len(seen)} plots, TeamReveal {len(wanted)}: MISMATCH, "
              f"seen only {sorted(seen - wanted)[:5]}, revealed only {sorted(wanted - seen)[:5]}")
    print("all teams match" if mismatched == 0 else f"{mismatched} team(s) differ")
    return 0 if mismatched == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
