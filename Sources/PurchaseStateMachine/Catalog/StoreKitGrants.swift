/// What a `.storekit` file cannot say and the model needs: how many units each consumable
/// credits and how long each non-renewing subscription lasts.
///
/// Given in code, on the command line (`--grants coins=100`, `--durations season=P3M`), or in
/// a file next to the `.storekit` with the same name and `.conformance.json` instead of
/// `.storekit` (`Products.storekit` → `Products.conformance.json`):
///
/// ```json
/// {"consumables": {"coins100": 100}, "nonRenewing": {"season.pass": "P3M"}}
/// ```
public struct StoreKitGrants: Hashable, Sendable {
    /// Units credited per item bought, by consumable product id.
    public var consumables: [String: Int]
    /// Durations by non-renewing subscription product id.
    public var nonRenewing: [String: ISODuration]

    /// Creates grants and durations by product id.
    public init(consumables: [String: Int] = [:], nonRenewing: [String: ISODuration] = [:]) {
        self.consumables = consumables
        self.nonRenewing = nonRenewing
    }

    /// How the overrides file is named, for messages.
    public static let fileHint = "a NAME.conformance.json file next to NAME.storekit ({\"consumables\": {\"ID\": N}, \"nonRenewing\": {\"ID\": \"P3M\"}})"

    /// The overrides file that belongs to the `.storekit` file at `path`.
    public static func overridesPath(for path: String) -> String {
        (path.hasSuffix(".storekit") ? String(path.dropLast(".storekit".count)) : path) + ".conformance.json"
    }

    /// Reads the overrides file's JSON; unknown keys, a grant that is not a positive integer or
    /// a duration that is not ISO 8601 are errors naming the field.
    public init(json: JSONValue) throws(FormatError) {
        var r = try JSONObjectReader(json, path: "")
        consumables = [:]
        nonRenewing = [:]
        if let value = r.optional("consumables") {
            guard case .object(let members) = value else { throw FormatError(field: "consumables", message: "expected an object of id: grant") }
            for (id, grant) in members {
                guard case .int(let n) = grant, n >= 1, n <= Int64(Catalog.maximumGrant) else {
                    throw FormatError(field: "consumables.\(id)", message: "expected a grant from 1 to \(Catalog.maximumGrant)")
                }
                consumables[id] = Int(n)
            }
        }
        if let value = r.optional("nonRenewing") {
            guard case .object(let members) = value else { throw FormatError(field: "nonRenewing", message: "expected an object of id: duration") }
            for (id, text) in members {
                guard case .string(let s) = text, let duration = ISODuration(iso8601: s), !duration.isZero, !duration.isNegative else {
                    throw FormatError(field: "nonRenewing.\(id)", message: "expected a positive ISO 8601 duration such as P3M")
                }
                nonRenewing[id] = duration
            }
        }
        try r.finish()
    }

    /// These values, with `other`'s taking precedence where both give one.
    public func merging(_ other: StoreKitGrants) -> StoreKitGrants {
        StoreKitGrants(
            consumables: consumables.merging(other.consumables) { $1 }, nonRenewing: nonRenewing.merging(other.nonRenewing) { $1 })
    }
}

extension Catalog {
    /// Reads a `.storekit` file's JSON with `grants` supplying consumable grants and
    /// non-renewing durations; a product without one is an error naming it.
    public init(storeKitConfiguration json: JSONValue, grants: StoreKitGrants) throws(FormatError) {
        try self.init(
            storeKitConfiguration: json, consumableGrant: { grants.consumables[$0] }, nonRenewableDuration: { grants.nonRenewing[$0] })
    }
}
