"""Fault injection, for the tests that kill a process at each point of its work.

With PBEM_KILL_AT=<name> in its environment, a process kills itself (SIGKILL: no cleanup, no
finally) when it reaches the point of that name. Unset, a point costs one dictionary lookup.
"""

import os
import signal

ENV = "PBEM_KILL_AT"


def point(name: str) -> None:
    if os.environ.get(ENV) == name:
        os.kill(os.getpid(), signal.SIGKILL)
