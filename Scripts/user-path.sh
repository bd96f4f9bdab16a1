#!/usr/bin/env bash
# Issue 13: a new user's whole path, end to end, outside this repository.
#
#   Scripts/user-path.sh [DIR]      # DIR: where to create the user package (default: a temporary folder)
#
# Creates a separate SwiftPM package that depends on this one by path, written from the README
# alone: a store with a non-consumable, a 100-coin consumable and a two-level subscription group,
# and one realistic bug (it ignores `isUpgraded`, so after an upgrade both plans stay unlocked). Then, using
# only commands the README and the reports print, it checks each step of docs/GettingStarted.md:
#   1. `swift test` fails (exit 1), in Swift Testing and in XCTest, at the line of Conformance.check;
#   2. the report's `Replay:` command re-runs the user's test on the saved file (exit 1, "Replayed");
#   3. `purchase-conformance replay FILE` refuses (exit 2) and prints that same command;
#   4. `purchase-conformance corpus add` keeps the failure in the package's own corpus;
#   5. `swift test --filter corpusCase` replays the corpus (exit 0: the case fails as recorded);
#   6. after the fix the corpus case reports the fix, and with `"passes": true` it passes.
# Takes a few minutes (it builds a second package). Exit 0 when every step holds.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="${1:-$(mktemp -d)/userpkg}"
IDENTITY="$(basename "$ROOT" | tr '[:upper:]' '[:lower:]')"
mkdir -p "$DIR/Sources/CoinShop" "$DIR/Tests/CoinShopTests/Corpus"
cd "$DIR"
rm -rf .purchase-conformance Tests/CoinShopTests/Corpus/*.json
step() { printf '\n== %s\n' "$1" >&2; }
fail() { echo "user-path: FAILED: $1" >&2; exit 1; }

cat > Package.swift <<EOF
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "CoinShop",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: "$ROOT"),
    ],
    targets: [
        .target(name: "CoinShop"),
        .testTarget(
            name: "CoinShopTests",
            dependencies: ["CoinShop", .product(name: "ConformanceTesting", package: "$IDENTITY")],
            exclude: ["Corpus"]
        ),
    ]
)
EOF

cat > Sources/CoinShop/Shop.swift <<'EOF'
/// The app's purchase logic: what it unlocks and how many coins it holds.
public struct Shop: Sendable {
    public var coins = 0
    public var credited: Set<UInt64> = []
    public var owned: Set<String> = []
    public var plans: Set<String> = []

    public init() {}

    /// Credits a coin pack once per transaction.
    public mutating func credit(transaction: UInt64, coins amount: Int) {
        guard credited.insert(transaction).inserted else { return }
        coins += amount
    }

    /// Everything the customer has access to.
    public var unlocked: [String] { (owned.union(plans)).sorted() }
}
EOF

cat > Tests/CoinShopTests/ShopSubject.swift <<'EOF'
import CoinShop
import ConformanceTesting

/// The shop, driven by the conformance runner. The bug: it never looks at `isUpgraded`, so after
/// an upgrade the old plan stays unlocked next to the new one.
struct ShopSubject: PurchaseSubject {
    let catalog: Catalog
    var shop = Shop()

    init(catalog: Catalog, context: SubjectContext) { self.catalog = catalog }

    mutating func launch(unfinished: [Delivery], context: SubjectContext) -> [UInt64] {
        unfinished.compactMap { handle($0) }
    }

    mutating func purchaseResult(product: String, result: PurchaseResultKind, delivery: Delivery?, context: SubjectContext) -> [UInt64] {
        delivery.flatMap { handle($0) }.map { [$0] } ?? []
    }

    mutating func update(_ delivery: Delivery, context: SubjectContext) -> [UInt64] {
        handle(delivery).map { [$0] } ?? []
    }

    mutating func handle(_ delivery: Delivery) -> UInt64? {
        guard delivery.verified else { return nil }
        let tx = delivery.transaction
        if tx.revocationDate == nil, case .consumable(let grant)? = catalog.product(tx.productID)?.kind {
            shop.credit(transaction: tx.id, coins: grant * tx.purchasedQuantity)
        }
        return tx.id
    }

    func query(context: SubjectContext) -> ObservedState {
        var unlocked: [String] = []
        for delivery in context.views.currentEntitlements where delivery.verified {
            let tx = delivery.transaction
            guard tx.revocationDate == nil, let product = catalog.product(tx.productID) else { continue }
            if product.type == .nonConsumable || product.type == .autoRenewable { unlocked.append(product.id) }
        }
        return ObservedState(entitled: unlocked.sorted(), balances: ["coins100": shop.coins])
    }
}

enum Store {
    static func catalog() throws -> Catalog {
        try Catalog(products: [
            Product(id: "premium", kind: .nonConsumable),
            Product(id: "coins100", kind: .consumable(grant: 100)),
            Product(id: "pro", kind: .autoRenewable(AutoRenewableSubscription(group: "plans", level: 1, period: ISODuration(months: 1)))),
            Product(id: "plus", kind: .autoRenewable(AutoRenewableSubscription(group: "plans", level: 2, period: ISODuration(months: 1)))),
        ])
    }
}
EOF

cat > Tests/CoinShopTests/ShopTests.swift <<'EOF'
import ConformanceTesting
import Testing

@Test func shopConforms() throws {
    try Conformance.check(ShopSubject.self, catalog: try Store.catalog())
}
EOF

cat > Tests/CoinShopTests/ShopXCTests.swift <<'EOF'
import ConformanceTesting
import XCTest

final class ShopXCTests: XCTestCase {
    func testShopConforms() throws {
        try Conformance.check(ShopSubject.self, catalog: try Store.catalog(), failuresFolder: ".purchase-conformance/xctest-failures")
    }
}
EOF

cat > Tests/CoinShopTests/CorpusTests.swift <<'EOF'
import ConformanceTesting
import Testing

@Test(arguments: Conformance.corpus("Corpus"))
func corpusCase(_ file: String) throws {
    try Conformance.expect(ShopSubject.self, file: file)
}
EOF

step "1. swift test finds the bug, at the test's line, in Swift Testing and XCTest"
set +e
swift test > test.out 2>&1
status=$?
set -e
[[ $status == 1 ]] || { cat test.out; fail "swift test exited $status, expected 1"; }
grep -q "ShopTests.swift:5:" test.out || { cat test.out; fail "no Swift Testing issue at ShopTests.swift:5"; }
grep -q "ShopXCTests.swift:6: error: ShopXCTests.testShopConforms" test.out || { cat test.out; fail "no XCTest failure at ShopXCTests.swift:6"; }
grep -q "✘ one-level-per-group failed" test.out || { cat test.out; fail "the bug was not reported as one-level-per-group"; }
REPLAYS="$(grep -o "Replay: PURCHASE_CONFORMANCE_REPLAY=[^ ]* swift test --filter '[^']*'" test.out | sed 's/^Replay: //' | sort -u)"
[[ "$(echo "$REPLAYS" | grep -c .)" == 2 ]] || { cat test.out; fail "expected one Replay: line from each framework"; }
echo "   reports at the tests' lines; printed:" >&2
echo "$REPLAYS" | sed 's/^/     /' >&2

step "2. each printed Replay command re-runs the user's test on the saved file"
while IFS= read -r REPLAY; do
    FILE="$(echo "$REPLAY" | sed -E 's/^PURCHASE_CONFORMANCE_REPLAY=([^ ]*) .*/\1/')"
    set +e
    eval "$REPLAY" > replay.out 2>&1
    status=$?
    set -e
    [[ $status == 1 ]] || { cat replay.out; fail "$REPLAY exited $status, expected 1"; }
    grep -q "Replayed $FILE against ShopSubject" replay.out || { cat replay.out; fail "$REPLAY did not replay $FILE"; }
    grep -q "✘ one-level-per-group failed" replay.out || { cat replay.out; fail "$REPLAY did not reproduce the failure"; }
