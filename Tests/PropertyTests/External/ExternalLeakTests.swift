import ConformanceRunner
import Foundation
import PurchaseStateMachine
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Many external histories leave no descriptor or process behind")
struct ExternalLeakTests {
    /// Children of this process that exited and were never reaped.
    func zombies() -> Int {
        let me = getpid()
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { entry in
            guard Int32(entry) != nil, let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 2 && fields[0] == "Z" && Int32(fields[1]) == me
        }.count
    }

    @Test("Five hundred histories that each restart a faulting program leak nothing")
    func restartingHistories() throws {
        // `cat` echoes `start` back: a reply of the wrong type, so every history faults and the
        // next one starts a fresh program (the most descriptors and children a history can use).
        let process = SubjectProcess(command: try ExternalCommand(parsing: "cat"), timeout: .seconds(2))
        let context = SubjectContext(model: StoreModel(catalog: ExternalFixtures.catalog, settings: StoreSettings(), start: .defaultStart))
        let before = ExternalFixtures.openDescriptors()
        for _ in 0..<500 {
            #expect(throws: SubjectError.self) {
                try ExternalSubject(process: process, catalog: ExternalFixtures.catalog, context: context)
            }
        }
        process.stop()
        #expect(process.launches == 500)
        // Other tests open descriptors meanwhile; a leak here would be 500 or more.
        #expect(ExternalFixtures.openDescriptors() - before < 20)
        #expect(zombies() < 5)
    }

    @Test("Five hundred timed-out or exited histories leak nothing")
    func faultingHistories() throws {
        let before = ExternalFixtures.openDescriptors()
        for script in ["read l; exit 1", "read l; sleep 10"] {
            let process = SubjectProcess(
                command: try ExternalCommand(arguments: ["sh", "-c", script]), timeout: .milliseconds(5), startupAllowance: .milliseconds(5))
            for _ in 0..<250 {
                try process.launch()
                #expect(throws: SubjectProcessError.self) { try process.exchange("hello") }
            }
            #expect(process.launches == 250 && !process.isRunning)
        }
        #expect(ExternalFixtures.openDescriptors() - before < 20)
        #expect(zombies() < 5)
    }
}
