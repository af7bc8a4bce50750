import Controls
import Formats
import Kiosk

extension SocketAdapter {
    /// One subscriber event line for a control event.
    static func eventJSON(id: String, _ e: ControlEvent, value: StoredValue?) -> JSON {
        var pairs: [(String, JSON)] = [("event", .string(ControlEvent.name(of: e))), ("id", .string(id))]
        switch e {
        case .valueChanged(_, let fromUser), .secondValueChanged(_, let fromUser), .rangeChanged(_, _, _, let fromUser):
            pairs += [("value", value.json), ("fromUser", .bool(fromUser))]
        case .selectionChanged(let index), .singleValueSelected(let index):
            pairs += [("value", .number(Double(index)))]
        case .startedTracking, .endedTracking, .rangeStartedTracking, .rangeEndedTracking:
            pairs += [("value", value.json)]
        case .directionChanged(let d): pairs += [("direction", .number(Double(d)))]
        case .revolutionsChanged(let n): pairs += [("revolutions", .number(Double(n)))]
        case .padDismissed(let committed): pairs += [("committed", .bool(committed))]
        case .feedback(let f): pairs += [("feedback", .string(f.rawValue))]
        default: break
        }
        return .object(pairs)
    }
}

extension ControlEvent {
    /// The event's name on the socket.
    static func name(of e: ControlEvent) -> String {
        switch e {
        case .valueChanged: return "changed"
        case .secondValueChanged: return "changed"
        case .startedTracking: return "started"
        case .endedTracking: return "ended"
        case .directionChanged: return "direction"
        case .revolutionsChanged: return "revolutions"
        case .touchUpInside: return "tap"
        case .opened: return "opened"
        case .closed: return "closed"
        case .selectionChanged: return "selected"
        case .singleValueSelected: return "single-value"
        case .padShown: return "pad-shown"
        case .padDismissed: return "pad-dismissed"
        case .feedback: return "feedback"
        case .rangeChanged: return "changed"
        case .rangeStartedTracking: return "started"
        case .rangeEndedTracking: return "ended"
        case .valueButtonPressed: return "value-button"
        case .longPressed: return "long-press"
        }
    }
}
