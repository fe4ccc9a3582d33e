"""Keep a run's children alive: restart each one that dies, with backoff, until told to stop.

A child is a name and a function that starts it (and returns its ``Popen``). One that dies is
started again after 0.5 s, then 1, 2, 4 ... up to 30 s while it keeps dying within a minute of
its start; one that ran for a minute starts again at once. Stopping goes through the children
in two steps (the API and the workers at once, then Redis): SIGTERM, and SIGKILL
for any still running after its grace period or on a second Ctrl-C.
"""

import logging
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

log = logging.getLogger("pbem.run")

FIRST_PAUSE = 0.5
LONGEST_PAUSE = 30.0
STEADY = 60.0          # a child that ran this long is healthy again: its next restart is immediate


@dataclass
class Child:
    name: str
    start: Callable[[], "subprocess.Popen[bytes]"]
    grace: float = 20.0                     # seconds between SIGTERM and SIGKILL when stopping
    last: bool = False                      # stopped after the others (what they write to)
    process: "subprocess.Popen[bytes] | None" = None
    started: float = 0.0
    failures: int = 0
    restart_at: float = 0.0
    restarts: int = 0

    def launch(self) -> bool:
        try:
            self.process = self.start()
        except Exception as error:           # e.g. Redis could not bind its port: try again later
            log.error("%s did not start: %s", self.name, error)
            self.process = None
            self._later()
            return False
        self.started = time.monotonic()
        return True

    def _later(self) -> None:
        self.restart_at = time.monotonic() + min(FIRST_PAUSE * 2 ** self.failures, LONGEST_PAUSE)
        self.failures += 1

    def check(self) -> None:
        """Notice a death and restart when its pause is over."""
        if self.process is not None:
            code = self.process.poll()
            if code is None:
                return
            ran = time.monotonic() - self.started
            self.process = None
            if ran >= STEADY:
                self.failures = 0
            self._later()
            log.warning("%s exited (code %s) after %.0f s; starting it again in %.1f s", self.name, code, ran,
                        self.restart_at - time.monotonic())
        if time.monotonic() >= self.restart_at and self.launch():
            self.restarts += 1
            log.warning("%s started again (pid %s)", self.name, self.process.pid if self.process else "?")

    def terminate(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()

    def wait(self, force: threading.Event) -> None:
        """Wait for the end of a child asked to stop; SIGKILL after ``grace`` or on ``force``."""
        process, self.process = self.process, None
        if process is None:
            return
        deadline = time.monotonic() + self.grace
        while process.poll() is None:
            if force.is_set() or time.monotonic() > deadline:
                log.warning("%s did not stop%s: killed", self.name, "" if force.is_set() else
                            f" within {self.grace:.0f} s")
                process.kill()
                process.wait()
                return
            time.sleep(0.05)


class Supervisor:
    def __init__(self) -> None:
        self.children: list[Child] = []

    def add(self, child: Child) -> Child:
        """Start ``child`` now (raising if it cannot start) and watch it from now on."""
        child.process = child.start()
        child.started = time.monotonic()
        self.children.append(child)
        return child

    def check(self) -> None:
        for child in self.children:
            child.check()

    def stop(self, force: threading.Event) -> None:
        """Stop every child: the others at once (the API and the workers, which finish the jobs
        they hold), then those marked ``last`` (Redis, which the others write to)."""
        for group in ([c for c in self.children if not c.last], [c for c in self.children if c.last]):
            for child in group:
                child.terminate()
            for child in group:
                child.wait(force)
