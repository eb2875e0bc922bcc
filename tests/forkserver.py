"""A process that imports the server once and forks each `stammtisch serve` of the tests from
it: a start then costs no imports (2.5 s of CPU each, most of a start). Run as
`python -m tests.forkserver`; each line it reads is a JSON request (environment, log file), each
line it answers the new server's pid. The server is forked twice, so that it is orphaned and
adopted by the test process, which made itself a child subreaper (`adopt_orphans`): the test
process then waits for it and sees its exit status as for any child of its own."""

from __future__ import annotations

import contextlib
import ctypes
import importlib
import json
import os
import sys

PR_SET_CHILD_SUBREAPER = 36
WARM = [
    "stammtisch.cli",
    "stammtisch.services.platform",
    "stammtisch.web.app",
    "alembic.command",
    "alembic.runtime.migration",
    "uvicorn.lifespan.on",
    "uvicorn.loops.auto",
    "uvicorn.protocols.http.h11_impl",
    "uvicorn.protocols.http.httptools_impl",
]
"""What a start would import otherwise (those not installed are passed over)."""


def adopt_orphans() -> None:
    """Make this process the parent of its descendants' orphans (Linux)."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER) failed")


def serve(env: dict[str, str], log: str) -> None:
    """In the forked child: become `stammtisch serve` with this environment, logging to `log`."""
    from stammtisch.cli import main

    os.environ.clear()
    os.environ.update(env)
    devnull = os.open(os.devnull, os.O_RDONLY)
    output = os.open(log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    os.dup2(devnull, 0)
    os.dup2(output, 1)
    os.dup2(output, 2)
    for handle in (devnull, output):
        os.close(handle)
    sys.argv = ["stammtisch", "serve"]
    code = 0
    try:
        main()
    except SystemExit as ended:
        code = ended.code if isinstance(ended.code, int) else 1
    except BaseException:
        import traceback

        traceback.print_exc()
        code = 1
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def fork_server(env: dict[str, str], log: str) -> int:
    """Fork the server through a child that ends at once (so the test process adopts it); its
    pid, once the child ended."""
    reading, writing = os.pipe()
    middle = os.fork()
    if middle == 0:
        os.close(reading)
        server = os.fork()
        if server == 0:
            os.close(writing)
            serve(env, log)
        os.write(writing, f"{server}\n".encode())
        os._exit(0)
    os.close(writing)
    with os.fdopen(reading) as answer:
        pid = int(answer.readline())
    os.waitpid(middle, 0)
    return pid


def run() -> None:
    """Answer requests until the input closes."""
    for module in WARM:
        with contextlib.suppress(ImportError):
            importlib.import_module(module)

    for line in sys.stdin:
        request = json.loads(line)
        print(fork_server(request["env"], request["log"]), flush=True)


if __name__ == "__main__":
    run()
