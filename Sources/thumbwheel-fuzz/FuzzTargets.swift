import ConfigLoading
import AssetFiles
import Core
import Formats
import Glibc
import HomeAssistant
import Input
import Kiosk
import Persistence
import MQTTAdapter
import SocketAdapter
import Raster
import Controls

/// One parser or state machine fed untrusted bytes. Each must return (an error is fine) without
/// crashing, leaking or taking more than a moment, whatever the bytes.
enum FuzzTarget: String, CaseIterable {
    /// TOML text → a validated config (`ConfigLoader.parse`).
    case config
    /// A control-socket request line (`SocketRequest.decode`).
    case socket
    /// An evemu recording (`EvemuRecording.parse`).
    case evemu
    /// A stream of evdev events into the touch assembler: any protocol, SYN_DROPPED, any slot.
    case touch
    /// The state file (`StateStore` loading it).
    case state
    /// A PNG file (`PNGImage.decode`).
    case png
    /// A font file (`FontFace`), measured and drawn.
    case font
    /// An MQTT `set` payload: what `MQTTBridge.value(of:)` does (JSON, then a stored value).
    case mqtt
    /// `Canvas` drawing calls with numbers far beyond the canvas, NaN and infinity (`RasterFuzz`).
    case raster
    /// The Home Assistant client's WebSocket input: the upgrade answer, then frames (`WebSocketFuzz`).
    case websocket
    /// An MQTT device's state payload as bound elements and variables read it (`MQTTDeviceFuzz`).
    case mqttdevice
    /// Home Assistant's messages → a bound panel's element values (`HomeAssistantFuzz`).
    case homeassistant

    func run(_ bytes: [UInt8]) {
        switch self {
        case .config: _ = try? ConfigLoader.parse(text: String(decoding: bytes, as: UTF8.self), file: "fuzz.toml")
        case .socket: _ = SocketRequest.decode(line: bytes)
        case .evemu: _ = try? EvemuParser.parse(String(decoding: bytes, as: UTF8.self))
        case .touch: TouchStream.run(bytes)
        case .state: FuzzFiles.withFile(bytes) { _ = StateStore(path: $0) }
        case .png: _ = try? PNGImage.decode(bytes)
        case .font: FuzzFiles.withFile(bytes) { FontSample.run(path: $0) }
        case .mqtt:
            // MQTTBridge.value(of:) is these three steps (it is internal to Kiosk).
            guard bytes.count <= 1024, let json = JSON.parse(bytes), let value = StoredValue(json: json) else { return }
            _ = value.isFinite
        case .raster: RasterFuzz.run(bytes)
        case .websocket: WebSocketFuzz.run(bytes)
        case .mqttdevice: MQTTDeviceFuzz.run(bytes)
        case .homeassistant: HomeAssistantFuzz.run(bytes)
        }
    }
}

/// Bytes as a stream of evdev events. The first byte picks the protocol; then every 7 bytes are one
/// event: a type/code pick weighted to what a touchscreen sends (so slots, tracking ids and
/// SYN_DROPPED come often) and a 32-bit value, any value.
enum TouchStream {
    /// (type, code) pairs the assembler cares about: SYN_REPORT, SYN_MT_REPORT, SYN_DROPPED, BTN_TOUCH,
    /// ABS_X, ABS_Y, ABS_MT_SLOT, ABS_MT_POSITION_X/Y, ABS_MT_TRACKING_ID, and a key it should ignore.
    static let codes: [(UInt16, UInt16)] = [
        (0, 0), (0, 2), (0, 3), (1, 0x14a), (3, 0), (3, 1), (3, 0x2f), (3, 0x35), (3, 0x36), (3, 0x39), (1, 0x110),
    ]

    static func run(_ bytes: [UInt8]) {
        guard let first = bytes.first else { return }
        let protocols: [TouchProtocol] = [.multitouchB, .multitouchA, .singleTouch]
        let mapper = CoordinateMapper(
            xRange: AxisRange(minimum: 0, maximum: 4095), yRange: AxisRange(minimum: 0, maximum: 4095),
            displaySize: Size(800, 480))
        var assembler = TouchAssembler(
            touchProtocol: protocols[Int(first) % 3], mapper: mapper, initialSlot: Int(first >> 2) - 8)
        var time = 0.0
        var i = 1
        while i + 7 <= bytes.count {
            let pick = Int(bytes[i])
            let value = Int32(
                bitPattern: UInt32(bytes[i + 1]) | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3]) << 16 | UInt32(
                    bytes[i + 4]) << 24)
            let (type, code): (UInt16, UInt16) =
                pick < 220 ? codes[pick % codes.count] : (UInt16(bytes[i + 5] & 0x1f), UInt16(bytes[i + 6]))
            time += Double(bytes[i + 5]) / 1000
            if pick == 255 {
                // A resync as after SYN_DROPPED: libevdev's view of some slots.
                var contacts: [Int: RawContact] = [:]
                for s in 0..<Int(bytes[i + 6] % 4) {
                    contacts[Int(value % 64) + s] = RawContact(trackingID: Int(value) &+ s, x: value, y: value >> 3)
                }
                _ = assembler.resynchronize(
                    to: TouchSnapshot(
                        contacts: contacts, currentSlot: Int(bytes[i + 1]) - 4, touchDown: bytes[i + 2] & 1 == 0),
                    at: time)
            } else if pick == 254 {
                _ = assembler.cancelAll(at: time)
            } else {
                _ = assembler.feed(InputEvent(type: type, code: code, value: value, time: time))
            }
            i += 7
        }
        _ = assembler.activeTouches
    }
}

/// A font as the kiosk uses one: opened, then text measured and drawn at a few sizes.
enum FontSample {
    static func run(path: String) {
        guard let face = try? FontFace(path: path) else { return }
        let bitmap = Bitmap(width: 64, height: 32)
        for size in [9.0, 24, 200] {
            let font = Font(face: face, size: size)
            _ = font.measure("Ag€ fi 0.5 °C ✓")
            _ = bitmap.canvas.drawText("Ag€ ✓", font: font, at: Point(2, 24), color: .white)
        }
    }
}

/// Temporary files for the targets whose code reads a path.
enum FuzzFiles {
    /// Runs `body` with a path holding `bytes` (in /dev/shm when there is one), removed afterwards.
    static func withFile(_ bytes: [UInt8], _ body: (String) -> Void) {
        let dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        var template = Array("\(dir)/thumbwheel-fuzz-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + written, $0.count - written) }
            if n <= 0 { break }
            written += n
        }
        close(fd)
        body(path)
        unlink(path)
        // StateStore moves or copies a file it cannot load whole aside: remove those too.
        for kind in ["corrupt", "unknown-version"] {
            var n = 1
            while unlink("\(path).\(kind)-\(n)") == 0 { n += 1 }
        }
    }

    /// A whole file, or nil.
    static func read(_ path: String) -> [UInt8]? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            if n <= 0 { return out }
            out += chunk[0..<n]
        }
    }
}
