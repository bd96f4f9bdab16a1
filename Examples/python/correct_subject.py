#!/usr/bin/env python3
"""A correct in-app purchase app, speaking purchase-subject/1 on standard input and output.

Run it through the conformance runner:

    swift run purchase-conformance check --exec 'python3 Examples/python/correct_subject.py'

The rules are those of the runner's ReferenceSubject:

- every verified delivery is finished; unverified ones are left alone;
- each verified consumable is credited once per transaction id, and the credit is persisted
  (it survives `terminate`) before the transaction is finished;
- `query` is answered from StoreKit's `currentEntitlements` at that moment: verified, not
  revoked, not upgraded; a non-renewing subscription is timed by the app from its purchase date
  and the catalog's duration against the server clock (never the device clock); one level per
  subscription group (the highest, i.e. the lowest level number); a balance for every consumable.

Only the Python standard library is used. One JSON object per line in each direction; stdout is
flushed after every reply. Diagnostics go to standard error, which the runner keeps for reports.
"""

import json
import re
import sys
import traceback

# ---------------------------------------------------------------------------------------------
# Time: ISO 8601 instants as seconds since the epoch, durations added on the UTC calendar
# (months first, clamping the day to the end of a shorter month, then the exact parts), as the
# App Store renews. Plain integer arithmetic, so no date is out of range.


def days_from_civil(year, month, day):
    """Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm)."""
    year -= month <= 2
    era = year // 400
    yoe = year - era * 400
    doy = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def civil_from_days(days):
    """The (year, month, day) of a day count since 1970-01-01."""
    days += 719468
    era = days // 146097
    doe = days - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    day = doy - (153 * mp + 2) // 5 + 1
    month = mp + (3 if mp < 10 else -9)
    return yoe + era * 400 + (month <= 2), month, day


def days_in_month(year, month):
    if month == 2:
        leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
        return 29 if leap else 28
    return 30 if month in (4, 6, 9, 11) else 31


INSTANT = re.compile(r"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|\+00:00)$")
DURATION = re.compile(
    r"^(-)?P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$")


def parse_instant(text):
    match = INSTANT.match(text)
    if not match:
        raise ValueError("not an ISO 8601 UTC instant: %r" % text)
    y, mo, d, h, mi, s = (int(g) for g in match.groups())
    return days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + s


def add_duration(instant, text):
    """The instant `text` (an ISO 8601 duration such as P1M or P30D) after `instant`."""
    match = DURATION.match(text)
    if not match:
        raise ValueError("not an ISO 8601 duration: %r" % text)
    sign = -1 if match.group(1) else 1
    years, months, weeks, days, hours, minutes, seconds = (int(g or 0) for g in match.groups()[1:])
    total_months = (years * 12 + months) * sign
    if total_months:
        days_since, second_of_day = divmod(instant, 86400)
        y, m, d = civil_from_days(days_since)
        total = y * 12 + (m - 1) + total_months
        y, m = total // 12, total % 12 + 1
        instant = days_from_civil(y, m, min(d, days_in_month(y, m))) * 86400 + second_of_day
    exact = weeks * 604800 + days * 86400 + hours * 3600 + minutes * 60 + seconds
    return instant + exact * sign


# ---------------------------------------------------------------------------------------------
# The app.


class App:
    """One customer's app. `credited` and `balances` are what the app persists."""

    def __init__(self, catalog):
        self.products = {p["id"]: p for p in catalog["products"]}
        self.credited = set()
        self.balances = {}

    # Transactions -----------------------------------------------------------------------------

    def handle(self, delivery):
        """Credits a verified consumable once, then finishes; returns the id to finish, or None."""
        if not delivery["verified"]:
            return None
        tx = delivery["tx"]
        product = self.products.get(tx["productID"])
        if (product is not None and product["type"] == "consumable" and tx["revocationDate"] is None
                and tx["id"] not in self.credited):
            self.credited.add(tx["id"])  # persisted before finishing
            grant = product.get("grant", 1) * tx["purchasedQuantity"]
            self.balances[product["id"]] = self.balances.get(product["id"], 0) + grant
        return tx["id"]

    def handle_all(self, deliveries):
        return [i for i in (self.handle(d) for d in deliveries) if i is not None]

    # What the app grants ----------------------------------------------------------------------

    def entitled(self, message):
        """The products unlocked now, read from currentEntitlements."""
        now = parse_instant(message["serverNow"])
        entitled = set()
        best_level = {}
        subscriptions = []
        for delivery in message["views"]["currentEntitlements"]:
            tx = delivery["tx"]
            if not delivery["verified"] or tx["revocationDate"] is not None or tx["isUpgraded"]:
                continue
            product = self.products.get(tx["productID"])
            if product is None:
                continue
            kind = product["type"]
            if kind == "nonConsumable":
                entitled.add(product["id"])
            elif kind == "nonRenewable":
                if now < add_duration(parse_instant(tx["purchaseDate"]), product["duration"]):
                    entitled.add(product["id"])
            elif kind == "autoRenewable":
                group, level = product["group"], product["level"]
                subscriptions.append((product["id"], group, level))
                best_level[group] = min(best_level.get(group, level), level)
        for product_id, group, level in subscriptions:
            if best_level[group] == level:
                entitled.add(product_id)
        return sorted(entitled)

    def state(self, message):
        balances = {pid: self.balances.get(pid, 0)
                    for pid, p in self.products.items() if p["type"] == "consumable"}
        return {"type": "state", "entitled": self.entitled(message), "balances": balances}


class Subject:
    """Answers the runner's messages; `app` is replaced at every `start` (a new customer)."""

    def __init__(self):
        self.app = None

    def reply(self, message):
        kind = message.get("type")
        if kind == "start":
            self.app = App(message["catalog"])
            return {"type": "ok"}
        if kind == "end":
            return {"type": "ok"}
        if self.app is None:
            return {"type": "error", "message": "%s before start" % kind}
        return self.reply_in_history(kind, message)

    def reply_in_history(self, kind, message):
        app = self.app
        if kind == "launch":
            return {"type": "ok", "finish": app.handle_all(message["views"]["unfinished"])}
        if kind == "terminate":
            return {"type": "ok"}  # nothing in memory besides what is persisted
        if kind == "purchaseResult":
            delivery = message.get("delivery")
            return {"type": "ok", "finish": app.handle_all([delivery] if delivery else [])}
        if kind == "update":
            return {"type": "ok", "finish": app.handle_all([message["delivery"]])}
        if kind == "restore":
            return {"type": "ok", "finish": []}
        if kind == "appAction":
            return {"type": "ok", "finish": [], "result": None}
        if kind == "query":
            return app.state(message)
        if kind in ("notification", "tick"):
            return {"type": "ok"}
        return {"type": "error", "message": "unknown message type %r" % kind}


def serve(subject):
    """Reads one message per line and writes one reply per line until the input ends."""
    while True:
        line = sys.stdin.readline()
        if not line:
            return
        try:
            reply = subject.reply(json.loads(line))
        except Exception as error:  # report it as a fault, with the traceback on stderr
            traceback.print_exc(file=sys.stderr)
            reply = {"type": "error", "message": "%s: %s" % (type(error).__name__, error)}
        sys.stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve(Subject())
