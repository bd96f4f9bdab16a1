@testable import ConformanceRunner
import PurchaseStateMachine
import Testing

@Suite("Replies of external subjects are read strictly")
struct ExternalReplyTests {
    @Test("Well-formed replies give the finished ids, the result, the wanted channels and the state")
    func wellFormed() throws {
        let finished = try ExternalReply.parse(#"{"type":"ok","finish":[3,1]}"#, to: "update", shape: .finished)
        #expect(finished.finished == [3, 1])
        let action = try ExternalReply.parse(#"{"finish":[],"type":"ok","result":{"allowed":true}}"#, to: "appAction", shape: .action)
        #expect(action.result == .object(["allowed": true]))
        let noResult = try ExternalReply.parse(#"{"type":"ok","finish":[]}"#, to: "appAction", shape: .action)
        #expect(noResult.result == nil)
        let started = try ExternalReply.parse(#"{"type":"ok","wants":["ticks","notifications"]}"#, to: "start", shape: .started)
        #expect(started.wants == [.ticks, .notifications])
        let state = try ExternalReply.parse(
            #"{"type":"state","entitled":["premium","yearly"],"balances":{"coins":300},"grants":{"premium":[1],"yearly":[4,2]},"extra":{"tier":"gold"}}"#,
            to: "query", shape: .state)
        #expect(state.state.entitled == ["premium", "yearly"])
        #expect(state.state.balances == ["coins": 300])
        #expect(
            state.state.grants
                == [
                    EntitlementGrant(product: "premium", transaction: 1), EntitlementGrant(product: "yearly", transaction: 4),
                    EntitlementGrant(product: "yearly", transaction: 2),
                ])
        #expect(state.state.extra == .object(["tier": "gold"]))
        let bare = try ExternalReply.parse(#"{"type":"state","entitled":[]}"#, to: "query", shape: .state)
        #expect(bare.state == ObservedState(entitled: []))
    }

    @Test(
        "A malformed reply is a fault naming the message, the problem and the reply",
        arguments: [
            ("update", ExternalReply.Shape.finished, "Traceback (most recent call last):", "bad reply to `update`: not JSON"),
            ("update", .finished, "", "bad reply to `update`: not JSON"),
            ("update", .finished, "[1,2]", "expected a JSON object, got an array"),
            ("update", .finished, #"{"finish":[]}"#, #"no "type" string"#),
            ("update", .finished, #"{"type":"ok"}"#, #"missing "finish""#),
            ("update", .finished, #"{"type":"ok","finish":[1.5]}"#, "must hold transaction ids (non-negative integers), got 1.5"),
            ("update", .finished, #"{"type":"ok","finish":[-1]}"#, "got -1"),
            ("update", .finished, #"{"type":"ok","finish":"1"}"#, #""finish" must be an array"#),
            ("update", .finished, #"{"type":"ok","finish":[],"entitled":[]}"#, #"unexpected field "entitled""#),
            ("update", .finished, #"{"type":"state","entitled":[]}"#, #"a reply of type "state" does not answer `update`"#),
            ("query", .state, #"{"type":"ok","finish":[]}"#, #"a reply of type "ok" does not answer `query`"#),
            ("query", .state, #"{"type":"state"}"#, #"missing "entitled""#),
            ("query", .state, #"{"type":"state","entitled":[1]}"#, #""entitled" must hold only strings"#),
            ("query", .state, #"{"type":"state","entitled":[],"balances":{"coins":"3"}}"#, #"balance of "coins" must be an integer"#),
            ("query", .state, #"{"type":"state","entitled":[],"balances":[]}"#, #""balances" must be an object"#),
            ("query", .state, #"{"type":"state","entitled":[],"grants":{"a":[true]}}"#, #""grants.a" must hold transaction ids"#),
            ("terminate", .ok, #"{"type":"ok","finish":[]}"#, #"unexpected field "finish""#),
            ("start", .started, #"{"type":"ok","wants":["webhooks"]}"#, #"unknown channel "webhooks""#),
            ("start", .started, #"{"type":"ok","wants":"ticks"}"#, #""wants" must be an array"#),
            ("launch", .finished, #"{"type":"error"}"#, #"an error reply needs a "message" string"#),
            ("launch", .finished, #"{"type":"ok","type":"ok","finish":[]}"#, #"not JSON (line 1, column 14: duplicate member "type")"#),
        ])
    func malformed(_ message: String, _ shape: ExternalReply.Shape, _ reply: String, _ problem: String) {
        #expect {
            try ExternalReply.parse(reply, to: message, shape: shape)
        } throws: { error in
            guard let error = error as? SubjectError else { return false }
            return error.message.contains(problem) && error.message.contains("`\(message)`")
        }
    }

    @Test("The fault quotes at most the first 200 bytes of a long reply")
    func longReplyQuoted() {
        let reply = String(repeating: "x", count: 5_000)
        #expect {
            try ExternalReply.parse(reply, to: "query", shape: .state)
        } throws: { error in
            let message = (error as? SubjectError)?.message ?? ""
            return message.contains(String(repeating: "x", count: 200) + "\"… (5000 bytes)") && message.count < 600
        }
    }

    @Test("An error reply is a fault carrying the subject's own message")
    func errorReply() {
        #expect {
            try ExternalReply.parse(#"{"type":"error","message":"database is locked"}"#, to: "purchaseResult", shape: .finished)
        } throws: { error in
            (error as? SubjectError)?.message == "the subject reported an error in reply to `purchaseResult`: database is locked"
        }
    }
}
