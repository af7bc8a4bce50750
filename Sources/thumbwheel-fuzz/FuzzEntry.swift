import Glibc

/// The fuzz targets' entry point. Built by `scripts/fuzz` with `-sanitize=fuzzer,address` and
/// `-DFUZZING`, `main` hands the command line to libFuzzer's driver, which calls `fuzzOneInput` with
/// each input for the target `THUMBWHEEL_FUZZ_TARGET` names. (SwiftPM renames an executable's `main`
/// and points the linker's `main` at it, so libFuzzer's own `main` cannot be used.) Built normally
/// (`swift build`), the same program replays files through a target: `thumbwheel-fuzz TARGET FILE…`,
/// which is how an input the fuzzer saved is reproduced in a debugger.
@main
struct FuzzMain {
    static func main() {
        #if FUZZING
            let name = getenv("THUMBWHEEL_FUZZ_TARGET").map { String(cString: $0) } ?? ""
            guard let target = FuzzTarget(rawValue: name) else { usage("THUMBWHEEL_FUZZ_TARGET must be one of") }
            selected = target
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
        #else
            let args = CommandLine.arguments.dropFirst()
            guard let name = args.first, let target = FuzzTarget(rawValue: name), args.count > 1 else {
                usage("usage: thumbwheel-fuzz TARGET FILE…  where TARGET is one of")
            }
            for path in args.dropFirst() {
                guard let bytes = FuzzFiles.read(path) else { StandardError.write("cannot read \(path)\n"); exit(1) }
                target.run(bytes)
                print("\(path): ok")
            }
        #endif
    }

    static func usage(_ text: String) -> Never {
        StandardError.write("\(text): \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n")
        exit(2)
    }
}

#if FUZZING
    /// The target this process fuzzes, set once before the driver starts.
    nonisolated(unsafe) private var selected = FuzzTarget.config

    /// One input from libFuzzer.
    private let fuzzOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt = { data, size in
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        selected.run(bytes)
        return 0
    }

    /// libFuzzer's driver (compiler-rt's FuzzerInterface.h): parses libFuzzer's flags and runs `callback`.
    @_silgen_name("LLVMFuzzerRunDriver")
    private func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt
#endif

/// Writing to standard error without Glibc's `stderr` global (not concurrency-safe in Swift 6).
enum StandardError {
    static func write(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
