import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine

/// An app of a PurchaseBench edition, made from a mutant's name (nil: the correct app).
protocol BenchSubject: PurchaseSubject {
    init(benchMutant: String?)
}

extension BenchApp: BenchSubject {
    init(benchMutant: String?) { self.init(mutant: benchMutant.flatMap(BenchApp.Mutant.init(rawValue:))) }
}

/// Which PurchaseBench this run measures: 1 (`../shared/bench/PurchaseBench-1.md`) or 2
/// (`Benchmarks/PurchaseBench-2.md`, billing grace and retry).
enum BenchSuite: Int, Sendable {
    case one = 1, two = 2

    /// The suite chosen with `--bench` (set once by `main` before any work).
    nonisolated(unsafe) static var current = BenchSuite.one

    /// The mutants' names, in the spec's order.
    var mutants: [String] {
        switch self {
        case .one: return BenchApp.Mutant.allCases.map(\.rawValue)
        case .two: return Bench2App.Mutant.allCases.map(\.rawValue)
        }
    }

    /// The store: PurchaseBench-1's, plus (for 2) a 16-day grace period and 60 days of retry.
    var settings: StoreSettings {
        var settings = PurchaseBench.settings
        if self == .two {
            settings.gracePeriod = .days(16)
            settings.billingRetry = .days(60)
        }
        return settings
    }

    /// The generation profile: PurchaseBench-1's nine equally likely kinds, and for 2 also
    /// `failBilling` and `fixBilling` (one `setBilling` kind of weight two, drawing either).
    var profile: GenerationProfile {
        var profile = PurchaseBench.profile
        profile.fixedSettings = settings
        if self == .two { profile.kinds.append((.setBilling, 2)) }
        return profile
    }

    /// The spec's ideal length of each mutant's shrunk history.
    var idealLength: [String: Int] {
        switch self {
        case .one: return ["M1": 2, "M2": 3, "M3": 2, "M4": 2, "M5": 2, "M6": 3, "M7": 3, "M8": 3]
        case .two: return ["D1": 3, "D2": 3, "D3": 4, "D4": 6, "D5": 4, "D6": 6, "D7": 5, "D8": 4]
        }
    }

    /// The spec's smallest sufficient time advanced (the sum of the ideal's `advance`s, in days).
    var idealDays: [String: Int] {
        switch self {
        case .one: return ["M2": 30, "M5": 30, "M6": 365]
        case .two: return ["D1": 30, "D2": 46, "D3": 46, "D4": 60, "D5": 60, "D6": 60, "D7": 60, "D8": 365]
        }
    }

    /// Calls `body` with the app type of this suite.
    func withApp<R>(_ body: (any BenchSubject.Type) -> R) -> R {
        switch self {
        case .one: return body(BenchApp.self)
        case .two: return body(Bench2App.self)
        }
    }
}
