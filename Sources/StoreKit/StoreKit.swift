// The module named `StoreKit` on platforms without Apple's StoreKit (Linux, Windows, Android):
// `import StoreKit` then brings in what it brings in on Apple platforms — Foundation and the
// StoreKit API, here the `StoreKitTestDouble` mirror — so a store class written against Apple's
// StoreKit compiles unchanged, module-qualified names (`StoreKit.Transaction`) included.
//
// Package.swift declares this target only where Apple's StoreKit does not exist; on Apple
// platforms see docs/StoreKitFacade.md §1.

@_exported import Foundation
// Combine's `ObservableObject` and `@Published`, which Apple's Foundation brings in (the stand-ins).
@_exported import Combine
// Observation too: on Apple platforms `@Observable` store classes often reach it through their
// other imports; re-exporting it keeps `import StoreKit` alone enough.
@_exported import Observation
@_exported import StoreKitTestDouble
