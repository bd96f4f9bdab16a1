import ConformanceRunner
import Foundation
import PurchaseStateMachine
import Testing

/// `check --catalog FILE` for Google Play subjects: a user's own products, with the consumables
/// asked for when the file does not say, and every other file refused with a reason.
@Suite("purchase-conformance check --catalog on Google Play subjects")
struct PlayCatalogOptionTests {
    /// A catalog in the style of a driving game: consumable gas, a permanent upgrade, a subscription.
    static let catalogText = """
        {"oneTime": [{"id": "gas"}, {"id": "premium", "multiQuantity": false}],
         "subscriptions": [{"id": "infinite_gas", "basePlans": [
           {"id": "infinite-gas-monthly", "type": "autoRenewing", "period": "P1M"},
           {"id": "infinite-gas-yearly", "type": "autoRenewing", "period": "P1Y"}]}]}
        """

    /// Writes `text` to `name` in `folder` and returns the path.
    static func write(_ text: String, _ name: String, in folder: String) throws -> String {
        let path = folder + "/" + name
        try HistoryFile.writeText(text, to: path)
        return path
    }

    @Test("A bare Play catalog runs with --consumables; the buggy example is caught on the user's products and its printed Replay line works")
    func userCatalog() throws {
        let folder = try temporaryFolder("pc-play-catalog")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalog = try Self.write(Self.catalogText, "drive.json", in: folder)
        let passing = InProcessTool.run(["check", "--subject", "play-reference-app", "--catalog", catalog, "--consumables", "gas", "--histories", "200", "--no-save"])
        #expect(passing.status == 0, "\(passing.output)\(passing.error)")
        let buggy = InProcessTool.run([
            "check", "--subject", "play-example-consumes-lifetime", "--catalog", catalog, "--consumables", "gas", "--histories", "300",
            "--failures", folder + "/failures",
        ])
        #expect(buggy.status == 1)
        #expect(buggy.output.contains("1. purchase(premium)"), "\(buggy.output)")
        #expect(try InProcessTool.runReplayLine(buggy.output) == 0)
        // Saved as the App Store's failures are: CHECK-HASH.json in the subject's folder.
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/failures/play-example-consumes-lifetime").filter { $0.hasSuffix(".json") }
        #expect(files.count == 1 && files[0].hasPrefix("non-consumable-never-consumed-"), "\(files)")
        let saved = try HistoryFile.readPlay(folder + "/failures/play-example-consumes-lifetime/" + (files.first ?? ""))
        #expect(saved.catalog.oneTime.map(\.id) == ["gas", "premium"])
        #expect(saved.policy.consumables == ["gas"])
    }

    @Test("Which one-time products the app consumes is asked for, never guessed; a history file's policy answers it")
    func consumablesAskedFor() throws {
        let folder = try temporaryFolder("pc-play-catalog")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let catalog = try Self.write(Self.catalogText, "drive.json", in: folder)
        let asked = InProcessTool.run(["check", "--subject", "play-reference-app", "--catalog", catalog, "--histories", "10", "--no-save"])
        #expect(asked.status == 2)
        #expect(asked.error.contains("--consumables ID,… or --consumables none"), "\(asked.error)")
        #expect(asked.error.contains("gas, premium"), "\(asked.error)")
        let unknown = InProcessTool.run(["check", "--subject", "play-reference-app", "--catalog", catalog, "--consumables", "fuel", "--no-save"])
        #expect(unknown.status == 2)
        #expect(unknown.error.contains(#""fuel" is not a one-time product"#), "\(unknown.error)")
        let history = PlayHistory(catalog: try PlayCatalog(json: try JSONValue.parse(Self.catalogText)), policy: PlayPolicy(consumables: ["gas"]), events: [])
        let file = try Self.write(history.fileText, "history.json", in: folder)
        let fromFile = InProcessTool.run(["check", "--subject", "play-example-consumes-lifetime", "--catalog", file, "--histories", "300", "--no-save"])
        #expect(fromFile.status == 1, "\(fromFile.error)")
        #expect(fromFile.output.contains("non-consumable-never-consumed"))
    }

    @Test("An App Store catalog, a .storekit file, an empty catalog and --consumables without a Play subject are refused (exit 2)")
    func refused() throws {
        let folder = try temporaryFolder("pc-play-catalog")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let appStore = try Self.write(#"{"products": [{"id": "premium", "type": "nonConsumable"}]}"#, "appstore.json", in: folder)
        let storekit = try Self.write("{}", "Products.storekit", in: folder)
        let empty = try Self.write(#"{"oneTime": []}"#, "empty.json", in: folder)
        let cases: [([String], String)] = [
            (["--subject", "play-reference-app", "--catalog", appStore], "App Store catalog"),
            (["--subject", "play-reference-app", "--catalog", storekit], "App Store catalog"),
            (["--subject", "play-reference-app", "--catalog", empty], "no one-time product or subscription"),
            (["--subject", "play-reference-app", "--consumables", "coins100"], "--consumables goes with --catalog"),
            (["--subject", "reference", "--consumables", "coins100"], "--consumables is for Google Play"),
        ]
        for (args, message) in cases {
            let result = InProcessTool.run(["check"] + args + ["--histories", "5", "--no-save"])
            #expect(result.status == 2, "\(args)")
            #expect(result.error.contains(message), "\(args): \(result.error)")
        }
    }
}
