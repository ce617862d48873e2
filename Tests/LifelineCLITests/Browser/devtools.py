#!/usr/bin/env python3
"""Drives a headless Chromium through the DevTools protocol over a pipe, for the report's browser tests.

Usage: devtools.py PROFILE_DIR URL STEPS_JSON

Starts `chromium --headless --remote-debugging-pipe` (the protocol on file descriptors 3 and 4, no
network port), opens URL, waits for the page's root element to say `data-ready`, then runs the steps
(a JSON array) in order and prints one JSON line per step with what it returned:

  {"eval": "JS expression"}                          -> {"value": ...} (the expression's value, awaited)
  {"mouse": "moved|pressed|released", "x": X, "y": Y} -> {}   (real input events, left button held
                                                              while "dragging": true)
  {"wheel": DELTA_Y, "x": X, "y": Y}                   -> {}

Instead of "x" and "y", a mouse or wheel step may name "element" (a CSS selector): the point is then
at "align" ([fx, fy], fractions of its box, default the centre) plus "dx", "dy" pixels.
  {"key": "+"}                                         -> {}   (a key typed on the page)
  {"frames": N}                                        -> {}   (waits N animation frames: redraws land)

An exception in the page, a protocol error or a step that fails prints {"error": "..."} and exits 1.
Only the Python standard library; the test that runs it asserts what the page did.
"""
import json
import os
import subprocess
import sys
import time


class DevTools:
    def __init__(self, profile, url):
        to_chrome_r, self.to_chrome = os.pipe()
        self.from_chrome, from_chrome_w = os.pipe()

        # Chromium reads the protocol from descriptor 3 and writes to 4. os.pipe() may have returned 3 or
        # 4 itself, and dup2 onto the same number keeps it close-on-exec: mark both inheritable.
        def descriptors():
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)
            os.set_inheritable(3, True)
            os.set_inheritable(4, True)

        self.process = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--remote-debugging-pipe", "--user-data-dir=" + profile, "--window-size=1400,1000",
             "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False, preexec_fn=descriptors)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self.buffer = b""
        self.next_id = 0
        self.session = None
        self.events = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Runtime.enable")
        self.call("Page.enable")
        self.call("Page.navigate", {"url": url})

    def call(self, method, params=None, deadline=60):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self.to_chrome, json.dumps(message).encode() + b"\0")
        end = time.monotonic() + deadline
        while True:
            reply = self.read(end)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(method + ": " + reply["error"].get("message", "protocol error"))
                return reply.get("result", {})
            if reply.get("method") == "Runtime.exceptionThrown":
                details = reply["params"]["exceptionDetails"]
                raise RuntimeError("page exception: " + details.get("exception", {}).get("description", details.get("text", "")))

    def read(self, end):
        while b"\0" not in self.buffer:
            if time.monotonic() > end:
                raise RuntimeError("no answer from chromium in time")
            chunk = os.read(self.from_chrome, 65536)
            if not chunk:
                raise RuntimeError("chromium closed the pipe")
            self.buffer += chunk
        message, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(message)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise RuntimeError("evaluating " + expression + ": " + details.get("exception", {}).get("description", details.get("text", "")))
        return result["result"].get("value")

    def close(self):
        try:
            self.call("Browser.close", deadline=10)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def main():
    profile, url, steps = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    tools = DevTools(profile, url)
    status = 0
    try:
        end = time.monotonic() + 60
        # Until the page has loaded, the document may be about:blank, half parsed, or replaced while
        # the expression runs (its context destroyed): ask again.
        ready = "location.href !== 'about:blank' && !!document.documentElement && document.documentElement.getAttribute('data-ready') === 'true'"
        while True:
            try:
                if tools.evaluate(ready):
                    break
            except RuntimeError as error:
                if "page exception" in str(error):
                    raise
            if time.monotonic() > end:
                raise RuntimeError("the page never said data-ready")
            time.sleep(0.05)
        for step in steps:
            if "element" in step:
                fx, fy = step.get("align", [0.5, 0.5])
                box = tools.evaluate("(function () { var e = document.querySelector(%s); if (!e) return null; var r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()" % json.dumps(step["element"]))
                if box is None:
                    raise RuntimeError("no element " + step["element"])
                step["x"] = box[0] + box[2] * fx + step.get("dx", 0)
                step["y"] = box[1] + box[3] * fy + step.get("dy", 0)
            if "eval" in step:
                print(json.dumps({"value": tools.evaluate(step["eval"])}), flush=True)
                continue
            if "mouse" in step:
                params = {"type": "mouse" + step["mouse"].capitalize(), "x": step["x"], "y": step["y"], "button": "left",
                          "buttons": 1 if step["mouse"] != "released" else 0, "clickCount": 1 if step["mouse"] != "moved" else 0}
                if step["mouse"] == "moved" and not step.get("dragging"):
                    params["button"] = "none"
                    params["buttons"] = 0
                tools.call("Input.dispatchMouseEvent", params)
            elif "wheel" in step:
                tools.call("Input.dispatchMouseEvent", {"type": "mouseWheel", "x": step["x"], "y": step["y"], "deltaX": 0, "deltaY": step["wheel"]})
            elif "key" in step:
                tools.call("Input.dispatchKeyEvent", {"type": "keyDown", "key": step["key"], "text": step["key"]})
                tools.call("Input.dispatchKeyEvent", {"type": "keyUp", "key": step["key"]})
            elif "frames" in step:
                tools.evaluate("new Promise(function (done) { var n = %d; (function next() { if (n-- <= 0) done(true); else requestAnimationFrame(next); })(); })" % int(step["frames"]))
            else:
                raise RuntimeError("unknown step " + json.dumps(step))
            print(json.dumps({}), flush=True)
    except Exception as error:  # reported to the test, which fails with it
        print(json.dumps({"error": str(error)}), flush=True)
        status = 1
    finally:
        tools.close()
    sys.exit(status)


if __name__ == "__main__":
    main()
