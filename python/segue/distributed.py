"""Rendering one `segue sequence` on many workers: the plan `--plan N`
prints, its pieces run on any concurrent.futures.Executor (a local
ProcessPoolExecutor or ThreadPoolExecutor, Dask's `Client.get_executor()`,
`RayExecutor` below for Ray) or as a batch system's jobs, and the join.

Each piece is the `segue` command with a `--range`; a worker runs it with
the `segue` tool of its own installation (this package's, or one on PATH),
so an executor only has to ship a list of strings.

As a program, for batch systems (see examples/kubernetes and examples/slurm):

    python3 -m segue.distributed piece plan.json [INDEX]   # INDEX: else $JOB_COMPLETION_INDEX
                                                           # or $SLURM_ARRAY_TASK_ID
    python3 -m segue.distributed join plan.json
"""
from __future__ import annotations

import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
from typing import Callable, Optional, Sequence

from . import _native
from ._cli import BINARY
from ._errors import SegueError


def _failure(message: str, exit_status: int = 1) -> SegueError:
    """A SegueError for a command that failed: a wrong command line (exit 2) is an invalid argument."""
    return SegueError(message, _native.ERROR_INVALID_ARGUMENT if exit_status == 2 else _native.ERROR_IO)


def _tool() -> str:
    """The segue command of this installation: the package's own, else the one on PATH."""
    if os.access(BINARY, os.X_OK):
        return BINARY
    found = shutil.which("segue")
    if not found:
        raise _failure("no segue command: install a wheel that carries it (make wheel) or put one on PATH")
    return found


def render_piece(command: Sequence[str], folder: Optional[str] = None, frames: Sequence[int] = ()) -> str:
    """Runs one piece of a plan (its "command", starting with "segue") in
    `folder`; returns the piece's output. Raises SegueError naming the
    piece's frames and giving the command's message when it fails.
    Module-level, so process pools and cluster executors can ship it."""
    result = subprocess.run([_tool(), *command[1:]], cwd=folder, capture_output=True, text=True)
    if result.returncode != 0:
        which = f"frames {frames[0]}–{frames[1] - 1}" if len(frames) == 2 else " ".join(command)
        raise _failure(f"the piece of {which} failed: {result.stderr.strip()}", result.returncode)
    return command[command.index("-o") + 1]


def join(plan: dict, ffmpeg: Optional[str] = None, keep_pieces: bool = False) -> None:
    """Joins a plan's rendered pieces into its output (its "join" command,
    FFmpeg's concat demuxer), in the current folder; then removes the
    pieces and their list unless `keep_pieces`."""
    step = plan["join"]
    with open(step["list"], "w") as f:
        f.write(step["list_text"])
    try:
        program = ffmpeg or shutil.which("ffmpeg") or _bundled_ffmpeg()
        result = subprocess.run([program, *step["command"][1:]], capture_output=True, text=True)
        if result.returncode != 0:
            raise _failure(f"the join failed: {result.stderr.strip()}")
    finally:
        if not keep_pieces:
            for path in [step["list"]] + [piece["output"] for piece in plan["pieces"]]:
                if os.path.exists(path):
                    os.remove(path)


