import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine

extension FuzzEntry {
    /// Google Play history file → parse → validate → replay against both Play references.
    ///
    /// Properties: parsing never traps; each event's compact spelling parses back to the event;
    /// the catalog and the whole file render and parse back to themselves; and a history the
    /// reader accepts replays against `play-reference-app` and `play-reference-server` with every
    /// check holding (an event a reference's own replies make impossible is refused, not a finding).
    ///
    /// Input that is no history but a bare Play catalog (`{"oneTime": …, "subscriptions": …}`) is
    /// checked as one (`playCatalog`).
    public static func playHistory(_ bytes: [UInt8]) -> FuzzVerdict {
        guard let text = String(validating: bytes, as: UTF8.self) else { return .refused }
        let history: PlayHistory
        do { history = try PlayHistory(text: text) } catch {
            guard let json = try? JSONValue.parse(text), let catalog = try? PlayCatalog(json: json) else { return .refused }
            return playCatalog(catalog)
        }
        if let failure = spellingFailure(history) { return failure }
        guard let catalog = try? PlayCatalog(json: history.catalog.json), catalog == history.catalog else {
            return .failed("the catalog does not parse back from its JSON")
        }
        if let failure = renderingFailure(history) { return failure }
        for name in ["play-reference-app", "play-reference-server"] {
            guard let reference = PlayBuiltInSubjects.named(name) else { return .failed("no built-in subject \(name)") }
            if let failure = reference.replay(history).failure {
                return .failed("\(name) failed \(failure.check.rawValue) at event \(failure.eventIndex): expected \(failure.expectedLine), got \(failure.observedLine)")
            }
        }
        return .passed
    }

    /// An accepted Play catalog renders and parses back to itself, and a correct app buying every
    /// item (both outcomes a flow can end in), a year passing and a relaunch never trap.
    static func playCatalog(_ catalog: PlayCatalog) -> FuzzVerdict {
        guard let again = try? PlayCatalog(json: catalog.json), again == catalog else {
            return .failed("an accepted Play catalog does not parse back from its JSON")
        }
        let policy = PlayPolicy(consumables: catalog.oneTime.prefix(1).map(\.id))
        var model = PlayModel(catalog: catalog, variations: PlayVariations())
        _ = model.start()
        var events = catalog.purchasableIDs.flatMap { id in
            [PlayEvent.purchase(PlayPurchaseRequest(item: id)), .purchase(PlayPurchaseRequest(item: id, outcome: .pending))]
        }
        events += [.advanceTime(by: ISODuration(years: 1)), .relaunch]
        for event in events {
            _ = try? model.apply(event)
            model.replyAsCorrectApp(policy: policy)
        }
        return .passed
    }
}
