/// Facts of this machine, not of the file, that check-config reports for a section: a library the
/// section's adapter opens at run time and this machine lacks. The program that links the adapters
/// registers them (config loading knows no adapter); a panel may have what this machine has not,
/// so each is a warning.
public enum MachineProbes {
    /// Per section name, a probe returning what is missing (a whole warning text), or nil.
    nonisolated(unsafe) public static var bySection: [String: @Sendable () -> String?] = [:]

    /// What the probe registered for `section` finds missing, or nil.
    static func missing(for section: String) -> String? { bySection[section]?() }
}
