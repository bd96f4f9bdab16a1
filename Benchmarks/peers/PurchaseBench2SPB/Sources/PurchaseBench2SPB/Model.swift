// PurchaseBench-2: store model (PurchaseBench-1's plus billing failure, a 16-day grace
// period, 60 days of billing retry and recovery), the correct app, mutants D1..D8 and the
// four checks. Spec: Benchmarks/PurchaseBench-2.md (extends PurchaseBench-1.md).

enum Product: String, Sendable, CaseIterable {
    case coins, premium, monthly, yearly

    var isSub: Bool { self == .monthly || self == .yearly }
    var period: Int { self == .monthly ? 30 : 365 }
    /// 1 is the higher service level.
    var level: Int { self == .monthly ? 2 : 1 }
}

/// Billing grace lasts [E, E + graceDays); billing retry [E + graceDays, E + retryDays).
let graceDays = 16
let retryDays = 60

enum Mutant: String, Sendable, CaseIterable {
    case none, D1, D2, D3, D4, D5, D6, D7, D8
}

let allMutants: [Mutant] = [.D1, .D2, .D3, .D4, .D5, .D6, .D7, .D8]

enum Event: Sendable, Hashable, CustomStringConvertible {
    case buy(Product)
    case advance(Int)
    case cancelAutoRenew
    case refund(Int)
    case relaunch
    case restore
    case failBilling
    case fixBilling

    var description: String {
        switch self {
        case .buy(let p): return "buy(\(p.rawValue))"
        case .advance(let n): return "advance(\(n))"
        case .cancelAutoRenew: return "cancelAutoRenew"
        case .refund(let k): return "refund(\(k))"
        case .relaunch: return "relaunch"
        case .restore: return "restore"
        case .failBilling: return "failBilling"
        case .fixBilling: return "fixBilling"
        }
    }

    init?(parsing s: String) {
        let t = trimmed(s)
        switch t {
        case "cancelAutoRenew": self = .cancelAutoRenew; return
        case "relaunch": self = .relaunch; return
        case "restore": self = .restore; return
        case "failBilling": self = .failBilling; return
        case "fixBilling": self = .fixBilling; return
        default: break
        }
        guard let open = t.firstIndex(of: "("), t.hasSuffix(")") else { return nil }
        let kind = String(t[..<open])
        let arg = String(t[t.index(after: open)..<t.index(before: t.endIndex)])
        switch kind {
        case "buy":
            guard let p = Product(rawValue: arg) else { return nil }
            self = .buy(p)
        case "advance":
            guard let n = Int(arg) else { return nil }
            self = .advance(n)
        case "refund":
            guard let k = Int(arg) else { return nil }
            self = .refund(k)
        default: return nil
        }
    }
}

func trimmed(_ str: String) -> String {
    var s = Substring(str)
    while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
    while let l = s.last, l == " " || l == "\t" || l == "\r" || l == "\n" { s = s.dropLast() }
    return String(s)
}

struct Tx: Sendable {
    let id: Int
    let originalID: Int
    let product: Product
    let purchaseDay: Int
    let expiresDay: Int?  // subscriptions only
    var revoked = false
    var upgraded = false
    var finished = false

    var isRenewal: Bool { originalID != id }
}

/// The store's PurchaseBench-1 activity rule (the model's; the app may compute its own end).
@inline(__always)
func subActive(_ t: Tx, _ d: Int) -> Bool {
    guard let e = t.expiresDay else { return false }
    return !t.revoked && !t.upgraded && t.purchaseDay <= d && d < e
}

enum Trouble: Sendable { case none, grace, retry }

/// Product.SubscriptionInfo.Status of group `pro`, as the store reports it.
enum StatusKind: Sendable { case none, subscribed, expired, inGracePeriod, inBillingRetryPeriod }

/// The model: the store's view of the world.
final class Store {
    var now = 0
    var txs: [Tx] = []
    var autoRenew = false
    var nextProduct: Product? = nil
    var coinsSold = 0
    // PurchaseBench-2
    var billingOK = true
    var trouble = Trouble.none
    var troubleTx: Int? = nil  // index into txs while trouble != none
    var troubleE = 0           // E: expiresDay of troubleTx (the day the charge failed)

    @discardableResult
    func newTx(_ p: Product, purchaseDay: Int, expiresDay: Int? = nil, originalID: Int? = nil) -> Int {
        let id = txs.count + 1
        txs.append(Tx(id: id, originalID: originalID ?? id, product: p, purchaseDay: purchaseDay,
                      expiresDay: expiresDay))
        return id - 1
    }

