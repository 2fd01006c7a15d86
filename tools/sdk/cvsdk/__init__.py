"""cvsdk: the SDK tools' package (sdk-integrate, sdk-check, sdk_fingerprints, the differential).

One module per concern; the command lines are cli_integrate, cli_check, cli_fingerprints and
cli_differential, run through the thin entry points tools/sdk/sdk_integrate.py, sdk_check.py,
sdk_fingerprints.py and sdk_differential.py. build_dll.py and make_mod.py, in tools/sdk too, use
its errors (errors.py) and names. The map of the modules is in docs/contributing.md. Python 3.8 or later,
standard library only.
"""
