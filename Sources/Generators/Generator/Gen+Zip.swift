extension Gen {
    /// Pairs of values drawn one after the other.
    @inlinable
    public static func zip<A, B>(_ a: Gen<A>, _ b: Gen<B>) -> Gen<(A, B)> where Value == (A, B) {
        Gen { testCase in (try a.draw(testCase), try b.draw(testCase)) }
    }

    /// Triples of values drawn one after the other.
    @inlinable
    public static func zip<A, B, C>(_ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>) -> Gen<(A, B, C)> where Value == (A, B, C) {
        Gen { testCase in (try a.draw(testCase), try b.draw(testCase), try c.draw(testCase)) }
    }

    /// Quadruples of values drawn one after the other.
    @inlinable
    public static func zip<A, B, C, D>(
        _ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>, _ d: Gen<D>
    ) -> Gen<(A, B, C, D)> where Value == (A, B, C, D) {
        Gen { testCase in
            (try a.draw(testCase), try b.draw(testCase), try c.draw(testCase), try d.draw(testCase))
        }
    }
}
