import Foundation
import PurchaseStateMachine

/// Reads and writes `purchase-history/1` files and the catalogs they point at.
public enum HistoryFile {
    /// Reads, parses and validates the history at `path`; a `catalogFile` is read relative to it.
    /// Every problem is a `FormatError` naming the file (and field and event).
    public static func read(_ path: String) throws(FormatError) -> History {
        let text = try readText(path)
        let directory = (path as NSString).deletingLastPathComponent
        do {
            return try History(text: text) { relative throws(FormatError) in
                let full = relative.hasPrefix("/") ? relative : (directory.isEmpty ? relative : directory + "/" + relative)
                do {
                    return try readCatalog(full)
                } catch {
                    // Name both files: the history that points at the catalog, and the catalog's own problem.
                    throw FormatError(file: path, field: "catalogFile", message: "\"\(relative)\" could not be read: \(error)")
                }
            }
        } catch {
            throw error.file == nil ? error.inFile(path) : error
        }
    }

    /// Reads, parses and validates the Google Play history at `path` (`"storeKind": "googlePlay"`).
    public static func readPlay(_ path: String) throws(FormatError) -> PlayHistory {
        do { return try PlayHistory(text: try readText(path)) } catch { throw error.file == nil ? error.inFile(path) : error }
    }

    /// Reads a Google Play catalog: a Play history file (its catalog and its policy) or a bare Play
    /// catalog (`{"oneTime": …, "subscriptions": …}`, no policy: which products the app consumes
    /// is not in it). An App Store catalog or a `.storekit` file is an error saying so.
    public static func readPlayCatalog(_ path: String) throws(FormatError) -> (catalog: PlayCatalog, policy: PlayPolicy?) {
        if path.hasSuffix(".storekit") {
            throw FormatError(file: path, field: "", message: "an Xcode .storekit file is an App Store catalog; a Google Play catalog is JSON with oneTime and subscriptions")
        }
        let json = try readJSON(path)
        if PlayHistory.isPlay(json) {
            let history = try readPlay(path)
            return (history.catalog, history.policy)
        }
        if json["products"] != nil || json["format"] != nil {
            throw FormatError(
                file: path, field: json["products"] != nil ? "products" : "format",
                message: "this is an App Store catalog or history; a Google Play catalog has oneTime and subscriptions (or is a history with \"storeKind\": \"\(PlayHistory.storeKind)\")")
        }
        do { return (try PlayCatalog(json: json), nil) } catch { throw error.inFile(path) }
    }

    /// Whether the file at `path` is a Google Play history (false when it cannot be read as JSON).
    public static func isPlay(_ path: String) -> Bool {
        guard let text = try? readText(path), let json = try? JSONValue.parse(text) else { return false }
        return PlayHistory.isPlay(json)
    }

    /// Reads a catalog: an Xcode `.storekit` file, or JSON with a `products` array (a bare
    /// catalog or a history file's inline catalog).
    ///
    /// A `.storekit` file's consumable grants and non-renewing durations come from the
    /// overrides file beside it (`NAME.conformance.json`, see `StoreKitGrants`) and `grants`
    /// (which wins); a product given by neither is an error naming it.
    public static func readCatalog(_ path: String, grants: StoreKitGrants = StoreKitGrants()) throws(FormatError) -> Catalog {
        let json = try readJSON(path)
        let given = path.hasSuffix(".storekit") ? try storeKitGrants(besides: path).merging(grants) : grants
        do {
            if path.hasSuffix(".storekit") { return try Catalog(storeKitConfiguration: json, grants: given) }
            if let catalog = json["catalog"], json["format"] != nil { return try Catalog(json: catalog) }
            return try Catalog(json: json, path: "")
        } catch {
            throw error.inFile(path)
        }
    }

    /// The store settings a `.storekit` file's `settings` block states (defaults for any other catalog file).
    public static func readStoreSettings(_ path: String) throws(FormatError) -> StoreSettings {
        guard path.hasSuffix(".storekit") else { return StoreSettings() }
        do {
            return try StoreSettings(storeKitConfiguration: try readJSON(path))
        } catch {
            throw error.file == nil ? error.inFile(path) : error
        }
    }

