import Foundation

/// A small `UserDefaults`-like store kept on the simulated device.
public final class SimulatedDefaults: @unchecked Sendable {
    private var values: [String: Value] = [:]
    /// Whether the app is running (writes of a terminated app are lost).
    var acceptsWrites = false

    enum Value {
        case data(Data)
        case string(String)
        case integer(Int)
        case double(Double)
        case bool(Bool)
    }

    init() {}

    private func write(_ value: Value?, _ key: String) {
        guard acceptsWrites else { return }
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
