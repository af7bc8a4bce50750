import Glibc
import Testing
import TestSupport
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

/// The completion scripts `--generate-completion-script` prints, run in the shells they are for:
/// each script is installed in a temporary folder the way a package installs it, loaded by the
/// shell, and asked for the candidates of a command line (the cursor at its end). Reading the
/// script's text would not show that the shell accepts it or what it offers.
@Suite("Completion scripts run in bash, zsh and fish")
struct CompletionScriptTests {
    /// Command lines and what every shell offers for them. The folder the shell completes in holds
    /// a file `shot.png` and a folder `pics` (a folder is offered without its trailing slash here).
    static let cases: [(line: String, candidates: [String])] = [
        (
            "thumbwheel ",
            [
                "calibrate", "check-config", "config-reference", "ctl", "list-devices", "render", "replay", "run",
                "simulate",
            ]
        ),
        ("thumbwheel -", ["--help", "--version"]),
        (
            "thumbwheel ctl ",
            [
                "brightness", "drag", "get", "list", "prop", "reload", "screen", "screen-power", "screenshot", "set",
                "set-var", "stats", "tap", "watch",
            ]
        ),
        ("thumbwheel ctl se", ["set", "set-var"]),
        ("thumbwheel ctl --socket k.sock set --", ["--help", "--socket"]),
        (
            "thumbwheel render --",
            [
                "--config", "--contact-sheet", "--help", "--icons", "--live", "--mdi-sheet", "--out", "--screen",
                "--size",
                "--timeout", "--token-file",
            ]
        ),
        ("thumbwheel run --c", ["--config"]),
        ("thumbwheel render --out ", ["pics", "shot.png"]),
        ("thumbwheel render --out s", ["shot.png"]),
        ("thumbwheel render --icons ", ["pics"]),
        (
            "thumbwheel-dev ",
            [
                "bench", "bench-display", "bench-latency", "bench-panels", "bench-swipe", "bench-widgets",
                "replay-kiosk",
                "state-torture",
            ]
        ),
        ("thumbwheel-dev -", ["--help"]),
        (
            "thumbwheel-dev bench --",
            ["--frames", "--help", "--json", "--kernels", "--pictures-only", "--png", "--scene", "--size"]
        ),
        ("thumbwheel-dev bench-latency --re", ["--recording", "--repeats", "--report-wait"]),
    ]

    @Test(
        "Each shell offers the subcommands, options and paths of the command line so far",
        arguments: ["bash", "zsh", "fish"])
    func candidates(shell: String) throws {
        let run = try CompletionRun(shell: shell)
        for (line, expected) in Self.cases {
            let offered = try run.candidates(line)
            #expect(offered == expected, "\(shell): '\(line)'")
        }
    }

    @Test("zsh completes on the first TAB, when compinit autoloads the script, and after it has registered itself")
    func zshFirstCompletion() throws {
        let run = try CompletionRun(shell: "zsh")
        let rounds = try run.zshRounds("thumbwheel ctl se")
        #expect(rounds.count == 2)
        for (i, round) in rounds.enumerated() { #expect(round == ["set", "set-var"], "completion \(i + 1)") }
    }

    @Test("fish shows each candidate's description, quotes and all")
    func fishDescriptions() throws {
        let run = try CompletionRun(shell: "fish")
        let lines = try run.raw("thumbwheel ctl g")
        #expect(lines == ["get\tPrint a control's value."])
        #expect(
            try run.raw("thumbwheel-dev bench --j") == [
                "--json\tOne JSON object per scene and size instead of the table (what scripts/bench-summary reads)."
            ])
    }
}

/// One shell with both binaries' scripts installed in a temporary folder, and a folder to complete
/// paths in.
struct CompletionRun {
    let shell: String
    let path: String
    let root: String
    /// The folder of the built binaries: fish loads a command's completions only if it finds the
    /// command.
    let binaries: String