    /// The grants in the overrides file beside the `.storekit` file at `path`, or none when there is no such file.
    public static func storeKitGrants(besides path: String) throws(FormatError) -> StoreKitGrants {
        let overrides = StoreKitGrants.overridesPath(for: path)
        guard FileManager.default.fileExists(atPath: overrides) else { return StoreKitGrants() }
        do {
            return try StoreKitGrants(json: try readJSON(overrides))
        } catch {
            throw error.file == nil ? error.inFile(overrides) : error
        }
    }

    static func readJSON(_ path: String) throws(FormatError) -> JSONValue {
        let text = try readText(path)
        do { return try JSONValue.parse(text) } catch {
            throw FormatError(file: path, field: "", message: "not valid JSON: \(error)")
        }
    }

    /// The app policy a catalog file carries: a history file's (`purchase-history/1`) `policy`,
    /// the default for any other catalog file.
    public static func readPolicy(_ path: String) throws(FormatError) -> AppPolicy {
        guard !path.hasSuffix(".storekit"), case .string(History.format)? = (try? JSONValue.parse(try readText(path)))?["format"]
        else { return AppPolicy() }
        return try read(path).policy
    }

    /// Writes `history` to `path` atomically (a temporary file renamed into place), keys sorted,
    /// two-space indentation; creates missing folders.
    public static func write(_ history: History, to path: String) throws(FormatError) {
        try writeText(history.fileText, to: path)
    }

    /// Writes `text` to `path` atomically, creating missing folders.
    public static func writeText(_ text: String, to path: String) throws(FormatError) {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw FormatError(file: path, field: "", message: "could not write: \(error.localizedDescription)")
        }
    }

    /// The largest history or catalog file read: 64 MiB (real ones are kilobytes).
    public static let maximumFileBytes: Int64 = 64 * 1_048_576

    static func readText(_ path: String) throws(FormatError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FormatError(file: path, field: "", message: "no such file")
        }
        guard !isDirectory.boolValue else { throw FormatError(file: path, field: "", message: "is a folder, not a file") }
        // Only regular files: a FIFO would block forever and a device such as /dev/zero never ends.
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard attributes?[.type] as? FileAttributeType == .typeRegular else {
            throw FormatError(file: path, field: "", message: "is not a regular file")
        }
        guard let size = (attributes?[.size] as? NSNumber)?.int64Value, size <= maximumFileBytes else {
            throw FormatError(
                file: path, field: "", message: "is larger than \(maximumFileBytes / 1_048_576) MiB, the most a history or catalog file may be")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FormatError(file: path, field: "", message: "could not be read")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            // nil at the end of the file: an empty file.
            data = try handle.read(upToCount: Int(maximumFileBytes) + 1) ?? Data()
        } catch {
            throw FormatError(file: path, field: "", message: "could not be read")
        }
        guard data.count <= Int(maximumFileBytes) else {
            throw FormatError(file: path, field: "", message: "grew past \(maximumFileBytes / 1_048_576) MiB while being read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw FormatError(file: path, field: "", message: "is not UTF-8 text")
        }
        return text
    }

    /// The `.json` files inside `folder` and its subfolders (such as the failures folder's
    /// one folder per subject), sorted by path; nil when `folder` is not a folder.
    public static func historyFiles(under folder: String) -> [String]? {
        let folder = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        guard var files = historyFiles(in: folder) else { return nil }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names.sorted() where !name.hasPrefix(".") {
            var isDirectory: ObjCBool = false
            let path = folder + "/" + name
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                files += historyFiles(under: path) ?? []
            }
        }
        return files
    }

    /// The `.json` files directly inside `folder`, sorted by name; nil when the folder does not exist.
    public static func historyFiles(in folder: String) -> [String]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted().map { folder + "/" + $0 }
    }
}
