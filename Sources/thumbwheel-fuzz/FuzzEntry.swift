import Glibc

/// The fuzz targets' entry points. Built by `scripts/fuzz` with `-sanitize=fuzzer,address` and
/// `-DFUZZING`, libFuzzer calls `LLVMFuzzerTestOneInput` with each input and `THUMBWHEEL_FUZZ_TARGET`
/// names the target. Built normally (`swift build`), the same program replays files through a
/// target: `thumbwheel-fuzz TARGET FILE…` — how a crash the fuzzer saved is reproduced in a debugger.

#if FUZZING
/// The target this process fuzzes, read once.
nonisolated(unsafe) private var selected: FuzzTarget?

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    if selected == nil {
        let name = getenv("THUMBWHEEL_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            StandardError.write("THUMBWHEEL_FUZZ_TARGET must be one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n")
            exit(2)
        }
        selected = target
    }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selected?.run(bytes)
    return 0
}
#else
@main
struct FuzzReplay {
    static func main() {
        let args = CommandLine.arguments.dropFirst()
        guard let name = args.first, let target = FuzzTarget(rawValue: name), args.count > 1 else {
            StandardError.write("usage: thumbwheel-fuzz TARGET FILE…  (targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")))\n")
            exit(2)
        }
        for path in args.dropFirst() {
            guard let bytes = FuzzFiles.read(path) else { StandardError.write("cannot read \(path)\n"); exit(1) }
            target.run(bytes)
            print("\(path): ok")
        }
    }
}
#endif

/// Writing to standard error without Glibc's `stderr` global (not concurrency-safe in Swift 6).
enum StandardError {
    static func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
