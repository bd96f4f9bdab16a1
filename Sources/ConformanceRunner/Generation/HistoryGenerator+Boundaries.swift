import Generators
import PurchaseStateMachine

/// Where near a model boundary generated time lands, in shrink order: exactly on it first.
enum BoundaryOffset: CaseIterable {
    case exact, secondBefore, secondAfter, dayBefore, dayAfter, span

    /// The fixed offset in seconds (nil for `span`, which draws its own).
    var seconds: Int64? {
        switch self {
        case .exact: return 0
        case .secondBefore: return -1
        case .secondAfter: return 1
        case .dayBefore: return -86_400
        case .dayAfter: return 86_400
        case .span: return nil
        }
    }

    /// The longest short random span, either side of the boundary: two days.
    static let longestSpan = 172_800

    /// The offsets whose fixed part is a whole number of `granularity` seconds, in shrink order
    /// (every offset at the default granularity of one second).
    static func allowed(granularity: Int64) -> [BoundaryOffset] {
        granularity <= 1 ? allCases : allCases.filter { $0.seconds.map { $0 % granularity == 0 } ?? true }
    }
}

extension HistoryGenerator {
    /// How many of the next boundaries a draw can aim at (the `k` of "the k-th next boundary").
    static let boundaryReach = 4

    /// Draws, with the profile's boundary probability, an instant near one of the model's next
    /// boundaries (`StoreModel.upcomingBoundaries`); nil means "draw time the ordinary way".
    ///
    /// The draws are: aim or not (not is the simpler choice), which boundary (`k mod count`, the
    /// earliest simplest), which offset (`BoundaryOffset`, exact simplest), and for a random span
    /// its side and length. The caller writes the result as an ordinary event.
    func drawBoundaryTarget(_ tc: TestCase, model: StoreModel) throws(GenerationStop) -> Instant? {
        guard profile.boundaryProbability > 0 else { return nil }
        let boundaries = model.upcomingBoundaries
        guard !boundaries.isEmpty, try tc.drawBool(probability: profile.boundaryProbability) else { return nil }
        return try drawAim(tc, at: boundaries)
    }

    /// The aim itself, once the coin said to aim: which of `boundaries` (earliest first), which offset.
    func drawAim(_ tc: TestCase, at boundaries: [Instant]) throws(GenerationStop) -> Instant {
        let k = try Self.drawFavouringFirst(tc, count: Self.boundaryReach) % boundaries.count
        let step = max(1, profile.boundaryGranularity)
        let offsets = BoundaryOffset.allowed(granularity: step)
        let offset = offsets[try Self.drawFavouringFirst(tc, count: offsets.count)]
        var seconds = offset.seconds ?? 0
        if offset == .span {
            let before = try tc.drawBool(probability: 0.5)
            let longest = max(1, BoundaryOffset.longestSpan / Int(min(step, Int64(BoundaryOffset.longestSpan))))
            let length = Int64(try tc.drawInteger(in: 1...longest, shrinkingTowards: 1)) * step
            seconds = before ? -length : length
        }
        return boundaries[k].adding(seconds: seconds)
    }

    /// An index below `count`: the first (the simplest) half of the time, else any other alike,
    /// so the next boundary and the exact instant, where most windows open, are drawn most.
    static func drawFavouringFirst(_ tc: TestCase, count: Int) throws(GenerationStop) -> Int {
        guard count > 1, try tc.drawBool(probability: 0.5) else { return 0 }
        return try tc.drawInteger(in: 1...(count - 1))
    }

    /// An `advanceTime` duration that lands near a boundary, or nil to draw one the ordinary way.
    /// A target not after now (a boundary within a second or a day) lands on the boundary itself.
    func drawBoundaryAdvance(_ tc: TestCase, model: StoreModel) throws(GenerationStop) -> ISODuration? {
        guard let target = try drawBoundaryTarget(tc, model: model) else { return nil }
        return advance(to: target, in: model)
    }

    /// The advance from now to `target`, or to the next boundary when `target` is not after now.
    func advance(to target: Instant, in model: StoreModel) -> ISODuration {
        let now = model.state.now
        let seconds = now.seconds(to: target) > 0 ? now.seconds(to: target) : now.seconds(to: model.upcomingBoundaries[0])
        return Self.duration(seconds: seconds)
    }

    /// A device clock offset that makes the device read near a boundary, or nil for an ordinary one.
    func drawBoundaryClockOffset(_ tc: TestCase, model: StoreModel) throws(GenerationStop) -> ISODuration? {
        guard let target = try drawBoundaryTarget(tc, model: model) else { return nil }
        return Self.duration(seconds: model.state.now.seconds(to: target))
    }

    /// `seconds` as days, hours, minutes and seconds (negative when before now).
    static func duration(seconds: Int64) -> ISODuration {
        let magnitude = seconds.magnitude
        guard magnitude > 0 else { return .zero }
        return ISODuration(
            days: Int(magnitude / 86_400), hours: Int(magnitude % 86_400 / 3600), minutes: Int(magnitude % 3600 / 60),
            seconds: Int(magnitude % 60), isNegative: seconds < 0)
    }

    /// The choices that make `drawBoundaryTarget` aim at `target`, or nil when no aim reaches it.
    func encodeBoundaryTarget(_ target: Instant, model: StoreModel) -> [UInt64]? {
        let boundaries = model.upcomingBoundaries
        let step = max(1, profile.boundaryGranularity)
        let offsets = BoundaryOffset.allowed(granularity: step)
        for k in 0..<min(Self.boundaryReach, boundaries.count) {
            let delta = boundaries[k].seconds(to: target)
            if let o = offsets.firstIndex(where: { $0.seconds == delta }) {
                return [1] + Self.favouringFirst(k) + Self.favouringFirst(o)
            }
            if delta != 0, delta.magnitude <= UInt64(BoundaryOffset.longestSpan), delta % step == 0,
                let span = offsets.firstIndex(of: .span)
            {
                return [1] + Self.favouringFirst(k) + Self.favouringFirst(span)
                    + [delta < 0 ? 1 : 0, delta.magnitude / UInt64(step) - 1]
            }
        }
        return nil
    }

    /// The choices `drawFavouringFirst` reads as `index`.
    static func favouringFirst(_ index: Int) -> [UInt64] { index == 0 ? [0] : [1, UInt64(index - 1)] }

    /// Whether an aim-or-not choice is drawn before ordinary time in `model`.
    func drawsBoundaryChoice(in model: StoreModel) -> Bool {
        profile.boundaryProbability > 0 && model.hasUpcomingBoundary
    }
}
