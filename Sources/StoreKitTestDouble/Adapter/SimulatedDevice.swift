import Foundation

/// The device the simulated app runs on: its clock, calendar and persistent storage.
///
/// A new customer gets a new device for every history; the device (and what the app saved on
/// it) survives relaunches. Store classes should read time and storage through it (injected at
/// launch) rather than through `Date()` and `UserDefaults.standard`, which the facade cannot
/// reach.
public final class SimulatedDevice: @unchecked Sendable {
    /// What the app saved; writes made after the app was terminated are lost.
    public let defaults: SimulatedDefaults
    /// The device's calendar: Gregorian in UTC, so "today" is the same on every machine.
    public let calendar: Calendar
    private var deviceNow = Date(timeIntervalSince1970: 0)

    init() {
        defaults = SimulatedDefaults()
        calendar = Self.utcCalendar
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// The device clock now (a `setDeviceClock` event can move it away from the true time).
    public var now: Date { deviceNow }

    func setNow(_ date: Date) { deviceNow = date }
}
