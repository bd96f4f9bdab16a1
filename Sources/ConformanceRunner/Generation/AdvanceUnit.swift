import PurchaseStateMachine

/// One unit `advanceTime` is drawn in: whole days, hours or months within a range.
public struct AdvanceUnit: Hashable, Sendable {
    /// The calendar unit.
    public enum Unit: String, Hashable, Sendable {
        case days, hours, months
    }
    /// Days, hours or months.
    public var unit: Unit
    /// How many units one advance may be, the lower bound being the simplest.
    public var range: ClosedRange<Int>

    /// Creates a unit with its range (the lower bound is the shrink target).
    public init(_ unit: Unit, _ range: ClosedRange<Int>) {
        self.unit = unit
        self.range = range
    }

    /// Days 1…400 most of the time, hours 1…48 and months 1…13 for calendar edges.
    public static let defaults = [AdvanceUnit(.days, 1...400), AdvanceUnit(.hours, 1...48), AdvanceUnit(.months, 1...13)]

    func duration(_ amount: Int) -> ISODuration {
        switch unit {
        case .days: return .days(amount)
        case .hours: return ISODuration(hours: amount)
        case .months: return ISODuration(months: amount)
        }
    }
}
