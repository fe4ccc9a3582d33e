"""Children that do not outlive their parent.

``die_with_parent`` (a ``preexec_fn``, or run after a fork) asks Linux to send SIGTERM to the
calling process when the thread that started it dies; elsewhere it does nothing, and the next
`pbem run` on the folder stops what is left (cli/datalock.py). ``watch_parent`` is for a
process started by code we do not control (a web server's worker): a thread that polls.
"""

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1
_prctl = None
if sys.platform.startswith("linux"):
    try:
        _prctl = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True).prctl
    except (OSError, AttributeError):
        _prctl = None


def die_with_parent() -> None:
    if _prctl is not None:
        _prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)


def watch_parent(parent: int, every: float = 1.0) -> None:
    """SIGTERM this process once ``parent`` is no longer its parent (it died)."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="pbem-watch-parent", daemon=True).start()