done <<< "$REPLAYS"
FILE="$(echo "$REPLAYS" | grep -v xctest-failures | head -1 | sed -E 's/^PURCHASE_CONFORMANCE_REPLAY=([^ ]*) .*/\1/')"

step "3. purchase-conformance replay refuses the Swift subject's history and says what to run"
set +e
swift run --package-path "$ROOT" purchase-conformance replay "$FILE" > tool.out 2>&1
status=$?
set -e
[[ $status == 2 ]] || { cat tool.out; fail "replay exited $status, expected 2"; }
grep -qF "PURCHASE_CONFORMANCE_REPLAY=$FILE swift test --filter" tool.out || { cat tool.out; fail "replay did not print the swift test command"; }

step "4. corpus add keeps the failure in the package's own corpus"
swift run --package-path "$ROOT" purchase-conformance corpus add "$FILE" --name plans-both-unlocked --corpus Tests/CoinShopTests/Corpus > add.out 2>&1 \
    || { cat add.out; fail "corpus add failed"; }
grep -q '"check": "one-level-per-group"' Tests/CoinShopTests/Corpus/plans-both-unlocked.json || fail "the corpus case lost its check"
grep -q '"subject": "ShopSubject"' Tests/CoinShopTests/Corpus/plans-both-unlocked.json || fail "the corpus case lost its subject"

step "5. swift test replays the corpus (the case fails as recorded, so it holds)"
swift test --filter corpusCase > corpus.out 2>&1 || { cat corpus.out; fail "the corpus test failed"; }
grep -q "1 test case\|with 1 test\|passed" corpus.out || { cat corpus.out; fail "the corpus test did not run"; }

step "6. after the fix the corpus case says so; marked passing, it guards the fix"
sed -i 's/guard tx.revocationDate == nil, let product/guard tx.revocationDate == nil, !tx.isUpgraded, let product/' Tests/CoinShopTests/ShopSubject.swift
grep -q '!tx.isUpgraded' Tests/CoinShopTests/ShopSubject.swift || fail "could not apply the fix"
set +e
swift test --filter corpusCase > fixed.out 2>&1
status=$?
set -e
[[ $status == 1 ]] || { cat fixed.out; fail "the fixed subject should make the corpus case report the fix"; }
grep -q "the bug is fixed" fixed.out || { cat fixed.out; fail "no 'the bug is fixed' message"; }
python3 - Tests/CoinShopTests/Corpus/plans-both-unlocked.json <<'EOF'
import json, sys
p = sys.argv[1]
d = json.load(open(p))
d["expect"] = {"passes": True}
json.dump(d, open(p, "w"), indent=2, sort_keys=True)
EOF
swift test --filter corpusCase > passes.out 2>&1 || { cat passes.out; fail "the passing corpus case failed"; }
rm -rf .purchase-conformance
swift test --filter shopConforms > clean.out 2>&1 || { cat clean.out; fail "the fixed shop still fails"; }

echo "user-path: every step held (package in $DIR)" >&2
