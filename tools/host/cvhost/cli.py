"""cvcore: a mod's whole game core, compiled and run on Linux behind the host.

    cvcore build TREE                     compile and link TREE's core with the host; print the program
    cvcore load-xml TREE --game DIR       load the game's XML (and a mod's) through TREE's own loader
    cvcore read-save SAVE --sdk TREE --game DIR
                                          read SAVE through TREE's own read() functions
    cvcore rules TREE --game DIR          the vision rules CvVision's adapter reads from TREE's
                                          own loaded infos and defines, as JSON
    cvcore play SAVE --sdk TREE --game DIR --turns N --out END [--every DIR] [--integrated]
                                          play SAVE on for N turns with TREE's own code, every
                                          player under the computer; END written by its write()
    cvcore ab SAVE --sdk TREE --game DIR --turns N [--define NAME=VALUE]...
                                          the same, by TREE as it is and by a copy with CvVision
                                          integrated: the saves at every turn's end compared

TREE is a CvGameCoreDLL folder. --game is the install's root (Assets, Warlords, Beyond the Sword);
--assets is the mod's Assets folder, searched first. Builds are cached by content
($CVVISION_HOST_CACHE, else ~/.cache/cvvision/host): a second run compiles nothing.

The core runs in a child process, the host program: a core that crashes, loops or exhausts memory
on bad input ends that process, and the command says so with the step it was in.
Exit status: 0 done, 1 refused or failed (the message says why), 2 bad command line.
"""

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
from typing import List, Optional

from . import play, program, sanitize
from .errors import BuildStop

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
CACHE_ENV = "CVVISION_HOST_CACHE"
RUN_SECONDS = 600  # a core that runs longer is taken for looping
MEMORY_BYTES = 3 << 30  # a 32-bit process's address space, less the kernel's


def default_cache() -> str:
    named = os.environ.get(CACHE_ENV)
    if named:
        return named
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "cvvision", "host")


def _mod_dir(assets: Optional[str]) -> str:
    """The mod's folder (the one holding Assets) from its Assets folder as given."""
    if not assets:
        return ""
    assets = os.path.abspath(assets)
    if not os.path.isdir(assets):
        raise BuildStop("--assets %s: no such folder" % assets)
    if os.path.basename(assets.rstrip("/")).lower() == "assets":
        return os.path.dirname(assets.rstrip("/"))
    for name in os.listdir(assets):
        if name.lower() == "assets" and os.path.isdir(os.path.join(assets, name)):
            return assets
    raise BuildStop("--assets %s: not an Assets folder (nor a folder holding one)" % assets)


def _limit_child() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


class HostRun(object):
    def __init__(self, code: int, output: str, errors: str) -> None:
        self.code, self.output, self.errors = code, output, errors


def run_host(path: str, arguments: List[str], what: str) -> HostRun:
    """Runs the host program; a crash, a time-out or a refusal becomes a BuildStop naming `what`."""
    try:
        done = subprocess.run([path] + arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=RUN_SECONDS, preexec_fn=_limit_child)
    except subprocess.TimeoutExpired:
        raise BuildStop("%s: the core did not finish in %d s (taken for looping)" % (what, RUN_SECONDS))
    errors = done.stderr.decode("utf-8", "replace")
    if done.returncode < 0:
        raise BuildStop("%s: the core was killed by signal %d\n%s" % (what, -done.returncode, _last_lines(errors)))
    if done.returncode == 3:
        raise BuildStop("%s: %s" % (what, _last_lines(errors, 1).replace("cvcore-host: ", "")))
    if done.returncode == 2:
        raise BuildStop("%s: the host refused its command line:\n%s" % (what, errors))
    return HostRun(done.returncode, done.stdout.decode("utf-8", "replace"), errors)


def _last_lines(text: str, n: int = 5) -> str:
    return "\n".join(text.strip().splitlines()[-n:])


def _build(args: argparse.Namespace, tree: str) -> program.HostProgram:
    if getattr(args, "sanitize", False):
        return sanitize.build(tree, args.cache, args.jobs, args.quiet)
    return program.build(tree, args.cache, args.jobs, args.quiet)


