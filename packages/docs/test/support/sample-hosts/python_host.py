# Runs many Python samples in one interpreter, so the generated client is imported once, not once
# per sample. One JSON request a line on stdin ({"file", "env"}), one JSON answer a line on file
# descriptor 3 ({"status", "stdout", "stderr"}), which nothing a sample prints can garble. The
# sample runs as __main__ with exactly that environment, its output captured; an exception or
# sys.exit gives the status `python sample.py` would exit with.
import contextlib
import io
import json
import os
import runpy
import sys
import traceback

channel = os.fdopen(3, "w")


def exit_status(code, stderr):
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=stderr)
    return 1


def run(file, env):
    os.environ.clear()
    os.environ.update(env)
    stdout, stderr = io.StringIO(), io.StringIO()
    status = 0
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        try:
            runpy.run_path(file, run_name="__main__")
        except SystemExit as done:
            status = exit_status(done.code, stderr)
        except BaseException:
            traceback.print_exc()
            status = 1
    return {"status": status, "stdout": stdout.getvalue(), "stderr": stderr.getvalue()}


for line in sys.stdin:
    request = json.loads(line)
    channel.write(json.dumps(run(request["file"], request["env"])) + "\n")
    channel.flush()
