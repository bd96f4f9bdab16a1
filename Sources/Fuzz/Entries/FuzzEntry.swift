import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine

/// The entry functions of the fuzz targets, one per input format; each takes the fuzzer's bytes.
///
/// The `@_cdecl("LLVMFuzzerTestOneInput")` shims in `Sources/Fuzz/` only call these, so tests
/// can replay seed corpora and crash reproducers in process (`FuzzCorpusTests`).
public enum FuzzEntry {
    /// History file → parse → model → replay against the reference subject.
    ///
    /// Properties: parsing never traps; a history the parser accepts replays against the
    /// reference subject with every check holding; every event's compact spelling parses back
    /// to the event; and the rendered file parses back to the same history.
    public static func history(_ bytes: [UInt8]) -> FuzzVerdict {
        guard let text = String(validating: bytes, as: UTF8.self) else { return .refused }
        let history: History
        do { history = try History(text: text) } catch { return .refused }
        if let failure = spellingFailure(history) ?? renderingFailure(history) { return failure }
        let replay = Replayer(factory: { catalog, context in ReferenceSubject(catalog: catalog, context: context) })
            .replay(history)
        switch replay.outcome {
        case .passed: return .passed
        case .failed(let failure):
            return .failed("the reference subject failed \(failure.check.rawValue) at event \(failure.eventIndex)")
        case .rejected(let index, let rejection):
            return .failed("a validated history was rejected at event \(index) on replay: \(rejection)")
        case .stopped(let stop):
            return .failed("a replay stopped: \(stop)")
        }
    }

    /// Catalog JSON (inline or catalog-file form) and Xcode `.storekit` files.
    ///
    /// Properties: parsing never traps; an accepted catalog renders and parses back to itself;
    /// and buying every product, then a year of renewals, never traps.
    public static func catalog(_ bytes: [UInt8]) -> FuzzVerdict {
        guard let json = try? JSONValue.parse(bytes: bytes) else { return .refused }
        var catalogs: [Catalog] = []
        if let c = try? Catalog(json: json, path: "") { catalogs.append(c) }
        if let c = try? Catalog(storeKitConfiguration: json) { catalogs.append(c) }
        guard !catalogs.isEmpty else { return .refused }
        for catalog in catalogs {
            guard let again = try? Catalog(json: catalog.json, path: ""), again == catalog else {
                return .failed("an accepted catalog does not parse back from its JSON")
            }
            var model = StoreModel(catalog: catalog)
            var effects = StepEffects(recordsServerChannels: true)
            var events = catalog.products.map { Event.purchase(Purchase(product: $0.id)) }
            events.append(.advanceTime(by: ISODuration(years: 1)))
            events.append(.restore)
            for event in events {
                effects.reset()
                _ = try? model.apply(event, into: &effects)
            }
        }
        return .passed
    }

    /// One reply line of `purchase-subject/1`, read as the reply to every kind of message.
    ///
    /// Property: reading never traps; a bad line is a `SubjectError`.
    public static func subjectReply(_ bytes: [UInt8]) -> FuzzVerdict {
        guard let text = String(validating: bytes, as: UTF8.self) else { return .refused }
        var accepted = false
        let shapes: [ExternalReply.Shape] = [.ok, .started, .finished, .action, .state]
        for shape in shapes {
            if (try? ExternalReply.parse(text, to: "message", shape: shape)) != nil { accepted = true }
        }
        return accepted ? .passed : .refused
    }
}
