import Generators
import PurchaseStateMachine

extension PlayHistoryGenerator {
    /// §6.3, §6.4: while a subscription waits in grace, on hold, paused or with a pause scheduled for
    /// a turn of its own (hold begins, access ends, the pause begins or ends), half the events jump onto that turn or a minute
    /// either side of it; otherwise histories often end first, and the minute where a bug about
    /// the turn shows is seldom queried. Nil (the simplest choice) draws an ordinary event.
    func drawTurn(_ tc: TestCase, model: PlayModel) throws(GenerationStop) -> PlayEvent? {
        let hurry = try tc.drawBool(probability: 0.5)
        let offset = [0, -60, 60][Int(try tc.drawUnsigned(upTo: 2))]
        let pick = Int(try tc.drawUnsigned(upTo: 15))
        guard hurry else { return nil }
        let waiting = model.tokens.indices.filter {
            let status = model.status(of: $0)
            return [.inGracePeriod, .onHold, .paused].contains(status)
                || (status == .active && model.tokens[$0].subscription?.scheduledPause != nil)
        }
        guard !waiting.isEmpty, let when = model.boundary(of: waiting[pick % waiting.count]) else { return nil }
        return timeStep(model, to: when, offset: offset)
    }

    /// §6.5: while the customer has a canceled subscription they can still restore, one event in
    /// five is the restore. Its weight alone almost never met one: the time steps that follow a
    /// cancel usually end the period first (0 restores in 2,000 histories). Drawn only while one
    /// is restorable, so other histories draw as before; nil (the simplest choice) draws on.
    func drawRestore(_ tc: TestCase, model: PlayModel) throws(GenerationStop) -> PlayEvent? {
        let restorable = model.tokens.indices.filter { model.status(of: $0) == .canceled && model.restoreRefusal($0, number: $0 + 1) == nil }
        guard !restorable.isEmpty, try tc.drawBool(probability: 0.2) else { return nil }
        let pick = Int(try tc.drawUnsigned(upTo: 15))
        return .restore(token: restorable[pick % restorable.count] + 1)
    }
}
