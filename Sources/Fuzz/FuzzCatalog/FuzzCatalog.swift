// libFuzzer target: catalog JSON and .storekit files (see docs/Fuzzing.md). The logic is FuzzEntry.catalog.
import FuzzEntries

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalog(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    FuzzEntry.catalog(Array(UnsafeBufferPointer(start: data, count: size))).trapOnFailure()
}