def render_distributed(clips: Sequence[str], output: str, *options: str, pieces: Optional[int] = None,
                       executor: Optional[concurrent.futures.Executor] = None,
                       progress: Optional[Callable[[int, int], None]] = None, ffmpeg: Optional[str] = None,
                       keep_pieces: bool = False) -> dict:
    """Renders `segue sequence CLIPS… OPTIONS… -o OUTPUT` in pieces on
    `executor`, then joins them into `output` by stream copy, the sound
    encoded once. Returns the plan (see docs/distributed.md).

    Arguments:
      clips:        the clips, as `segue sequence` takes them (trims included: 'a.mp4#t=3,10').
      output:       an mp4, mov, mkv or webm file.
      options:      more of the command's options, as strings: "--transition", ".slide", "--duration", "0.8".
      pieces:       how many pieces (default: the processors here; give it for a cluster).
      executor:     any concurrent.futures.Executor (default: a ThreadPoolExecutor here; the pieces are
                    processes of their own either way).
      progress:     called as progress(done, total) after each piece, and once more after the join.
      ffmpeg:       the ffmpeg program for the join (default: the one on PATH, else imageio-ffmpeg's).
      keep_pieces:  leave the piece files and their list beside the output.

    Relative paths are taken from the current folder, on every worker: a
    cluster needs the clips and the output's folder at the same paths.
    """
    folder = os.getcwd()
    count = pieces or os.cpu_count() or 1
    planned = subprocess.run([_tool(), "sequence", *clips, *options, "--plan", str(count), "-o", output],
                             capture_output=True, text=True)
    if planned.returncode != 0:
        raise _failure(planned.stderr.strip() or f"segue sequence --plan exited {planned.returncode}",
                       planned.returncode)
    plan = json.loads(planned.stdout)
    total = len(plan["pieces"]) + 1
    own = executor is None
    pool = executor or concurrent.futures.ThreadPoolExecutor(max_workers=count)
    try:
        futures = [pool.submit(render_piece, piece["command"], folder, piece["frames"]) for piece in plan["pieces"]]
        for done, future in enumerate(concurrent.futures.as_completed(futures), 1):
            future.result()
            if progress:
                progress(done, total)
    finally:
        if own:
            pool.shutdown()
    join(plan, ffmpeg, keep_pieces)
    if progress:
        progress(total, total)
    return plan


class RayExecutor(concurrent.futures.Executor):
    """A concurrent.futures.Executor on Ray, which has none of its own (as of
    Ray 2.60): each call runs as a Ray task, and its future is the task's
    (`ObjectRef.future()`). Call `ray.init()` first, or let Ray start or join
    a cluster as it does by default. `options` go to `ray.remote` (default:
    `num_cpus=1`; a piece's encoder uses whatever the worker has). Shutting
    the executor down leaves Ray running."""

    def __init__(self, **options):
        try:
            import ray
        except ImportError:
            raise _failure("RayExecutor needs Ray: pip install ray") from None
        self._ray = ray
        self._options = {"num_cpus": 1, **options}

    def submit(self, fn, /, *args, **kwargs) -> concurrent.futures.Future:
        return self._ray.remote(**self._options)(fn).remote(*args, **kwargs).future()


def _bundled_ffmpeg() -> str:
    try:
        import imageio_ffmpeg
    except ImportError:
        raise _failure("the join needs ffmpeg: install it (Debian and Ubuntu: apt-get install ffmpeg), "
                       "or pip install imageio-ffmpeg") from None
    return imageio_ffmpeg.get_ffmpeg_exe()


def main(argv: Sequence[str]) -> int:
    """`piece PLAN [INDEX]` or `join PLAN`, as the module's docstring says; 0 on success."""
    if len(argv) < 2 or argv[0] not in ("piece", "join") or len(argv) > (3 if argv[0] == "piece" else 2):
        print(__doc__.split("As a program")[1].split("\n\n", 1)[1].rstrip(), file=sys.stderr)
        return 2
    with open(argv[1]) as f:
        plan = json.load(f)
    try:
        if argv[0] == "join":
            join(plan)
            return 0
        index = argv[2] if len(argv) == 3 else os.environ.get("JOB_COMPLETION_INDEX",
                                                               os.environ.get("SLURM_ARRAY_TASK_ID"))
        if index is None or not index.isdigit() or int(index) >= len(plan["pieces"]):
            print(f"segue.distributed: no piece {index!r}: the plan has {len(plan['pieces'])} (0…"
                  f"{len(plan['pieces']) - 1}); give INDEX or set JOB_COMPLETION_INDEX", file=sys.stderr)
            return 2
        piece = plan["pieces"][int(index)]
        render_piece(piece["command"], None, piece["frames"])
        return 0
    except SegueError as error:
        print(f"segue.distributed: {error.message}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
