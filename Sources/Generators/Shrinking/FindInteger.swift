/// Finds a large `n` with `holds(n)` true, assuming `holds(0)` is true and `holds` is mostly
/// monotone: tries 1…4 one by one, then doubles, then binary-searches the last gap.
///
/// This is Hypothesis's `find_integer`: it costs O(log n) calls for a result of `n`.
func findInteger(limit: Int = .max, _ holds: (Int) -> Bool) -> Int {
    var low = 0
    for candidate in 1...4 {
        guard candidate <= limit, holds(candidate) else { return low }
        low = candidate
    }
    var high = low &* 2
    while high <= limit, holds(high) {
        low = high
        guard high <= Int.max / 2 else { return low }
        high &*= 2
    }
    high = Swift.min(high, limit &+ 1)
    while low + 1 < high {
        let middle = low + (high - low) / 2
        if holds(middle) { low = middle } else { high = middle }
    }
    return low
}

/// Finds a large `d` in `1...limit` with `holds(d)` true: tries `limit`, then 1, then
/// binary-searches between them. Returns 0 when even `holds(1)` fails.
func maximizeAmount(limit: UInt64, _ holds: (UInt64) -> Bool) -> UInt64 {
    guard limit > 0 else { return 0 }
    if holds(limit) { return limit }
    guard limit > 1, holds(1) else { return 0 }
    var low: UInt64 = 1
    var high = limit
    while low + 1 < high {
        let middle = low + (high - low) / 2
        if holds(middle) { low = middle } else { high = middle }
    }
    return low
}
