enum ConformanceRunnerPlaceholder {}