    func activeSubIndex() -> Int? {
        var i = txs.count - 1
        while i >= 0 {
            if subActive(txs[i], now) { return i }
            i -= 1
        }
        return nil
    }

    /// The status of `pro` and the index of its transaction (troubleTx in trouble, else the
    /// active subscription transaction or, with none active, the latest subscription tx).
    func status() -> (kind: StatusKind, tx: Int?) {
        switch trouble {
        case .grace: return (.inGracePeriod, troubleTx)
        case .retry: return (.inBillingRetryPeriod, troubleTx)
        case .none:
            if let a = activeSubIndex() { return (.subscribed, a) }
            guard let last = txs.lastIndex(where: { $0.product.isSub }) else { return (.none, nil) }
            return (.expired, last)
        }
    }

    func inGrace(_ i: Int) -> Bool { trouble == .grace && troubleTx == i }

    func entitlements() -> Set<Product> {
        var s = Set<Product>()
        for i in txs.indices {
            let t = txs[i]
            if t.product == .premium && !t.revoked { s.insert(.premium) }
            else if subActive(t, now) || inGrace(i) { s.insert(t.product) }
        }
        return s
    }

    /// Entitlement transactions in creation order; in grace they include troubleTx.
    func entitlementIndices() -> [Int] {
        txs.indices.filter { i in
            let t = txs[i]
            return (t.product == .premium && !t.revoked) || subActive(t, now) || inGrace(i)
        }
    }

    func unfinishedIndices() -> [Int] { txs.indices.filter { !txs[$0].finished } }

    func refundableIndices() -> [Int] {
        txs.indices.filter { txs[$0].product != .coins && !txs[$0].revoked }
    }

    // preconditions
    func canBuy(_ p: Product) -> Bool {
        guard trouble == .none else { return false }
        switch p {
        case .coins: return true
        case .premium: return !txs.contains { $0.product == .premium && !$0.revoked }
        default:
            guard let a = activeSubIndex() else { return true }
            return txs[a].product != p
        }
    }

    func canCancel() -> Bool { activeSubIndex() != nil }
    func canRefund() -> Bool { trouble == .none && txs.contains { $0.product != .coins && !$0.revoked } }

    func precondition(_ e: Event) -> Bool {
        switch e {
        case .buy(let p): return canBuy(p)
        case .cancelAutoRenew: return canCancel()
        case .refund: return canRefund()
        case .failBilling: return billingOK
        case .fixBilling: return !billingOK
        case .advance, .relaunch, .restore: return true
        }
    }

    // effects; each returns the indices of the txs to deliver, in order
    func buy(_ p: Product) -> [Int] {
        switch p {
        case .coins:
            coinsSold += 1
            return [newTx(.coins, purchaseDay: now)]
        case .premium:
            return [newTx(.premium, purchaseDay: now)]
        default:
            guard let a = activeSubIndex() else {
                let i = newTx(p, purchaseDay: now, expiresDay: now + p.period)
                autoRenew = true
                nextProduct = p
                return [i]
            }
            if p.level < txs[a].product.level {  // upgrade, effective now, new chain
                txs[a].upgraded = true
                let i = newTx(p, purchaseDay: now, expiresDay: now + p.period)
                autoRenew = true
                nextProduct = p
                return [a, i]
            }
            nextProduct = p  // downgrade, effective at the next renewal
            autoRenew = true
            return []
        }
    }

    /// In day order up to now + n (inclusive): renewals or, with billing failing, the start of
    /// grace; grace -> retry at E + 16; retry -> none (expired) at E + 60.
    func advance(_ n: Int) -> [Int] {
        var out: [Int] = []
        let end = now + n
        var cur = trouble == .none ? activeSubIndex() : nil
        loop: while true {
            switch trouble {
            case .none:
                guard let c = cur, autoRenew, let e = txs[c].expiresDay, e <= end else { break loop }
                if billingOK {
                    let p = nextProduct!
                    let i = newTx(p, purchaseDay: e, expiresDay: e + p.period, originalID: txs[c].originalID)
                    out.append(i)
                    cur = i
                } else {
                    trouble = .grace
                    troubleTx = c
                    troubleE = e
                    cur = nil
                }
            case .grace:
                guard troubleE + graceDays <= end else { break loop }
                trouble = .retry
            case .retry:
                guard troubleE + retryDays <= end else { break loop }
                trouble = .none  // the subscription has expired
                troubleTx = nil
                cur = nil
            }
        }
        now = end
        return out
    }

    func cancelAutoRenew() { autoRenew = false }

    func refund(_ k: Int) -> [Int] {
        let r = refundableIndices()
        let i = r[((k % r.count) + r.count) % r.count]
        txs[i].revoked = true
        if txs[i].product.isSub { autoRenew = false }
        return [i]
    }

