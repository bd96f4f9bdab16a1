import ConformanceRunner
import Foundation
import Generators
import PurchaseStateMachine
import Testing

/// The Voided Purchases API over `--exec`: a backend that lists `"voidedPurchases"` in `wants`
/// gets `purchases.voidedpurchases.list` (type 1) with each `tick`, as a Swift subject reads it
/// from `PlaySubjectContext.voidedPurchases`; a program that does not ask never sees the field.
@Suite("Google Play over --exec: the Voided Purchases API list is negotiated")
struct PlayVoidedPurchasesWireTests {
    /// A backend that grants what the API says of one-time products, acknowledges them, and
    /// writes each tick's `voidedPurchases` (or `null` when absent) as one line of `log`.
    static let recorder = """
        import json, sys
        log, wants = sys.argv[1], sys.argv[2:]
        entitled = {}
        for line in sys.stdin:
            msg = json.loads(line)
            kind, reply = msg["type"], {"type": "ok"}
            if kind == "start":
                reply["wants"] = ["notifications"] + wants
            elif kind == "tick":
                with open(log, "a") as f:
                    f.write(json.dumps(msg.get("voidedPurchases")) + "\\n")
                ack = []
                for token, view in msg["server"].items():
                    entitled[token] = view["productId"] if view and view["purchaseState"] == 0 else None
                    if entitled[token] and view["acknowledgementState"] == 0:
                        ack.append(token)
                reply["acknowledge"] = ack
            elif kind == "query":
                reply = {"type": "state", "entitled": sorted(p for p in entitled.values() if p)}
            print(json.dumps(reply), flush=True)
        """

    /// Replays purchase, a day, a refund, 31 days against the recorder; returns each tick's list.
    static func ticks(wants: [String]) throws -> [JSONValue] {
        let folder = try temporaryFolder("pc-play-voided")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(recorder.utf8).write(to: URL(fileURLWithPath: folder + "/recorder.py"))
        let history = PlayHistory(events: try ["purchase(lifetime)", "advanceTime(P1D)", "void(#1, refund)", "advanceTime(P31D)"].map {
            try PlayEvent(compact: $0)
        })
        let command = try ExternalCommand(arguments: [ExternalFixtures.interpreter, folder + "/recorder.py", folder + "/log"] + wants)
        let process = SubjectProcess(command: command)
        defer { process.stop() }
        let result = PlayCases(factory: PlayExternalSubject.factory(process: process)).replay(history)
        #expect(result.failure == nil, "\(String(describing: result.failure))")
        let log = try String(contentsOfFile: folder + "/log", encoding: .utf8)
        return try log.split(separator: "\n").map { try JSONValue.parse(String($0)) }
    }

    @Test("§8: a backend that asks gets the voided list with each tick: the refund for 30 days, with its token, order and times",
          .enabled(if: ExternalFixtures.hasPython, "python3 is not on PATH"))
    func listed() throws {
        let ticks = try Self.ticks(wants: ["voidedPurchases"])
        // The launch has no tick; then one per event.
        #expect(ticks.count == 4)
        #expect(ticks[0] == .array([]) && ticks[1] == .array([]))
        guard case .array(let entries) = ticks[2], entries.count == 1, let entry = entries.first else {
            Issue.record("after the refund: \(ticks[2].rendered())")
            return
        }
        #expect(entry["purchaseToken"] == .string("token-1"))
        #expect(entry["cause"] == .string("refund"))
        #expect(entry["subscription"] == .bool(false))
        if case .string(let order)? = entry["orderId"] { #expect(!order.isEmpty) } else { Issue.record("no orderId: \(entry.rendered())") }
        let start = Instant.defaultStart.secondsSinceEpoch * 1000
        #expect(entry["purchaseTimeMillis"] == .string(String(start)))
        #expect(entry["voidedTimeMillis"] == .string(String(start + 86_400_000)))
        #expect(ticks[3] == .array([]), "recorded more than 30 days ago: no longer listed")
    }

    @Test("A backend that does not ask for voidedPurchases never gets the field (programs written before it are unchanged)",
          .enabled(if: ExternalFixtures.hasPython, "python3 is not on PATH"))
    func notAsked() throws {
        #expect(try Self.ticks(wants: []) == Array(repeating: JSONValue.null, count: 4))
    }
}
