#if !canImport(Darwin)
    /// A value kept in user defaults under a key (a stand-in for SwiftUI's `@AppStorage`).
    ///
    /// Reads and writes go straight to the defaults (`store`, else `UserDefaults.standard`), as
    /// SwiftUI's do; there is no view to update. In a simulation pass a store per simulated
    /// device, since `UserDefaults.standard` is shared by every history of the process.
    @propertyWrapper
    public struct AppStorage<Value>: @unchecked Sendable {
        private let key: String
        private let store: UserDefaults
        private let defaultValue: Value
        private let decode: (Any) -> Value?
        private let encode: (Value) -> Any?

        private init(
            key: String, store: UserDefaults?, defaultValue: Value, decode: @escaping (Any) -> Value?,
            encode: @escaping (Value) -> Any?
        ) {
            self.key = key
            self.store = store ?? .standard
            self.defaultValue = defaultValue
            self.decode = decode
            self.encode = encode
        }

        /// The stored value, or the default when none is stored (or it has another type).
        public var wrappedValue: Value {
            get { store.object(forKey: key).flatMap(decode) ?? defaultValue }
            nonmutating set {
                if let object = encode(newValue) { store.set(object, forKey: key) } else { store.removeObject(forKey: key) }
            }
        }
    }

    extension AppStorage {
        /// Stores a plain property-list value (Bool, Int, Double, String, URL as a string, Data).
        private init(plain defaultValue: Value, _ key: String, store: UserDefaults?) {
            self.init(key: key, store: store, defaultValue: defaultValue, decode: { $0 as? Value }, encode: { $0 })
        }

        /// A Boolean kept under `key`.
        public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Bool {
            self.init(plain: wrappedValue, key, store: store)
        }
        /// An integer kept under `key`.
        public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Int {
            self.init(plain: wrappedValue, key, store: store)
        }
        /// A double kept under `key`.
        public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Double {
            self.init(plain: wrappedValue, key, store: store)
        }
        /// A string kept under `key`.
        public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == String {
            self.init(plain: wrappedValue, key, store: store)
        }
        /// Data kept under `key`.
        public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Data {
            self.init(plain: wrappedValue, key, store: store)
        }
        /// A URL kept under `key` (as its absolute string).
        public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == URL {
            self.init(
                key: key, store: store, defaultValue: wrappedValue, decode: { ($0 as? String).flatMap(URL.init(string:)) },
                encode: { $0.absoluteString })
        }
        /// A string-backed enumeration kept under `key` as its raw value.
        public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
        where Value: RawRepresentable, Value.RawValue == String {
            self.init(
                key: key, store: store, defaultValue: wrappedValue, decode: { ($0 as? String).flatMap(Value.init(rawValue:)) },
                encode: { $0.rawValue })
        }
        /// An integer-backed enumeration kept under `key` as its raw value.
        public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
        where Value: RawRepresentable, Value.RawValue == Int {
            self.init(
                key: key, store: store, defaultValue: wrappedValue, decode: { ($0 as? Int).flatMap(Value.init(rawValue:)) },
                encode: { $0.rawValue })
        }
    }

    extension AppStorage where Value: ExpressibleByNilLiteral {
        /// An optional Boolean kept under `key`; nil removes it.
        public init(_ key: String, store: UserDefaults? = nil) where Value == Bool? {
            self.init(key: key, store: store, defaultValue: nil, decode: { $0 as? Bool }, encode: { $0 })
        }
        /// An optional integer kept under `key`; nil removes it.
        public init(_ key: String, store: UserDefaults? = nil) where Value == Int? {
            self.init(key: key, store: store, defaultValue: nil, decode: { $0 as? Int }, encode: { $0 })
        }
        /// An optional string kept under `key`; nil removes it.
        public init(_ key: String, store: UserDefaults? = nil) where Value == String? {
            self.init(key: key, store: store, defaultValue: nil, decode: { $0 as? String }, encode: { $0 })
        }
        /// An optional double kept under `key`; nil removes it.
        public init(_ key: String, store: UserDefaults? = nil) where Value == Double? {
            self.init(key: key, store: store, defaultValue: nil, decode: { $0 as? Double }, encode: { $0 })
        }
        /// Optional data kept under `key`; nil removes it.
        public init(_ key: String, store: UserDefaults? = nil) where Value == Data? {
            self.init(key: key, store: store, defaultValue: nil, decode: { $0 as? Data }, encode: { $0 })
        }
    }
#endif
