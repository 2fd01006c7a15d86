"""The host's one error type: a build or run that cannot go on, with a message for the modder
(the tree, the file and the line where there is one). The command lines print it, never a
traceback, and exit with status 1."""


class BuildStop(Exception):
    pass
