import ConfigLoading
import Core
import Formats
import Platform
import Widgets

/// What a device (an MQTT device topic, a Home Assistant entity: `CommandSource.device`) sent that the
/// panel could not take — `NaN`, a number out of range, a title too long, too many options. The
/// element would otherwise go on showing the previous value at full strength as if it were the
/// device's; instead it is marked "invalid value from <source>": drawn dimmed as an unavailable one
/// is (it still takes touches: the panel's own changes are valid), with a note when its screen is
/// shown, said in `list`, and logged once per episode. A mark is per facet (the value, or one key
/// set as a property) and goes when that facet next takes a value.
struct InvalidValues {
    /// The facet a set marks: a key's name otherwise.
    static let value = "value"
    /// How long the note beside the element shows when a mark starts.
    static let noteSeconds = 8.0

    /// What elements could not show, as logged last (`reportProblems`), and the frame checked.
    var problems: [String: String] = [:]
    var problemFrame = -1

    /// Why each facet was refused, by element id.
    private(set) var marks: [String: [String: String]] = [:]

    /// The marked element ids.
    var ids: Set<String> { Set(marks.keys) }

    /// Marks `facet` of `id` refused for `why`; true when the element was not marked before (a new
    /// episode, logged and noted) or this facet is newly refused.
    mutating func mark(_ id: String, _ facet: String, why: String) -> Bool {
        marks[id, default: [:]].updateValue(why, forKey: facet) == nil
    }

    /// Clears `facet` of `id`; true when that left the element with no mark.
    mutating func clear(_ id: String, _ facet: String) -> Bool {
        guard marks[id]?.removeValue(forKey: facet) != nil else { return false }
        if marks[id]?.isEmpty == true { marks[id] = nil; return true }
        return false
    }

    /// After a reload: keys set from outside are gone (an adapter sets them again), and so are their
    /// marks; a refused value still is not on screen, for an element the config still has.
    mutating func reloaded(keeping ids: Set<String>) {
        marks = marks.filter { ids.contains($0.key) }.compactMapValues { facets in
            facets[InvalidValues.value].map { [InvalidValues.value: $0] }
        }
    }

    /// What `list` and the note say of `id`, or nil when it is not marked.
    func text(_ id: String, source: String) -> String? {
        guard let facets = marks[id], !facets.isEmpty else { return nil }
        return "invalid value from \(source)"
    }
}

extension KioskRuntime {
    /// Who a device value of `id` comes from, in words: the binding its config gives it.
    func deviceName(of id: String) -> String {
        guard let c = config.allControls.first(where: { $0.id == id }) else { return "its device" }
        if c.properties["entity"] != nil { return "Home Assistant" }
        if c.properties.table("mqtt") != nil { return "its MQTT device" }
        return "its device"
    }

    /// Follows the answer to a device's `set` (facet "value") or property (facet: the key): a refusal
    /// marks the element, an accepted one clears that facet. Commands of other sources clear a value's
    /// mark when they are taken (what is shown then is what someone set), and never mark.
    func followDeviceResult(
        _ id: String, facet: String, refused: String?, from source: CommandSource, now: MonotonicTime
    ) {
        if let refused, source == .device {
            guard config.allControls.contains(where: { $0.id == id }) else { return }
            let first = invalidValues.marks[id] == nil
            guard invalidValues.mark(id, facet, why: refused) else { return }
            let from = deviceName(of: id)
            let what = facet == InvalidValues.value ? "" : " for \(facet)"
            Log.warning(
                "\(id): invalid value\(what) from \(from) (\(refused)); shown dimmed until it sends one the panel takes"
            )
            if first {
                showAvailability()
                let canvas = presenter.bitmap
                screen.view.showNote(
                    "invalid value from \(from)", on: id, until: now + InvalidValues.noteSeconds,
                    canvas: Size(Double(canvas.width), Double(canvas.height)))
                presenter.invalidate()
            }
        } else if refused == nil, source == .device || facet == InvalidValues.value {
            guard invalidValues.clear(id, facet) else { return }
            Log.info("\(id): \(deviceName(of: id)) sends values the panel takes again")
            showAvailability()
            presenter.invalidate()
        }
    }

    /// The `list` details of a marked element.
    func invalidDetail(_ id: String) -> [(String, JSON)] {
        invalidValues.text(id, source: deviceName(of: id)).map { [("invalid", .string($0))] } ?? []
    }
}

extension KioskRuntime {
    /// Logs what an element of the shown screen cannot show (`Element.problem`: drawn in its frame),
    /// once per episode, after each new frame.
    func reportProblems(now: MonotonicTime) {
        guard presenter.framesRendered != invalidValues.problemFrame else { return }
        invalidValues.problemFrame = presenter.framesRendered
        for e in screen.elements where e.reportsProblems {
            let problem = e.problem(at: now)
            guard invalidValues.problems[e.id] != problem else { continue }
            invalidValues.problems[e.id] = problem
            if let problem { Log.warning("\(e.id): \(problem); shown in its place") }
        }
    }
}
