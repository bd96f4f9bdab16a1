// The module named `Combine` where Apple's Combine does not exist (Package.swift declares it only
// there). Store classes are mostly `ObservableObject`s with `@Published` properties and write
// `import Combine` (or get it through `import StoreKit`, which re-exports this module). These
// stand-ins let such a class compile unchanged. They hold values and publish nothing: the
// conformance runner reads what the store grants through the adapter's `observe`, not a view.
#if !canImport(Darwin)

    /// An object a view could observe (a stand-in for Combine's `ObservableObject`).
    public protocol ObservableObject: AnyObject {
        /// The type of the publisher that announces changes.
        associatedtype ObjectWillChangePublisher = ObservableObjectPublisher
        /// Announces that the object is about to change.
        var objectWillChange: ObjectWillChangePublisher { get }
    }

    extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
        /// A publisher with no subscribers: announcing a change does nothing.
        public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
    }

    /// Announces changes of an observable object (a stand-in with no subscribers).
    public final class ObservableObjectPublisher: Sendable {
        /// Creates a publisher.
        public init() {}
        /// Announces a change; nobody listens in the simulation.
        public func send() {}
    }

    /// A property whose changes a view could observe (a stand-in for Combine's `@Published`).
    @propertyWrapper
    public struct Published<Value> {
        /// The property's value.
        public var wrappedValue: Value
        /// Wraps an initial value.
        public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
        /// Wraps an initial value (Combine's older spelling).
        public init(initialValue: Value) { self.wrappedValue = initialValue }
    }

    extension Published: Sendable where Value: Sendable {}
#endif
