// libFuzzer target: one campaign step per input against PURCHASE_FUZZ_SUBJECT (see docs/Fuzzing.md).
import FuzzEntries
import Foundation

let step = FuzzEntry.campaignFromEnvironment(ProcessInfo.processInfo.environment)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCampaign(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    step(Array(UnsafeBufferPointer(start: data, count: size))).trapOnFailure()
}
