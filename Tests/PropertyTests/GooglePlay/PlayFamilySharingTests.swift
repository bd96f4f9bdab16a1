import ConformanceRunner
import Foundation
import PurchaseStateMachine
import Testing

/// Google Play has no family sharing of in-app purchases or subscriptions (§12), so nothing in a
/// Play history or catalog can express it: the App Store's spellings are refused with the reason,
/// and other App Store kinds Play lacks point to their Play counterpart (§15.2).
@Suite("Google Play histories have no family sharing")
struct PlayFamilySharingTests {
    @Test("§12: familyShare and familyUnshare are refused in the compact spelling, with the reason")
    func compactRefusesFamilyEvents() {
        for text in ["familyShare(coins100)", "familyUnshare(lifetime)"] {
            #expect {
                try PlayEvent(compact: text)
            } throws: { error in
                let message = (error as? FormatError)?.message ?? ""
                return message.contains("no family sharing") && message.contains("§12")
            }
        }
    }

    @Test("§12: a Play file with a familyShare event is an error naming the file, event and field (exit 2)")
    func fileRefusesFamilyEvent() throws {
        let folder = try temporaryFolder("pc-play-family")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let history = PlayHistory(events: [try PlayEvent(compact: "purchase(lifetime)"), .relaunch], origin: HistoryOrigin(subject: "play-reference-app"))
        let text = history.fileText.replacingOccurrences(
            of: #""event": "relaunch""#, with: #""event": "familyShare", "product": "lifetime""#)
        try #require(text != history.fileText, "the file spells the relaunch event differently: \(history.fileText)")
        let path = folder + "/family.json"
        try HistoryFile.writeText(text, to: path)
        let model = InProcessTool.run(["model", path])
        #expect(model.status == 2)
        #expect(model.error.contains(path), "\(model.error)")
        #expect(model.error.contains(#"event 1, field "events[1].event""#), "\(model.error)")
        #expect(model.error.contains("no family sharing"), "\(model.error)")
    }

    @Test("§12: a Play catalog product marked familyShareable is refused with the reason, naming the field")
    func catalogRefusesFamilyShareable() throws {
        for key in ["oneTime", "subscriptions"] {
            let product: JSONValue = key == "oneTime"
                ? .object([("id", .string("lifetime")), ("familyShareable", .bool(true))])
                : .object([
                    ("id", .string("pro")), ("familyShareable", .bool(true)),
                    ("basePlans", .array([.object([("id", .string("pro-monthly")), ("type", .string("autoRenewing")), ("period", .string("P1M"))])])),
                ])
            #expect {
                try PlayCatalog(json: .object([(key, .array([product]))]))
            } throws: { error in
                guard let error = error as? FormatError else { return false }
                return error.field.hasSuffix("\(key)[0].familyShareable") && error.message.contains("one customer owns every purchase token")
            }
        }
    }

    @Test("§15.2: App Store kinds Play lacks point to their Play counterpart; an unknown word still lists the Play kinds")
    func appStoreKindsPointToPlay() {
        let expected = [
            "askToBuy(lifetime)": "outcome: pending",
            "setAutoRenew(pro, off)": "cancel(#N)",
            "refund(#1)": "void(#N, refund)",
            "teleport(#1)": "unknown Google Play event kind",
        ]
        for (text, hint) in expected.sorted(by: { $0.key < $1.key }) {
            #expect {
                try PlayEvent(compact: text)
            } throws: { error in
                (error as? FormatError)?.message.contains(hint) == true
            }
        }
    }
}
