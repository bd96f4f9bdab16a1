extension UserDefaults {
    /// Stores a value for a key, as Apple's key-value coding does for defaults (`set(_:forKey:)`).
    ///
    /// Apple's Foundation, which `import StoreKit` brings in, lets store classes write
    /// `UserDefaults.standard.setValue(true, forKey: id)` through `NSObject` key-value coding;
    /// Foundation on Linux has no key-value coding, so the `StoreKit` module adds the two calls.
    public func setValue(_ value: Any?, forKey key: String) { set(value, forKey: key) }

    /// The value stored for a key, as Apple's key-value coding reads defaults (`object(forKey:)`).
    public func value(forKey key: String) -> Any? { object(forKey: key) }
}
