// The `purchase-conformance` executable: runs the tool over the built-in subjects and seed systems.
import BuiltInSubjects
import ConformanceRunner
import Foundation
import SeedSystems

exit(PurchaseConformanceTool(subjects: BuiltInSubjects.all + SeedSystems.subjects).run(Array(CommandLine.arguments.dropFirst())))
