import Core
import Glibc
import Platform
import TestSupport

/// A live `mosquitto_sub -v` on some topics, its lines collected in a file: what a device on the bus
/// would receive (commands are not retained, so only a subscriber that is there sees them).
final class MosquittoListener {
    let path: String
    private var pid: pid_t = 0

    /// Subscribes to `topics` and returns once the subscription is live (a probe message came back).
    init(_ broker: MosquittoBroker, topics: [String]) throws {
        path = makeTemporaryDirectory("listener") + "/messages.txt"
        let probe = "probe/\(getpid())/\(UInt32.random(in: 0...UInt32.max))"
        let binary = try MosquittoBroker.tool("mosquitto_sub")
        let args =
            [binary, "-h", "127.0.0.1", "-p", "\(broker.port)", "-v", "-t", probe] + topics.flatMap { ["-t", $0] }
            + broker.clientArgs
        let argv = args.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { posix_spawn_file_actions_destroy(&actions) }
        guard posix_spawn(&pid, binary, &actions, nil, argv, environ) == 0 else {
            throw BrokerError("cannot start \(binary)")
        }
        let deadline = monotonicNow() + TestTiming.seconds(10)
        while !lines.contains(where: { $0.hasPrefix(probe) }) {
            guard monotonicNow() < deadline else { throw BrokerError("mosquitto_sub did not subscribe within 10 s") }
            try broker.publish(probe, "ready")
            usleep(100_000)
        }
    }

    deinit { kill(pid, SIGKILL); var status: Int32 = 0; waitpid(pid, &status, 0) }

    /// Every line so far, `topic payload`, the probe's left out.
    var lines: [String] {
        (FileIO.read(path).map { String(decoding: $0, as: UTF8.self) } ?? "").split(separator: "\n").map(String.init)
    }

    /// The messages on `topic` so far.
    func messages(on topic: String) -> [String] {
        lines.filter { $0.hasPrefix(topic + " ") }.map { String($0.dropFirst(topic.count + 1)) }
    }

    /// Waits until `topic` has at least `count` messages (or `timeout` passes); returns them.
    func wait(on topic: String, count: Int = 1, timeout: Double = 10) -> [String] {
        let deadline = monotonicNow() + TestTiming.seconds(timeout)
        while messages(on: topic).count < count && monotonicNow() < deadline { usleep(50_000) }
        return messages(on: topic)
    }
}
