// The `purchase-conformance` executable: all logic lives in ConformanceRunner.
import ConformanceRunner
import Foundation
import SeedSystems

exit(PurchaseConformanceTool(subjects: BuiltInSubjects.all + SeedSystems.subjects).run(Array(CommandLine.arguments.dropFirst())))
