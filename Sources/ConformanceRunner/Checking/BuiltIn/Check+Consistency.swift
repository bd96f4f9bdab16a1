import PurchaseStateMachine

// The consistency checks: what the app grants holds together across a group, a wrong device
// clock and a restore.

extension CheckID {
    /// At most one level of a subscription group is unlocked: the highest.
    public static let oneLevelPerGroup: CheckID = "one-level-per-group"
    /// What the app unlocks does not depend on the device clock.
    public static let clockSkewSafe: CheckID = "clock-skew-safe"
    /// Restoring purchases changes nothing the app grants.
    public static let restoreIdempotent: CheckID = "restore-idempotent"
}

extension Check {
    /// The consistency checks in the order they are evaluated.
    static let consistency: [Check] = [.oneLevelPerGroup, .clockSkewSafe, .restoreIdempotent]

    /// Within a subscription group the app unlocks the highest entitled level only.
    public static let oneLevelPerGroup = Check(
        id: .oneLevelPerGroup,
        rule: "Within a subscription group the app unlocks one level only, the highest the customer is entitled to; an upgraded-from plan never grants.",
        source: "§1, §8, §11; §16 B2; §17.2", whenAppAgrees: .holds
    ) { input in
        let catalog = input.model.catalog
        for (g, group) in catalog.groups.enumerated() {
            let unlocked = catalog.products(inGroup: g).filter { input.comparison.observed.contains($0) }
            let levels = Set(unlocked.compactMap { catalog.products[$0].subscription?.level })
            let superseded = unlocked.filter { input.statuses[$0] == .supersededInGroup }
            if levels.count > 1 || !superseded.isEmpty {
                let names = unlocked.map { catalog.products[$0].id }
                return input.entitlementDiscrepancy(
                    .oneLevelPerGroup, note: "group \(group): the app unlocks \(list(names)) at levels \(levels.sorted().map(String.init).joined(separator: ", "))")
            }
        }
        return nil
    }

    /// What the app unlocks does not change when the device clock is wrong.
    public static let clockSkewSafe = Check(
        id: .clockSkewSafe,
        rule: "What the app unlocks does not change when the device clock is wrong.",
        source: "§14; §16 B18; §17.9", whenAppAgrees: .holds
    ) { input in
        let offset = input.model.state.deviceClockOffset
        guard input.comparison.mismatch, offset != .zero, let trueClock = input.observedWithTrueClock,
            trueClock.entitledSorted == input.names(input.expected.entitled)
        else { return nil }
        return input.entitlementDiscrepancy(
            .clockSkewSafe, note: "the device clock is \(offset.iso8601) off; with the true clock the app grants \(list(trueClock.entitledSorted))")
    }

    /// A restore leaves what the app grants and credits as it should be.
    public static let restoreIdempotent = Check(
        id: .restoreIdempotent,
        rule: "Restoring purchases (AppStore.sync) leaves what the app grants and credits as it should be: it creates and restores nothing revoked and credits nothing twice.",
        source: "§6; §16 B5", whenAppAgrees: .holds
    ) { input in
        guard case .restore = input.event, let before = input.previousObserved else { return nil }
        let changed = before.entitledSorted != input.observed.entitledSorted || before.balances != input.observed.balances
        let wrong = input.comparison.mismatch || balanceMismatch(input) != nil
        guard changed && wrong else { return nil }
        return Discrepancy(
            check: .restoreIdempotent, subject: "What the app grants across the restore",
            expected: describe(before), actual: describe(input.observed),
            note: "restoring purchases changed the app's answer away from the model's")
    }

    /// What the app grants and credits, one line each.
    static func describe(_ state: ObservedState) -> [String] {
        ["entitled: \(list(state.entitledSorted))"] + state.balances.keys.sorted().map { "\($0): \(state.balances[$0] ?? 0)" }
    }
}