    func failBilling() { billingOK = false }

    /// Billing works again; in trouble, a recovery: a renewal of nextProduct in the chain,
    /// keeping the cycle in grace (E + period) and restarting it in retry (now + period).
    func fixBilling() -> [Int] {
        billingOK = true
        guard trouble != .none, let t = troubleTx else { return [] }
        let p = nextProduct!
        let expires = trouble == .grace ? troubleE + p.period : now + p.period
        let i = newTx(p, purchaseDay: now, expiresDay: expires, originalID: txs[t].originalID)
        trouble = .none
        troubleTx = nil
        return [i]
    }

    func finish(_ id: Int) { txs[id - 1].finished = true }
}

/// The app under test: PurchaseBench-1's correct app plus the status-based grace rule, or one
/// of the mutants D1..D8.
final class App {
    let m: Mutant
    unowned let store: Store
    var balance = 0              // persisted across relaunch
    var credited = Set<Int>()    // persisted across relaunch
    var mem: [Int: Tx] = [:]     // latest delivered snapshot by id (process memory)
    var firstSeenGrace: [Int: Int] = [:]      // D3: status tx id -> F (process memory)
    var seenInGrace: [Int: Set<Int>] = [:]    // D6: originalID -> tx ids seen in grace (process memory)
    var computedEnd: [Int: Int] = [:]         // D5, D7: tx id -> end computed at first receipt (process memory)
    var chainEnd: [Int: Int] = [:]            // D5, D7: originalID -> latest kept end (process memory)

    init(_ m: Mutant, _ store: Store) {
        self.m = m
        self.store = store
    }

    func deliver(_ tx: Tx) {
        if tx.product == .coins && !credited.contains(tx.id) {
            credited.insert(tx.id)
            balance += 100
        }
        if tx.product != .coins, mem[tx.id] == nil, let expires = tx.expiresDay, m == .D5 || m == .D7 {
            var end = expires
            if tx.isRenewal, let last = chainEnd[tx.originalID] {
                end = m == .D7 && tx.purchaseDay > last + graceDays ? tx.purchaseDay + tx.product.period : last + tx.product.period
            }
            computedEnd[tx.id] = end
            chainEnd[tx.originalID] = max(chainEnd[tx.originalID] ?? end, end)
        }
        mem[tx.id] = tx
        store.finish(tx.id)
    }

    func relaunch() {
        mem = [:]
        firstSeenGrace = [:]
        seenInGrace = [:]
        computedEnd = [:]
        chainEnd = [:]
    }

    /// The end the app computes for a subscription transaction (D4, D5, D7 differ).
    func end(_ tx: Tx) -> Int {
        let period = tx.product.period
        switch m {
        case .D4:
            return tx.purchaseDay + period
        case .D5, .D7:
            return computedEnd[tx.id] ?? tx.expiresDay!
        default:
            return tx.expiresDay!
        }
    }

    /// product -> ids of the transactions that entitle it (a query: it reads the status now).
    func entitlementMap() -> [Product: Set<Int>] {
        let now = store.now
        var out: [Product: Set<Int>] = [:]
        for tx in mem.values {
            if tx.product == .coins || tx.revoked { continue }
            if tx.product == .premium {
                out[.premium, default: []].insert(tx.id)
                continue
            }
            if !tx.upgraded && tx.purchaseDay <= now && now < end(tx) {
                out[tx.product, default: []].insert(tx.id)
            }
        }
        // The grace rule, from the status of `pro` read at this moment.
        let st = store.status()
        guard st.kind == .inGracePeriod || st.kind == .inBillingRetryPeriod, let si = st.tx else { return out }
        let stx = store.txs[si]  // snapshot of the status's transaction
        let inGrace = st.kind == .inGracePeriod
        let e = stx.expiresDay!
        var product = stx.product
        let granted: Bool
        switch m {
        case .D1:
            granted = e < now && now < e + graceDays
        case .D2:
            granted = e <= now && now <= e + graceDays
        case .D3:
            if inGrace && firstSeenGrace[stx.id] == nil { firstSeenGrace[stx.id] = now }
            granted = firstSeenGrace[stx.id].map { now < $0 + graceDays } ?? false
        case .D6:
            if inGrace { seenInGrace[stx.originalID, default: []].insert(stx.id) }
            granted = inGrace && seenInGrace[stx.originalID, default: []].count < 2
        case .D8:
            granted = inGrace
            if inGrace { product = store.nextProduct! }
        default:
            granted = inGrace
        }
        if granted { out[product, default: []].insert(stx.id) }
        return out
    }
}

