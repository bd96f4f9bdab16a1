#!/usr/bin/env python3
"""A Google Play subject over purchase-subject/1 (the Google Play messages), correct by default.

Without arguments it is a correct Play app without a backend, the rules of the runner's
`PlayReferenceApp`: it keeps the purchases Play last reported, keyed by purchase token (the whole
set is replaced by each `queryPurchasesAsync` answer at launch and resume, and updated by
`onPurchasesUpdated`), ignores a purchase whose signature does not verify (`"signatureValid": false`),
grants only PURCHASED purchases that are not `isSuspended`, credits a
consumable's quantity once per token, consumes consumables, acknowledges everything else once,
and drops the token a plan change or re-signup replaced for good (it persists the tokens it named
as `oldPurchaseToken`, so a query that still lists one, V-OLD-TOKEN-VISIBLE, grants nothing).

It asks for Google's answers to its calls (`"wants": ["billingResponses"]`): a `billingResponse`
message carries the BillingResponseCode of each acknowledge or consume. It retries a call that met a
passing fault (SERVICE_UNAVAILABLE, SERVICE_DISCONNECTED, NETWORK_ERROR) and keeps granting after an
ERROR, which is what a second acknowledgement of an already acknowledged purchase answers (B12).
`--no-responses` leaves the answers out and refuses any message kind it does not know, the way a
subject written before `billingResponse` existed behaves.

`--server` makes it a correct backend instead: it asks for RTDNs and, for each one, reads the
Developer API answer sent along (`server`) before acting, never the notification type alone (a
Play Console `TEST_NOTIFICATION`, which names no purchase, is ignored); it follows
`linkedPurchaseToken` and never grants a token a paid subscription replaced, even while the API
still reads it as active (V-OLD-TOKEN-API-VALID). Because RTDNs may arrive late or be lost
(V-RTDN-DELAY / LOSS), it also reconciles every token it was told of on each `tick`; a token the
API no longer answers for grants nothing. It grants every line item of a purchase (V-ADDONS). It
also asks for the Voided Purchases API's list (`"voidedPurchases"` in `wants`), which each `tick`
then carries, and withdraws every token listed there: refunded, charged back or revoked.

`--bug NAME` adds one realistic mistake (the bug patterns of play-billing-semantics.md §14):

  pending-unacknowledged  B1  a pending purchase that completes later is granted, never acknowledged
  grants-pending          B2  a PENDING purchase unlocks its product
  keeps-replaced-token    B8  the subscription a plan change replaced stays granted
  consumes-lifetime       B4  every one-time purchase is consumed, the permanent one too
  ignores-hold            B9  (backend) a subscription on account hold stays granted
  double-credit           B7  (backend) coins are credited once per notification, not per token
  withholds-after-ack-error  B12  an acknowledgement answered ERROR is taken for a failed purchase

    swift run purchase-conformance check --store googlePlay --exec 'python3 Examples/python/play_subject.py'
    swift run purchase-conformance check --store googlePlay --exec 'python3 Examples/python/play_subject.py --bug grants-pending'
"""

import json
import sys

TRANSIENT = ("SERVICE_UNAVAILABLE", "SERVICE_DISCONNECTED", "NETWORK_ERROR")


class App:
    """A Play app without a backend."""

    def __init__(self, catalog, policy, bug):
        self.bug = bug
        self.consumables = set(policy.get("consumables", []))
        self.one_time = {p["id"] for p in catalog.get("oneTime", [])}
        self.known = {}
        self.pending_seen = set()
        self.balances = {}  # persisted
        self.credited = set()  # persisted
        self.replaced = set()  # persisted: tokens this app replaced (its oldPurchaseToken)

    def connected(self, msg):
        self.known = {}
        return self.handle_all([p for p in msg["purchases"] if p["token"] not in self.replaced])

    def purchases_updated(self, msg):
        if msg["result"] != "OK":
            return {}
        for p in msg["purchases"]:
            if p.get("replacing") and self.bug != "keeps-replaced-token":
                self.known.pop(p["replacing"], None)
                self.replaced.add(p["replacing"])
        return self.handle_all(msg["purchases"])

    def terminate(self):
        self.known = {}
        self.pending_seen = set()

    def handle_all(self, purchases):
        ack, consume = [], []
        for p in purchases:
            self.handle(p, ack, consume)
        return {"acknowledge": ack, "consume": consume}

    def handle(self, p, ack, consume):
        if p.get("signatureValid", True) is False:
            return  # the signature does not verify: Google never made this purchase
        token = p["token"]
        self.known[token] = p
        if p["purchaseState"] != "PURCHASED":
            self.pending_seen.add(token)
            return
        product = p["products"][0]
        completed_pending = token in self.pending_seen
        if product in self.consumables:
            if token not in self.credited:
                self.credited.add(token)
                self.balances[product] = self.balances.get(product, 0) + p["quantity"]
            if not (completed_pending and self.bug == "pending-unacknowledged"):
                consume.append(token)
            return
        if self.bug == "consumes-lifetime" and product in self.one_time:
            consume.append(token)
            return
        if p["acknowledged"] or (completed_pending and self.bug == "pending-unacknowledged"):
            return
        ack.append(token)

    def notification(self, msg):
        return {}

    def billing_response(self, msg):
        call, token, code = msg["call"], msg["token"], msg["responseCode"]
        if code in TRANSIENT:
            return {call: [token]}  # a passing fault: the same call again
        if call == "acknowledge" and code == "ERROR" and self.bug == "withholds-after-ack-error":
            self.known.pop(token, None)  # BUG: ERROR (already acknowledged) read as "the purchase failed"
        return {}

    def query(self):
        entitled = set()
        for p in self.known.values():
            if p.get("isSuspended"):
                continue  # on hold or paused (listed only with includeSuspendedSubscriptions): no access
            if p["purchaseState"] == "PURCHASED" or self.bug == "grants-pending":
                entitled.update(x for x in p["products"] if x not in self.consumables)
        return {"type": "state", "entitled": sorted(entitled), "balances": self.balances}


