"""cvsdk: the SDK tools' package (sdk-integrate, sdk-check, sdk_fingerprints).

One module per concern; the command lines are cli_integrate, cli_check and cli_fingerprints,
run through the thin entry points tools/sdk/sdk_integrate.py, sdk_check.py and
sdk_fingerprints.py. The map of the modules is in docs/contributing.md. Python 3.8 or later,
standard library only.
"""
