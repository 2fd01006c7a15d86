"""cvcore: a mod's whole game core, compiled and run on Linux behind the host.

    cvcore build TREE                     compile and link TREE's core with the host; print the program
    cvcore load-xml TREE --game DIR       load the game's XML (and a mod's) through TREE's own loader
    cvcore read-save SAVE --sdk TREE --game DIR
                                          read SAVE through TREE's own read() functions
    cvcore rules TREE --game DIR          the vision rules CvVision's adapter reads from TREE's
                                          own loaded infos and defines, as JSON

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
from typing import List, Optional

from . import program, sanitize
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
