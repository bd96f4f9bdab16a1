import Foundation
import Testing

/// The tool on hostile input: every crash class of issue 14 exits 0, 1 or 2 with a clear error.
@Suite("Hostile input never crashes the tool", .serialized)
struct HostileInputTests {
    static let folder = "Tests/PropertyTests/Fixtures/Hostile/"

    @Test(
        "Durations beyond 100 years are a clear error naming file, field and event, never an overflow trap",
        arguments: [
            ("period-999999999Y.json", "catalog.products[0].period"),
            ("intro-999999999Y.json", "catalog.products[0].introductoryOffer.duration"),
            ("nonrenewable-999999999Y.json", "catalog.products[0].duration"),
            ("advance-999999999Y.json", "events[1].by"),
            ("clock-999999999Y.json", "events[0].offset"),
            ("clockneg-999999999Y.json", "events[0].offset"),
            ("grace-999999999Y.json", "store."),
            ("intro-periods-100-of-P2Y.json", "catalog.products[0].introductoryOffer.periods"),
        ])
    func durationOverflow(file: String, field: String) throws {
        let path = Self.folder + file
        for command in [["model", path], ["replay", path]] {
            let result = try ToolProcess.run(command, timeout: 60)
            #expect(result.status == 2, "\(command): \(result.error)")
            #expect(result.error.contains(path))
            #expect(result.error.contains("field \"\(field)"), "\(result.error)")
        }
    }

    @Test("A 3-day subscription advanced 30 years runs its ~3,650 renewals without blowing up")
    func longAdvance() throws {
        let result = try ToolProcess.run(["model", Self.folder + "three-day-30-years.json"], timeout: 120)
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.last?.contains("\"now\":\"2056-01-01T00:00:00Z\"") == true)
    }

    @Test("A trace that would print more than 200,000 transactions is refused before printing, and the replay it suggests runs")
    func traceLimit() throws {
        let path = Self.folder + "trace-600-purchases-400-relaunches.json"
        let model = try ToolProcess.run(["model", path], timeout: 120)
        #expect(model.status == 2, "\(model.error)")
        #expect(model.output.isEmpty)
        #expect(model.error.contains("more than 200000 transactions"), "\(model.error)")
        let suggested = "purchase-conformance replay \(path)"
        #expect(model.error.contains(suggested))
        let replay = try ToolProcess.run(["replay", path], timeout: 120)
        #expect(replay.status == 0, "\(replay.output)\(replay.error)")
    }

    @Test("A subject that reads midnight receipts gets at most 1,000,000 listed transactions per history, then a clear error")
    func receiptLimit() throws {
        let result = try ToolProcess.run(
            ["replay", Self.folder + "three-day-30-years.json", "--subject", "seed-s5"], timeout: 120)
        #expect(result.status == 2, "\(result.error)")
        #expect(result.error.contains("event 2 (advanceTime(P30Y)) is not possible"), "\(result.error)")
        #expect(result.error.contains("midnight receipts"))
    }

    @Test("A history that would create more than 10,000 transactions is rejected, naming the limit and the event")
    func transactionLimit() throws {
        let result = try ToolProcess.run(["model", Self.folder + "daily-100-years.json"], timeout: 120)
        #expect(result.status == 2)
        #expect(result.error.contains("event 1"))
        #expect(result.error.contains("more than 10000 transactions"))
    }

    @Test(
        "Instants at the edges: 9999-12-31 is accepted, neither the clock nor a date derived from it passes it, and starts outside 1970–9999 are refused",
        arguments: [
            ("start-9999-12-31.json", 2, "event 0, field \"events[0]\": purchase(monthly) is not possible here: it would set the expiration of transaction #1 to 10000-01-31T00:00:00Z"),
            ("start-9999-12-31-lifetime.json", 0, ""),
            ("ticks-1970-to-9999.json", 2, "cannot pass 9999-12-31T23:59:59Z"),
            ("expiry-past-9999.json", 2, "event 0, field \"events[0]\": purchase(monthly) is not possible here: it would set the expiration of transaction #1 to 10090-01-01T00:00:00Z, past 9999-12-31T23:59:59Z"),
            ("play-expiry-past-9999.json", 2, "event 0, field \"events[0]\""),
            ("start-1969.json", 2, "field \"start\""),
            ("start-0000.json", 2, "field \"start\""),
            ("start-1970-clock-back.json", 0, ""),
        ])
    func instantEdges(file: String, status: Int32, message: String) throws {
        let result = try ToolProcess.run(["model", Self.folder + file], timeout: 60)
        #expect(result.status == status, "\(result.error)")
        if !message.isEmpty { #expect(result.error.contains(message)) }
    }

    @Test(
        "Numeric flags out of range are usage errors (exit 2), never a conversion trap",
        arguments: [
            ["--time-limit", "1e19"], ["--time-limit", "1e-300"], ["--time-limit", "nan"],
            ["--histories", "99999999999999999999"], ["--max-events", "9223372036854775807"],
            ["--jobs", "9223372036854775807"],
        ])
    func flagRanges(flag: [String]) throws {
        let result = try ToolProcess.run(["check", "--subject", "reference"] + flag, timeout: 60)
        #expect(result.status == 2, "\(result.error)")
        #expect(result.error.contains("--\(flag[0].dropFirst(2))"))
    }

    @Test("Sharding a huge budget neither overflows nor runs the histories of other shards")
    func hugeShard() throws {
        let result = try ToolProcess.run(
            ["check", "--subject", "reference", "--histories", "10", "--shard", "9223372036854775807/9223372036854775807",
             "--no-save"], timeout: 60)
        #expect(result.status == 0, "\(result.error)")
    }

    @Test("A catalog file that is a device or a folder is refused, not read forever")
    func specialFiles() throws {
        for file in ["catalog-file-dev-zero.json", "catalog-file-folder.json"] {
            let result = try ToolProcess.run(["model", Self.folder + file], timeout: 60)
            #expect(result.status == 2, "\(file): \(result.error)")
        }
    }
}
