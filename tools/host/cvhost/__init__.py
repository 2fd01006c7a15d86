"""cvhost: a tree's whole game core, compiled and run on Linux behind the host (tools/host).

core.py        the build copy, the error-driven rewrites' loop, the objects cached by content
rewrites.py    the named rewrites, each mechanical and tested alone
diagnostics.py clang's errors as the rewrites read them
errors.py      the one error type
"""