/// Store + app + the four checks.
struct Harness {
    let store: Store
    let app: App

    init(_ m: Mutant) {
        store = Store()
        app = App(m, store)
    }

    /// Runs one event whose precondition holds; returns the names of the failing checks.
    func apply(_ e: Event) -> [String] {
        var delivered: [Int] = []
        func hand(_ i: Int) {
            delivered.append(store.txs[i].id)
            app.deliver(store.txs[i])
        }
        switch e {
        case .buy(let p): for i in store.buy(p) { hand(i) }
        case .advance(let n): for i in store.advance(n) { hand(i) }
        case .cancelAutoRenew: store.cancelAutoRenew()
        case .refund(let k): for i in store.refund(k) { hand(i) }
        case .relaunch:
            app.relaunch()
            for i in store.entitlementIndices() { hand(i) }
            for i in store.unfinishedIndices() { hand(i) }
        case .restore: for i in store.entitlementIndices() { hand(i) }
        case .failBilling: store.failBilling()
        case .fixBilling: for i in store.fixBilling() { hand(i) }
        }
        return check(delivered)
    }

    func check(_ delivered: [Int]) -> [String] {
        var fails: [String] = []
        let emap = app.entitlementMap()
        if Set(emap.keys) != store.entitlements() { fails.append("entitlements") }
        if app.balance != 100 * store.coinsSold { fails.append("coins") }
        if delivered.contains(where: { !store.txs[$0 - 1].finished }) { fails.append("finish") }
        if emap.values.contains(where: { ids in ids.contains { store.txs[$0 - 1].revoked } }) {
            fails.append("refunded-never-entitled")
        }
        return fails
    }
}

/// Runs a generated event list, skipping events whose precondition is false (a skipped event
/// keeps its index). Returns the index of the first failing event, its failing checks and the
/// executed events up to it.
func runHistory(_ m: Mutant, _ events: [Event]) -> (failIndex: Int?, fails: [String], executed: [Event]) {
    let h = Harness(m)
    var executed: [Event] = []
    for (i, e) in events.enumerated() {
        if !h.store.precondition(e) { continue }
        executed.append(e)
        let fails = h.apply(e)
        if !fails.isEmpty { return (i, fails, executed) }
    }
    return (nil, [], executed)
}

let specShortest: [Mutant: [String]] = [
    .D1: ["buy(monthly)", "failBilling", "advance(30)"],
    .D2: ["buy(monthly)", "failBilling", "advance(46)"],
    .D3: ["buy(monthly)", "failBilling", "advance(31)", "advance(15)"],
    .D4: ["buy(monthly)", "failBilling", "advance(31)", "fixBilling", "cancelAutoRenew", "advance(29)"],
    .D5: ["buy(monthly)", "failBilling", "advance(60)", "fixBilling"],
    .D6: ["buy(monthly)", "failBilling", "advance(30)", "fixBilling", "failBilling", "advance(30)"],
    .D7: ["buy(monthly)", "failBilling", "advance(46)", "fixBilling", "advance(14)"],
    .D8: ["buy(yearly)", "buy(monthly)", "failBilling", "advance(365)"],
]
/// The spec's smallest sufficient time advanced, in days (the sum of the ideal's advances).
let idealDays: [Mutant: Int] = [
    .D1: 30, .D2: 46, .D3: 46, .D4: 60, .D5: 60, .D6: 60, .D7: 60, .D8: 365,
]

/// Ideal: exactly the listed number of events, and its advances adding up to the listed days.
func isIdeal(_ m: Mutant, _ history: [String]) -> Bool {
    guard let spec = specShortest[m], let days = idealDays[m], history.count == spec.count else { return false }
    let got = history.compactMap { s -> Int? in
        if case .advance(let n)? = Event(parsing: s) { return n }
        return nil
    }
    return got.reduce(0, +) == days
}

// MARK: - copies, for the exhaustive minimality check (--minimality)

extension Store {
    func copy() -> Store {
        let s = Store()
        s.now = now; s.txs = txs; s.autoRenew = autoRenew; s.nextProduct = nextProduct
        s.coinsSold = coinsSold; s.billingOK = billingOK; s.trouble = trouble
        s.troubleTx = troubleTx; s.troubleE = troubleE
        return s
    }
}

extension Harness {
    init(copying h: Harness) {
        let s = h.store.copy()
        let a = App(h.app.m, s)
        a.balance = h.app.balance; a.credited = h.app.credited; a.mem = h.app.mem
        a.firstSeenGrace = h.app.firstSeenGrace; a.seenInGrace = h.app.seenInGrace
        self.store = s
        self.app = a
    }
}
