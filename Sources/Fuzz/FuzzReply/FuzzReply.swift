// libFuzzer target: purchase-subject/1 reply lines (see docs/Fuzzing.md). The logic is FuzzEntry.subjectReply.
import FuzzEntries

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReply(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzEntry.subjectReply(Array(UnsafeBufferPointer(start: data, count: size))).trapOnFailure()
}
