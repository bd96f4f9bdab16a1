// The `purchase-conformance` executable: all logic lives in ConformanceRunner.
import ConformanceRunner
import Foundation

exit(PurchaseConformanceTool().run(Array(CommandLine.arguments.dropFirst())))
