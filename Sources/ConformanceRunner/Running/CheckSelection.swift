/// Which checks run: the built-in ones switched on, plus the user's custom checks.
public struct CheckSelection: Sendable {
    /// The built-in checks that run (all by default).
    public var builtIn: Set<CheckID> { didSet { mask = Self.mask(builtIn) } }
    /// The built-in checks as a bit mask in `CheckDescription.builtIn` order, for fast tests.
    private var mask: UInt64 = 0
    /// The user's own checks, evaluated after the built-in ones, in this order.
    public var custom: [CustomCheck]
    /// Checks a campaign has already reported: a failure named after one of them (its most
    /// specific failing check) counts as a pass, so the search moves on to other bugs.
    public var alreadyReported: Set<CheckID> = []

    /// Every built-in check and no custom check.
    public init(builtIn: Set<CheckID> = Set(CheckDescription.builtIn.map(\.id)), custom: [CustomCheck] = []) {
        self.builtIn = builtIn
        self.custom = custom
        self.mask = Self.mask(builtIn)
    }

    private static func mask(_ ids: Set<CheckID>) -> UInt64 {
        var mask: UInt64 = 0
        for (i, d) in CheckDescription.builtIn.enumerated() where ids.contains(d.id) { mask |= 1 << UInt64(i) }
        return mask
    }

    /// Whether built-in check `id` runs.
    @inline(__always)
    func enabled(_ id: CheckID) -> Bool {
        id.builtInIndex >= 0 && mask & (1 << UInt64(id.builtInIndex)) != 0
    }

    /// The same selection without `ids`.
    public func skipping(_ ids: [CheckID]) -> CheckSelection {
        var copy = self
        copy.builtIn.subtract(ids)
        copy.custom.removeAll { ids.contains($0.id) }
        return copy
    }

    /// Every check name this selection can report, built-in order first.
    public var allIDs: [CheckID] {
        CheckDescription.builtIn.map(\.id).filter { builtIn.contains($0) } + custom.map(\.id)
    }

    /// Whether `id` names a built-in or custom check that exists (enabled or not).
    public func knows(_ id: CheckID) -> Bool {
        CheckDescription.builtIn(id) != nil || custom.contains { $0.id == id }
    }
}
