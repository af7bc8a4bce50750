// swift-tools-version:6.0
import PackageDescription

/// Release builds of the pixel code drop bounds and overflow checks: the rasterizer's inner loops
/// index raw buffers whose bounds are established once per span, and the checks would dominate their
/// time. Only modules whose own loops touch pixels get it: Raster and its kernels, Display (its copies
/// of damage to the panel, rotated and converted, measurably slow down with the checks: bench-display)
/// and Bench. Widgets does not: its pixels are drawn by Raster, its own code (layout, damage, text and
/// values) gains next to nothing without the checks (bench-widgets, callgrind), and a trap there is
/// better than a wrong value. The figures are in the commit that made this choice.
let fastPixels: [SwiftSetting] = [.unsafeFlags(["-Ounchecked"], .when(configuration: .release))]

/// Release builds of the modules that run once or seldom (config, command line, socket and MQTT
/// service, the simulator) optimise for size: a smaller stripped kiosk binary (issue 22's 8 MB
/// limit), for a few more instructions in the loop's turn and render (callgrind, a thermostat drag).
/// The pixel and touch modules keep full speed.
let smallCode: [SwiftSetting] = [.unsafeFlags(["-Osize"], .when(configuration: .release))]

/// The rasterizer's vector kernels (`Sources/RasterKernels`), compiled once more for each of these
/// x86-64 levels (AVX2; AVX-512) from the same files (the folders hold symbolic links), so that a
/// portable binary runs the widest its CPU has (`Raster`'s `KernelLevel` picks one at run time). A
/// native build (`-target-cpu native`, last on the command line) compiles all three for its own CPU.
/// The CPUs named are the first of each level (the toolchain's clang takes no x86-64-v3/v4 names), and
/// AVX-512 builds for Skylake-X would keep to 256-bit vectors, that CPU's tuning: `-prefer-256-bit` off
/// gives the 512-bit loops a build for Zen 4 makes (the ring kernel gains most, on large frames).
///
/// Swift 6.0 (Debian 13's) hands `-target-cpu` to its clang 17 as `-mcpu=`, which clang refuses for
/// x86-64; there the CPU goes to clang's compiler itself (`-Xclang -target-cpu`), whose target Swift's
/// code generation takes too. Newer toolchains keep `-target-cpu`, which a native build's own
/// `-target-cpu native` overrides, as the cc1 form would not.
#if compiler(>=6.1)
    func cpuFlags(_ cpu: String) -> [String] { ["-target-cpu", cpu] }
#else
    func cpuFlags(_ cpu: String) -> [String] {
        ["-Xcc", "-Xclang", "-Xcc", "-target-cpu", "-Xcc", "-Xclang", "-Xcc", cpu]
    }
#endif
/// Whether the build is for x86-64: the manifest runs on the host, so `#if arch` names the host's
/// architecture; a cross build (`scripts/build-release --arch arm64`) names its target in
/// `THUMBWHEEL_TARGET_ARCH`.
#if arch(x86_64)
    let hostIsX86 = true
#else
    let hostIsX86 = false
#endif
let buildsForX86 = Context.environment["THUMBWHEEL_TARGET_ARCH"].map { $0 == "x86_64" } ?? hostIsX86
let kernelVariants: [(String, [String])] =
    buildsForX86
    ? [
        ("RasterKernelsX86V3", cpuFlags("haswell")),
        (
            "RasterKernelsX86V4",
            cpuFlags("skylake-avx512") + [
                "-Xcc", "-Xclang", "-Xcc", "-target-feature", "-Xcc", "-Xclang", "-Xcc", "-prefer-256-bit",
            ]
        ),
    ] : []
/// For the modules importing `CSquareRoot`: its fallback for clang 17 is one instruction only without errno.
let noMathErrno: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-fno-math-errno"])]
let kernelVariantTargets: [Target] = kernelVariants.map { name, cpu in
    .target(
        name: name, dependencies: ["RasterKernelTypes", "CSquareRoot"],
        swiftSettings: [.unsafeFlags(cpu)] + noMathErrno + fastPixels)
}