class Server(App):
    """A Play backend: RTDN, then the Developer API answer, then act.

    RTDNs may come late or never (V-RTDN-DELAY / LOSS), so it also reconciles on every `tick`,
    which carries the API answer for each token named to it so far (by an RTDN or by the app).
    """

    def __init__(self, catalog, policy, bug):
        super().__init__(catalog, policy, bug)
        self.plan_owner = {plan["id"]: s["id"] for s in catalog.get("subscriptions", []) for plan in s["basePlans"]}
        self.grants = {}

    def connected(self, msg):
        return {}

    def purchases_updated(self, msg):
        return {}

    def notification(self, msg):
        n = msg["notification"]
        if n["notificationType"] == "TEST_NOTIFICATION":
            return {}  # a Play Console test message: it names no purchase and changes nothing
        return self.reconcile(n["purchaseToken"], msg["server"], msg["serverNow"], True)

    def tick(self, msg):
        ack, consume = [], []
        for token, view in msg["server"].items():
            reply = self.reconcile(token, view, msg["serverNow"], False)
            ack += reply.get("acknowledge", [])
            consume += reply.get("consume", [])
        for voided in msg.get("voidedPurchases", []):
            self.grants[voided["purchaseToken"]] = []  # refunded, charged back or revoked: no access
        return {"acknowledge": ack, "consume": consume}

    def reconcile(self, token, view, server_now, from_notification):
        if view is None:
            self.grants.pop(token, None)  # the API no longer answers for the token (60 days past its end)
            return {}
        if "subscriptionState" in view:
            state = view["subscriptionState"]
            paid = not state.startswith("SUBSCRIPTION_STATE_PENDING")  # pending, or its cancel under either name
            if paid and view.get("linkedPurchaseToken"):
                self.replaced.add(view["linkedPurchaseToken"])  # the old token is retired for good
                self.grants[view["linkedPurchaseToken"]] = []
            if token in self.replaced:
                return {}
            item = view["lineItems"][0]
            # every line item is a product the purchase grants (V-ADDONS: a base plan and its add-on)
            products = [i["productId"] for i in view["lineItems"]]
            if "deferredFromBasePlan" in item:
                products = [self.plan_owner[item["deferredFromBasePlan"]]]
            if state in ("SUBSCRIPTION_STATE_ACTIVE", "SUBSCRIPTION_STATE_IN_GRACE_PERIOD"):
                entitled = True
            elif state == "SUBSCRIPTION_STATE_CANCELED":
                entitled = item.get("expiryTime", "") > server_now
            elif state == "SUBSCRIPTION_STATE_ON_HOLD" and self.bug == "ignores-hold":
                entitled = bool(self.grants.get(token))  # BUG: hold read as "Google is still retrying"
            else:
                entitled = False
            self.grants[token] = products if entitled else []
            if entitled and view["acknowledgementState"] == "ACKNOWLEDGEMENT_STATE_PENDING":
                return {"acknowledge": [token]}
            return {}
        product = view["productId"]
        if view["purchaseState"] != 0:
            self.grants[token] = []
            return {}
        if product in self.consumables:
            # BUG (double-credit): every notification pays, not every token.
            if token not in self.credited or (from_notification and self.bug == "double-credit"):
                self.credited.add(token)
                self.balances[product] = self.balances.get(product, 0) + view["quantity"]
            return {"consume": [token]} if view["consumptionState"] == 0 else {}
        self.grants[token] = [product]
        return {"acknowledge": [token]} if view["acknowledgementState"] == 0 else {}

    def query(self):
        entitled = sorted({p for products in self.grants.values() for p in products})
        return {"type": "state", "entitled": entitled, "balances": self.balances}


def main():
    args = sys.argv[1:]
    bug = args[args.index("--bug") + 1] if "--bug" in args else None
    server = "--server" in args or bug in ("ignores-hold", "double-credit")
    responses = "--no-responses" not in args
    subject = None
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg["type"]
        if kind == "start":
            subject = (Server if server else App)(msg["catalog"], msg["policy"], bug)
            wants = (["notifications", "voidedPurchases"] if server else []) + (["billingResponses"] if responses else [])
            reply = {"type": "ok", "wants": wants}
        elif kind == "connected":
            reply = dict(type="ok", **subject.connected(msg))
        elif kind == "purchasesUpdated":
            reply = dict(type="ok", **subject.purchases_updated(msg))
        elif kind == "notification":
            reply = dict(type="ok", **subject.notification(msg))
        elif kind == "tick":
            reply = dict(type="ok", **subject.tick(msg)) if isinstance(subject, Server) else {"type": "ok"}
        elif kind == "terminate":
            subject.terminate()
            reply = {"type": "ok"}
        elif kind == "query":
            reply = subject.query()
        elif kind == "billingResponse" and responses:
            reply = dict(type="ok", **subject.billing_response(msg))
        elif not responses and kind != "end":
            reply = {"type": "error", "message": "unknown message type " + kind}
        else:
            reply = {"type": "ok"}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
