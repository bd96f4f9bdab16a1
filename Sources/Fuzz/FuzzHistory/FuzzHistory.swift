// libFuzzer target: history files (see docs/Fuzzing.md). The logic is FuzzEntry.history.
import FuzzEntries

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHistory(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzEntry.history(Array(UnsafeBufferPointer(start: data, count: size))).trapOnFailure()
}