def _host_arguments(args: argparse.Namespace) -> List[str]:
    result = []
    if args.game:
        if not os.path.isdir(args.game):
            raise BuildStop("--game %s: no such folder" % args.game)
        result += ["--game", os.path.abspath(args.game)]
    mod = _mod_dir(args.assets)
    if mod:
        result += ["--mod", mod]
    if not result:
        raise BuildStop("give --game (the game's folder) or --assets (a mod's Assets)")
    return result


def _summary(data: dict) -> str:
    steps = data.get("steps", [])
    failed = [s["name"] for s in steps if not s["ok"]]
    lines = ["load steps: %d, %s" % (len(steps), "all done" if not failed else "failed: " + ", ".join(failed))]
    infos = data.get("infos", {})
    shown = ["%s %d" % (k, infos[k]) for k in ("Terrain", "Feature", "Improvement", "Route", "Unit", "Promotion",
                                                "Tech", "Invisible", "Civilization", "Building") if k in infos]
    lines.append("infos: " + ", ".join(shown) + " (%d kinds in all)" % len(infos))
    defines = data.get("defines", {})
    lines.append("defines: " + ", ".join("%s=%s" % kv for kv in defines.items()))
    boxes = data.get("message_boxes", [])
    lines.append("message boxes: %d" % len(boxes))
    lines += ["  " + b.replace("\n", " ") for b in boxes[:10]]
    return "\n".join(lines)


def cmd_build(args: argparse.Namespace) -> int:
    built = _build(args, args.tree)
    print(built.path)
    if not args.quiet:
        sys.stderr.write("%d files of the core, %d compiled now; rewrites: %s\n"
                         % (len(built.core.objects), built.compiled,
                            ", ".join("%s %d" % kv for kv in sorted(built.core.rewrites.items())) or "none"))
    return EXIT_OK


def cmd_load_xml(args: argparse.Namespace) -> int:
    arguments = _host_arguments(args)
    built = _build(args, args.tree)
    run = run_host(built.path, arguments + ["load-xml"], args.tree)
    try:
        data = json.loads(run.output)
    except ValueError:
        raise BuildStop("%s: the host's output is not JSON:\n%s" % (args.tree, _last_lines(run.errors)))
    print(json.dumps(data, indent=2) if args.json else _summary(data))
    return EXIT_OK if run.code == 0 else EXIT_FAILED


def cmd_read_save(args: argparse.Namespace) -> int:
    if not os.path.isfile(args.save):
        raise BuildStop("%s: no such file" % args.save)
    arguments = _host_arguments(args)
    built = _build(args, args.sdk)
    run = run_host(built.path, arguments + ["read-save", os.path.abspath(args.save)], args.save)
    if run.code != 0:
        raise BuildStop(_last_lines(run.errors, 3).replace("cvcore-host: ", "") or "%s: not read" % args.save)
    sys.stdout.write(run.output)
    return EXIT_OK


def cmd_rules(args: argparse.Namespace) -> int:
    arguments = _host_arguments(args)
    built = program.build(args.tree, args.cache, args.jobs, args.quiet, vision_rules=True)
    run = run_host(built.path, arguments + ["rules"], args.tree)
    try:
        data = json.loads(run.output)
    except ValueError:
        raise BuildStop("%s: the host's output is not JSON:\n%s" % (args.tree, _last_lines(run.errors)))
    sys.stdout.write(run.output)
    if run.code != 0:
        sys.stderr.write("cvcore: %s: the XML did not load: %s\n" % (args.tree, _summary(data).replace("\n", "; ")))
    return EXIT_OK if run.code == 0 else EXIT_FAILED


def _knobs(defines: List[str]) -> dict:
    knobs = {}
    for d in defines:
        name, _, value = d.partition("=")
        try:
            knobs[name.strip()] = int(value)
        except ValueError:
            raise BuildStop("--define %s: give NAME=NUMBER (CVVISION_LEDGER=1)" % d)
    return knobs


