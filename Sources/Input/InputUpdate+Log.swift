import Platform

extension InputUpdate {
    /// Writes `messages` to the log, one `input:` line each. The kiosk and the calibration log them;
    /// `list-devices --watch` prints them among its frames instead, so the hub only collects them.
    public func log() { for line in messages { Log.info("input: \(line)") } }
}
