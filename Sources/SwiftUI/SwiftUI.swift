// The module named `SwiftUI` where Apple's does not exist (Package.swift declares it only there).
// It has no views: many store classes `import SwiftUI` only for what comes with it —
// Foundation, Combine's `ObservableObject`/`@Published`, Observation — keep a flag in
// `@AppStorage`, or publish the store to views with an `EnvironmentKey` and `EnvironmentValues`. With this module such a file compiles unchanged; a file with views still needs
// Apple's SwiftUI and is out of the facade's scope (docs/StoreKitFacade.md §1).
@_exported import Combine
@_exported import Foundation
@_exported import Observation
