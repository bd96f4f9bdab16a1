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

    init(isRunning: @escaping () -> Bool) {
        defaults = SimulatedDefaults(isRunning: isRunning)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        self.calendar = calendar
    }

    /// The device clock now (a `setDeviceClock` event can move it away from the true time).
    public var now: Date { deviceNow }

    func setNow(_ date: Date) { deviceNow = date }
}

/// A small `UserDefaults`-like store kept on the simulated device.
public final class SimulatedDefaults: @unchecked Sendable {
    private var values: [String: Value] = [:]
    private let isRunning: () -> Bool

    enum Value {
        case data(Data), string(String), integer(Int), double(Double), bool(Bool)
    }

    init(isRunning: @escaping () -> Bool) { self.isRunning = isRunning }

    private func write(_ value: Value?, _ key: String) {
        guard isRunning() else { return }
        values[key] = value
    }

    /// Stores a property-list value as `UserDefaults` does: data, strings, numbers and Booleans
    /// are kept, nil removes the key, anything else is ignored.
    public func set(_ value: Any?, forKey key: String) {
        switch value {
        case nil: write(nil, key)
        case let data as Data: write(.data(data), key)
        case let string as String: write(.string(string), key)
        case let bool as Bool: write(.bool(bool), key)
        case let int as Int: write(.integer(int), key)
        case let double as Double: write(.double(double), key)
        default: break
        }
    }

    /// The value stored under `key`, if any.
    public func object(forKey key: String) -> Any? {
        switch values[key] {
        case .data(let value)?: return value
        case .string(let value)?: return value
        case .integer(let value)?: return value
        case .double(let value)?: return value
        case .bool(let value)?: return value
        case nil: return nil
        }
    }

    /// Stores data (nil removes the key).
    public func set(_ value: Data?, forKey key: String) { write(value.map(Value.data), key) }
    /// Stores a string (nil removes the key).
    public func set(_ value: String?, forKey key: String) { write(value.map(Value.string), key) }
    /// Stores an integer.
    public func set(_ value: Int, forKey key: String) { write(.integer(value), key) }
    /// Stores a floating-point number.
    public func set(_ value: Double, forKey key: String) { write(.double(value), key) }
    /// Stores a Boolean.
    public func set(_ value: Bool, forKey key: String) { write(.bool(value), key) }
    /// Removes a key.
    public func removeObject(forKey key: String) { write(nil, key) }

    /// The data stored under `key`, if any.
    public func data(forKey key: String) -> Data? {
        if case .data(let value)? = values[key] { return value }
        return nil
    }

    /// The string stored under `key`, if any.
    public func string(forKey key: String) -> String? {
        if case .string(let value)? = values[key] { return value }
        return nil
    }

    /// The integer stored under `key`, or 0.
    public func integer(forKey key: String) -> Int {
        switch values[key] {
        case .integer(let value)?: return value
        case .double(let value)?: return Int(value)
        case .bool(let value)?: return value ? 1 : 0
        default: return 0
        }
    }

    /// The number stored under `key`, or 0.
    public func double(forKey key: String) -> Double {
        switch values[key] {
        case .double(let value)?: return value
        case .integer(let value)?: return Double(value)
        default: return 0
        }
    }

    /// The Boolean stored under `key`, or false.
    public func bool(forKey key: String) -> Bool {
        switch values[key] {
        case .bool(let value)?: return value
        case .integer(let value)?: return value != 0
        default: return false
        }
    }
}
