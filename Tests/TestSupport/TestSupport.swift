import Glibc

/// A seeded generator (SplitMix64): every random test sees the same sequence on every run, so a
/// failure reproduces from its seed.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    /// A number in [lo, hi).
    public mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
    /// A whole number in 0..<n.
    public mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}

/// A fresh directory `/tmp/thumbwheel-NAME-XXXXXX` for one test (mkdtemp: unique, mode 0700).
public func makeTemporaryDirectory(_ name: String) -> String {
    var template = Array("/tmp/thumbwheel-\(name)-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
}
