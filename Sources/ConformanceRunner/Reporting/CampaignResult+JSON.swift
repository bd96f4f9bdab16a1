import PurchaseStateMachine

extension StoreCampaignResult {
    /// The format identifier of the machine-readable report.
    public static var reportFormat: String { "purchase-conformance-report/1" }

    /// The machine-readable report (`--json`): deterministic for a seed (no timings); a store
    /// other than the App Store is named by its `storeKind`.
    public func json(subject: String) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("format", .string(Self.reportFormat))]
        if let kind = St.reportKind { members.append(("storeKind", .string(kind))) }
        members += [
            ("subject", .string(subject)), ("seed", .string(seed.description)),
            ("histories", .int(Int64(historiesRun))), ("events", .int(Int64(eventsRun))),
            ("savedReplayed", .int(Int64(savedReplayed))), ("passed", .bool(passed)),
            ("stopReason", .string(stopReason.description)),
            ("failures", .array(failures.map(St.json))),
        ]
        if let coverage { members.append(("coverage", coverage.json)) }
        if !healthWarnings.isEmpty {
            members.append((
                "healthWarnings",
                .array(healthWarnings.map {
                    .object([("label", .string($0.label)), ("share", .double($0.share)), ("threshold", .double($0.threshold))])
                })
            ))
        }
        if !coverageShortfalls.isEmpty {
            members.append((
                "coverageShortfalls",
                .array(coverageShortfalls.map { .object([("label", .string($0.requirement.label)), ("reached", .double($0.reached))]) })
            ))
        }
        return .object(members)
    }
}

extension StoreFailureReport {
    /// One failure as JSON: the check, the minimal history (file form and compact), the diffs.
    public var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("check", .string(check.rawValue)), ("checks", .array(failure.checks.map { .string($0.rawValue) })),
            ("eventIndex", .int(Int64(failure.eventIndex))), ("flaky", .bool(flaky)),
            ("events", .array(history.events.map { .string($0.compact) })), ("history", history.json),
            ("originalLength", .int(Int64(originalLength))), ("shrinkEvaluations", .int(Int64(shrinkEvaluations))),
            ("shrinkStarts", .int(Int64(shrinkStarts))),
            (
                "discrepancies",
                .array(failure.discrepancies.map { d in
                    .object([
                        ("check", .string(d.check.rawValue)), ("subject", .string(d.subject)),
                        ("expected", .array(d.expected.map { .string($0) })), ("actual", .array(d.actual.map { .string($0) })),
                        ("note", d.note.map { .string($0) } ?? .null),
                    ])
                })
            ),
        ]
        if let n = foundAfterHistories { members.append(("foundAfterHistories", .int(Int64(n)))) }
        if let path = savedPath { members.append(("savedPath", .string(path))) }
        if let from = replayedFrom { members.append(("replayedFrom", .string(from))) }
        if let output = subjectOutput { members.append(("subjectOutput", .string(output))) }
        return .object(members)
    }
}
