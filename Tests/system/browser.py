"""Plays a video file in headless Chromium's <video> element, as a viewer's
browser would, and says how it went.

Chromium is driven over its DevTools protocol on a pipe (--remote-debugging-pipe:
JSON messages ending in NUL, commands on descriptor 3, replies on 4), so no
WebDriver or websocket library is needed."""
import html
import json
import os
import shutil
import subprocess
import tempfile
import time

CHROMIUM = shutil.which("chromium-headless-shell") or shutil.which("chromium")

PAGE = """<!doctype html><html><body><video id="v" muted src="{src}"></video><script>
const v = document.getElementById("v");
const say = text => {{ document.title = text; }};
v.addEventListener("ended", () => say("ended " + v.currentTime));
v.addEventListener("error", () => say("error " + v.error.code + " " + v.error.message));
v.playbackRate = {rate};
v.play().catch(e => say("error " + e));
</script></body></html>"""


class Pipe:
    """Chromium's end of the DevTools pipe: commands and their replies."""

    def __init__(self, commands, replies):
        self.commands, self.replies, self.pending, self.next_id = commands, replies, b"", 1

    def call(self, method, session=None, **params):
        ident, self.next_id = self.next_id, self.next_id + 1
        message = {"id": ident, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.pending:
                chunk = os.read(self.replies, 1 << 16)
                if not chunk:
                    raise RuntimeError("Chromium closed its DevTools pipe")
                self.pending += chunk
            line, self.pending = self.pending.split(b"\0", 1)
            reply = json.loads(line)
            if reply.get("id") == ident:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]


def play(path, rate=4, timeout=60):
    """Plays `path` muted at `rate` times its speed to its end; returns
    ("ended", seconds played) or ("error", the media error's message)."""
    folder = tempfile.mkdtemp(prefix="segue-browser-")
    page = os.path.join(folder, "play.html")
    with open(page, "w") as f:
        f.write(PAGE.format(src=html.escape("file://" + os.path.abspath(path)), rate=rate))
    theirs_in, ours_out = os.pipe()
    ours_in, theirs_out = os.pipe()
    browser = subprocess.Popen(
        ["sh", "-c", f'exec "$0" "$@" 3<&{theirs_in} 4>&{theirs_out}', CHROMIUM, "--headless", "--no-sandbox",
         "--disable-gpu", "--remote-debugging-pipe", "--allow-file-access-from-files",
         f"--user-data-dir={folder}", "file://" + page],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        pass_fds=(theirs_in, theirs_out))
    os.close(theirs_in)
    os.close(theirs_out)
    try:
        pipe = Pipe(ours_out, ours_in)
        deadline = time.monotonic() + timeout
        pages = []
        while not pages and time.monotonic() < deadline:
            pages = [t for t in pipe.call("Target.getTargets")["targetInfos"] if t["type"] == "page"]
            time.sleep(0.05)
        session = pipe.call("Target.attachToTarget", targetId=pages[0]["targetId"], flatten=True)["sessionId"]
        while time.monotonic() < deadline:
            title = pipe.call("Runtime.evaluate", session, expression="document.title")["result"].get("value", "")
            if title.startswith("ended "):
                return "ended", float(title.split()[1])
            if title.startswith("error "):
                return "error", title[len("error "):]
            time.sleep(0.1)
        return "error", f"still playing after {timeout} s"
    finally:
        browser.kill()
        browser.wait()
        os.close(ours_out)
        os.close(ours_in)
        shutil.rmtree(folder, ignore_errors=True)
