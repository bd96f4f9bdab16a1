import PurchaseStateMachine
import Testing

/// A malformed JSON text and where the parser must say it stopped.
struct JSONSyntaxErrorCase: Sendable, CustomTestStringConvertible {
    var text: String
    var line: Int
    var column: Int
    var message: String
    var testDescription: String { "\(message): \(text.debugDescription)" }
}

@Suite("JSON parsing and rendering")
struct ModelJSONFormatTests {
    static let documents: [String] = [
        #"null"#, #"true"#, #"false"#, #"0"#, #"-12"#, #"9223372036854775807"#, #"-9223372036854775808"#,
        #"1.5"#, #"-0.25"#, #"1e300"#, #"6.02e-23"#, #""""#, #""plain""#,
        #""quote \" backslash \\ slash / newline \n tab \t return \r""#,
        #""control \u0001 \u001f""#, #""é ü 日本 🎉""#, #""\u00e9\u65e5\ud83c\udf89""#,
        #"[]"#, #"{}"#, #"[1, "two", [3], {"four": 4}]"#,
        #"{"b": 1, "a": [true, null], "c": {"d": "e"}}"#,
    ]

    @Test("Rendering and parsing again gives the same value", arguments: documents)
    func roundTrip(text: String) throws {
        let value = try JSONValue.parse(text)
        #expect(try JSONValue.parse(value.rendered()) == value)
        #expect(try JSONValue.parse(value.rendered(pretty: true)) == value)
    }

    @Test("Unicode escapes and literal characters decode to the same string")
    func unicode() throws {
        #expect(try JSONValue.parse(#""\u00e9\u65e5\ud83c\udf89""#) == "é日🎉")
        #expect(try JSONValue.parse(#""é日🎉""#) == "é日🎉")
        #expect(JSONValue.string("é日🎉\u{1}").rendered() == "\"é日🎉\\u0001\"", "non-ASCII is written as is, controls escaped")
    }

    @Test("Integers stay exact and whole doubles compare equal to integers")
    func numbers() throws {
        #expect(try JSONValue.parse("9007199254740993") == .int(9_007_199_254_740_993))
        #expect(try JSONValue.parse("2.0") == .int(2))
        #expect(try JSONValue.parse("1E2") == .double(100))
        #expect(JSONValue.double(2.5).rendered() == "2.5")
        #expect(JSONValue.double(3).rendered() == "3")
        #expect(try JSONValue.parse("123456789012345678901234567890") == .double(1.2345678901234568e29))
    }

    @Test("Rendering sorts keys; pretty rendering indents by two spaces")
    func rendering() throws {
        let value = try JSONValue.parse(#"{"b": [1, 2], "a": {}}"#)
        #expect(value.rendered() == #"{"a":{},"b":[1,2]}"#)
        #expect(value.rendered(pretty: true) == "{\n  \"a\": {},\n  \"b\": [\n    1,\n    2\n  ]\n}")
    }

    @Test("Objects compare by members, not by order")
    func objectEquality() throws {
        #expect(try JSONValue.parse(#"{"a": 1, "b": 2}"#) == JSONValue.parse(#"{"b": 2, "a": 1}"#))
        #expect(try JSONValue.parse(#"{"a": 1}"#) != JSONValue.parse(#"{"a": 1, "b": 2}"#))
        #expect(try JSONValue.parse(#"{"a": 1}"#)["a"] == 1)
        #expect(JSONValue.int(1)["a"] == nil)
    }

    static let errors: [JSONSyntaxErrorCase] = [
        JSONSyntaxErrorCase(text: "", line: 1, column: 1, message: "unexpected end of input"),
        JSONSyntaxErrorCase(text: "{\"a\": 1,\n  }", line: 2, column: 3, message: "expected a quoted member name"),
        JSONSyntaxErrorCase(text: "[1, 2", line: 1, column: 6, message: "unexpected end of input in an array"),
        JSONSyntaxErrorCase(text: "{\"a\" 1}", line: 1, column: 6, message: "expected ':'"),
        JSONSyntaxErrorCase(text: "{\"a\": 1 \"b\": 2}", line: 1, column: 9, message: "expected ',' or '}'"),
        JSONSyntaxErrorCase(text: "[1]\n[2]", line: 2, column: 1, message: "unexpected content after the JSON value"),
        JSONSyntaxErrorCase(text: "\"open", line: 1, column: 6, message: "unterminated string"),
        JSONSyntaxErrorCase(text: "\"a\tb\"", line: 1, column: 3, message: "control character in a string"),
        JSONSyntaxErrorCase(text: #""\x""#, line: 1, column: 4, message: "invalid escape"),
        JSONSyntaxErrorCase(text: #""\ud83c""#, line: 1, column: 8, message: "lone surrogate in a string"),
        JSONSyntaxErrorCase(text: #""\udf89""#, line: 1, column: 8, message: "lone surrogate in a string"),
        JSONSyntaxErrorCase(text: #""\u12""#, line: 1, column: 4, message: #"invalid \u escape"#),
        JSONSyntaxErrorCase(text: "01", line: 1, column: 3, message: "leading zeros are not allowed"),
        JSONSyntaxErrorCase(text: "1.", line: 1, column: 3, message: "invalid number"),
        JSONSyntaxErrorCase(text: "-", line: 1, column: 2, message: "invalid number"),
        JSONSyntaxErrorCase(text: "1e999", line: 1, column: 1, message: "number out of range"),
        JSONSyntaxErrorCase(text: "tru", line: 1, column: 4, message: "invalid literal"),
        JSONSyntaxErrorCase(text: "{\"a\": 1, \"a\": 2}", line: 1, column: 10, message: "duplicate member \"a\""),
        JSONSyntaxErrorCase(text: "é", line: 1, column: 1, message: "unexpected character"),
        JSONSyntaxErrorCase(text: "\n\n  ]", line: 3, column: 3, message: "unexpected character ']'"),
    ]

    @Test("Syntax errors name the line and column where reading stopped", arguments: errors)
    func syntaxError(_ c: JSONSyntaxErrorCase) {
        do {
            let value = try JSONValue.parse(c.text)
            Issue.record("parsed \(value) instead of failing")
        } catch {
            #expect(error.message.hasPrefix(c.message), "\(error.message)")
            #expect(error.line == c.line)
            #expect(error.column == c.column)
            #expect(error.description.hasPrefix("line \(c.line), column \(c.column): "))
        }
    }

    @Test("Nesting deeper than 256 levels is refused, 256 is read")
    func nesting() throws {
        let deep = String(repeating: "[", count: 257) + String(repeating: "]", count: 257)
        #expect(throws: JSONSyntaxError.self) { try JSONValue.parse(deep) }
        let ok = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(throws: Never.self) { try JSONValue.parse(ok) }
    }

    @Test("Columns count characters, not bytes")
    func columnsCountCharacters() {
        do {
            _ = try JSONValue.parse("[\"日本\", x]")
            Issue.record("expected an error")
        } catch {
            #expect(error.column == 8)
        }
    }
}
