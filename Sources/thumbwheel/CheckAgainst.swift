import CLISupport
import Core
import ConfigLoading
import HomeAssistant
import HomeAssistantAdapter

/// `check-config --against URL` (and `render --live`): one visit to a Home Assistant, with the
/// config's token or `--token-file`, bounded by `--timeout`.
struct CheckAgainst {
    static let arguments: [ArgumentSpec] = [
        .option(
            "against", "URL",
            "Also check every entity, attribute and service the config binds against this Home Assistant (http, https, ws or wss)."
        ),
        .option(
            "token-file", "FILE", "The token for --against (default: the config's [homeassistant] token_file).",
            completion: .file),
        .option(
            "timeout", "SECONDS", "How long --against may take to connect and fetch.", .number,
            default: "10"),
        .flag("strict", "Exit 1 when there is any warning (for CI); without it warnings keep the exit status 0."),
    ]

    /// For the help text: what --against reports and how it exits.
    static let discussion =
        "an entity HA does not have, with a did-you-mean; an attribute the entity has not, or has not now "
        + "because it is off; a service the entity does not support. Exits 3 when HA cannot be reached, "
        + "refuses the token or does not answer within --timeout; with --strict, 1 for any warning"

    var url: String
    var tokenFile: String?
    var timeout: Double

    /// Nil without `--against` (then `--token-file` and `--timeout` are refused).
    init?(_ a: ParsedArguments) throws {
        timeout = a.string("timeout").flatMap(NumberText.parse) ?? 10
        tokenFile = a.string("token-file")
        guard let url = a.string("against") else {
            if tokenFile != nil { throw InvalidArguments("--token-file goes with --against URL") }
            return nil
        }
        guard timeout > 0, timeout <= 600 else { throw InvalidArguments("--timeout: expected 0 to 600 seconds") }
        self.url = url
    }

    /// `config`'s warnings and what HA says of its bindings, in file order.
    func warnings(_ config: KioskConfig) throws -> [ConfigWarning] {
        let snapshot = try Self.fetch(url: url, tokenFile: tokenFile, config: config, timeout: timeout, services: true)
        let found = EntityCheck.warnings(config, against: snapshot)
        return (config.warnings + found).sorted { $0.place.location < $1.place.location }
    }

    /// Connects to `url` with the token of `tokenFile`, else of the config, and fetches the snapshot;
    /// any failure is one line on stderr and exit status 3.
    static func fetch(
        url: String, tokenFile: String?, config: KioskConfig, timeout: Double, services: Bool
    ) throws -> HomeAssistantSnapshot {
        var token = config.homeAssistant?.token ?? ""
        if let tokenFile {
            do { token = try TokenFile.read(tokenFile) } catch {
                throw InvalidArguments("--token-file: \(error)")
            }
        }
        guard !token.isEmpty else {
            throw InvalidArguments(
                "no token for \(url): give --token-file FILE, or a readable [homeassistant] token_file in the config")
        }
        let settings: HomeAssistantSettings
        do { settings = try HomeAssistantSettings(url: url, token: token, caFile: config.homeAssistant?.caFile) } catch
        {
            throw InvalidArguments("\(url): \(error)")
        }
        do { return try HomeAssistantSnapshot.fetch(settings, timeout: timeout, services: services) } catch {
            CommandLineTool.printError("thumbwheel: \(error)")
            throw ExitStatus(3)
        }
    }
}