    /// Fails (never skips) when the shell is missing: scripts/setup installs bash, zsh and fish.
    init(shell: String) throws {
        self.shell = shell
        path = try #require(
            installedProgram(shell), "\(shell) is not installed; scripts/setup installs it (apt-get install \(shell))")
        root = makeTemporaryDirectory("completion-\(shell)")
        binaries = FileIO.directory(
            of: try #require(builtExecutable("thumbwheel"), "thumbwheel is built beside the tests"))
        mkdir(root + "/scripts", 0o755)
        mkdir(root + "/work", 0o755)
        mkdir(root + "/work/pics", 0o755)
        try FileIO.writeAtomically([], to: root + "/work/shot.png")
        for tool in ["thumbwheel", "thumbwheel-dev"] {
            let binary = try #require(builtExecutable(tool), "\(tool) is built beside the tests")
            let script = try #require(runTool(binary, ["--generate-completion-script", shell]))
            #expect(
                script.status == 0 && script.err.isEmpty, "\(tool) --generate-completion-script \(shell): \(script.err)"
            )
            // The names packages give them: bash-completion's completions/NAME, zsh's _NAME, fish's NAME.fish.
            let file = shell == "zsh" ? "_\(tool)" : shell == "fish" ? "\(tool).fish" : tool
            try FileIO.writeAtomically(Array(script.out.utf8), to: "\(root)/scripts/\(file)")
        }
    }

    /// The candidates for `line`, sorted, each without a trailing slash and a fish description.
    func candidates(_ line: String) throws -> [String] {
        let lines = shell == "zsh" ? try zshRounds(line).last ?? [] : try raw(line)
        return lines.map { String($0.prefix { $0 != "\t" }) }.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
            .sorted()
    }

    /// What the shell printed, one candidate a line (for zsh, the last completion's).
    func raw(_ line: String) throws -> [String] {
        switch shell {
        case "bash":
            let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            return try output(
                [
                    "--norc", "--noprofile", "-c", CompletionDrivers.bash, "bash",
                    "\(root)/scripts/\(words[0])", root + "/work",
                ] + words)
        case "fish":
            return try output([
                "--no-config", "-c", CompletionDrivers.fish, root + "/scripts", root + "/work", line, binaries,
            ])
        default:
            return try zshRounds(line).last ?? []
        }
    }

    /// zsh's candidates for `line` twice in one shell: the first completion (the script autoloaded
    /// as compinit finds it) and the second (what the first registered).
    func zshRounds(_ line: String) throws -> [[String]] {
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let lines = try output(["-f", "-c", CompletionDrivers.zsh, "zsh", root + "/scripts", root + "/work"] + words)
        return lines.split(separator: "-- end of completion --", omittingEmptySubsequences: false).dropLast().map(
            Array.init)
    }

    private func output(_ args: [String]) throws -> [String] {
        let r = try #require(runTool(path, args))
        #expect(r.status == 0 && r.err.isEmpty, "\(shell) \(args.suffix(3)): status \(r.status), stderr \(r.err)")
        return r.out.split(separator: "\n").map(String.init)
    }
}

/// The programs that load a script and ask it for candidates, as the shell does at a TAB.
enum CompletionDrivers {
    /// `$1` the script, `$2` the folder to complete in, then the words. Calls the function the
    /// script registered with `complete -F`, with the variables and arguments bash gives it.
    static let bash = #"""
        source "$1" || exit 90
        cd "$2" || exit 91
        shift 2
        spec=$(complete -p "$1") || exit 92
        [[ $spec =~ -F\ ([^ ]+) ]] || exit 93
        function=${BASH_REMATCH[1]}
        COMP_WORDS=("$@")
        COMP_CWORD=$(($# - 1))
        COMP_LINE="$*"
        COMP_POINT=${#COMP_LINE}
        COMPREPLY=()
        "$function" "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        (( ${#COMPREPLY[@]} )) && printf '%s\n' "${COMPREPLY[@]}"
        exit 0
        """#

    /// `$1` the folder holding `_NAME`, `$2` the folder to complete in, then the words. compinit
    /// finds the script on `fpath`; the completion runs what `_comps` names for the command (as
    /// zsh's dispatcher does), twice. `compadd` is the line editor's builtin, usable only inside
    /// its widgets, so a function stands in for it: it prints the matches it is given that begin
    /// with the typed prefix, as compadd keeps them with the default matcher.
    static let zsh = #"""
        fpath=("$1" $fpath)
        autoload -U compinit && compinit -u -D || exit 90
        cd "$2" || exit 91
        shift 2
        compadd() {
            local arg after=0
            for arg in "$@"; do
                if (( after )); then [[ $arg == "$PREFIX"* ]] && print -r -- "$arg"
                elif [[ $arg == - ]]; then after=1
                fi
            done
            return 0
        }
        _default() { print -r -- "(no match: zsh's own file completion)" }
        words=("$@")
        CURRENT=$#
        PREFIX=${words[CURRENT]}
        for round in 1 2; do
            [[ -n ${_comps[$1]} ]] || { print -u2 "nothing completes $1"; exit 92 }
            eval "${_comps[$1]}"
            print -r -- "-- end of completion --"
        done
        """#

    /// `$argv[1]` the folder holding `NAME.fish` (fish's only completion folder here), `$argv[2]`
    /// the folder to complete in, `$argv[3]` the command line, `$argv[4]` the binaries' folder:
    /// fish's `complete -C` prints what a TAB would offer.
    static let fish = #"""
        set -gx PATH $argv[4] $PATH
        set fish_complete_path $argv[1]
        cd $argv[2]; or exit 91
        complete -C $argv[3]
        """#
}

/// The path of `name` on `PATH` (or in /usr/bin, /bin), if it is installed.
func installedProgram(_ name: String) -> String? {
    let directories =
        (getenv("PATH").map { String(cString: $0) } ?? "").split(separator: ":").map(String.init) + [
            "/usr/bin", "/bin",
        ]
    return directories.map { $0 + "/" + name }.first { access($0, X_OK) == 0 }
}
