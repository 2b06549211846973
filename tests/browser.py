# SPDX-License-Identifier: MIT
# Drives headless Chromium over DevTools (--remote-debugging-pipe: requests
# on fd 3, answers on fd 4, each a JSON text ended by NUL) for
# tests/browser.sh: loads a page, runs steps (keys, clicks, expressions),
# takes screenshots, and reports what the page's script and console said.
# No network: the pages are file:// URLs.
#
# usage: browser.py CHROMIUM PROFILE_DIR SCRIPT
# SCRIPT has one command a line:
#   open URL            load URL and wait for it
#   hash FRAGMENT       go to #FRAGMENT of the page shown, and wait for it
#   key NAME            press a key (ArrowRight, ArrowLeft, Home, End)
#   click SELECTOR      click the element document.querySelector finds
#   eval EXPRESSION     print the expression's value (a string) on a line
#   shot FILE [W H]     save a PNG screenshot of the page (of its top
#                       left W x H pixels)
# Prints "console: ..." for each console error or exception; exits 0, or
# 1 if the browser failed.
import base64
import json
import os
import subprocess
import sys

KEYS = {"ArrowRight": 39, "ArrowLeft": 37, "Home": 36, "End": 35}


class Browser:
    def __init__(self, chromium, profile):
        to_r, self.to_w = os.pipe()
        self.from_r, from_w = os.pipe()

        # dup2 leaves 3 and 4 inheritable, and close_fds=False keeps
        # them; the other ends are not inheritable (os.pipe).
        def fds():
            r, w = os.dup(to_r), os.dup(from_w)
            os.dup2(r, 3)
            os.dup2(w, 4)

        self.proc = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--disable-background-networking",
             "--user-data-dir=" + profile, "--remote-debugging-pipe",
             "--window-size=900,900", "about:blank"],
            preexec_fn=fds, close_fds=False,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_r)
        os.close(from_w)
        self.buf = b""
        self.next_id = 0
        self.session = None
        self.errors = []
        self.events = []

    def pid(self):
        return self.proc.pid

    def _read(self):
        while b"\0" not in self.buf:
            chunk = os.read(self.from_r, 1 << 16)
            if not chunk:
                raise RuntimeError("the browser closed its pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def _event(self, m):
        method = m.get("method", "")
        p = m.get("params", {})
        if method == "Runtime.exceptionThrown":
            d = p["exceptionDetails"]
            self.errors.append(d.get("exception", {}).get(
                "description", d.get("text", "exception")))
        elif method == "Runtime.consoleAPICalled" and \
                p.get("type") in ("error", "assert"):
            self.errors.append(" ".join(
                str(a.get("value", a.get("description", "")))
                for a in p.get("args", [])))
        elif method == "Log.entryAdded" and \
                p["entry"].get("level") == "error":
            self.errors.append(p["entry"].get("text", ""))
        self.events.append(method)

    def call(self, method, params=None, session=True):
        self.next_id += 1
        req = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            req["sessionId"] = self.session
        os.write(self.to_w, json.dumps(req).encode() + b"\0")
        while True:
            m = self._read()
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError("%s: %s" % (method, m["error"]))
                return m.get("result", {})
            self._event(m)

    def wait_event(self, name):
        while name not in self.events:
            self._event(self._read())
        self.events.remove(name)

    def attach(self):
        targets = self.call("Target.getTargets", session=False)
        page = [t for t in targets["targetInfos"] if t["type"] == "page"][0]
        r = self.call("Target.attachToTarget",
                      {"targetId": page["targetId"], "flatten": True},
                      session=False)
        self.session = r["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            self.call(domain + ".enable")

    def evaluate(self, expr):
        r = self.call("Runtime.evaluate",
                      {"expression": expr, "returnByValue": True})
        if "exceptionDetails" in r:
            self.errors.append("eval: " + expr)
            return ""
        return r["result"].get("value", "")

    def evaluate_async(self, expr):
        r = self.call("Runtime.evaluate",
                      {"expression": expr, "awaitPromise": True})
        if "exceptionDetails" in r:
            self.errors.append("eval: " + expr)

    def close(self):
        try:
            self.call("Browser.close", session=False)
        except (RuntimeError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def main():
    chromium, profile, script = sys.argv[1:4]
    b = Browser(chromium, profile)
    # The shell kills it by this PID if we do not get to close it.
    with open(os.path.join(profile, "pid"), "w") as f:
        f.write("%d\n" % b.pid())
    rc = 0
    try:
        b.attach()
        for line in open(script):
            cmd, _, arg = line.rstrip("\n").partition(" ")
            if cmd == "open":
                b.call("Page.navigate", {"url": arg})
                b.wait_event("Page.loadEventFired")
            elif cmd == "key":
                for t in ("keyDown", "keyUp"):
                    b.call("Input.dispatchKeyEvent",
                           {"type": t, "key": arg, "code": arg,
                            "windowsVirtualKeyCode": KEYS[arg]})
            elif cmd == "click":
                b.evaluate("document.querySelector(%s).click()" %
                           json.dumps(arg))
            elif cmd == "hash":
                # A new address within the page: resolved once the page's
                # own hashchange listener has run.
                b.evaluate_async(
                    "new Promise(function (r) {"
                    " window.addEventListener('hashchange', function () {"
                    " setTimeout(r, 0); }, { once: true });"
                    " location.hash = %s; })" % json.dumps(arg))
            elif cmd == "eval":
                print(b.evaluate(arg))
            elif cmd == "shot":
                arg, *size = arg.split(" ")
                params = {"format": "png"}
                if size:
                    params["clip"] = {"x": 0, "y": 0, "scale": 1,
                                      "width": int(size[0]),
                                      "height": int(size[1])}
                r = b.call("Page.captureScreenshot", params)
                with open(arg, "wb") as f:
                    f.write(base64.b64decode(r["data"]))
            sys.stdout.flush()
    except (RuntimeError, OSError, KeyError, IndexError) as e:
        print("browser: %s" % e, file=sys.stderr)
        rc = 1
    for e in b.errors:
        print("console: %s" % e)
    b.close()
    return rc


if __name__ == "__main__":
    sys.exit(main())