def _play_setup(args: argparse.Namespace) -> None:
    if not os.path.isfile(args.save):
        raise BuildStop("%s: no such file" % args.save)
    if not 1 <= args.turns <= 10000:
        raise BuildStop("--turns %d: give 1 to 10000" % args.turns)
    if not args.game or not os.path.isdir(args.game):
        raise BuildStop("--game %s: no such folder" % args.game)


def _work(args: argparse.Namespace) -> str:
    if args.work:
        os.makedirs(args.work, exist_ok=True)
        return os.path.abspath(args.work)
    return tempfile.mkdtemp(prefix="cvcore-play-")


def cmd_play(args: argparse.Namespace) -> int:
    _play_setup(args)
    tree = play.integrated_copy(args.sdk, args.cache, args.quiet) if args.integrated else args.sdk
    mod = play.mod_with_knobs(_work(args), _knobs(args.define), _assets(args.assets)) \
        if (args.integrated or args.define) else _mod_dir(args.assets)
    built = program.build(tree, args.cache, args.jobs, args.quiet)
    if not args.quiet:
        sys.stderr.write("cvcore: playing %s for %d turns with %s\n" % (args.save, args.turns, tree))
    played = play.play(built.path, play.host_arguments(args.game, mod), args.save, args.turns, args.out, args.every or "")
    print(json.dumps(played.data, indent=2) if args.json else
          "played turns %d to %d (%d turns), %s; the end: %s"
          % (played.data["start_turn"], played.data["end_turn"], len(played.data["turns"]),
             "the game went on" if played.data["game_state"] == 0 else "the game ended", args.out))
    return EXIT_OK


def _assets(assets: Optional[str]) -> str:
    mod = _mod_dir(assets)
    return os.path.join(mod, "Assets") if mod else ""


