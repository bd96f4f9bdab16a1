enum ShrinkingChallengePlaceholder {}
