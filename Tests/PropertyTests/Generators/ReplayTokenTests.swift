import Generators
import Testing

@Suite("Replay tokens")
struct GeneratorsReplayTokenTests {
    @Test("A token's text parses back to exactly the same choices (over many random sequences)")
    func roundTrip() throws {
        var random = Xoshiro256StarStar(seed: 2024)
        for _ in 0..<200 {
            let count = Int(random.next(upTo: 40))
            let choices = (0..<count).map { _ -> Choice in
                let max = random.next() >> random.next(upTo: 63)
                return Choice(value: random.next(upTo: max), max: max, belowTarget: random.next(upTo: max))
            }
            let token = ReplayToken(ChoiceSequence(choices))
            #expect(token.text.hasPrefix("g1:"))
            #expect(try ReplayToken(parsing: token.text) == token)
        }
    }

    @Test("The empty sequence has a token too")
    func emptySequence() throws {
        let token = ReplayToken(ChoiceSequence([]))
        #expect(try ReplayToken(parsing: token.text).sequence.isEmpty)
    }

    @Test(
        "Bad tokens throw an error that says what is wrong",
        arguments: [
            ("g2:AA", "unsupported replay token version 'g2'"),
            ("hello", "must start with 'g1:'"),
            ("g1:A*", "outside base64url"),
            ("g1:A", "impossible length"),
            ("g1:AQ", "claims 1 choices"),
            ("g1:AYCA", "ends in the middle"),
            ("g1:AQUEAA", "out of bounds"),
            ("g1:AAA", "trailing bytes"),
        ])
    func badTokens(text: String, expected: String) {
        #expect {
            try ReplayToken(parsing: text)
        } throws: { error in
            (error as? ReplayTokenError)?.message.contains(expected) == true
        }
    }

    @Test("Replaying a case's token reproduces its choices and value")
    func replayReproducesCase() throws {
        let gen = Gen.int(in: -1000...1000).array()
        let original = TestCase(seed: Seed(0xC0FFEE))
        let value = try gen.generate(original)
        let token = try ReplayToken(parsing: ReplayToken(original.choiceSequence).text)
        let replayed = TestCase(replaying: token.sequence)
        #expect(try gen.generate(replayed) == value)
        #expect(replayed.choices == original.choices)
        #expect(try gen.replay(token) == value)
    }
}
