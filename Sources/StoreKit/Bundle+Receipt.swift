extension Bundle {
    /// The app receipt of the running simulated app (`AppStoreReceipt.url`); nil outside one.
    ///
    /// Shadows Foundation's property on Linux (which is always nil there), so receipt-era code
    /// reading `Bundle.main.appStoreReceiptURL` compiles and runs unchanged.
    public var appStoreReceiptURL: URL? { AppStoreReceipt.url }
}