def cmd_ab(args: argparse.Namespace) -> int:
    _play_setup(args)
    work = _work(args)
    sources = os.path.abspath(args.vision_sources) if args.vision_sources else play.VISION_SOURCES
    integrated = play.integrated_copy(args.sdk, args.cache, args.quiet, sources)
    mod = play.mod_with_knobs(work, _knobs(args.define), _assets(args.assets))
    arguments = play.host_arguments(args.game, mod)
    a_host = program.build(args.sdk, args.cache, args.jobs, args.quiet).path
    b_host = program.build(integrated, args.cache, args.jobs, args.quiet).path
    runs = {}
    for side, host in (("a", a_host), ("b", b_host)):
        if not args.quiet:
            sys.stderr.write("cvcore: %s: %s, %d turns\n" % ("the tree as it is" if side == "a" else
                                                              "the tree with CvVision", args.save, args.turns))
        runs[side] = play.play(host, arguments, args.save, args.turns, os.path.join(work, side + "-end.CivBeyondSwordSave"),
                               os.path.join(work, side), args.profile)
    result = play.compare(runs["a"], runs["b"], a_host, b_host, arguments, work)
    report = {"save": args.save, "turns": result.turns, "same": result.same, "first_turn": result.first_turn,
              "difference": result.explanation, "defines": _knobs(args.define), "work": work,
              "seconds": {side: round(sum(t["seconds"] for t in runs[side].data["turns"]), 3) for side in runs}}
    if args.profile:
        report["profile"] = {side: runs[side].data.get("profile") for side in runs}
    if args.json:
        print(json.dumps(report, indent=2))
    elif result.same:
        print("the same game at every turn's end: %d turns (%s to %s); %.1f s as it is, %.1f s with CvVision"
              % (len(result.turns), result.turns[0] if result.turns else "-", result.turns[-1] if result.turns else "-",
                 report["seconds"]["a"], report["seconds"]["b"]))
        for side, name in (("a", "as it is"), ("b", "with CvVision")):
            shown = report.get("profile", {}).get(side)
            if shown and shown["samples"]:
                print("  %s: %d samples, %d in vision (%.1f%%)" % (name, shown["samples"], shown["vision"],
                                                                   100.0 * shown["vision"] / shown["samples"]))
    else:
        print("the games differ at the end of turn %s: %s" % (result.first_turn, result.explanation))
    return EXIT_OK if result.same else EXIT_FAILED


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="cvcore", description=__doc__.split("\n\n")[0],
                                  formatter_class=argparse.RawDescriptionHelpFormatter,
                                  epilog=__doc__.split("\n\n", 1)[1])
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--cache", default=default_cache(), help="the build cache (default: %(default)s)")
    common.add_argument("--jobs", type=int, default=os.cpu_count() or 2, help="compiles at once")
    common.add_argument("--quiet", action="store_true", help="no progress on standard error")
    game = argparse.ArgumentParser(add_help=False)
    game.add_argument("--game", help="the game's folder: Assets, Warlords, Beyond the Sword")
    game.add_argument("--assets", help="the mod's Assets folder, searched first")
    sanitizer = argparse.ArgumentParser(add_help=False)
    sanitizer.add_argument("--sanitize", action="store_true",
                           help="the host's own code under AddressSanitizer and UndefinedBehaviorSanitizer, "
                                "the tree's objects as they are (a report ends the core as a crash: exit 1)")
    commands = top.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    b = commands.add_parser("build", parents=[common, sanitizer], help="compile and link a tree's core with the host")
    b.add_argument("tree", help="a CvGameCoreDLL folder")
    b.set_defaults(run=cmd_build)
    x = commands.add_parser("load-xml", parents=[common, game, sanitizer],
                            help="load the XML through the tree's own loader")
    x.add_argument("tree", help="a CvGameCoreDLL folder")
    x.add_argument("--json", action="store_true", help="everything the host says, as JSON")
    x.set_defaults(run=cmd_load_xml)
    s = commands.add_parser("read-save", parents=[common, game, sanitizer],
                            help="read a save through the tree's own code")
    s.add_argument("save", help="a .CivBeyondSwordSave")
    s.add_argument("--sdk", required=True, help="the CvGameCoreDLL folder of the mod that wrote it")
    s.set_defaults(run=cmd_read_save)
    plays = argparse.ArgumentParser(add_help=False)
    plays.add_argument("save", help="a .CivBeyondSwordSave")
    plays.add_argument("--sdk", required=True, help="the CvGameCoreDLL folder of the mod that wrote it")
    plays.add_argument("--turns", type=int, required=True, help="game turns to play (the game may end first)")
    plays.add_argument("--define", action="append", default=[], metavar="NAME=VALUE",
                       help="a CvVision knob for the integrated tree (CVVISION_LEDGER=1); repeatable")
    plays.add_argument("--work", help="a folder for the run's files: the mod folder with the knobs, and ab's saves of "
                                      "each turn (default: a new temporary folder)")
    plays.add_argument("--json", action="store_true", help="the result as JSON")
    p = commands.add_parser("play", parents=[common, game, plays], help="play a save on with the tree's own code")
    p.add_argument("--out", required=True, help="the save at the end")
    p.add_argument("--every", help="a folder for a save at every turn's end (turn-N.CivBeyondSwordSave)")
    p.add_argument("--integrated", action="store_true", help="with CvVision integrated into a copy of the tree")
    p.set_defaults(run=cmd_play)
    a = commands.add_parser("ab", parents=[common, game, plays],
                            help="the tree as it is against it with CvVision: the same game turn for turn?")
    a.add_argument("--vision-sources", help="CvVision's CvGameCoreDLL files to integrate (default: the repository's)")
    a.add_argument("--profile", action="store_true",
                   help="sample both games (1 ms of CPU time) for the share spent in vision "
                        "(CvPlot::updateSight, changeAdjacentSight and what they call)")
    a.set_defaults(run=cmd_ab)
    r = commands.add_parser("rules", parents=[common, game], help="the vision rules of the tree's own loaded infos")
    r.add_argument("tree", help="a CvGameCoreDLL folder (not integrated)")
    r.set_defaults(run=cmd_rules)
    return top


def main(argv: Optional[List[str]] = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except BuildStop as e:
        sys.stderr.write("cvcore: %s\n" % e)
        return EXIT_FAILED
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
