import Testing
@Test func corpusPlaceholder() { #expect(true) }
