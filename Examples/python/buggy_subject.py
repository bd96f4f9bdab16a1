#!/usr/bin/env python3
"""The correct app of correct_subject.py with one realistic bug: refunds never lock anything.

Like many apps, it caches the non-consumables it has unlocked (persisted, as in UserDefaults)
so that the store screen opens fast. The cache is refreshed by *adding* whatever arrives in a
delivery or shows up in `currentEntitlements`, and the code relies on `revocationDate` to remove
products. But a refunded product simply disappears from `currentEntitlements`, and the refund
delivery only skips the "add" branch, so nothing is ever removed: a refunded non-consumable stays
unlocked forever. This is bug B3 of the semantics file
(https://github.com/RevenueCat/storekit2-demo-app/issues/6).

    swift run purchase-conformance check --exec 'python3 Examples/python/buggy_subject.py'

finds it as `refunded-never-entitled` with the minimal history `purchase(premium)`, `refund(#1)`.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from correct_subject import App, Subject, serve  # noqa: E402


class CachingApp(App):
    def __init__(self, catalog):
        super().__init__(catalog)
        self.unlocked = set()  # persisted: survives terminate

    def remember(self, delivery):
        tx = delivery["tx"]
        product = self.products.get(tx["productID"])
        if delivery["verified"] and product is not None and product["type"] == "nonConsumable":
            if tx["revocationDate"] is None:
                self.unlocked.add(product["id"])
            # BUG: a delivery with a revocationDate should remove the product from the cache.

    def handle(self, delivery):
        self.remember(delivery)
        return super().handle(delivery)

    def entitled(self, message):
        for delivery in message["views"]["currentEntitlements"]:
            self.remember(delivery)  # refreshes only ever add
        fresh = set(super().entitled(message))
        kept = {pid for pid in fresh if self.products[pid]["type"] != "nonConsumable"}
        return sorted(kept | self.unlocked)


class CachingSubject(Subject):
    def reply(self, message):
        if message.get("type") == "start":
            self.app = CachingApp(message["catalog"])
            return {"type": "ok"}
        return super().reply(message)


if __name__ == "__main__":
    serve(CachingSubject())
