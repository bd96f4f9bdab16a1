#if !canImport(Darwin)
    /// A key for a value kept in `EnvironmentValues` (a stand-in for SwiftUI's `EnvironmentKey`):
    /// the value's type and the default read before anything is set.
    public protocol EnvironmentKey {
        /// The type of the value the key holds.
        associatedtype Value
        /// The value read when none has been set for this key.
        static var defaultValue: Value { get }
    }

    /// A collection of values keyed by their `EnvironmentKey` type (a stand-in for SwiftUI's
    /// `EnvironmentValues`): store classes extend it with a computed property per key, as they
    /// do on Apple's platforms; there is no view hierarchy to pass it down.
    public struct EnvironmentValues: CustomStringConvertible {
        private var values: [ObjectIdentifier: Any] = [:]

        /// An environment in which every key reads its default.
        public init() {}

        /// The value set for `key`, or its `defaultValue` when none is set.
        public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
            get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
            set { values[ObjectIdentifier(key)] = newValue }
        }

        /// How many keys have a value set.
        public var description: String { "EnvironmentValues(\(values.count) set)" }
    }
#endif
