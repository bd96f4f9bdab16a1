import PurchaseStateMachine

extension Campaign {
    /// Runs every phase against a failures folder: replays the subject's saved failures first,
    /// generates, shrinks and rechecks, saves each new failure that repeats, and prunes saved
    /// files that passed `FailureStore.pruneAfterPasses` runs in a row (`CampaignResult.pruned`).
    ///
    /// `originTest` is the `swift test --filter` of the calling test, kept in saved files.
    public func run(store: FailureStore, originTest: String? = nil) throws(FailureStoreError) -> StoreCampaignResult<D.St> {
        let loaded: [SavedStoreHistory<D.St.History>]
        do {
            loaded = try driver.load(store)
        } catch {
            throw FailureStoreError(.load, error)
        }
        let saved = driver.savedHistories + loaded
        var result = run(saved: saved)
        for i in result.failures.indices where result.failures[i].replayedFrom == nil && !result.failures[i].flaky {
            if let originTest { result.failures[i].history.origin?.test = originTest }
            do {
                result.failures[i].savedPath = try store.save(result.failures[i].history)
            } catch {
                throw FailureStoreError(.save, error)
            }
        }
        do {
            result.pruned = try store.prune(replayed: saved.prefix(result.savedReplayed).map(\.path), passed: result.savedPassed)
        } catch {
            throw FailureStoreError(.prune, error)
        }
        return result
    }
}
