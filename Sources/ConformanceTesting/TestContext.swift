import Testing
import XCTest

/// Where a conformance call was made from: the calling test, when there is one, and its source
/// location; records failures in whichever test framework is running.
struct TestContext {
    /// The caller's `#fileID`, `#filePath`, `#line` and `#column`.
    let fileID: String
    let filePath: StaticString
    let line: UInt
    let column: UInt
    /// The caller's `#function` (an XCTest method's name).
    let function: String

    /// Whether a Swift Testing test is running on this task.
    var inSwiftTesting: Bool { Test.current != nil }

    /// The location Swift Testing records issues at.
    var sourceLocation: SourceLocation {
        SourceLocation(
            fileID: fileID, filePath: String(describing: filePath), line: Int(line), column: Int(column))
    }

    /// A `swift test --filter` regular expression that selects the calling test: its full id
    /// in Swift Testing (`Module.Suite/name()`), the module and method name in XCTest.
    var testFilter: String? {
        if let test = Test.current {
            return Self.escaped(([test.id.moduleName] + [test.id.nameComponents.joined(separator: "/")]).joined(separator: "."))
        }
        let module = fileID.split(separator: "/").first.map(String.init) ?? ""
        let method = function.split(separator: "(").first.map(String.init) ?? function
        guard !module.isEmpty, method.hasPrefix("test") else { return nil }
        return Self.escaped(module) + "\\..*/" + Self.escaped(method) + "$"
    }

    /// Whether XCTest can record a failure here: this process runs XCTest tests (a test bundle
    /// not in its Swift Testing pass). `XCTFail` outside an XCTest run is silently dropped.
    var inXCTest: Bool {
        let arguments = CommandLine.arguments
        guard let program = arguments.first?.lowercased(), program.contains("xctest") else { return false }
        return !zip(arguments, arguments.dropFirst()).contains { $0 == "--testing-library" && $1 == "swift-testing" }
    }

    /// Records `message` as a failure of the running test: an issue in Swift Testing, an
    /// `XCTFail` at the caller's file and line in XCTest. Returns false when neither is
    /// running (a detached task, a plain program): the caller must not drop the failure.
    func recordFailure(_ message: String) -> Bool {
        if inSwiftTesting {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            return true
        }
        guard inXCTest else { return false }
        XCTFail(message, file: filePath, line: line)
        return true
    }

    /// `text` with the regular-expression metacharacters escaped.
    static func escaped(_ text: String) -> String {
        var out = ""
        for ch in text {
            if "\\^$.|?*+()[]{}".contains(ch) { out.append("\\") }
            out.append(ch)
        }
        return out
    }
}
