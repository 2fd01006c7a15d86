"""The one error type of the SDK tools, and their exit statuses.

A ToolError carries its message and the exit status the command line returns for it. UsageError
(bad command line, unusable folders or a missing program: exit status 2; the differential's
programs that do not compile behind the stand-in are one) and Refusal (the tree cannot be
integrated or reverted: exit status 1) are its two kinds; each command line catches them and
prints the message, never a traceback. Every module of the package raises these, and no other
error type of its own. A command line whose check finds something names exit status 1 its own
way (EXIT_ADDED, EXIT_DIFFERENT = EXIT_REFUSED).
"""

from typing import Optional

EXIT_OK, EXIT_REFUSED, EXIT_USAGE = 0, 1, 2


class ToolError(Exception):
    """A clear error for the user: str(error) is the message, exit_code the exit status."""

    exit_code = EXIT_REFUSED

    def __init__(self, message: str, exit_code: Optional[int] = None) -> None:
        super().__init__(message)
        if exit_code is not None:
            self.exit_code = exit_code


class UsageError(ToolError):
    """Bad command line or unusable folders: exit status 2."""

    exit_code = EXIT_USAGE


class Refusal(ToolError):
    """The tree cannot be integrated (or reverted): exit status 1."""

    exit_code = EXIT_REFUSED