let package = Package(
    name: "Thumbwheel",
    products: [
        .executable(name: "thumbwheel", targets: ["thumbwheel"])
    ],
    targets: [
        // System libraries: a module map and a shim header each (see Sources/C*/).
        .systemLibrary(name: "CLinux", path: "Sources/CLinux"),
        .systemLibrary(name: "CSquareRoot", path: "Sources/CSquareRoot"),
        .systemLibrary(name: "CPixelKernels", path: "Sources/CPixelKernels"),
        .systemLibrary(
            name: "CEvdev", path: "Sources/CEvdev", pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]),
        .systemLibrary(
            name: "CDRM", path: "Sources/CDRM", pkgConfig: "libdrm",
            providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(
            name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CPNG", path: "Sources/CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        // QR symbols for the `qrcode` kind: pure computation in memory, so Widgets may link it.
        .systemLibrary(
            name: "CQREncode", path: "Sources/CQREncode", pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]),
        // SDL2's header only, for the simulator's types: libSDL2 is opened with dlopen at run time, so
        // no pkgConfig here (it would link -lSDL2 into the kiosk binary; see Sources/CSDL2/shim.h).
        .systemLibrary(name: "CSDL2", path: "Sources/CSDL2"),
        // The same for libmosquitto (libmosquitto-dev's header): opened only when the config has [mqtt],
        // so libmosquitto, libssl and libcrypto stay out of a panel without it (Sources/CMosquitto/shim.h).
        .systemLibrary(name: "CMosquitto", path: "Sources/CMosquitto"),

        // The pure core: no I/O, time passed in.
        .target(name: "Core"),
        .target(name: "Controls", dependencies: ["Core"]),
        // General formats (TOML, JSON with its Codable bridge, base64), knowing nothing of the kiosk: Core
        // only for the one number grammar (`NumberText`) that JSON shares with MQTT payloads and the CLI.
        .target(name: "Formats", dependencies: ["Core"], swiftSettings: smallCode),
        // The config's vocabulary (schemas, validated tables), apart from TOML; a key's place in the file
        // (`SourceLocation`) and its path's text are the parser's, from Formats.
        .target(name: "ConfigModel", dependencies: ["Core", "Formats"], swiftSettings: smallCode),
        // The parameters of the rasterizer's vector kernels, and the kernels for the build's own CPU.
        .target(name: "RasterKernelTypes"),
        .target(
            name: "RasterKernels", dependencies: ["RasterKernelTypes", "CSquareRoot"],
            swiftSettings: noMathErrno + fastPixels),
        .target(
            name: "Raster",
            dependencies: ["Core", "CFreeType", "CPNG", "CPixelKernels", "RasterKernelTypes", "RasterKernels"]
                + kernelVariants.map { .target(name: $0.0) }, swiftSettings: fastPixels),
        .target(name: "Widgets", dependencies: ["Core", "Controls", "Raster", "ConfigModel", "CQREncode"]),

        // The files the pure core is handed: fonts (read a piece at a time as FreeType asks) and PNG images
        // read and written here, the default text fonts named here, once.
        .target(name: "AssetFiles", dependencies: ["Raster", "Widgets", "Platform"], swiftSettings: smallCode),

        // The plumbing under the edges: event loop, logging, files, inotify, hooks, systemd notify.
        .target(name: "Platform", dependencies: ["Core", "CLinux"], swiftSettings: smallCode),

        // The edges: devices, display, the service.
        .target(name: "Input", dependencies: ["Core", "Platform", "CEvdev", "CLinux"]),
        .target(
            name: "Display", dependencies: ["Core", "Platform", "Raster", "CDRM", "CLinux"], swiftSettings: fastPixels),
        // Config loading: the TOML file to a validated `KioskConfig` (schema, builder, warnings, the
        // reference, the last good config), apart from the runtime that runs it.
        .target(
            name: "ConfigLoading",
            dependencies: [
                "Core", "Formats", "Platform", "ConfigModel", "Controls", "Raster", "Widgets", "AssetFiles",
                "HomeAssistant",
            ], swiftSettings: smallCode),
        // The state file: values saved atomically on a writer thread, loaded and checked at start.
        .target(
            name: "Persistence", dependencies: ["Core", "Controls", "Formats", "Platform", "ConfigLoading", "CLinux"],
            swiftSettings: smallCode),
        .target(
            name: "Kiosk",
            dependencies: [
                "Core", "Formats", "Platform", "ConfigModel", "ConfigLoading", "Persistence", "Controls", "Raster",
                "Widgets",
                "AssetFiles", "Input", "Display",
                "CLinux",
            ], swiftSettings: smallCode),
        // The adapters: how the rest of the system reaches the kiosk, each only through its command API
        // (`KioskAPI`). No module imports an adapter; the programs link them.
        .target(
            name: "SocketAdapter",
            dependencies: [
                "Kiosk", "Persistence", "ConfigLoading", "Core", "Formats", "Platform", "Controls", "CLinux",
            ],
            swiftSettings: smallCode),
        .target(
            name: "MQTTAdapter",
            dependencies: [
                "Kiosk", "Persistence", "ConfigLoading", "ConfigModel", "Core", "Formats", "Platform", "Controls",
                "Widgets",
                "CMosquitto",
            ], swiftSettings: smallCode),
        // Home Assistant entities bound to elements (issue 33): the client's states set them, the panel's
        // changes become service calls. The client module itself stays kiosk-free.
        .target(
            name: "HomeAssistantAdapter",
            dependencies: [
                "Kiosk", "Persistence", "HomeAssistant", "ConfigLoading", "ConfigModel", "Core", "Formats", "Platform",
                "Controls",
                "Widgets",
            ], swiftSettings: smallCode),
        // The desktop simulator (`thumbwheel simulate`): an SDL2 window as display and touch source, at
        // the edge like MQTT — Controls, Raster and Widgets never see it.
        .target(
            name: "Simulator",
            dependencies: [
                "Kiosk", "Persistence", "ConfigLoading", "Platform", "Core", "Display", "Input", "Raster", "Widgets",
                "AssetFiles",
                "CSDL2", "CLinux",
            ], swiftSettings: smallCode),
        // The command line of both binaries (parser, help, man page, completions, exit statuses), with
        // no Foundation: a parser library that brings FoundationEssentials would swell the static kiosk binary.
        .target(name: "CLISupport", dependencies: ["Core"], swiftSettings: smallCode),
        .executableTarget(
            name: "thumbwheel",
            dependencies: [
                "Kiosk", "Persistence", "ConfigLoading", "SocketAdapter", "MQTTAdapter", "HomeAssistantAdapter",
                "HomeAssistant", "Formats", "Platform",
                "Core", "Raster", "Input", "Display", "Widgets",
                "AssetFiles", "CLISupport", "Simulator",
            ], swiftSettings: smallCode),

        // Development only, never installed: the benchmarks and the test helpers. Kept out of the
        // product modules so the kiosk binary carries no bench scenes or torture loops; its command
        // line is the kiosk's own (CLISupport).
        .target(
            name: "Bench",
            dependencies: ["Core", "Controls", "Raster", "Widgets", "AssetFiles", "Display", "ConfigModel"],
            swiftSettings: fastPixels),
        .executableTarget(
            name: "thumbwheel-dev",
            dependencies: [
                "Bench", "Kiosk", "Persistence", "ConfigLoading", "Input", "Core", "Raster", "Display", "Widgets",
                "AssetFiles",
                "Platform", "CLISupport",
            ]),

        // Fuzz targets (issue 21): libFuzzer's entry point when scripts/fuzz builds it with
        // -sanitize=fuzzer and -DFUZZING; otherwise a replayer of saved inputs, so plain builds work.
        .executableTarget(
            name: "thumbwheel-fuzz",
            dependencies: [
                "Kiosk", "Persistence", "ConfigLoading", "SocketAdapter", "MQTTAdapter", "Formats", "Input", "Raster",
                "AssetFiles",
                "Core", "Controls", "Bench", "HomeAssistant", "HomeAssistantAdapter",
            ]),

        .testTarget(name: "CoreTests", dependencies: ["Core"]),
        .testTarget(
            name: "ControlsTests", dependencies: ["Controls", "Core"],
            exclude: ["SPEC_COVERAGE.md", "SPEC_COVERAGE_MS_CS_X.md", "SPEC_COVERAGE_RVS_NP.md"]),
        // Seeded random numbers and temporary directories, one set for every test target.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Reference-image comparison shared by the Raster and Widgets tests.
        .target(name: "ImageTestSupport", dependencies: ["Raster", "AssetFiles"], path: "Tests/ImageTestSupport"),
        .testTarget(
            name: "RasterTests",
            dependencies: [
                "Raster", "RasterKernelTypes", "RasterKernels", "AssetFiles", "Core", "ImageTestSupport", "TestSupport",
                "Bench",
            ],
            resources: [.copy("Golden")]),
        // Reference images are read from the source tree (next to #filePath), not as resources.
        .testTarget(
            name: "WidgetsTests",
            dependencies: [
                "Widgets", "Controls", "Raster", "AssetFiles", "Core", "ConfigModel", "ImageTestSupport", "TestSupport",
                "Bench",
            ],
            exclude: ["References"]),
        .testTarget(
            name: "InputTests", dependencies: ["Input", "Core", "TestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "DisplayTests", dependencies: ["Display", "Raster", "Core", "TestSupport", "Bench"]),
        // TOMLReference holds the differential test's reference: a Python script around tomllib; Platform
        // writes the documents it reads.
        .testTarget(
            name: "FormatsTests", dependencies: ["Formats", "Platform", "TestSupport"], exclude: ["TOMLReference"]),
        .testTarget(
            name: "KioskTests",
            dependencies: [
                "Kiosk", "Persistence", "ConfigLoading", "SocketAdapter", "MQTTAdapter", "HomeAssistantAdapter",
                "HomeAssistant", "Formats", "Platform", "Controls", "Core", "Raster", "Widgets", "AssetFiles",
                "TestSupport",
            ]),
        .testTarget(
            name: "SimulatorTests",
            dependencies: [
                "Simulator", "Kiosk", "Persistence", "ConfigLoading", "SocketAdapter", "Core", "Display", "Raster",
                "TestSupport",
            ]),
        // OpenSSL's headers for the Home Assistant client's wss://: libssl is opened with dlopen when a
        // wss URL is used, like libmosquitto, so no pkgConfig (Sources/COpenSSL/shim.h).
        .systemLibrary(name: "COpenSSL", path: "Sources/COpenSSL"),
        // Home Assistant's WebSocket API (issue 33), at the edge like MQTT and knowing nothing of the
        // kiosk: an RFC 6455 client in the event loop, the protocol, an entity cache.
        .target(
            name: "HomeAssistant", dependencies: ["Core", "Formats", "Platform", "CLinux", "COpenSSL"],
            swiftSettings: smallCode),
        // Run against a real Home Assistant core (scripts/setup installs it); HAFixtures holds its
        // configuration and the onboarding script.
        .testTarget(
            name: "HomeAssistantTests",
            dependencies: [
                "HomeAssistant", "HomeAssistantAdapter", "Formats", "Platform", "Core", "Raster", "TestSupport",
            ],
            exclude: ["HAFixtures"]),
    ] + kernelVariantTargets
)
