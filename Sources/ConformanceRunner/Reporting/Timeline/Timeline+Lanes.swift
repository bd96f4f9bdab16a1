import PurchaseStateMachine

/// What one track shows at one moment: a state and the product it concerns.
private struct TrackValue: Equatable {
    var kind: PeriodKind
    var product: String
}

extension Timeline {
    /// One lane per subscription group and per other product that `involved` names, in catalog order.
    static func lanes(_ samples: TimelineSamples, catalog: Catalog, involved: [String]) -> [TimelineLane] {
        var lanes: [TimelineLane] = []
        var groupsDone: [Int] = []
        for (p, product) in catalog.products.enumerated() where involved.contains(product.id) {
            if let g = catalog.groupIndex(ofProduct: p) {
                guard !groupsDone.contains(g) else { continue }
                groupsDone.append(g)
                let members = catalog.products(inGroup: g).map { catalog.products[$0].id }.filter { involved.contains($0) }
                let group = catalog.groups[g]
                let tracks = [
                    track("own", samples) { groupValue(group, $0, ownership: .purchased) },
                    track("family", samples) { groupValue(group, $0, ownership: .familyShared) },
                    track("ask to buy", samples) { pendingValue($0) { members.contains($0) } },
                ]
                lanes.append(lane(group, "subscription group", members, tracks))
            } else if case .consumable(let grant) = product.kind {
                let own = TimelineTrack(name: "own", periods: [], marks: marks(product.id, grant: grant, samples))
                let tracks = [own, track("ask to buy", samples) { pendingValue($0) { $0 == product.id } }]
                lanes.append(lane(product.id, "consumable", [product.id], tracks))
            } else {
                let tracks = [
                    track("own", samples) { productValue(product.id, $0, ownership: .purchased) },
                    track("family", samples) { productValue(product.id, $0, ownership: .familyShared) },
                    track("ask to buy", samples) { pendingValue($0) { $0 == product.id } },
                ]
                let kind = product.type == .nonRenewable ? "non-renewing subscription" : "non-consumable"
                lanes.append(lane(product.id, kind, [product.id], tracks))
            }
        }
        return lanes
    }

    private static func lane(_ id: String, _ kind: String, _ products: [String], _ tracks: [TimelineTrack]) -> TimelineLane {
        var kept = tracks.filter { !$0.periods.isEmpty || !$0.marks.isEmpty }
        if kept.isEmpty { kept = [TimelineTrack(name: "own", periods: [], marks: [])] }
        return TimelineLane(id: id, kindLabel: kind, products: products, tracks: kept)
    }

    /// Merges consecutive samples with the same value into periods.
    private static func track(_ name: String, _ samples: TimelineSamples, value: (StoreModel) -> TrackValue?) -> TimelineTrack {
        var periods: [TimelinePeriod] = []
        var open: (value: TrackValue, sample: TimelineSamples.Sample)?
        func close(at position: Double, _ time: Instant) {
            guard let o = open, position > o.sample.position else { return }
            periods.append(
                TimelinePeriod(
                    kind: o.value.kind, product: o.value.product, from: o.sample.position, to: position,
                    start: o.sample.time, end: time))
        }
        for sample in samples.samples {
            let v = value(sample.model)
            if v == open?.value { continue }
            close(at: sample.position, sample.time)
            open = v.map { ($0, sample) }
        }
        close(at: samples.endPosition, samples.spans.last?.end ?? Instant.defaultStart)
        return TimelineTrack(name: name, periods: periods, marks: [])
    }

    private static func groupValue(_ group: String, _ model: StoreModel, ownership: OwnershipType) -> TrackValue? {
        guard let statuses = model.statuses.first(where: { $0.group == group }),
            let status = statuses.statuses.first(where: { $0.ownershipType == ownership })
        else { return nil }
        let product = model.state.transaction(status.transactionID)?.productID ?? group
        let kind: PeriodKind
        switch status.state {
        case .subscribed: kind = ownership == .familyShared ? .shared : .subscribed
        case .inGracePeriod: kind = .grace
        case .inBillingRetryPeriod: kind = .billingRetry
        case .expired: kind = .expired
        case .revoked: kind = .revoked
        }
        return TrackValue(kind: kind, product: product)
    }

    private static func productValue(_ id: String, _ model: StoreModel, ownership: OwnershipType) -> TrackValue? {
        var latest: Transaction?
        var active = false
        for n in 0..<model.state.transactionCount {
            guard let t = model.state.transaction(UInt64(n + 1)), t.productID == id, t.ownershipType == ownership else { continue }
            latest = t
            if t.revocationDate == nil, t.expirationDate.map({ model.state.now < $0 }) ?? true { active = true }
        }
        guard let latest else { return nil }
        if active { return TrackValue(kind: ownership == .familyShared ? .shared : .owned, product: id) }
        return TrackValue(kind: latest.revocationDate != nil ? .revoked : .expired, product: id)
    }

    private static func pendingValue(_ model: StoreModel, matching: (String) -> Bool) -> TrackValue? {
        model.state.pendingRequests.first { matching($0.purchase.product) }.map { TrackValue(kind: .pending, product: $0.purchase.product) }
    }

    /// A mark where each transaction of consumable `id` first appears.
    private static func marks(_ id: String, grant: Int, _ samples: TimelineSamples) -> [TimelineMark] {
        guard let last = samples.after.last else { return [] }
        var marks: [TimelineMark] = []
        var seen = 0
        for sample in samples.samples where sample.model.state.transactionCount > seen {
            for n in seen..<sample.model.state.transactionCount {
                guard let t = sample.model.state.transaction(UInt64(n + 1)), t.productID == id else { continue }
                let revoked = last.state.isRevoked(t.id)
                marks.append(TimelineMark(at: sample.position, label: "+\(grant * t.purchasedQuantity) (#\(t.id))", revoked: revoked))
            }
            seen = sample.model.state.transactionCount
        }
        return marks
    }
}
