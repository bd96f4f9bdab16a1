enum GeneratorsPlaceholder {}
