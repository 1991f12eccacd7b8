"""A page as a real browser shows it: headless Chromium driven over the DevTools protocol.

Chromium runs with --remote-debugging-pipe (messages are JSON texts ending in a NUL byte, read
on its file descriptor 3 and written on 4), so no port, no network and no WebSocket library are
needed. load() opens one page, waits for its load event, and returns what a test checks: the
console errors and failed loads the browser reported, every URL the page requested, the boxes
of its <figure> elements, its text, and a screenshot of the whole page.
"""

from __future__ import annotations

import base64
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any, Optional

WIDTH = 1100  # px: the window the page is laid out in
SETTLE_S = 0.3  # after the load event, for late console messages and failed loads

# The boxes of the figures, in page coordinates, and the images that failed to decode.
_FIGURES_SCRIPT = """JSON.stringify({
  figures: [...document.querySelectorAll('figure')].map(f => {
    const r = f.querySelector('svg, img').getBoundingClientRect();
    return {id: f.id, x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height};
  }),
  broken_images: [...document.images].filter(i => i.complete && i.naturalWidth === 0).map(i => i.src),
  text_boxes: [...document.querySelectorAll('figure svg')].map(svg => {
    const frame = svg.getBoundingClientRect();
    return {figure: svg.closest('figure').id, width: frame.width, height: frame.height,
            texts: [...svg.querySelectorAll('text')].map(t => {
              const r = t.getBoundingClientRect();
              return {text: t.textContent, left: r.left - frame.left, right: r.right - frame.left,
                      top: r.top - frame.top, bottom: r.bottom - frame.top};
            })};
  }),
  text: document.body ? document.body.innerText : ''
})"""


@dataclass
class PageLoad:
    errors: list[str] = field(default_factory=list)     # console errors, exceptions, failed loads
    requests: list[str] = field(default_factory=list)   # every URL the page asked for
    figures: list[dict[str, Any]] = field(default_factory=list)
    broken_images: list[str] = field(default_factory=list)
    text_boxes: list[dict[str, Any]] = field(default_factory=list)
    text: str = ""
    screenshot: bytes = b""                              # PNG of the whole page


def chromium_binary() -> Optional[str]:
    return os.environ.get("RECONBOUND_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


class Chromium:
    """One headless Chromium for the pages of a test, killed when the `with` block ends."""

    def __init__(self, timeout_s: float = 60) -> None:
        self._timeout_s = timeout_s
        self._buffer = b""
        self._next_id = 0
        self._events: list[dict[str, Any]] = []

    def __enter__(self) -> Chromium:
        binary = chromium_binary()
        if binary is None:
            raise RuntimeError("no chromium on PATH (Debian: apt-get install chromium)")
        self._profile = tempfile.TemporaryDirectory(prefix="reconbound-chromium-")
        to_browser_read, self._to_browser = os.pipe()
        self._from_browser, from_browser_write = os.pipe()

        def attach_pipes() -> None:  # in the child: the protocol's descriptors 3 and 4
            os.dup2(to_browser_read, 3)
            os.dup2(from_browser_write, 4)

        # --no-sandbox: a container's root cannot use Chromium's sandbox.
        self._process = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
             "--remote-debugging-pipe", f"--user-data-dir={self._profile.name}", "about:blank"],
            pass_fds=(3, 4), preexec_fn=attach_pipes, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        return self

    def __exit__(self, *exc: Any) -> None:
        try:
            self._send("Browser.close")
        except OSError:
            pass
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        os.close(self._to_browser)
        os.close(self._from_browser)
        self._profile.cleanup()

    def _send(self, method: str, params: Optional[dict[str, Any]] = None, session: Optional[str] = None) -> int:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")
        return self._next_id

    def _receive(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("chromium did not answer in time")
            ready, _, _ = select.select([self._from_browser], [], [], left)
            if ready:
                chunk = os.read(self._from_browser, 1 << 20)
                if not chunk:
                    raise EOFError("chromium closed its pipe")
                self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def _call(self, method: str, params: Optional[dict[str, Any]] = None, session: Optional[str] = None) -> Any:
        request = self._send(method, params, session)
        deadline = time.monotonic() + self._timeout_s
        while True:
            message = self._receive(deadline)
            if message.get("id") == request:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message["result"]
            self._events.append(message)

    def _wait_for(self, method: str) -> None:
        deadline = time.monotonic() + self._timeout_s
        while not any(e.get("method") == method for e in self._events):
            self._events.append(self._receive(deadline))

    def _drain(self, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        try:
            while True:
                self._events.append(self._receive(deadline))
        except TimeoutError:
            pass

    def load(self, path: str) -> PageLoad:
        """Opens the file `path` in a new tab and returns what it showed and reported."""
        self._events = []
        target = self._call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self._call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            self._call(f"{domain}.enable", session=session)
        self._call("Emulation.setDeviceMetricsOverride",
                   {"width": WIDTH, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session=session)
        self._call("Page.navigate", {"url": "file://" + os.path.abspath(path)}, session=session)
        self._wait_for("Page.loadEventFired")
        self._drain(SETTLE_S)
        found = json.loads(self._call("Runtime.evaluate", {"expression": _FIGURES_SCRIPT, "returnByValue": True},
                                      session=session)["result"]["value"])
        size = self._call("Page.getLayoutMetrics", session=session)["cssContentSize"]
        shot = self._call("Page.captureScreenshot",
                          {"format": "png", "captureBeyondViewport": True,
                           "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}},
                          session=session)
        self._call("Target.closeTarget", {"targetId": target})
        return PageLoad(errors=_errors(self._events), requests=_requests(self._events), figures=found["figures"],
                        broken_images=found["broken_images"], text_boxes=found["text_boxes"], text=found["text"],
                        screenshot=base64.b64decode(shot["data"]))


def _errors(events: list[dict[str, Any]]) -> list[str]:
    out = []
    for event in events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            out.append("console: " + " ".join(str(a.get("value", a.get("description", ""))) for a in params["args"]))
        elif method == "Runtime.exceptionThrown":
            out.append("exception: " + params["exceptionDetails"].get("text", ""))
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            out.append(f"log: {params['entry']['text']} {params['entry'].get('url', '')}")
    return out


def _requests(events: list[dict[str, Any]]) -> list[str]:
    return [e["params"]["request"]["url"] for e in events if e.get("method") == "Network.requestWillBeSent"]
