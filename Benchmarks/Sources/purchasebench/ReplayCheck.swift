import BuiltInSubjects
import ConformanceRunner
import PurchaseStateMachine

/// Reads histories in the bench spelling (one per line, events separated by `;`) and prints,
/// per line, the verdict of the correct app and of each mutant as the peers do:
/// `{"M1": null | [index of the first failing event, [sorted failing checks]], …, "none": …}`.
///
/// Each line is translated into our events once (our model decides the bench's
/// preconditions and resolves `refund(k)`), then replayed with `Replayer` against each subject.
func replayCheck() {
    BenchSuite.current.withApp { replayCheck(app: $0) }
}

func replayCheck<App: BenchSubject>(app: App.Type) {
    let subjects: [(key: String, mutant: String?)] = BenchSuite.current.mutants.map { ($0, $0) } + [("none", nil)]
    let replayers = subjects.map { subject in
        Replayer(checks: Bench.checks, factory: { _, _ in App(benchMutant: subject.mutant) })
    }
    var output = ""
    while let line = readLine() {
        let text = Substring(line).trimmingBlanks
        var bench: [BenchEvent] = []
        var unreadable: String?
        if !text.isEmpty {
            for part in text.split(separator: ";", omittingEmptySubsequences: false) {
                guard let event = BenchEvent(parsing: part) else {
                    unreadable = String(part)
                    break
                }
                bench.append(event)
            }
        }
        if let unreadable {
            output += JSONLine.object([("error", .string("cannot read event '\(unreadable)'"))]).text + "\n"
            continue
        }
        let translated = Bench.translate(bench)
        if let rejection = translated.rejection {
            output += JSONLine.object([("error", .string(rejection))]).text + "\n"
            continue
        }
        let history = History(
            catalog: PurchaseBench.catalog, store: BenchSuite.current.settings, events: translated.events)
        var pairs: [(String, JSONLine)] = []
        for (i, subject) in subjects.enumerated() {
            var verdict = JSONLine.null
            switch replayers[i].replay(history).outcome {
            case .passed:
                break
            case .failed(let failure):
                let index = failure.eventIndex >= 0 ? translated.benchIndex[failure.eventIndex] : -1
                verdict = .array([.int(index), .strings(Bench.names(failure).sorted())])
            case .rejected(let index, let rejection):
                verdict = .string("rejected at event \(index): \(rejection.reason)")
            case .stopped(let stop):
                verdict = .string("stopped: \(stop)")
            }
            pairs.append((subject.key, verdict))
        }
        output += JSONLine.object(pairs).text + "\n"
        if output.utf8.count > 1 << 16 {
            print(output, terminator: "")
            output = ""
        }
    }
    print(output, terminator: "")
}
