#!/usr/bin/env python3
"""S5, the subscription validation cron (a PHP server, 2013), as an external subject.

It speaks purchase-subject/1 on standard input and output and follows the published rules
(seed-systems.md, S5) exactly as the Swift port `S5ValidationCron` (fixed: false) does:

- The app posts each new transaction (a purchase or renewal, as a StoreKit 1 queue shows it
  once) and the server validates and stores it as a payment. Changed snapshots of old
  transactions (refunds) never reach a StoreKit 1 queue, so revoked ones are not posted.
- A payment is identified by `original_transaction_id` together with `expires_date` (not by
  `transaction_id`); every payment ever validated is kept; the service end is the latest
  `expires_date` seen.
- Once a day (a `tick` at each UTC midnight, with the legacy `verifyReceipt` answer) the cron
  re-validates the payments whose `expires_date` is within a tolerance window of three days and
  records any newer period found in `latest_receipt_info`. An answer with status 21006 and
  `latest_expired_receipt_info` means the customer cancelled: the service runs to that period's
  `expires_date` and stops.
- Access: premium while the server clock is before the recorded service end.
- Refunds (`cancellation_date`) are not handled.

Run it through the runner with the catalog and policy of Examples/seed-systems/s5-catalog.json
(a server validating receipts with Apple trusts a transaction whose on-device check failed):

    swift run purchase-conformance check --exec 'python3 Examples/seed-systems/s5_cron.py' \\
        --catalog Examples/seed-systems/s5-catalog.json

Only the Python standard library is used; stdout is flushed after every reply.
"""

import json
import re
import sys
import traceback

TOLERANCE = 3 * 86400  # seconds: how close to its expires_date a payment is re-validated

INSTANT = re.compile(r"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|\+00:00)$")


def days_from_civil(year, month, day):
    """Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm)."""
    year -= month <= 2
    era = year // 400
    yoe = year - era * 400
    doy = (153 * (month + (-3 if month > 2 else 9)) + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def parse_instant(text):
    """Seconds since the epoch of an ISO 8601 UTC instant."""
    match = INSTANT.match(text)
    if not match:
        raise ValueError("not an ISO 8601 UTC instant: %r" % text)
    y, mo, d, h, mi, s = (int(g) for g in match.groups())
    return days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + s


def millis_string(value):
    """Seconds of a receipt's `*_ms` string, or None when it is not one (Swift: Int64(text) / 1000)."""
    if not isinstance(value, str) or not re.fullmatch(r"[+-]?\d+", value):
        return None
    millis = int(value)
    return abs(millis) // 1000 * (1 if millis >= 0 else -1)  # truncates toward zero, as Swift does


def unsigned_string(value):
    """The integer of a receipt's id string, or None (Swift: UInt64(text))."""
    if not isinstance(value, str) or not re.fullmatch(r"\+?\d+", value):
        return None
    return int(value)


class Payment:
    """One validated period: original_transaction_id, expires_date, and where it came from."""

    def __init__(self, original_id, expires, product, purchased, transaction_id):
        self.original_id = original_id
        self.expires = expires
        self.product = product
        self.purchased = purchased
        self.transaction_id = transaction_id


class Server:
    """One customer on the server. Everything here persists: `terminate` kills the app, not the server."""

    def __init__(self):
        self.payments = []
        self.service_end = None
        self.posted = set()  # the app side: transactions already posted (a StoreKit 1 queue shows each once)

    # The app posts transactions ---------------------------------------------------------------

    def record(self, delivery):
        """Posts a new transaction's receipt; the server validates and stores it. Returns the id to finish."""
        tx = delivery["tx"]
        if tx["revocationDate"] is None and tx["id"] not in self.posted:
            self.posted.add(tx["id"])
            if tx["expirationDate"] is not None:
                self.store(Payment(str(tx["originalID"]), parse_instant(tx["expirationDate"]), tx["productID"],
                                   parse_instant(tx["purchaseDate"]), tx["id"]))
        return tx["id"]

    def store(self, payment):
        """Keeps a payment unless one with the same original_transaction_id and expires_date is known."""
        for known in self.payments:
            if known.original_id == payment.original_id and known.expires == payment.expires:
                return
        self.payments.append(payment)
        self.service_end = payment.expires if self.service_end is None else max(self.service_end, payment.expires)

    # The daily cron job -----------------------------------------------------------------------

    def tick(self, receipt, now):
        if receipt is None:
            return
        due = [p for p in self.payments if abs(p.expires - now) <= TOLERANCE]
        if not due:
            return
        expired = receipt.get("latest_expired_receipt_info")
        status = receipt.get("status")
        if type(status) is int and status == 21006 and expired is not None:
            expires = millis_string(expired.get("expires_date_ms")) if isinstance(expired, dict) else None
            if expires is not None:
                self.service_end = expires
                return
        items = receipt.get("latest_receipt_info")
        if not isinstance(items, list):
            return
        for payment in due:
            for item in items:
                if not isinstance(item, dict) or item.get("original_transaction_id") != payment.original_id:
                    continue
                expires = millis_string(item.get("expires_date_ms"))
                product = item.get("product_id")
                purchased = millis_string(item.get("purchase_date_ms"))
                transaction_id = unsigned_string(item.get("transaction_id"))
                if expires is None or not isinstance(product, str) or purchased is None or transaction_id is None:
                    continue
                if expires > payment.expires:
                    self.store(Payment(payment.original_id, expires, product, purchased, transaction_id))

    # Access -----------------------------------------------------------------------------------

    def entitled(self, now):
        """Premium while the server clock is before the service end: the product of the latest period."""
        if self.service_end is None or not now < self.service_end or not self.payments:
            return []
        latest = max(self.payments, key=lambda p: p.expires)  # the first of the latest, as Swift's max(by:)
        return [latest.product]


class Subject:
    """Answers the runner's messages; `server` is replaced at every `start` (a new customer)."""

    def __init__(self):
        self.server = None

    def reply(self, message):
        kind = message.get("type")
        if kind == "start":
            self.server = Server()
            return {"type": "ok", "wants": ["ticks", "receipts"]}
        if kind == "end":
            return {"type": "ok"}
        if self.server is None:
            return {"type": "error", "message": "%s before start" % kind}
        server = self.server
        if kind == "launch":
            return {"type": "ok", "finish": [server.record(d) for d in message["views"]["unfinished"]]}
        if kind == "terminate":
            return {"type": "ok"}
        if kind == "purchaseResult":
            delivery = message.get("delivery")
            return {"type": "ok", "finish": [server.record(delivery)] if delivery else []}
        if kind == "update":
            return {"type": "ok", "finish": [server.record(message["delivery"])]}
        if kind == "restore":
            return {"type": "ok", "finish": []}
        if kind == "appAction":
            return {"type": "ok", "finish": [], "result": None}
        if kind == "tick":
            server.tick(message.get("receipt"), parse_instant(message["serverNow"]))
            return {"type": "ok"}
        if kind == "notification":
            return {"type": "ok"}
        if kind == "query":
            return {"type": "state", "entitled": server.entitled(parse_instant(message["serverNow"]))}
        return {"type": "error", "message": "unknown message type %r" % kind}


def serve(subject):
    """Reads one message per line and writes one reply per line until the input ends."""
    while True:
        line = sys.stdin.readline()
        if not line:
            return
        try:
            reply = subject.reply(json.loads(line))
        except Exception as error:  # report it as a fault, with the traceback on standard error
            traceback.print_exc(file=sys.stderr)
            reply = {"type": "error", "message": "%s: %s" % (type(error).__name__, error)}
        sys.stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    serve(Subject())
