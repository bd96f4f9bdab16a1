#if !canImport(Darwin)
    /// A cancellation token (a stand-in for Combine's): cancelling runs the given closure once.
    ///
    /// Store classes keep `Set<AnyCancellable>` for their subscriptions; with the stand-ins nothing
    /// publishes, so tokens are only made by code that creates them directly.
    public final class AnyCancellable: Hashable, @unchecked Sendable {
        private var cancelAction: (() -> Void)?

        /// Creates a token that runs `cancel` when cancelled or released.
        public init(_ cancel: @escaping () -> Void) { self.cancelAction = cancel }

        deinit { cancel() }

        /// Runs the cancellation closure, the first time only.
        public func cancel() {
            let action = cancelAction
            cancelAction = nil
            action?()
        }

        /// Keeps the token in a collection of tokens.
        public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }

        /// Keeps the token in an array of tokens.
        public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
            collection.append(self)
        }

        /// Tokens are equal when they are the same object.
        public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }

        /// Hashes the object's identity.
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }
#endif
