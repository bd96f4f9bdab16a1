import ConformanceRunner
import PurchaseStateMachine

/// The Play subjects built into the tool: the two correct references and the buggy examples.
public enum PlayBuiltInSubjects {

    /// Every built-in Play subject, references first.
    public static let all: [PlaySubjectRunner] = [
        PlaySubjectRunner(name: "play-reference-app", summary: "a correct Play app without a backend") { c, p, ctx in
            PlayReferenceApp(catalog: c, policy: p, context: ctx)
        },
        PlaySubjectRunner(
            name: "play-reference-server", summary: "a correct Play backend: RTDN, then a fresh Developer API read"
        ) { c, p, ctx in
            PlayReferenceServer(catalog: c, policy: p, context: ctx)
        },
        app("play-example-pending-unacknowledged", .forgetsCompletedPending, .acknowledgedInTime,
            "grants a pending purchase when it completes but never acknowledges it: refunded after three days (B1)"),
        app("play-example-grants-pending", .grantsPending, .pendingNotEntitled,
            "unlocks a product while its purchase is still PENDING (B2)"),
        app("play-example-keeps-replaced-token", .keepsReplacedToken, .replacedTokenNeverEntitled,
            "keeps granting the subscription a plan change replaced (B8)"),
        app("play-example-consumes-lifetime", .consumesEverything, .nonConsumableNeverConsumed,
            "consumes every one-time purchase, the permanent lifetime unlock included (B4)"),
        app("play-example-withholds-after-ack-error", .withholdsAfterAckError, .acknowledgementErrorKeepsAccess,
            "takes an acknowledgement answered ERROR (already acknowledged) for a failed purchase and withholds it (B12)"),
        server("play-example-ignores-hold", .ignoresHold, .onHoldNeverEntitled,
               "a backend that keeps granting a subscription on account hold (B9)"),
        server("play-example-double-credit", .creditsEachNotification, .consumableCreditedOnce,
               "a backend that credits coins once per RTDN, so a redelivered notification pays twice (B7)"),
    ]

    static func app(_ name: String, _ mistake: PlayAppMistake, _ check: CheckID, _ summary: String) -> PlaySubjectRunner {
        PlaySubjectRunner(name: name, summary: summary, expectedCheck: check) { c, p, _ in
            PlayReferenceApp(mistake: mistake, catalog: c, policy: p)
        }
    }

    static func server(_ name: String, _ mistake: PlayServerMistake, _ check: CheckID, _ summary: String) -> PlaySubjectRunner {
        PlaySubjectRunner(name: name, summary: summary, expectedCheck: check) { c, p, _ in
            PlayReferenceServer(mistake: mistake, catalog: c, policy: p)
        }
    }

    /// The subject named `name`.
    public static func named(_ name: String) -> PlaySubjectRunner? { all.first { $0.name == name } }
}
