import Glibc

/// `strerror` text with the symbolic errno number, for log lines ("Permission denied (errno 13)").
func errnoText(_ e: Int32) -> String {
    guard let s = strerror(e) else { return "errno \(e)" }
    return "\(String(cString: s)) (errno \(e))"
}

/// The errno of the calling thread, read right after a failed call.
var currentErrno: Int32 { errno }
