#!/usr/bin/env python3
"""The correct example app, misbehaving at the first message of one type in each history.

    misbehaving_subject.py MODE MESSAGE

MODE is one of
  sleep      never reply (sleeps for an hour)
  exit       write a line on stderr, then exit with status 3 without replying
  garbage    reply with a line that is not JSON
  wrong-type reply {"type":"state",...} where "ok" is expected (or "ok" to a query)
  chatty     write two reply lines instead of one (in one write)
  error      reply {"type":"error","message":...}
  stderr     behave correctly, but write a line on stderr for every message
  channels   behave correctly, ask for notifications and ticks, and log each on stderr

Everything else is the correct app of correct_subject.py (beside this file), so a campaign
finds exactly this misbehaviour, as a `subject-responds` failure whose minimal history is the
shortest one that sends MESSAGE. For example, a hang in `restore`:

    swift run purchase-conformance check --exec 'python3 Examples/python/misbehaving_subject.py sleep restore'

The runner's own tests use it to check that hangs, exits and garbage are reported, shrunk and
survived.
"""

import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from correct_subject import Subject  # noqa: E402


class Misbehaving(Subject):
    def __init__(self, mode, target):
        super().__init__()
        self.mode = mode
        self.target = target
        self.seen = False

    def reply(self, message):
        kind = message.get("type")
        if kind == "start":
            self.seen = False
        if self.mode == "stderr":
            sys.stderr.write("handling %s\n" % kind)
            sys.stderr.flush()
        if self.mode == "channels":
            if kind == "notification":
                payload = message["payload"]
                sys.stderr.write("notification %s %s\n" % (payload["notificationType"], payload["subtype"]))
            elif kind == "tick":
                sys.stderr.write("tick %s%s\n" % (message["serverNow"], " with receipt" if "receipt" in message else ""))
            reply = super().reply(message)
            if kind == "start":
                reply["wants"] = ["notifications", "ticks"]
            return reply
        if kind != self.target or self.seen or self.mode == "stderr":
            return super().reply(message)
        self.seen = True
        if self.mode == "sleep":
            sys.stderr.write("going to sleep in %s\n" % kind)
            sys.stderr.flush()
            time.sleep(3600)
        if self.mode == "exit":
            sys.stderr.write("simulated crash while handling %s\n" % kind)
            sys.stderr.flush()
            os._exit(3)
        if self.mode == "garbage":
            sys.stdout.write("Traceback (most recent call last): this is not JSON\n")
            sys.stdout.flush()
            return None
        if self.mode == "wrong-type":
            if kind == "query":
                return {"type": "ok", "finish": []}
            return {"type": "state", "entitled": [], "balances": {}}
        if self.mode == "chatty":
            reply = super().reply(message)
            return [reply, reply]
        if self.mode == "error":
            return {"type": "error", "message": "database is locked while handling %s" % kind}
        raise SystemExit("unknown mode %r" % self.mode)


def main():
    subject = Misbehaving(sys.argv[1], sys.argv[2])
    for line in iter(sys.stdin.readline, ""):
        reply = subject.reply(json.loads(line))
        replies = reply if isinstance(reply, list) else [] if reply is None else [reply]
        # All lines in one write, so the runner sees them together (as a subject that writes
        # two lines at once would); separate writes could arrive after the next message is sent.
        sys.stdout.write("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in replies))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
