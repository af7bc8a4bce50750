import Glibc

/// Small POSIX file helpers for the service (Platform is the I/O layer; the pure core never calls these).
public enum FileIO {
    /// An error from a system call: what was being done, the path, and strerror.
    public struct Failure: Error, CustomStringConvertible {
        /// What was being done ("create", "write", "rename to", …).
        public var action: String
        /// The file it was done to.
        public var path: String
        /// The errno.
        public var code: Int32
        /// The action, the path and strerror's text.
        public var description: String { "\(action) \(path): \(String(cString: strerror(code)))" }

        /// A failure of `action` on `path` with errno `code`.
        public init(action: String, path: String, code: Int32) {
            self.action = action; self.path = path; self.code = code
        }
    }

    /// The whole file, or nil if it cannot be read; nil with errno EFBIG past `limit` bytes (so
    /// /dev/zero or an endless pipe named by mistake cannot fill the memory).
    public static func read(_ path: String, limit: Int = 64 << 20) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buf.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { return out }
            out.append(contentsOf: buf[0..<n])
            if out.count > limit { errno = EFBIG; return nil }
        }
    }

    /// Writes `bytes` so that after a crash or power cut the file holds either the old or the new
    /// content, never a mix: write a temporary file beside it, fsync it, rename it over the old one,
    /// then fsync the directory so the rename itself is durable.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(Failure) {
        let dir = directory(of: path)
        let tmp = "\(path).tmp.\(getpid())"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw Failure(action: "create", path: tmp, code: errno) }
        // A leftover temporary file keeps its old mode through O_CREAT: set it.
        fchmod(fd, mode)
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let e = errno; close(fd); unlink(tmp)
                throw Failure(action: "write", path: tmp, code: e)
            }
            written += n
        }
        if fsync(fd) != 0 { let e = errno; close(fd); unlink(tmp); throw Failure(action: "fsync", path: tmp, code: e) }
        close(fd)
        if rename(tmp, path) != 0 {
            let e = errno; unlink(tmp); throw Failure(action: "rename to", path: path, code: e)
        }
        let dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 { fsync(dfd); close(dfd) }
    }

    /// The folder `path` is in: "." for a bare name, "/" for a file at the root.
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Creates `path` and its parents (like mkdir -p), each folder it makes with exactly `mode`;
    /// true when it exists afterwards.
    @discardableResult
    public static func makeDirectories(_ path: String, mode: mode_t = 0o755) -> Bool {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            if mkdir(current, mode) == 0 {
                // Exactly `mode`: the umask is process-wide, and the control socket narrows it for a
                // moment while it binds, so a folder made on another thread (the state file's writer)
                // then would lose its search bit.
                chmod(current, mode)
            } else if errno != EEXIST {
                return false
            }
        }
        return true
    }
}
