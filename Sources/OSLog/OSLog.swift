// The module named `OSLog` where Apple's does not exist: `import OSLog` brings `os`'s `Logger`
// stand-in, as Apple's OSLog re-exports os. Package.swift declares it only there.
@_exported import os
