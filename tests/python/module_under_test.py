"""The `cvvision` module the Python suites test, imported once for them: from CVVISION_PYTHON_DIR
(CTest sets it; the import must then work), otherwise from build/python (the suite is skipped when
it is absent). ROOT is the repository's folder."""
import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if os.environ.get("CVVISION_PYTHON_DIR"):
    sys.path.insert(0, os.environ["CVVISION_PYTHON_DIR"])
    import cvvision  # noqa: E402,F401
else:
    sys.path.insert(0, os.path.join(ROOT, "build", "python"))
    cvvision = pytest.importorskip("cvvision")
