import Testing
@testable import Formats
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter

/// Decodes one request line the way the socket does.
private func decode(_ text: String) -> Result<SocketRequest, SocketRequestError> {
    SocketRequest.decode(line: Array(text.utf8))
}

private func text(_ value: some Encodable) -> String { String(decoding: SocketWire.encode(value), as: UTF8.self) }

@Suite("Control-socket protocol: Codable requests and replies")
struct SocketProtocolTests {
    @Test("Every request of the README decodes to its case")
    func goodRequests() {
        #expect(decode(#"{"cmd":"list"}"#) == .success(.list))
        #expect(decode(#"{"cmd":"get","id":"volume"}"#) == .success(.get(id: "volume")))
        #expect(decode(#"{"cmd":"set","id":"volume","value":50}"#) == .success(.set(id: "volume", value: .single(50))))
        #expect(
            decode(#"{"cmd":"set","id":"hours","value":[8,18]}"#) == .success(.set(id: "hours", value: .pair(8, 18))))
        #expect(decode(#"{"cmd":"screen","id":"setup"}"#) == .success(.screen(id: "setup")))
        #expect(decode(#"{"cmd":"subscribe"}"#) == .success(.subscribe))
        #expect(decode(#"{"cmd":"screenshot"}"#) == .success(.screenshot))
        #expect(decode(#"{"cmd":"reload"}"#) == .success(.reload))
        #expect(decode(#"{"cmd":"tap","x":10.5,"y":-3}"#) == .success(.tap(x: 10.5, y: -3)))
        #expect(
            decode(#"{"cmd":"drag","from":[1,2],"to":[3,4],"duration_ms":300,"steps":12}"#)
                == .success(.drag(from: SocketPoint(1, 2), to: SocketPoint(3, 4), durationMS: 300, steps: 12)))
        #expect(
            decode(#"{"cmd":"drag","from":[1,2],"to":[3,4]}"#)
                == .success(.drag(from: SocketPoint(1, 2), to: SocketPoint(3, 4))))
        #expect(decode(#" {"cmd":"stats","extra":"ignored"} "#) == .success(.stats))
        #expect(decode(#"{"cmd":"version"}"#) == .success(.version))
    }

    @Test("What the client encodes, the kiosk decodes to the same request")
    func roundTrip() {
        let requests: [SocketRequest] = [
            .list, .get(id: "a \"quoted\" id"), .set(id: "v", value: .single(-2.5)), .set(id: "r", value: .pair(1, 2)),
            .screen(id: "s"), .subscribe, .screenshot, .reload, .tap(x: 1, y: 2), .version, .stats,
            .drag(from: SocketPoint(0, 0), to: SocketPoint(5, 5), durationMS: 100, steps: 3),
        ]
        for request in requests { #expect(decode(text(request)) == .success(request)) }
        #expect(text(SocketRequest.set(id: "volume", value: .single(50))) == #"{"cmd":"set","id":"volume","value":50}"#)
        #expect(
            text(SocketRequest.drag(from: SocketPoint(1, 2), to: SocketPoint(3, 4), durationMS: 250))
                == #"{"cmd":"drag","duration_ms":250,"from":[1,2],"to":[3,4]}"#)
    }

    @Test("An unknown or missing cmd is refused with the list of commands")
    func unknownCommand() {
        #expect(
            decode(#"{"cmd":"frobnicate"}"#)
                == .failure(
                    SocketRequestError(
                        "unknown cmd \"frobnicate\": expected get, set, set-var, list, screen, subscribe, screenshot, reload, tap, drag, stats, version, prop, screen-power, brightness"
                    )))
        #expect(
            decode(#"{"id":"volume"}"#)
                == .failure(
                    SocketRequestError(
                        "missing \"cmd\": one of get, set, set-var, list, screen, subscribe, screenshot, reload, tap, drag, stats, version, prop, screen-power, brightness"
                    )))
        #expect(decode(#"{"cmd":7}"#).failureMessage?.hasPrefix("\"cmd\" must be a string") == true)
    }

    @Test("Wrong or missing fields name the command, the field and what it must be")
    func wrongTypes() {
        #expect(
            decode(#"{"cmd":"set","id":"dial","value":"high"}"#)
                == .failure(SocketRequestError("set: \"value\" must be a number (or [a, b] for a range-slider)")))
        #expect(
            decode(#"{"cmd":"set","id":"dial","value":[1,2,3]}"#).failureMessage?.hasPrefix("set: \"value\" must be")
                == true)
        #expect(
            decode(#"{"cmd":"set","id":"dial"}"#)
                == .failure(SocketRequestError("set needs \"value\": a number (or [a, b] for a range-slider)")))
        #expect(
            decode(#"{"cmd":"get","id":5}"#)
                == .failure(SocketRequestError("get: \"id\" must be a control id (a string)")))
        #expect(decode(#"{"cmd":"get"}"#) == .failure(SocketRequestError("get needs \"id\": a control id (a string)")))
        #expect(decode(#"{"cmd":"tap","x":1}"#) == .failure(SocketRequestError("tap needs \"y\": a number")))
        #expect(
            decode(#"{"cmd":"drag","from":[1],"to":[3,4]}"#)
                == .failure(SocketRequestError("drag: \"from\" must be [x, y]")))
        #expect(
            decode(#"{"cmd":"drag","from":[1,2],"to":[3,4],"steps":2.5}"#)
                == .failure(SocketRequestError("drag: \"steps\" must be a whole number")))
    }

    @Test("Not an object, not JSON, or over 64 KiB: refused before any field is read")
    func malformedAndOversized() {
        #expect(decode("not json") == .failure(.notAnObject))
        #expect(decode("[1,2]") == .failure(.notAnObject))
        #expect(decode("\"list\"") == .failure(.notAnObject))
        let long = #"{"cmd":"get","id":""# + String(repeating: "x", count: ControlSocket.maxMessageBytes) + #""}"#
        #expect(decode(long) == .failure(.tooLong))
        #expect(SocketRequestError.tooLong.message == "message longer than 65536 bytes; refused")
    }

    @Test("Replies encode with sorted keys, whole numbers without a fraction, and base64 slashes as they are")
    func replies() {
        #expect(text(ValueReply(id: "dial", value: .single(25))) == #"{"id":"dial","ok":true,"value":25}"#)
        #expect(text(ValueReply(id: "hours", value: .pair(8, 18.5))) == #"{"id":"hours","ok":true,"value":[8,18.5]}"#)
        #expect(text(ErrorReply("no")) == #"{"error":"no"}"#)
        #expect(
            text(ErrorReply("config invalid", errors: ["a:1:1: x"]))
                == #"{"error":"config invalid","errors":["a:1:1: x"]}"#)
        #expect(
            text(ScreenshotReply(width: 2, height: 1, png: "ab/c+=="))
                == #"{"height":1,"ok":true,"png":"ab/c+==","width":2}"#)
        #expect(
            text(StatsReply(wakeups: 3, frames: 2, clients: 1)) == #"{"clients":1,"frames":2,"ok":true,"wakeups":3}"#)
        let listing = ListReply(
            controls: [
                ControlListing(
                    id: "d", kind: "circular-slider", value: .single(1),
                    details: [
                        ("frame", .array([.number(0), .number(0), .number(9), .number(9)])),
                        ("open", .bool(false)),
                    ])
            ],
            screen: "main", screens: ["main"])
        #expect(
            text(listing)
                == #"{"controls":[{"frame":[0,0,9,9],"id":"d","kind":"circular-slider","open":false,"value":1}],"ok":true,"screen":"main","screens":["main"],"variables":[]}"#
        )
    }

    @Test("JSON equality is structural: object key order does not matter, values do")
    func jsonEquality() {
        let a = JSON.object([
            ("id", .string("x")), ("value", .number(1)), ("points", .array([.number(1), .number(2)])),
        ])
        let b = JSON.object([
            ("points", .array([.number(1), .number(2)])), ("value", .number(1.0)), ("id", .string("x")),
        ])
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
        #expect(
            a
                != JSON.object([
                    ("id", .string("x")), ("value", .number(2)), ("points", .array([.number(1), .number(2)])),
                ]))
        #expect(a != JSON.object([("id", .string("x")), ("value", .number(1))]))
        #expect(JSON.array([.number(1), .number(2)]) != .array([.number(2), .number(1)]))
        #expect(JSON.string("1") != .number(1))
        #expect(JSON.null == .null && JSON.bool(true) != .bool(false))
        // Text and value agree: what is parsed back equals what was written.
        #expect(JSON.parse(Array(a.description.utf8)) == a)
        #expect(JSON.number(.nan).description == "null")
    }
}

extension Result where Failure == SocketRequestError {
    var failureMessage: String? { if case .failure(let e) = self { return e.message }; return nil }
}
