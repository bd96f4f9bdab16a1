// libFuzzer target: Google Play history files (see docs/Fuzzing.md). The logic is FuzzEntry.playHistory.
import FuzzEntries

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlayHistory(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzEntry.playHistory(Array(UnsafeBufferPointer(start: data, count: size))).trapOnFailure()
}
